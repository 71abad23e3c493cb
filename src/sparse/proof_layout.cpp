// Shared parts of the SparseProof encodings.
#include "proof_layout.hpp"

#include <string>

namespace merkleforge::sparse_detail {

ProofLayout ProofLayout::of(const SparseProof& proof, const Digest32& key_hash) {
  ProofLayout layout{Terminal::empty, Bytes((proof.siblings.size() + 7) / 8)};
  if (proof.leaf)
    layout.terminal =
        proof.leaf->key_hash == key_hash ? Terminal::queried_key : Terminal::other_key;
  for (std::size_t d = 0; d < proof.siblings.size(); ++d) {
    if (proof.siblings[d] != kSparsePlaceholder)
      layout.bitmap[d / 8] |= static_cast<std::uint8_t>(0x80u >> (d % 8));
  }
  return layout;
}

Result<HashAlgorithm> hash_from_id(std::uint8_t id) {
  for (HashAlgorithm algorithm : kAllHashAlgorithms) {
    if (static_cast<std::uint8_t>(algorithm) == id) return algorithm;
  }
  return make_error(Errc::malformed_input, "sparse proof: unknown hash id " + std::to_string(id));
}

Result<Terminal> terminal_from_id(std::uint8_t id) {
  if (id > static_cast<std::uint8_t>(Terminal::other_key)) {
    return make_error(Errc::malformed_input,
                      "sparse proof: unknown terminal kind " + std::to_string(id));
  }
  return static_cast<Terminal>(id);
}

Status expand_siblings(ByteSpan bitmap, std::size_t depth,
                       const std::function<bool(Digest32&)>& read,
                       std::vector<Digest32>& siblings) {
  if (bitmap.size() != (depth + 7) / 8)
    return make_error(Errc::malformed_input, "sparse proof: bitmap size");
  if (depth % 8 != 0 && (bitmap.back() & (0xFFu >> (depth % 8))) != 0) {
    return make_error(Errc::malformed_input, "sparse proof: bitmap bits beyond the depth");
  }
  siblings.assign(depth, kSparsePlaceholder);
  for (std::size_t d = 0; d < depth; ++d) {
    if ((bitmap[d / 8] & (0x80u >> (d % 8))) == 0) continue;
    if (!read(siblings[d]))
      return make_error(Errc::malformed_input, "sparse proof: truncated siblings");
    if (siblings[d] == kSparsePlaceholder) {
      return make_error(Errc::malformed_input,
                        "sparse proof: a placeholder sibling sent explicitly");
    }
  }
  return Ok{};
}

Status check_terminal(const SparseProof& proof, const Digest32& key_hash, Terminal terminal) {
  if (terminal == Terminal::other_key && proof.leaf->key_hash == key_hash) {
    return make_error(Errc::malformed_input, "sparse proof: an 'other' leaf names the queried key");
  }
  return Ok{};
}

}  // namespace merkleforge::sparse_detail
