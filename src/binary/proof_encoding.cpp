// Binary and JSON forms of binary-tree proofs (docs/binary-tree.md). nlohmann::json is used only
// in this file (header-only, not part of the public interface).
#include "merkleforge/binary/proof_encoding.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "merkleforge/binary/shape.hpp"
#include "merkleforge/core/hex.hpp"

namespace merkleforge {
namespace {

enum class ProofKind : std::uint8_t { inclusion = 1, consistency = 2, multiproof = 3 };

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "binary-tree proof: " + what);
}

// Stable wire identifiers, independent of the enums' numeric values.
std::uint8_t hash_id(HashAlgorithm hash) {
  switch (hash) {
    case HashAlgorithm::sha256:
      return 0;
    case HashAlgorithm::keccak256:
      return 1;
    case HashAlgorithm::sha3_256:
      return 2;
    case HashAlgorithm::blake3:
      return 3;
  }
  return 0xff;
}

std::optional<HashAlgorithm> hash_from_id(std::uint8_t id) {
  for (HashAlgorithm hash : kAllHashAlgorithms) {
    if (hash_id(hash) == id) return hash;
  }
  return std::nullopt;
}

std::optional<NodeScheme> scheme_from_id(std::uint8_t id) {
  if (id == static_cast<std::uint8_t>(NodeScheme::rfc6962)) return NodeScheme::rfc6962;
  if (id == static_cast<std::uint8_t>(NodeScheme::concat)) return NodeScheme::concat;
  return std::nullopt;
}

const char* scheme_name(NodeScheme scheme) {
  return scheme == NodeScheme::concat ? "concat" : "rfc6962";
}

std::optional<NodeScheme> scheme_from_name(std::string_view name) {
  if (name == "rfc6962") return NodeScheme::rfc6962;
  if (name == "concat") return NodeScheme::concat;
  return std::nullopt;
}

// --- semantic checks shared by both decoders -------------------------------------------------

Status check_path_length(std::size_t actual, std::size_t expected) {
  if (actual == expected) return Ok{};
  return malformed("the proof needs " + std::to_string(expected) + " hashes, it has " +
                   std::to_string(actual));
}

Status check(const InclusionProof& proof) {
  if (proof.leaf_index >= proof.tree_size) {
    return malformed("leaf index " + std::to_string(proof.leaf_index) + " is not below tree size " +
                     std::to_string(proof.tree_size));
  }
  return check_path_length(proof.path.size(),
                           inclusion_proof_length(proof.leaf_index, proof.tree_size));
}

Status check(const ConsistencyProof& proof) {
  if (proof.old_size == 0 || proof.old_size > proof.new_size) {
    return malformed("consistency needs 0 < old size <= new size, got " +
                     std::to_string(proof.old_size) + " and " + std::to_string(proof.new_size));
  }
  return check_path_length(proof.path.size(),
                           consistency_proof_ranges(proof.old_size, proof.new_size).size());
}

Status check(const MultiProof& proof) {
  const auto& indices = proof.leaf_indices;
  if (indices.empty()) return malformed("multiproof of no leaves");
  for (std::size_t i = 0; i < indices.size(); ++i) {
    if (i > 0 && indices[i] <= indices[i - 1]) {
      return malformed("leaf indices are not strictly increasing");
    }
  }
  if (indices.back() >= proof.tree_size) {
    return malformed("leaf index " + std::to_string(indices.back()) + " is not below tree size " +
                     std::to_string(proof.tree_size));
  }
  return check_path_length(proof.siblings.size(), multiproof_length(proof.tree_size, indices));
}

// --- binary form ------------------------------------------------------------------------------

void put_varint(Bytes& out, std::uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<std::uint8_t>(value | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<std::uint8_t>(value));
}

void put_digests(Bytes& out, const std::vector<Digest32>& digests) {
  for (const Digest32& digest : digests) out.insert(out.end(), digest.begin(), digest.end());
}

class Reader {
 public:
  explicit Reader(ByteSpan bytes) : bytes_(bytes) {}

  std::size_t remaining() const { return bytes_.size() - position_; }

  Result<std::uint8_t> byte(const char* what) {
    if (remaining() == 0) return malformed(std::string("truncated before ") + what);
    return bytes_[position_++];
  }

  /// Unsigned LEB128, at most 64 bits, shortest form only.
  Result<std::uint64_t> varint(const char* what) {
    std::uint64_t value = 0;
    for (unsigned shift = 0;; shift += 7) {
      if (remaining() == 0) return malformed(std::string("truncated varint ") + what);
      const std::uint8_t byte = bytes_[position_++];
      const std::uint64_t bits = byte & 0x7f;
      if (shift == 63 && bits > 1) return malformed(std::string("varint ") + what + " overflows");
      value |= bits << shift;
      if (!(byte & 0x80)) {
        if (byte == 0 && shift > 0) {
          return malformed(std::string("varint ") + what + " is not in shortest form");
        }
        return value;
      }
      if (shift == 63) return malformed(std::string("varint ") + what + " overflows");
    }
  }

