// BinaryMerkleTree<H>: the RFC 6962 / RFC 9162 Merkle tree over a hash of the hash layer.
//
// Shape: see binary/shape.hpp (a tree of n leaves splits at the largest power of two below n; no
// padding, no duplicated leaves). Hashing: see binary/node_hashing.hpp (RFC 6962 prefixes by
// default; `ConcatHashing<H>` gives the merkletreejs profile).
//
// Storage is every complete subtree hash, level by level (about 2n digests). Complete subtrees
// never change when leaves are appended, so the roots of all earlier sizes, and proofs against
// them, come from the same storage. The hashes of the incomplete right edge of the current size
// are computed lazily (popcount(n) - 1 hashes) and cached until the next change.
//
// Thread safety: const member functions may run concurrently with each other; mutations need
// exclusive access (as for standard containers).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "merkleforge/binary/proof.hpp"
#include "merkleforge/binary/shape.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/node_hashing.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge {

namespace detail {

/// The lazily computed hashes of the current size's incomplete right edge: entry k is the hash
/// of node (k, (n-1) >> k) when that node is incomplete. Copies start invalid (recomputed on use).
class EdgeCache {
 public:
  EdgeCache() = default;
  EdgeCache(const EdgeCache&) noexcept {}
  EdgeCache& operator=(const EdgeCache&) noexcept {
    invalidate();
    return *this;
  }

  void invalidate() noexcept { valid_.store(false, std::memory_order_relaxed); }

  template <class Compute>
  const std::vector<Digest32>& get(Compute&& compute) const {
    if (!valid_.load(std::memory_order_acquire)) {
      std::lock_guard lock(mutex_);
      if (!valid_.load(std::memory_order_relaxed)) {
        compute(edge_);
        valid_.store(true, std::memory_order_release);
      }
    }
    return edge_;
  }

 private:
  mutable std::mutex mutex_;
  mutable std::atomic<bool> valid_{false};
  mutable std::vector<Digest32> edge_;
};

inline Error index_error(const char* what, std::uint64_t index, std::uint64_t limit) {
  return make_error(Errc::invalid_argument, std::string(what) + " " + std::to_string(index) +
                                                " is out of range (must be below " +
                                                std::to_string(limit) + ")");
}

}  // namespace detail

template <Hasher H, class Hashing = Rfc6962Hashing<H>>
class BinaryMerkleTree {
 public:
  using Hash = H;
  using Scheme = Hashing;

  /// The empty tree; its root is Hashing::empty_root().
  BinaryMerkleTree() = default;

  /// Builds the tree over the given leaf hashes in O(n): each level is one batch-kernel call,
  /// split across cores when large.
  static BinaryMerkleTree from_leaf_hashes(std::span<const Digest32> leaf_hashes) {
    return build(leaf_hashes.size(), [&](Digest32* out, std::size_t begin, std::size_t end) {
      std::copy(leaf_hashes.begin() + begin, leaf_hashes.begin() + end, out);
    });
  }

