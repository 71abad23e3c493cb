// JSON encoding of SparseMultiproof (format in sparse/multiproof_codec.hpp). nlohmann::json is
// used only inside src/.
#include <nlohmann/json.hpp>

#include "json_fields.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/sparse/multiproof_codec.hpp"
#include "multiproof_shape.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;

constexpr const char* kContext = "sparse multiproof JSON";
constexpr const char* kKindNames[] = {"empty", "hash", "leaf", "interior"};

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, std::string(kContext) + ": " + what);
}

json node_to_json(const SparseProofNode& node) {
  json out = json::array({kKindNames[static_cast<std::size_t>(node.kind)]});
  if (node.kind == SparseNodeKind::hash) out.push_back(to_hex(node.digest));
  if (node.kind == SparseNodeKind::leaf) {
    out.push_back(to_hex(node.leaf.key_hash));
    out.push_back(to_hex(node.leaf.value_hash));
  }
  return out;
}

Result<SparseNodeKind> kind_from_json(const json& node) {
  if (node.is_array() && !node.empty() && node[0].is_string()) {
    for (std::uint8_t id = 0; id < 4; ++id) {
      if (node[0].get_ref<const std::string&>() != kKindNames[id]) continue;
      const auto kind = static_cast<SparseNodeKind>(id);
      const std::size_t fields = kind == SparseNodeKind::hash   ? 2
                                 : kind == SparseNodeKind::leaf ? 3
                                                                : 1;
      if (node.size() != fields) return malformed(std::string(kKindNames[id]) + ": wrong length");
      return kind;
    }
  }
  return malformed("a node is not [\"empty\"|\"hash\"|\"leaf\"|\"interior\", ...]");
}

Result<SparseProofNode> node_from_json(const json& member) {
  Result<SparseNodeKind> kind = kind_from_json(member);
  if (!kind) return kind.error();
  SparseProofNode node;
  node.kind = *kind;
  if (node.kind == SparseNodeKind::hash) {
    Result<Digest32> digest = sparse_detail::canonical_digest(member[1], kContext, "hash");
    if (!digest) return digest.error();
    node.digest = *digest;
  }
  if (node.kind == SparseNodeKind::leaf) {
    Result<Digest32> key = sparse_detail::canonical_digest(member[1], kContext, "key_hash");
    if (!key) return key.error();
    Result<Digest32> value = sparse_detail::canonical_digest(member[2], kContext, "value_hash");
    if (!value) return value.error();
    node.leaf = {*key, *value};
  }
  return node;
}

Result<SparseMultiproof> proof_from_document(const json& document) {
  if (!sparse_detail::has_exactly(document, {"format", "hash", "nodes"}))
    return malformed("expected exactly the members format, hash, nodes");
  const json& format = document.at("format");
  if (!format.is_number_unsigned() || format.get<std::uint64_t>() != kSparseMultiproofFormat)
    return make_error(Errc::unsupported, std::string(kContext) + ": format must be 1");
  const json& hash = document.at("hash");
  const std::optional<HashAlgorithm> algorithm =
      hash.is_string() ? hash_from_name(hash.get_ref<const std::string&>()) : std::nullopt;
  if (!algorithm) return malformed("unknown hash");
  const json& nodes = document.at("nodes");
  if (!nodes.is_array()) return malformed("nodes is not an array");

  SparseMultiproof proof;
  proof.hash = *algorithm;
  proof.nodes.reserve(nodes.size());
  for (const json& member : nodes) {
    Result<SparseProofNode> node = node_from_json(member);
    if (!node) return node.error();
    proof.nodes.push_back(*node);
  }
  Status shape = sparse_detail::check_multiproof_shape(proof.nodes);
  if (!shape) return shape.error();
  return proof;
}

}  // namespace

std::string sparse_multiproof_to_json(const SparseMultiproof& proof) {
  json nodes = json::array();
  for (const SparseProofNode& node : proof.nodes) nodes.push_back(node_to_json(node));
  const json document = {{"format", kSparseMultiproofFormat},
                         {"hash", hash_name(proof.hash)},
                         {"nodes", std::move(nodes)}};
  return document.dump();
}

Result<SparseMultiproof> sparse_multiproof_from_json(std::string_view text) {
  const json document = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (document.is_discarded()) return malformed("not valid JSON");
  return proof_from_document(document);
}

}  // namespace merkleforge