  /// Exactly the rest of the input as 32-byte digests.
  Result<std::vector<Digest32>> digests(std::size_t count) {
    if (remaining() != count * 32) {
      return malformed("expected " + std::to_string(count) + " hashes (" +
                       std::to_string(count * 32) + " bytes) after the header, found " +
                       std::to_string(remaining()) + " bytes");
    }
    std::vector<Digest32> out(count);
    for (Digest32& digest : out) {
      std::copy_n(bytes_.begin() + static_cast<std::ptrdiff_t>(position_), 32, digest.begin());
      position_ += 32;
    }
    return out;
  }

 private:
  ByteSpan bytes_;
  std::size_t position_ = 0;
};

#define MF_TRY_ASSIGN(target, expression)       \
  do {                                          \
    auto mf_result_ = (expression);             \
    if (!mf_result_) return mf_result_.error(); \
    target = std::move(mf_result_).value();     \
  } while (false)

Result<AnyProof> decode_inclusion(Reader& in, InclusionProof proof) {
  MF_TRY_ASSIGN(proof.tree_size, in.varint("tree size"));
  MF_TRY_ASSIGN(proof.leaf_index, in.varint("leaf index"));
  if (proof.leaf_index >= proof.tree_size) return check(proof).error();
  MF_TRY_ASSIGN(proof.path, in.digests(inclusion_proof_length(proof.leaf_index, proof.tree_size)));
  return AnyProof(std::move(proof));
}

Result<AnyProof> decode_consistency(Reader& in, ConsistencyProof proof) {
  MF_TRY_ASSIGN(proof.old_size, in.varint("old size"));
  MF_TRY_ASSIGN(proof.new_size, in.varint("new size"));
  if (proof.old_size == 0 || proof.old_size > proof.new_size) return check(proof).error();
  MF_TRY_ASSIGN(proof.path,
                in.digests(consistency_proof_ranges(proof.old_size, proof.new_size).size()));
  return AnyProof(std::move(proof));
}

Result<AnyProof> decode_multiproof(Reader& in, MultiProof proof) {
  MF_TRY_ASSIGN(proof.tree_size, in.varint("tree size"));
  std::uint64_t count = 0;
  MF_TRY_ASSIGN(count, in.varint("leaf count"));
  // Each index takes at least one byte: a larger count cannot be honest (and must not allocate).
  if (count == 0 || count > in.remaining() || count > proof.tree_size) {
    return malformed("leaf count " + std::to_string(count) + " is impossible here");
  }
  proof.leaf_indices.reserve(count);
  std::uint64_t next_free = 0;  // indices are sent as gaps: index = previous + 1 + gap
  for (std::uint64_t i = 0; i < count; ++i) {
    std::uint64_t gap = 0;
    MF_TRY_ASSIGN(gap, in.varint("leaf index gap"));
    if (gap >= proof.tree_size - next_free) return malformed("leaf index beyond the tree size");
    proof.leaf_indices.push_back(next_free + gap);
    next_free += gap + 1;
  }
  MF_TRY_ASSIGN(proof.siblings, in.digests(multiproof_length(proof.tree_size, proof.leaf_indices)));
  return AnyProof(std::move(proof));
}

template <class Proof>
Proof with_identity(HashAlgorithm hash, NodeScheme scheme) {
  Proof proof;
  proof.hash = hash;
  proof.scheme = scheme;
  return proof;
}

// --- JSON form --------------------------------------------------------------------------------

using nlohmann::json;

json digests_json(std::span<const Digest32> digests) {
  json out = json::array();
  for (const Digest32& digest : digests) out.push_back(to_hex(digest));
  return out;
}

/// The members of one JSON object, each readable once with a type check; leftovers are errors.
class Members {
 public:
  explicit Members(const json& object) : object_(object) {}

  Result<std::uint64_t> number(const char* name) {
    const json* value = take(name);
    if (!value) return missing(name);
    if (!value->is_number_unsigned())
      return malformed(std::string(name) + " is not an unsigned integer");
    return value->get<std::uint64_t>();
  }

  Result<std::string> text(const char* name) {
    const json* value = take(name);
    if (!value) return missing(name);
    if (!value->is_string()) return malformed(std::string(name) + " is not a string");
    return value->get<std::string>();
  }

