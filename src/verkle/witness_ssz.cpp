// The SSZ form of an execution witness (consensus-specs, specs/_features/eip6800/beacon-chain.md).
//
// SSZ in brief: a container writes its fixed-size fields in order, a 4-byte little-endian offset
// (from the container's start) in place of each variable-size field, then the variable-size
// fields' bytes in order. A list of variable-size items is such a container of its items; a list
// of fixed-size items is their concatenation. Optional[Bytes32] is Union[None, Bytes32]: a
// selector byte (0 none, 1 some) and the 32 bytes when some. The decoder accepts exactly the
// canonical encoding: first offset at the end of the fixed part, offsets non-decreasing and in
// bounds, lengths multiples of their item size, counts within the spec's limits.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "merkleforge/verkle/witness.hpp"

namespace merkleforge::verkle {

namespace {

constexpr std::size_t kOffsetSize = 4;
constexpr std::size_t kMaxStems = std::size_t{1} << 16;      // MAX_STEMS
constexpr std::size_t kMaxCommitments = kMaxStems * 33;      // × MAX_COMMITMENTS_PER_STEM
constexpr std::size_t kVerkleWidth = 256;                    // suffix diffs per stem
constexpr std::size_t kIpaProofSize = 8 * 32 + 8 * 32 + 32;  // cl, cr, final_evaluation
constexpr std::size_t kVariable = 0;                         // field size marker

// ---- encoding ----

struct Field {
  bool variable;
  Bytes bytes;
};

void append(Bytes& out, ByteSpan bytes) {
  out.insert(out.end(), bytes.begin(), bytes.end());
}

void append_offset(Bytes& out, std::size_t offset) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(offset >> (8 * i)));
}

Bytes container(const std::vector<Field>& fields) {
  std::size_t offset = 0;
  for (const Field& field : fields) offset += field.variable ? kOffsetSize : field.bytes.size();
  Bytes out;
  for (const Field& field : fields) {
    if (!field.variable) {
      append(out, field.bytes);
      continue;
    }
    append_offset(out, offset);
    offset += field.bytes.size();
  }
  for (const Field& field : fields) {
    if (field.variable) append(out, field.bytes);
  }
  return out;
}

Bytes variable_list(const std::vector<Bytes>& items) {
  std::vector<Field> fields;
  fields.reserve(items.size());
  for (const Bytes& item : items) fields.push_back({true, item});
  return container(fields);
}

template <std::size_t N>
Bytes fixed_list(std::span<const std::array<std::uint8_t, N>> items) {
  Bytes out;
  out.reserve(items.size() * N);
  for (const auto& item : items) append(out, item);
  return out;
}

Bytes optional_value(const std::optional<Digest32>& value) {
  if (!value) return Bytes(1, 0);
  Bytes out(1 + value->size(), 1);
  std::copy(value->begin(), value->end(), out.begin() + 1);
  return out;
}

Bytes stem_diff_bytes(const StemStateDiff& diff) {
  std::vector<Bytes> suffixes;
  suffixes.reserve(diff.suffix_diffs.size());
  for (const SuffixStateDiff& suffix : diff.suffix_diffs) {
    suffixes.push_back(container({{false, Bytes{suffix.suffix}},
                                  {true, optional_value(suffix.current_value)},
                                  {true, optional_value(suffix.new_value)}}));
  }
  return container(
      {{false, Bytes(diff.stem.begin(), diff.stem.end())}, {true, variable_list(suffixes)}});
}

Bytes proof_bytes(const VerkleProof& proof) {
  Bytes ipa = fixed_list<32>(proof.cl);
  append(ipa, fixed_list<32>(proof.cr));
  append(ipa, proof.final_evaluation_be);
  return container({{true, fixed_list<31>(proof.other_stems)},
                    {true, proof.depth_extension_present},
                    {true, fixed_list<32>(proof.commitments_by_path)},
                    {false, Bytes(proof.d.begin(), proof.d.end())},
                    {false, std::move(ipa)}});
}

