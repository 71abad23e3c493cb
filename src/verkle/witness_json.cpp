#include <nlohmann/json.hpp>
#include <string>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/witness.hpp"

namespace merkleforge::verkle {

namespace {

using nlohmann::json;

Error bad(const std::string& field) {
  return make_error(Errc::malformed_input, "execution witness: bad or missing " + field);
}

template <std::size_t N>
Result<std::array<std::uint8_t, N>> fixed_hex(const json& value, const std::string& field) {
  if (!value.is_string()) return bad(field);
  Result<Bytes> bytes = from_hex(value.get<std::string>());
  if (!bytes || bytes->size() != N) return bad(field);
  std::array<std::uint8_t, N> out;
  std::copy(bytes->begin(), bytes->end(), out.begin());
  return out;
}

Result<std::optional<Digest32>> optional_value(const json& object, const char* name) {
  const auto it = object.find(name);
  if (it == object.end() || it->is_null()) return std::optional<Digest32>();
  Result<Digest32> value = fixed_hex<32>(*it, name);
  if (!value) return value.error();
  return std::optional<Digest32>(*value);
}

Result<std::uint8_t> suffix_of(const json& value) {
  if (value.is_number_unsigned() && value.get<std::uint64_t>() < 256) {
    return static_cast<std::uint8_t>(value.get<std::uint64_t>());
  }
  Result<std::array<std::uint8_t, 1>> byte = fixed_hex<1>(value, "suffix");
  if (!byte) return byte.error();
  return (*byte)[0];
}

Result<StemStateDiff> stem_diff_of(const json& entry) {
  if (!entry.is_object()) return bad("stateDiff entry");
  StemStateDiff diff;
  Result<Stem> stem = fixed_hex<31>(entry.value("stem", json()), "stem");
  if (!stem) return stem.error();
  diff.stem = *stem;
  const json& suffixes = entry.value("suffixDiffs", json());
  if (!suffixes.is_array()) return bad("suffixDiffs");
  for (const json& item : suffixes) {
    if (!item.is_object()) return bad("suffixDiffs entry");
    Result<std::uint8_t> suffix = suffix_of(item.value("suffix", json()));
    Result<std::optional<Digest32>> current = optional_value(item, "currentValue");
    Result<std::optional<Digest32>> fresh = optional_value(item, "newValue");
    if (!suffix || !current || !fresh) return bad("suffix diff");
    diff.suffix_diffs.push_back({*suffix, *current, *fresh});
  }
  return diff;
}

template <std::size_t N>
Status fixed_list(const json& list, const std::string& field,
                  std::vector<std::array<std::uint8_t, N>>& out) {
  if (!list.is_array()) return bad(field);
  for (const json& item : list) {
    Result<std::array<std::uint8_t, N>> value = fixed_hex<N>(item, field);
    if (!value) return value.error();
    out.push_back(*value);
  }
  return Ok{};
}

Result<VerkleProof> proof_of(const json& object) {
  if (!object.is_object()) return bad("verkleProof");
  VerkleProof proof;
  if (Status s =
          fixed_list<31>(object.value("otherStems", json()), "otherStems", proof.other_stems);
      !s) {
    return s.error();
  }
  const json& depths = object.value("depthExtensionPresent", json());
  Result<Bytes> depth_bytes = depths.is_string() ? from_hex(depths.get<std::string>())
                                                 : Result<Bytes>(bad("depthExtensionPresent"));
  if (!depth_bytes) return bad("depthExtensionPresent");
  proof.depth_extension_present = std::move(*depth_bytes);
  if (Status s = fixed_list<32>(object.value("commitmentsByPath", json()), "commitmentsByPath",
                                proof.commitments_by_path);
      !s) {
    return s.error();
  }
  Result<Point32> d = fixed_hex<32>(object.value("d", json()), "d");
  if (!d) return d.error();
  proof.d = *d;
  const json& ipa = object.value("ipaProof", json());
  if (!ipa.is_object()) return bad("ipaProof");
  std::vector<Point32> cl, cr;
  if (Status s = fixed_list<32>(ipa.value("cl", json()), "cl", cl); !s) return s.error();
  if (Status s = fixed_list<32>(ipa.value("cr", json()), "cr", cr); !s) return s.error();
  if (cl.size() != 8 || cr.size() != 8) return bad("ipaProof (8 cl and 8 cr points)");
  std::copy(cl.begin(), cl.end(), proof.cl.begin());
  std::copy(cr.begin(), cr.end(), proof.cr.begin());
  Result<Digest32> final_evaluation =
      fixed_hex<32>(ipa.value("finalEvaluation", json()), "finalEvaluation");
  if (!final_evaluation) return final_evaluation.error();
  proof.final_evaluation_be = *final_evaluation;
  return proof;
}

std::string hex0x(ByteSpan bytes) {
  return "0x" + to_hex(bytes);
}

template <std::size_t N>
json hex_list(std::span<const std::array<std::uint8_t, N>> items) {
  json list = json::array();
  for (const auto& item : items) list.push_back(hex0x(item));
  return list;
}

json optional_hex(const std::optional<Digest32>& value) {
  return value ? json(hex0x(*value)) : json(nullptr);
}

}  // namespace

std::string to_json(const ExecutionWitness& witness) {
  json state_diff = json::array();
  for (const StemStateDiff& diff : witness.state_diff) {
    json suffixes = json::array();
    for (const SuffixStateDiff& suffix : diff.suffix_diffs) {
      suffixes.push_back({{"suffix", suffix.suffix},
                          {"currentValue", optional_hex(suffix.current_value)},
                          {"newValue", optional_hex(suffix.new_value)}});
    }
    state_diff.push_back({{"stem", hex0x(diff.stem)}, {"suffixDiffs", suffixes}});
  }
  const VerkleProof& proof = witness.verkle_proof;
  const json ipa = {{"cl", hex_list<32>(proof.cl)},
                    {"cr", hex_list<32>(proof.cr)},
                    {"finalEvaluation", hex0x(proof.final_evaluation_be)}};
  const json verkle_proof = {{"otherStems", hex_list<31>(proof.other_stems)},
                             {"depthExtensionPresent", hex0x(proof.depth_extension_present)},
                             {"commitmentsByPath", hex_list<32>(proof.commitments_by_path)},
                             {"d", hex0x(proof.d)},
                             {"ipaProof", ipa}};
  return json{{"stateDiff", state_diff}, {"verkleProof", verkle_proof}}.dump();
}

Result<ExecutionWitness> parse_execution_witness(std::string_view text) {
  json document = json::parse(text, nullptr, false);
  if (document.is_discarded() || !document.is_object()) return bad("JSON object");
  if (document.contains("executionWitness")) document = document["executionWitness"];
  if (!document.is_object()) return bad("executionWitness");
  ExecutionWitness witness;
  const json& diffs = document.value("stateDiff", json());
  if (!diffs.is_array()) return bad("stateDiff");
  for (const json& entry : diffs) {
    Result<StemStateDiff> diff = stem_diff_of(entry);
    if (!diff) return diff.error();
    witness.state_diff.push_back(std::move(*diff));
  }
  Result<VerkleProof> proof = proof_of(document.value("verkleProof", json()));
  if (!proof) return proof.error();
  witness.verkle_proof = std::move(*proof);
  return witness;
}

}  // namespace merkleforge::verkle