  Result<std::vector<Digest32>> digests(const char* name, bool optional = false) {
    const json* value = take(name);
    if (!value) {
      if (optional) return std::vector<Digest32>{};
      return missing(name);
    }
    if (!value->is_array()) return malformed(std::string(name) + " is not an array");
    std::vector<Digest32> out;
    for (const json& item : *value) {
      if (!item.is_string()) return malformed(std::string(name) + " holds a non-string");
      auto digest = digest_from_hex(item.get<std::string>());
      if (!digest) return malformed(std::string(name) + ": " + digest.error().message);
      out.push_back(*digest);
    }
    return out;
  }

  Result<std::vector<std::uint64_t>> numbers(const char* name) {
    const json* value = take(name);
    if (!value) return missing(name);
    if (!value->is_array()) return malformed(std::string(name) + " is not an array");
    std::vector<std::uint64_t> out;
    for (const json& item : *value) {
      if (!item.is_number_unsigned()) return malformed(std::string(name) + " holds a non-integer");
      out.push_back(item.get<std::uint64_t>());
    }
    return out;
  }

  Status finish() const {
    for (const auto& [name, value] : object_.items()) {
      if (!taken_.count(name)) return malformed("unknown member \"" + name + "\"");
    }
    return Ok{};
  }

 private:
  const json* take(const char* name) {
    const auto it = object_.find(name);
    if (it == object_.end()) return nullptr;
    taken_.insert(name);
    return &*it;
  }
  static Error missing(const char* name) {
    return malformed(std::string("member \"") + name + "\" is missing");
  }

  const json& object_;
  std::set<std::string> taken_;
};

Result<json> parse_strict(std::string_view text) {
  // Repeated keys are rejected (nlohmann would keep the last one silently).
  bool repeated_key = false;
  std::vector<std::set<std::string>> keys_by_depth;
  const json::parser_callback_t callback = [&](int depth, json::parse_event_t event, json& parsed) {
    const auto level = static_cast<std::size_t>(depth);
    if (event == json::parse_event_t::object_start) {
      if (keys_by_depth.size() <= level + 1) keys_by_depth.resize(level + 2);
      keys_by_depth[level + 1].clear();
    } else if (event == json::parse_event_t::key) {
      if (keys_by_depth.size() <= level) keys_by_depth.resize(level + 1);
      if (!keys_by_depth[level].insert(parsed.get<std::string>()).second) repeated_key = true;
    }
    return true;
  };
  json parsed = json::parse(text.begin(), text.end(), callback, /*allow_exceptions=*/false);
  if (parsed.is_discarded()) return malformed("not valid JSON");
  if (repeated_key) return malformed("a JSON member appears twice");
  if (!parsed.is_object()) return malformed("JSON proof is not an object");
  return parsed;
}

}  // namespace

Status validate_proof(const AnyProof& proof) {
  return std::visit([](const auto& p) { return check(p); }, proof);
}

Bytes encode_proof(const AnyProof& proof) {
  Bytes out;
  std::visit(
      [&](const auto& p) {
        using Proof = std::decay_t<decltype(p)>;
        out.push_back(kProofFormatVersion);
        if constexpr (std::is_same_v<Proof, InclusionProof>) {
          out.push_back(static_cast<std::uint8_t>(ProofKind::inclusion));
        } else if constexpr (std::is_same_v<Proof, ConsistencyProof>) {
          out.push_back(static_cast<std::uint8_t>(ProofKind::consistency));
        } else {
          out.push_back(static_cast<std::uint8_t>(ProofKind::multiproof));
        }
        out.push_back(hash_id(p.hash));
        out.push_back(static_cast<std::uint8_t>(p.scheme));
        if constexpr (std::is_same_v<Proof, InclusionProof>) {
          put_varint(out, p.tree_size);
          put_varint(out, p.leaf_index);
          put_digests(out, p.path);
        } else if constexpr (std::is_same_v<Proof, ConsistencyProof>) {
          put_varint(out, p.old_size);
          put_varint(out, p.new_size);
          put_digests(out, p.path);
        } else {
          put_varint(out, p.tree_size);
          put_varint(out, p.leaf_indices.size());
          std::uint64_t next_free = 0;
          for (std::uint64_t index : p.leaf_indices) {
            put_varint(out, index - next_free);
            next_free = index + 1;
          }
          put_digests(out, p.siblings);
        }
      },
      proof);
  return out;
}

Result<AnyProof> decode_proof(ByteSpan bytes) {
  Reader in(bytes);
  std::uint8_t version = 0, kind = 0, hash = 0, scheme = 0;
  MF_TRY_ASSIGN(version, in.byte("version"));
  if (version != kProofFormatVersion)
    return malformed("unknown version " + std::to_string(version));
  MF_TRY_ASSIGN(kind, in.byte("proof kind"));
  MF_TRY_ASSIGN(hash, in.byte("hash"));
  MF_TRY_ASSIGN(scheme, in.byte("node scheme"));
  const auto algorithm = hash_from_id(hash);
  if (!algorithm) return malformed("unknown hash id " + std::to_string(hash));
  const auto node_scheme = scheme_from_id(scheme);
  if (!node_scheme) return malformed("unknown node scheme id " + std::to_string(scheme));
  switch (static_cast<ProofKind>(kind)) {
    case ProofKind::inclusion:
      return decode_inclusion(in, with_identity<InclusionProof>(*algorithm, *node_scheme));
    case ProofKind::consistency:
      return decode_consistency(in, with_identity<ConsistencyProof>(*algorithm, *node_scheme));
    case ProofKind::multiproof:
      return decode_multiproof(in, with_identity<MultiProof>(*algorithm, *node_scheme));
  }
  return malformed("unknown proof kind " + std::to_string(kind));
}