// ---- decoding ----

Error bad(const std::string& what) {
  return make_error(Errc::malformed_input, "execution witness (SSZ): " + what);
}

std::size_t read_offset(ByteSpan bytes, std::size_t at) {
  std::size_t value = 0;
  for (std::size_t i = 0; i < 4; ++i) value |= std::size_t{bytes[at + i]} << (8 * i);
  return value;
}

/// The byte ranges of a container's fields; `sizes[i]` is field i's fixed size or kVariable.
Result<std::vector<ByteSpan>> split_container(ByteSpan bytes, std::span<const std::size_t> sizes,
                                              const std::string& what) {
  std::size_t fixed_part = 0;
  for (std::size_t size : sizes) fixed_part += size == kVariable ? kOffsetSize : size;
  if (bytes.size() < fixed_part) return bad(what + " shorter than its fixed part");
  std::vector<ByteSpan> fields(sizes.size());
  std::vector<std::size_t> variable_fields, offsets;
  std::size_t at = 0;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == kVariable) {
      variable_fields.push_back(i);
      offsets.push_back(read_offset(bytes, at));
      at += kOffsetSize;
    } else {
      fields[i] = bytes.subspan(at, sizes[i]);
      at += sizes[i];
    }
  }
  offsets.push_back(bytes.size());
  if (variable_fields.empty() ? bytes.size() != fixed_part : offsets.front() != fixed_part) {
    return bad(what + ": first offset does not end the fixed part");
  }
  for (std::size_t k = 0; k < variable_fields.size(); ++k) {
    if (offsets[k + 1] < offsets[k]) return bad(what + ": offsets out of order or out of bounds");
    fields[variable_fields[k]] = bytes.subspan(offsets[k], offsets[k + 1] - offsets[k]);
  }
  return fields;
}

/// The items of a list of variable-size items (a container of them, with `max` at most).
Result<std::vector<ByteSpan>> split_variable_list(ByteSpan bytes, std::size_t max,
                                                  const std::string& what) {
  if (bytes.empty()) return std::vector<ByteSpan>{};
  if (bytes.size() < kOffsetSize) return bad(what + ": truncated offset");
  const std::size_t first = read_offset(bytes, 0);
  if (first == 0 || first % kOffsetSize != 0 || first > bytes.size()) {
    return bad(what + ": bad first offset");
  }
  const std::size_t count = first / kOffsetSize;
  if (count > max) return bad(what + ": more items than allowed");
  const std::vector<std::size_t> sizes(count, kVariable);
  return split_container(bytes, sizes, what);
}

template <std::size_t N>
Result<std::vector<std::array<std::uint8_t, N>>> split_fixed_list(ByteSpan bytes, std::size_t max,
                                                                  const std::string& what) {
  if (bytes.size() % N != 0) return bad(what + ": length not a multiple of " + std::to_string(N));
  if (bytes.size() / N > max) return bad(what + ": more items than allowed");
  std::vector<std::array<std::uint8_t, N>> items(bytes.size() / N);
  for (std::size_t i = 0; i < items.size(); ++i) {
    std::memcpy(items[i].data(), bytes.data() + i * N, N);
  }
  return items;
}

Result<std::optional<Digest32>> optional_value_of(ByteSpan bytes, const std::string& what) {
  if (bytes.size() == 1 && bytes[0] == 0) return std::optional<Digest32>();
  if (bytes.size() != 33 || bytes[0] != 1) return bad(what + ": not a none or 32-byte union");
  Digest32 value;
  std::memcpy(value.data(), bytes.data() + 1, 32);
  return std::optional<Digest32>(value);
}

Result<SuffixStateDiff> suffix_diff_of(ByteSpan bytes) {
  static constexpr std::size_t kSizes[] = {1, kVariable, kVariable};
  Result<std::vector<ByteSpan>> fields = split_container(bytes, kSizes, "suffix diff");
  if (!fields) return fields.error();
  Result<std::optional<Digest32>> current = optional_value_of((*fields)[1], "current_value");
  if (!current) return current.error();
  Result<std::optional<Digest32>> fresh = optional_value_of((*fields)[2], "new_value");
  if (!fresh) return fresh.error();
  return SuffixStateDiff{(*fields)[0][0], *current, *fresh};
}