  /// Builds the tree over leaves of any lengths (each hashed with Hashing::leaf).
  static BinaryMerkleTree from_leaves(std::span<const Bytes> leaves) {
    return build(leaves.size(), [&](Digest32* out, std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) out[i - begin] = Hashing::leaf(leaves[i]);
    });
  }

  /// Builds the tree over leaves of `leaf_size` bytes each, stored back to back in `leaves`;
  /// leaf hashes go through the batch kernel too. Errors: wrong_size if leaf_size is 0 or does not
  /// divide leaves.size().
  static Result<BinaryMerkleTree> from_fixed_size_leaves(ByteSpan leaves, std::size_t leaf_size) {
    if (leaf_size == 0 || leaves.size() % leaf_size != 0) {
      return make_error(Errc::wrong_size, "leaf data of " + std::to_string(leaves.size()) +
                                              " bytes is not a whole number of " +
                                              std::to_string(leaf_size) + "-byte leaves");
    }
    return build(leaves.size() / leaf_size, [&](Digest32* out, std::size_t begin, std::size_t end) {
      Hashing::leaves_many(leaves.data() + begin * leaf_size, leaf_size, end - begin, out);
    });
  }

  std::uint64_t size() const noexcept { return levels_.empty() ? 0 : levels_[0].size(); }
  bool empty() const noexcept { return size() == 0; }

  /// Hash of leaf `index`. Errors: invalid_argument if index >= size().
  Result<Digest32> leaf_hash(std::uint64_t index) const {
    if (index >= size()) return detail::index_error("leaf index", index, size());
    return levels_[0][index];
  }

  /// Appends a leaf: amortised O(1) hashes (one per subtree the new leaf completes).
  void append(ByteSpan leaf) { append_leaf_hash(Hashing::leaf(leaf)); }
  /// As append, for a leaf already hashed (Hashing::leaf).
  void append_leaf_hash(const Digest32& leaf_hash) {
    if (levels_.empty()) levels_.emplace_back();
    std::uint64_t index = levels_[0].size();
    levels_[0].push_back(leaf_hash);
    for (unsigned level = 0; index & 1; ++level, index >>= 1) {
      if (levels_.size() == level + 1) levels_.emplace_back();
      const auto& children = levels_[level];
      levels_[level + 1].push_back(Hashing::node(children[index - 1], children[index]));
    }
    edge_.invalidate();
  }

  /// Replaces leaf `index`: O(log n) hashes. Errors: invalid_argument if index >= size().
  Status update(std::uint64_t index, ByteSpan leaf) {
    return update_leaf_hash(index, Hashing::leaf(leaf));
  }
  /// As update, for a leaf already hashed. Errors: invalid_argument if index >= size().
  Status update_leaf_hash(std::uint64_t index, const Digest32& leaf_hash) {
    if (index >= size()) return detail::index_error("leaf index", index, size());
    levels_[0][index] = leaf_hash;
    for (unsigned level = 0; level + 1 < levels_.size(); ++level, index >>= 1) {
      const std::uint64_t parent = index >> 1;
      if (parent >= levels_[level + 1].size()) break;  // incomplete: lives in the edge cache
      const auto& children = levels_[level];
      levels_[level + 1][parent] = Hashing::node(children[2 * parent], children[2 * parent + 1]);
    }
    edge_.invalidate();
    return Ok{};
  }

  /// Root of the current tree: O(1) after the first call following a change.
  Digest32 root() const {
    const std::uint64_t n = size();
    if (n == 0) return Hashing::empty_root();
    return node_at(tree_height(n), 0, n);
  }

  /// Root of the tree formed by the first `tree_size` leaves. Errors: invalid_argument if
  /// tree_size > size().
  Result<Digest32> root_at(std::uint64_t tree_size) const {
    if (tree_size > size()) return detail::index_error("tree size", tree_size, size() + 1);
    if (tree_size == 0) return Hashing::empty_root();
    return node_at(tree_height(tree_size), 0, tree_size);
  }

  /// Inclusion proof of leaf `index` in the current tree, or in the tree of its first
  /// `tree_size` leaves. Errors: invalid_argument unless index < tree_size <= size().
  Result<InclusionProof> inclusion_proof(std::uint64_t index) const {
    return inclusion_proof(index, size());
  }
  Result<InclusionProof> inclusion_proof(std::uint64_t index, std::uint64_t tree_size) const {
    if (tree_size > size()) return detail::index_error("tree size", tree_size, size() + 1);
    if (index >= tree_size) return detail::index_error("leaf index", index, tree_size);
    InclusionProof proof = empty_proof<InclusionProof>();
    proof.tree_size = tree_size;
    proof.leaf_index = index;
    proof.path.reserve(tree_height(tree_size));
    append_inclusion_path(index, tree_size, proof.path);
    return proof;
  }

  /// The sibling path of leaf `index` in the current tree (InclusionProof::path), written over
  /// `path` so that its capacity is reused: inclusion_proof() without allocating, for a server
  /// answering many proofs. Errors: invalid_argument unless index < size().
  Status inclusion_path(std::uint64_t index, std::vector<Digest32>& path) const {
    if (index >= size()) return detail::index_error("leaf index", index, size());
    path.clear();
    append_inclusion_path(index, size(), path);
    return Ok{};
  }

  /// Consistency proof between the trees of the first old_size and new_size leaves.
  /// Errors: invalid_argument unless 0 < old_size <= new_size <= size() (RFC 9162 defines no
  /// proof from the empty tree: every tree extends it).
  Result<ConsistencyProof> consistency_proof(std::uint64_t old_size) const {
    return consistency_proof(old_size, size());
  }
  Result<ConsistencyProof> consistency_proof(std::uint64_t old_size, std::uint64_t new_size) const {
    if (new_size > size()) return detail::index_error("new tree size", new_size, size() + 1);
    if (old_size == 0 || old_size > new_size) {
      return make_error(Errc::invalid_argument,
                        "consistency proof needs 0 < old size <= new size, got old size " +
                            std::to_string(old_size) + " and new size " + std::to_string(new_size));
    }
    ConsistencyProof proof = empty_proof<ConsistencyProof>();
    proof.old_size = old_size;
    proof.new_size = new_size;
    for (const LeafRange& range : consistency_proof_ranges(old_size, new_size)) {
      proof.path.push_back(range_hash(range.begin, range.end));
    }
    return proof;
  }

  /// Proof of the leaves at `indices` (any order) in the current tree, each shared sibling sent
  /// once. Errors: invalid_argument for an empty list, an index >= size(), or a repeated index.
  Result<MultiProof> multiproof(std::span<const std::uint64_t> indices) const {
    MultiProof proof = empty_proof<MultiProof>();
    proof.tree_size = size();
    proof.leaf_indices.assign(indices.begin(), indices.end());
    std::sort(proof.leaf_indices.begin(), proof.leaf_indices.end());
    if (Status valid = check_multiproof_indices(proof.leaf_indices, size()); !valid) {
      return valid.error();
    }
    struct Nothing {};
    std::vector<std::pair<std::uint64_t, Nothing>> known;
    known.reserve(proof.leaf_indices.size());
    for (std::uint64_t index : proof.leaf_indices) known.emplace_back(index, Nothing{});
    walk_multiproof(
        size(), known,
        [&](unsigned level, std::uint64_t sibling) {
          proof.siblings.push_back(node_at(level, sibling, size()));
          return std::optional<Nothing>(Nothing{});
        },
        [](Nothing, Nothing) { return Nothing{}; });
    return proof;
  }

  /// Hash of the subtree over leaves [begin, end), split as RFC 9162 MTH does.
  /// Precondition: begin < end <= size().
  Digest32 range_hash(std::uint64_t begin, std::uint64_t end) const {
    const std::uint64_t length = end - begin;
    if (std::has_single_bit(length) && begin % length == 0) {
      const auto level = static_cast<unsigned>(std::countr_zero(length));
      return levels_[level][begin >> level];
    }
    const std::uint64_t split = std::bit_floor(length - 1);
    return Hashing::node(range_hash(begin, begin + split), range_hash(begin + split, end));
  }

 private:
  template <class Proof>
  static Proof empty_proof() {
    Proof proof;
    proof.hash = hash_algorithm_of<H>();
    proof.scheme = Hashing::kScheme;
    return proof;
  }

  static Status check_multiproof_indices(const std::vector<std::uint64_t>& sorted,
                                         std::uint64_t tree_size) {
    if (sorted.empty()) return make_error(Errc::invalid_argument, "multiproof of no leaves");
    if (sorted.back() >= tree_size)
      return detail::index_error("leaf index", sorted.back(), tree_size);
    const auto repeated = std::adjacent_find(sorted.begin(), sorted.end());
    if (repeated != sorted.end()) {
      return make_error(Errc::invalid_argument,
                        "leaf index " + std::to_string(*repeated) + " is given more than once");
    }
    return Ok{};
  }

  void append_inclusion_path(std::uint64_t index, std::uint64_t tree_size,
                             std::vector<Digest32>& path) const {
    for_each_inclusion_sibling(index, tree_size, [&](unsigned level, std::uint64_t sibling) {
      path.push_back(node_at(level, sibling, tree_size));
    });
  }

  /// Builds the tree of `count` leaves whose hashes fill_leaves(out, begin, end) writes for
  /// leaves [begin, end). The work is split into aligned subtrees of 2^kSubtreeLevels leaves, each
  /// hashed from its leaves up to its own root by one task (level by level, one kernel call per
  /// level): one parallel pass for the whole build rather than one per level, which matters when
  /// waking a worker costs a scheduler tick, and each subtree's levels stay in cache. The few
  /// levels above the subtree roots follow on the calling thread.
  template <class FillLeaves>
  static BinaryMerkleTree build(std::size_t count, FillLeaves&& fill_leaves) {
    BinaryMerkleTree tree;
    for (unsigned level = 0; level == 0 || (count >> level) > 0; ++level) {
      tree.levels_.emplace_back(count >> level);  // complete nodes only; the edge is lazy
    }
    const std::size_t subtree = std::size_t{1} << kSubtreeLevels;
    const std::size_t subtrees = (count + subtree - 1) / subtree;
    auto build_subtrees = [&](std::size_t first, std::size_t last) {
      for (std::size_t s = first; s < last; ++s) {
        const std::size_t begin = s * subtree;
        fill_leaves(tree.levels_[0].data() + begin, begin, std::min(begin + subtree, count));
        tree.hash_levels(1, kSubtreeLevels, s);
      }
    };
    if (subtrees < 2) {
      build_subtrees(0, subtrees);
    } else {
      parallel_for(subtrees, 1, build_subtrees);
    }
    tree.hash_levels(kSubtreeLevels + 1, static_cast<unsigned>(tree.levels_.size()) - 1, 0);
    return tree;
  }

  /// Hashes levels [first, last] of the subtree rooted at (kSubtreeLevels, subtree) — or, for
  /// first > kSubtreeLevels, of the whole tree — from the complete nodes of the level below.
  void hash_levels(unsigned first, unsigned last, std::size_t subtree) {
    for (unsigned level = first; level <= last && level < levels_.size(); ++level) {
      const std::size_t width = level <= kSubtreeLevels ? std::size_t{1} << (kSubtreeLevels - level)
                                                        : levels_[level].size();
      const std::size_t begin = level <= kSubtreeLevels ? subtree * width : 0;
      const std::size_t end = std::min(begin + width, levels_[level].size());
      if (begin >= end) return;
      Hashing::nodes_many(levels_[level - 1].data() + 2 * begin, end - begin,
                          levels_[level].data() + begin);
    }
  }

  /// Hash of node (level, index) in the tree of the first `tree_size` leaves.
  Digest32 node_at(unsigned level, std::uint64_t index, std::uint64_t tree_size) const {
    if (node_is_complete(tree_size, level, index)) return levels_[level][index];
    if (tree_size == size()) return edge()[level];
    return range_hash(index << level, tree_size);
  }

  const std::vector<Digest32>& edge() const {
    return edge_.get([this](std::vector<Digest32>& edge) {
      // The incomplete node at level k covers [n - (n mod 2^k), n): the one at level k-1 plus,
      // when bit k-1 of n is set, the complete level-(k-1) block just left of it.
      const std::uint64_t n = size();
      const unsigned height = tree_height(n);
      edge.assign(height + 1, Digest32{});
      bool have_partial = false;
      Digest32 partial{};
      for (unsigned level = 1; level <= height; ++level) {
        if ((n >> (level - 1)) & 1) {
          const Digest32& block = levels_[level - 1][(n >> (level - 1)) - 1];
          partial = have_partial ? Hashing::node(block, partial) : block;
          have_partial = true;
        }
        edge[level] = partial;
      }
    });
  }

  /// Levels hashed within one task of build(): subtrees of 4,096 leaves (128 KiB of digests).
  static constexpr unsigned kSubtreeLevels = 12;

  std::vector<DigestArray> levels_;  // levels_[k][i]: complete node (k, i)
  detail::EdgeCache edge_;
};

}  // namespace merkleforge
