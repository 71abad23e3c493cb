// The shape of an RFC 6962 tree of `size` leaves, without any hashing.
//
// The tree that RFC 9162 §2.1.1 defines by recursive splits (left part = the largest power of two
// below n) is the same as the "left-aligned" tree in which node (level, index) covers the leaves
// [index·2^level, min((index+1)·2^level, size)) and a node whose right child would start past the
// last leaf is the same node as its left child (it is promoted, not hashed). Level k therefore has
// ceil(size / 2^k) nodes, of which floor(size / 2^k) cover 2^k leaves ("complete"). Proof
// generation, verification and decoding all walk this shape, so it is defined once, here.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace merkleforge {

/// Nodes at `level` (0 = leaves); 0 for the empty tree.
constexpr std::uint64_t level_width(std::uint64_t size, unsigned level) noexcept {
  if (size == 0) return 0;
  return level >= 64 ? 1 : ((size - 1) >> level) + 1;
}

/// Levels above the leaves: ceil(log2(size)); the root is at this level.
constexpr unsigned tree_height(std::uint64_t size) noexcept {
  return size <= 1 ? 0 : static_cast<unsigned>(std::bit_width(size - 1));
}

/// True when node (level, index) exists in a tree of `size` leaves.
constexpr bool node_exists(std::uint64_t size, unsigned level, std::uint64_t index) noexcept {
  return index < level_width(size, level);
}

/// True when node (level, index) covers 2^level leaves (its hash never changes on append).
constexpr bool node_is_complete(std::uint64_t size, unsigned level, std::uint64_t index) noexcept {
  return level < 64 && index < (size >> level);
}

/// Calls f(level, index) for each sibling on the path of leaf `index`, bottom-up (RFC 9162 PATH).
/// Precondition: index < size.
template <class F>
void for_each_inclusion_sibling(std::uint64_t index, std::uint64_t size, F&& f) {
  for (unsigned level = 0; level_width(size, level) > 1; ++level) {
    const std::uint64_t sibling = (index >> level) ^ 1;
    if (node_exists(size, level, sibling)) f(level, sibling);
  }
}

/// Length of the inclusion proof of leaf `index`. Precondition: index < size.
std::size_t inclusion_proof_length(std::uint64_t index, std::uint64_t size) noexcept;

/// A run of leaves [begin, end).
struct LeafRange {
  std::uint64_t begin;
  std::uint64_t end;
  bool operator==(const LeafRange&) const = default;
};

/// The subtrees whose hashes form the consistency proof from old_size to new_size, in proof order
/// (RFC 9162 §2.1.4.1 SUBPROOF(m, D[0:n], true)). Precondition: 0 < old_size <= new_size.
std::vector<LeafRange> consistency_proof_ranges(std::uint64_t old_size, std::uint64_t new_size);

/// Walks a multiproof bottom-up. `known` holds the proven nodes of the current level as
/// (index, payload), sorted by index without duplicates; it starts with the leaves. At each level
/// a node's sibling is taken from `known` when present, else from `sibling(level, index)` (which
/// returns std::nullopt to abort the walk); `combine(left, right)` makes the parent's payload; a
/// node without sibling is promoted. Returns false if `sibling` aborted; on success `known` holds
/// the root as its only element. The generator passes a payload-free T, the verifier digests.
template <class T, class Sibling, class Combine>
bool walk_multiproof(std::uint64_t size, std::vector<std::pair<std::uint64_t, T>>& known,
                     Sibling&& sibling, Combine&& combine) {
  for (unsigned level = 0; level_width(size, level) > 1; ++level) {
    std::size_t parents = 0;
    for (std::size_t j = 0; j < known.size(); ++j) {
      auto [index, value] = known[j];
      const std::uint64_t sibling_index = index ^ 1;
      if (node_exists(size, level, sibling_index)) {
        std::optional<T> other;
        if (j + 1 < known.size() && known[j + 1].first == sibling_index) {
          other = known[++j].second;  // both children known: nothing taken from the proof
        } else {
          other = sibling(level, sibling_index);
          if (!other) return false;
        }
        value = (index & 1) ? combine(*other, value) : combine(value, *other);
      }
      known[parents++] = {index >> 1, value};
    }
    known.resize(parents);
  }
  return true;
}

/// Number of sibling hashes in the multiproof of `sorted_indices` (sorted, unique, < size).
std::size_t multiproof_length(std::uint64_t size, const std::vector<std::uint64_t>& sorted_indices);

}  // namespace merkleforge