Result<StemStateDiff> stem_diff_of(ByteSpan bytes) {
  static constexpr std::size_t kSizes[] = {31, kVariable};
  Result<std::vector<ByteSpan>> fields = split_container(bytes, kSizes, "stem diff");
  if (!fields) return fields.error();
  StemStateDiff diff;
  std::memcpy(diff.stem.data(), (*fields)[0].data(), diff.stem.size());
  Result<std::vector<ByteSpan>> suffixes =
      split_variable_list((*fields)[1], kVerkleWidth, "suffix_diffs");
  if (!suffixes) return suffixes.error();
  for (ByteSpan item : *suffixes) {
    Result<SuffixStateDiff> suffix = suffix_diff_of(item);
    if (!suffix) return suffix.error();
    diff.suffix_diffs.push_back(*suffix);
  }
  return diff;
}

Result<VerkleProof> proof_of(ByteSpan bytes) {
  static constexpr std::size_t kSizes[] = {kVariable, kVariable, kVariable, 32, kIpaProofSize};
  Result<std::vector<ByteSpan>> fields = split_container(bytes, kSizes, "verkle_proof");
  if (!fields) return fields.error();
  VerkleProof proof;
  Result<std::vector<Stem>> stems = split_fixed_list<31>((*fields)[0], kMaxStems, "other_stems");
  if (!stems) return stems.error();
  proof.other_stems = std::move(*stems);
  if ((*fields)[1].size() > kMaxStems) return bad("depth_extension_present: too long");
  proof.depth_extension_present.assign((*fields)[1].begin(), (*fields)[1].end());
  Result<std::vector<Point32>> commitments =
      split_fixed_list<32>((*fields)[2], kMaxCommitments, "commitments_by_path");
  if (!commitments) return commitments.error();
  proof.commitments_by_path = std::move(*commitments);
  std::memcpy(proof.d.data(), (*fields)[3].data(), 32);
  const std::uint8_t* ipa = (*fields)[4].data();
  for (std::size_t i = 0; i < 8; ++i) {
    std::memcpy(proof.cl[i].data(), ipa + 32 * i, 32);
    std::memcpy(proof.cr[i].data(), ipa + 256 + 32 * i, 32);
  }
  std::memcpy(proof.final_evaluation_be.data(), ipa + 512, 32);
  return proof;
}

}  // namespace

Bytes to_ssz(const ExecutionWitness& witness) {
  std::vector<Bytes> stem_diffs;
  stem_diffs.reserve(witness.state_diff.size());
  for (const StemStateDiff& diff : witness.state_diff) stem_diffs.push_back(stem_diff_bytes(diff));
  return container({{true, variable_list(stem_diffs)}, {true, proof_bytes(witness.verkle_proof)}});
}

Result<ExecutionWitness> parse_execution_witness_ssz(ByteSpan bytes) {
  static constexpr std::size_t kSizes[] = {kVariable, kVariable};
  Result<std::vector<ByteSpan>> fields = split_container(bytes, kSizes, "execution witness");
  if (!fields) return fields.error();
  Result<std::vector<ByteSpan>> diffs = split_variable_list((*fields)[0], kMaxStems, "state_diff");
  if (!diffs) return diffs.error();
  ExecutionWitness witness;
  witness.state_diff.reserve(diffs->size());
  for (ByteSpan item : *diffs) {
    Result<StemStateDiff> diff = stem_diff_of(item);
    if (!diff) return diff.error();
    witness.state_diff.push_back(std::move(*diff));
  }
  Result<VerkleProof> proof = proof_of((*fields)[1]);
  if (!proof) return proof.error();
  witness.verkle_proof = std::move(*proof);
  return witness;
}

}  // namespace merkleforge::verkle
