// MerkleFrontier: the root of an append-only RFC 6962 tree kept in O(log n) memory.
//
// It stores only the roots of the complete subtrees the leaves decompose into (one per set bit
// of the size, largest first), which is all that appending and the root need. Suited to streams
// and transparency-log writers that keep the leaves elsewhere (or nowhere).
#pragma once

#include <cstdint>
#include <vector>

#include "merkleforge/hash/node_hashing.hpp"

namespace merkleforge {

template <Hasher H, class Hashing = Rfc6962Hashing<H>>
class MerkleFrontier {
 public:
  /// Number of leaves appended.
  std::uint64_t size() const noexcept { return size_; }

  /// Appends a leaf (any bytes), hashed as the scheme hashes leaves.
  void append(ByteSpan leaf) { append_leaf_hash(Hashing::leaf(leaf)); }

  /// Amortised O(1) hashes: one per complete subtree the new leaf closes.
  void append_leaf_hash(const Digest32& leaf_hash) {
    Digest32 subtree = leaf_hash;
    for (std::uint64_t closed = size_; closed & 1; closed >>= 1) {
      subtree = Hashing::node(subtrees_.back(), subtree);
      subtrees_.pop_back();
    }
    subtrees_.push_back(subtree);
    ++size_;
  }

  /// popcount(size) - 1 hashes: the subtrees folded from the right, as RFC 9162 MTH splits.
  Digest32 root() const {
    if (subtrees_.empty()) return Hashing::empty_root();
    Digest32 root = subtrees_.back();
    for (auto it = subtrees_.rbegin() + 1; it != subtrees_.rend(); ++it) {
      root = Hashing::node(*it, root);
    }
    return root;
  }

 private:
  std::uint64_t size_ = 0;
  std::vector<Digest32> subtrees_;  // complete subtree roots, largest (leftmost) first
};

}  // namespace merkleforge
