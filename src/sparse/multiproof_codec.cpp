// Binary encoding of SparseMultiproof (format in sparse/multiproof_codec.hpp).
#include "merkleforge/sparse/multiproof_codec.hpp"

#include <algorithm>
#include <string>

#include "multiproof_shape.hpp"
#include "proof_layout.hpp"

namespace merkleforge {
namespace {

Error malformed(const std::string& what) {
  return make_error(Errc::malformed_input, "sparse multiproof: " + what);
}

void append(Bytes& out, const Digest32& digest) {
  out.insert(out.end(), digest.begin(), digest.end());
}

std::size_t payload_size(SparseNodeKind kind) noexcept {
  switch (kind) {
    case SparseNodeKind::hash:
      return 32;
    case SparseNodeKind::leaf:
      return 64;
    default:
      return 0;
  }
}

/// The node at the front of `data` (tag and payload); advances `data` past it.
Result<SparseProofNode> take_node(ByteSpan& data) {
  if (data.empty()) return malformed("truncated: subtrees missing");
  if (data[0] > static_cast<std::uint8_t>(SparseNodeKind::interior))
    return malformed("unknown node tag " + std::to_string(data[0]));
  SparseProofNode node;
  node.kind = static_cast<SparseNodeKind>(data[0]);
  const std::size_t size = payload_size(node.kind);
  if (data.size() < 1 + size) return malformed("truncated node");
  const ByteSpan payload = data.subspan(1, size);
  if (node.kind == SparseNodeKind::hash)
    std::copy(payload.begin(), payload.end(), node.digest.begin());
  if (node.kind == SparseNodeKind::leaf) {
    std::copy(payload.begin(), payload.begin() + 32, node.leaf.key_hash.begin());
    std::copy(payload.begin() + 32, payload.end(), node.leaf.value_hash.begin());
  }
  data = data.subspan(1 + size);
  return node;
}

}  // namespace

Bytes encode_sparse_multiproof(const SparseMultiproof& proof) {
  Bytes out = {kSparseMultiproofFormat, static_cast<std::uint8_t>(proof.hash)};
  for (const SparseProofNode& node : proof.nodes) {
    out.push_back(static_cast<std::uint8_t>(node.kind));
    if (node.kind == SparseNodeKind::hash) append(out, node.digest);
    if (node.kind == SparseNodeKind::leaf) {
      append(out, node.leaf.key_hash);
      append(out, node.leaf.value_hash);
    }
  }
  return out;
}

Result<SparseMultiproof> decode_sparse_multiproof(ByteSpan encoded) {
  if (encoded.size() < 2) return malformed("truncated header");
  if (encoded[0] != kSparseMultiproofFormat) {
    return make_error(Errc::unsupported,
                      "sparse multiproof: unknown format version " + std::to_string(encoded[0]));
  }
  Result<HashAlgorithm> hash = sparse_detail::hash_from_id(encoded[1]);
  if (!hash) return hash.error();
  SparseMultiproof proof;
  proof.hash = *hash;
  ByteSpan rest = encoded.subspan(2);
  while (!rest.empty()) {
    Result<SparseProofNode> node = take_node(rest);
    if (!node) return node.error();
    proof.nodes.push_back(*node);
  }
  Status shape = sparse_detail::check_multiproof_shape(proof.nodes);
  if (!shape) return shape.error();
  return proof;
}

}  // namespace merkleforge
