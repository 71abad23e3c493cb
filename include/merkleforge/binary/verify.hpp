// Stateless verifiers of binary Merkle tree proofs. Each takes the trusted root as an argument,
// never trusts sizes or indices in the proof beyond what it checks, and returns false (never
// crashes, never throws) for anything malformed: wrong lengths, indices out of range, another hash
// or scheme, a proof that does not lead to the root.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "merkleforge/binary/proof.hpp"
#include "merkleforge/binary/shape.hpp"
#include "merkleforge/hash/node_hashing.hpp"

namespace merkleforge {

/// RFC 9162 §2.1.3.2: does `path` prove that `leaf_hash` is leaf `index` of the tree of `size`
/// leaves with root `root`? (leaf_hash = Hashing::leaf(leaf data).)
template <Hasher H, class Hashing = Rfc6962Hashing<H>>
bool verify_inclusion(const Digest32& root, std::uint64_t size, std::uint64_t index,
                      const Digest32& leaf_hash, std::span<const Digest32> path) noexcept {
  if (index >= size || path.size() > 64) return false;
  std::uint64_t fn = index;
  std::uint64_t sn = size - 1;
  Digest32 hash = leaf_hash;
  for (const Digest32& sibling : path) {
    if (sn == 0) return false;
    if ((fn & 1) || fn == sn) {
      hash = Hashing::node(sibling, hash);
      while (!(fn & 1) && fn != 0) {  // skip levels where this node is promoted
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      hash = Hashing::node(hash, sibling);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn == 0 && hash == root;
}

/// RFC 9162 §2.1.4.2: is the tree of `new_size` leaves with root `new_root` an extension of the
/// tree of `old_size` leaves with root `old_root`? Equal sizes need an empty proof and equal roots;
/// old_size 0 is rejected (no proof is defined from the empty tree).
template <Hasher H, class Hashing = Rfc6962Hashing<H>>
bool verify_consistency(const Digest32& old_root, std::uint64_t old_size, const Digest32& new_root,
                        std::uint64_t new_size, std::span<const Digest32> path) noexcept {
  if (old_size == 0 || old_size > new_size || path.size() > 128) return false;
  if (old_size == new_size) return path.empty() && old_root == new_root;
  if (path.empty()) return false;
  // When the old tree is a complete subtree the proof omits its root: the verifier supplies it.
  const bool old_is_complete_subtree = std::has_single_bit(old_size);
  std::size_t next = 0;
  const Digest32 start = old_is_complete_subtree ? old_root : path[next++];
  std::uint64_t fn = old_size - 1;
  std::uint64_t sn = new_size - 1;
  while (fn & 1) {
    fn >>= 1;
    sn >>= 1;
  }
  Digest32 old_hash = start;
  Digest32 new_hash = start;
  for (; next < path.size(); ++next) {
    const Digest32& sibling = path[next];
    if (sn == 0) return false;
    if ((fn & 1) || fn == sn) {
      old_hash = Hashing::node(sibling, old_hash);
      new_hash = Hashing::node(sibling, new_hash);
      while (!(fn & 1) && fn != 0) {
        fn >>= 1;
        sn >>= 1;
      }
    } else {
      new_hash = Hashing::node(new_hash, sibling);
    }
    fn >>= 1;
    sn >>= 1;
  }
  return sn == 0 && old_hash == old_root && new_hash == new_root;
}

/// Does `siblings` prove that leaf_hashes[i] is leaf indices[i] of the tree of `size` leaves
/// with root `root`, for every i? Indices may come in any order; a repeated or out-of-range index,
/// a count mismatch, or a sibling too many or too few gives false.
template <Hasher H, class Hashing = Rfc6962Hashing<H>>
bool verify_multiproof(const Digest32& root, std::uint64_t size,
                       std::span<const std::uint64_t> indices,
                       std::span<const Digest32> leaf_hashes, std::span<const Digest32> siblings) {
  if (indices.empty() || indices.size() != leaf_hashes.size() || indices.size() > size) {
    return false;
  }
  std::vector<std::pair<std::uint64_t, Digest32>> known;
  known.reserve(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) known.emplace_back(indices[i], leaf_hashes[i]);
  std::sort(known.begin(), known.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t i = 0; i < known.size(); ++i) {
    if (known[i].first >= size || (i > 0 && known[i].first == known[i - 1].first)) return false;
  }
  std::size_t next = 0;
  const bool complete = walk_multiproof(
      size, known,
      [&](unsigned, std::uint64_t) -> std::optional<Digest32> {
        if (next == siblings.size()) return std::nullopt;
        return siblings[next++];
      },
      [](const Digest32& left, const Digest32& right) { return Hashing::node(left, right); });
  return complete && next == siblings.size() && known.size() == 1 && known[0].second == root;
}

/// The same checks on proof objects. A root commits to the leaves but not to their number, so
/// the size is trusted input too (an RFC 6962 signed tree head carries both): the proof's own
/// sizes must equal the trusted ones, and its hash and scheme must be H and Hashing.
template <Hasher H, class Hashing = Rfc6962Hashing<H>>
bool verify(const Digest32& root, std::uint64_t size, const InclusionProof& proof,
            const Digest32& leaf_hash) noexcept {
  return proof.hash == hash_algorithm_of<H>() && proof.scheme == Hashing::kScheme &&
         proof.tree_size == size &&
         verify_inclusion<H, Hashing>(root, size, proof.leaf_index, leaf_hash, proof.path);
}

template <Hasher H, class Hashing = Rfc6962Hashing<H>>
bool verify(const Digest32& old_root, std::uint64_t old_size, const Digest32& new_root,
            std::uint64_t new_size, const ConsistencyProof& proof) noexcept {
  return proof.hash == hash_algorithm_of<H>() && proof.scheme == Hashing::kScheme &&
         proof.old_size == old_size && proof.new_size == new_size &&
         verify_consistency<H, Hashing>(old_root, old_size, new_root, new_size, proof.path);
}

/// leaf_hashes[i] belongs to proof.leaf_indices[i].
template <Hasher H, class Hashing = Rfc6962Hashing<H>>
bool verify(const Digest32& root, std::uint64_t size, const MultiProof& proof,
            std::span<const Digest32> leaf_hashes) {
  return proof.hash == hash_algorithm_of<H>() && proof.scheme == Hashing::kScheme &&
         proof.tree_size == size &&
         verify_multiproof<H, Hashing>(root, size, proof.leaf_indices, leaf_hashes, proof.siblings);
}

}  // namespace merkleforge
