// JSON encoding of SparseProof (format in sparse/proof_codec.hpp). nlohmann::json is used only
// inside this file (header-only, not part of the public interface).
#include <algorithm>
#include <nlohmann/json.hpp>

#include "json_fields.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/sparse/proof_codec.hpp"
#include "proof_layout.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;
using sparse_detail::has_exactly;
using sparse_detail::Terminal;

constexpr const char* kTerminalNames[] = {"empty", "key", "other"};

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "sparse proof JSON: " + what);
}

constexpr const char* kContext = "sparse proof JSON";

Result<Bytes> canonical_hex(const json& member, const char* name) {
  return sparse_detail::canonical_hex(member, kContext, name);
}
Result<Digest32> canonical_digest(const json& member, const char* name) {
  return sparse_detail::canonical_digest(member, kContext, name);
}

Result<Terminal> terminal_from_name(const json& member) {
  if (member.is_string()) {
    for (std::uint8_t id = 0; id < 3; ++id) {
      if (member.get_ref<const std::string&>() == kTerminalNames[id])
        return static_cast<Terminal>(id);
    }
  }
  return malformed("terminal must be \"empty\", \"key\" or \"other\"");
}

Result<std::optional<SparseProofLeaf>> leaf_from_json(const json& document, Terminal terminal,
                                                      const Digest32& key_hash) {
  if (terminal == Terminal::empty) return std::optional<SparseProofLeaf>{};
  const json& leaf = document.at("leaf");
  const bool other = terminal == Terminal::other_key;
  if (other ? !has_exactly(leaf, {"key_hash", "value_hash"}) : !has_exactly(leaf, {"value_hash"})) {
    return malformed("leaf must hold value_hash (and key_hash for terminal \"other\") only");
  }
  SparseProofLeaf out{key_hash, {}};
  if (other) {
    Result<Digest32> key = canonical_digest(leaf.at("key_hash"), "key_hash");
    if (!key) return key.error();
    out.key_hash = *key;
  }
  Result<Digest32> value = canonical_digest(leaf.at("value_hash"), "value_hash");
  if (!value) return value.error();
  out.value_hash = *value;
  return std::optional(out);
}

Result<SparseProof> proof_from_document(const json& document, const Digest32& key_hash) {
  if (!document.is_object() || !document.contains("terminal"))
    return malformed("not a proof object");
  Result<Terminal> terminal = terminal_from_name(document.at("terminal"));
  if (!terminal) return terminal.error();
  const bool empty = *terminal == Terminal::empty;
  if (empty ? !has_exactly(document, {"format", "hash", "terminal", "depth", "bitmap", "siblings"})
            : !has_exactly(document,
                           {"format", "hash", "terminal", "leaf", "depth", "bitmap", "siblings"})) {
    return malformed("unexpected or missing members");
  }
  const json& format = document.at("format");
  if (!format.is_number_unsigned() || format.get<std::uint64_t>() != kSparseProofFormat) {
    return make_error(Errc::unsupported, "sparse proof JSON: format must be 1");
  }
  const json& hash_name_member = document.at("hash");
  const std::optional<HashAlgorithm> hash =
      hash_name_member.is_string() ? hash_from_name(hash_name_member.get_ref<const std::string&>())
                                   : std::nullopt;
  if (!hash) return malformed("unknown hash");
  const json& depth = document.at("depth");
  if (!depth.is_number_unsigned() || depth.get<std::uint64_t>() > kSparseKeyBits) {
    return malformed("depth must be an integer 0..256");
  }
  Result<Bytes> bitmap = canonical_hex(document.at("bitmap"), "bitmap");
  if (!bitmap) return bitmap.error();
  const json& siblings = document.at("siblings");
  if (!siblings.is_array()) return malformed("siblings is not an array");

  SparseProof proof;
  proof.hash = *hash;
  Result<std::optional<SparseProofLeaf>> leaf = leaf_from_json(document, *terminal, key_hash);
  if (!leaf) return leaf.error();
  proof.leaf = *leaf;
  std::size_t next = 0;
  Status expanded = sparse_detail::expand_siblings(
      *bitmap, depth.get<std::size_t>(),
      [&](Digest32& out) {
        if (next == siblings.size()) return false;
        Result<Digest32> digest = canonical_digest(siblings[next++], "sibling");
        if (!digest) return false;
        out = *digest;
        return true;
      },
      proof.siblings);
  if (!expanded) return expanded.error();
  if (next != siblings.size()) return malformed("more siblings than the bitmap announces");
  Status terminal_ok = sparse_detail::check_terminal(proof, key_hash, *terminal);
  if (!terminal_ok) return terminal_ok.error();
  return proof;
}

}  // namespace

std::string sparse_proof_to_json(const SparseProof& proof, const Digest32& key_hash) {
  const auto layout = sparse_detail::ProofLayout::of(proof, key_hash);
  json document = {{"format", kSparseProofFormat},
                   {"hash", hash_name(proof.hash)},
                   {"terminal", kTerminalNames[static_cast<std::size_t>(layout.terminal)]}};
  if (layout.terminal == Terminal::other_key) {
    document["leaf"] = {{"key_hash", to_hex(proof.leaf->key_hash)},
                        {"value_hash", to_hex(proof.leaf->value_hash)}};
  } else if (layout.terminal == Terminal::queried_key) {
    document["leaf"] = {{"value_hash", to_hex(proof.leaf->value_hash)}};
  }
  document["depth"] = proof.siblings.size();
  document["bitmap"] = to_hex(layout.bitmap);
  json siblings = json::array();
  for (const Digest32& sibling : proof.siblings) {
    if (sibling != kSparsePlaceholder) siblings.push_back(to_hex(sibling));
  }
  document["siblings"] = std::move(siblings);
  return document.dump();
}

Result<SparseProof> sparse_proof_from_json(std::string_view text, const Digest32& key_hash) {
  const json document = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) return malformed("not valid JSON");
  return proof_from_document(document, key_hash);
}

}  // namespace merkleforge
