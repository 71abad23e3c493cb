// Merkle commitment to a Reed–Solomon codeword (binius/reed_solomon.hpp) with MerkleForge's own
// BinaryMerkleTree (binary/tree.hpp) and hash layer: the PCS's oracles. (In pcs, not in the field
// layer: binius depends on core alone.)
//
// Leaf p is the codeword position p: its 2^log_batch interleaved B128 values serialized back to
// back, each as 16 bytes little-endian (byte q holds bits 8q .. 8q+7). Leaves are hashed by the
// tree's scheme (RFC 6962 by default: H(0x00 ‖ leaf), nodes H(0x01 ‖ left ‖ right)); the number
// of leaves is a power of two, so the tree is perfect.
#pragma once

#include <bit>
#include <cstring>
#include <span>
#include <vector>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binius/reed_solomon.hpp"
#include "merkleforge/hash/hasher.hpp"

namespace merkleforge::pcs {

using binius::B128;
using binius::ReedSolomonParams;

static_assert(std::endian::native == std::endian::little,
              "codeword leaves are the in-memory bytes of B128 values (little-endian hosts)");

/// Bytes of one leaf: 16 << log_batch.
inline std::size_t codeword_leaf_size(unsigned log_batch) {
  return std::size_t{16} << log_batch;
}

/// The serialized leaf at `position`. Precondition: position < codeword.size() >> log_batch.
inline Bytes codeword_leaf(std::span<const B128> codeword, unsigned log_batch,
                           std::size_t position) {
  Bytes leaf(codeword_leaf_size(log_batch));
  std::memcpy(leaf.data(), codeword.data() + (position << log_batch), leaf.size());
  return leaf;
}

/// The Merkle tree over the codeword's leaves (leaf hashes through the batch kernel, levels split
/// across cores). Errors: wrong_size if the codeword is empty or not a whole number of positions.
template <Hasher H>
Result<BinaryMerkleTree<H>> commit_codeword(std::span<const B128> codeword, unsigned log_batch) {
  if (codeword.empty() || log_batch >= 40 || codeword.size() % (std::size_t{1} << log_batch) != 0) {
    return make_error(Errc::wrong_size, "pcs commitment: " + std::to_string(codeword.size()) +
                                            " values are not a whole number of leaves of 2^" +
                                            std::to_string(log_batch));
  }
  const ByteSpan bytes(reinterpret_cast<const std::uint8_t*>(codeword.data()),
                       codeword.size_bytes());
  return BinaryMerkleTree<H>::from_fixed_size_leaves(bytes, codeword_leaf_size(log_batch));
}

/// A codeword and the tree committing to it.
template <Hasher H>
struct CodewordCommitment {
  std::vector<B128> codeword;
  BinaryMerkleTree<H> tree;
};

/// Reed–Solomon encodes the message and commits to the codeword. Errors: as reed_solomon_encode.
template <Hasher H>
Result<CodewordCommitment<H>> encode_and_commit(std::span<const B128> message,
                                                const ReedSolomonParams& params) {
  auto codeword = binius::reed_solomon_encode(message, params);
  if (!codeword) return codeword.error();
  auto tree = commit_codeword<H>(*codeword, params.log_batch);
  if (!tree) return tree.error();
  return CodewordCommitment<H>{std::move(*codeword), std::move(*tree)};
}

}  // namespace merkleforge::pcs