std::string proof_to_json(const AnyProof& proof, std::span<const Digest32> leaf_hashes) {
  json out = json::object();
  out["version"] = kProofFormatVersion;
  std::visit(
      [&](const auto& p) {
        using Proof = std::decay_t<decltype(p)>;
        out["hash"] = std::string(hash_name(p.hash));
        out["scheme"] = scheme_name(p.scheme);
        if constexpr (std::is_same_v<Proof, InclusionProof>) {
          out["type"] = "inclusion";
          out["tree_size"] = p.tree_size;
          out["leaf_index"] = p.leaf_index;
          out["path"] = digests_json(p.path);
        } else if constexpr (std::is_same_v<Proof, ConsistencyProof>) {
          out["type"] = "consistency";
          out["old_size"] = p.old_size;
          out["new_size"] = p.new_size;
          out["path"] = digests_json(p.path);
        } else {
          out["type"] = "multiproof";
          out["tree_size"] = p.tree_size;
          out["leaf_indices"] = p.leaf_indices;
          out["siblings"] = digests_json(p.siblings);
        }
      },
      proof);
  if (!leaf_hashes.empty()) out["leaf_hashes"] = digests_json(leaf_hashes);
  return out.dump();
}

Result<ProofDocument> proof_from_json(std::string_view text) {
  json parsed;
  MF_TRY_ASSIGN(parsed, parse_strict(text));
  Members members(parsed);
  std::uint64_t version = 0;
  std::string type, hash_text, scheme_text;
  MF_TRY_ASSIGN(version, members.number("version"));
  if (version != kProofFormatVersion)
    return malformed("unknown version " + std::to_string(version));
  MF_TRY_ASSIGN(type, members.text("type"));
  MF_TRY_ASSIGN(hash_text, members.text("hash"));
  MF_TRY_ASSIGN(scheme_text, members.text("scheme"));
  const auto hash = hash_from_name(hash_text);
  if (!hash) return malformed("unknown hash \"" + hash_text + "\"");
  const auto scheme = scheme_from_name(scheme_text);
  if (!scheme) return malformed("unknown node scheme \"" + scheme_text + "\"");

  ProofDocument document;
  std::size_t proven_leaves = 0;
  if (type == "inclusion") {
    InclusionProof proof = with_identity<InclusionProof>(*hash, *scheme);
    MF_TRY_ASSIGN(proof.tree_size, members.number("tree_size"));
    MF_TRY_ASSIGN(proof.leaf_index, members.number("leaf_index"));
    MF_TRY_ASSIGN(proof.path, members.digests("path"));
    document.proof = std::move(proof);
    proven_leaves = 1;
  } else if (type == "consistency") {
    ConsistencyProof proof = with_identity<ConsistencyProof>(*hash, *scheme);
    MF_TRY_ASSIGN(proof.old_size, members.number("old_size"));
    MF_TRY_ASSIGN(proof.new_size, members.number("new_size"));
    MF_TRY_ASSIGN(proof.path, members.digests("path"));
    document.proof = std::move(proof);
  } else if (type == "multiproof") {
    MultiProof proof = with_identity<MultiProof>(*hash, *scheme);
    MF_TRY_ASSIGN(proof.tree_size, members.number("tree_size"));
    MF_TRY_ASSIGN(proof.leaf_indices, members.numbers("leaf_indices"));
    MF_TRY_ASSIGN(proof.siblings, members.digests("siblings"));
    proven_leaves = proof.leaf_indices.size();
    document.proof = std::move(proof);
  } else {
    return malformed("unknown proof type \"" + type + "\"");
  }
  MF_TRY_ASSIGN(document.leaf_hashes, members.digests("leaf_hashes", /*optional=*/true));
  if (Status done = members.finish(); !done) return done.error();
  if (Status valid = validate_proof(document.proof); !valid) return valid.error();
  if (!document.leaf_hashes.empty() && document.leaf_hashes.size() != proven_leaves) {
    return malformed("leaf_hashes has " + std::to_string(document.leaf_hashes.size()) +
                     " entries for " + std::to_string(proven_leaves) + " proven leaves");
  }
  return document;
}

}  // namespace merkleforge
