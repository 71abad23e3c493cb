// The order in which put_batch applies its pairs: increasing key order, found by a radix sort of
// the first 8 key bytes (the "head") kept beside each pair's index, so that almost no comparison
// reads a key (the caller's keys may lie anywhere in memory).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/mpt/trie.hpp"

namespace merkleforge::mpt::detail {

/// One pair of a batch, as sorted: its key head (first 8 bytes, big-endian, zero-padded), its
/// position in the batch, its key and value sizes (so that a build can size its storage without
/// reading the pair again) and, in a surviving_keys result, how many nibbles its key has in
/// common with the previous entry's (0 for the first): where the trie over the keys forks.
struct KeyEntry {
  std::uint64_t head;
  std::uint32_t index;
  std::uint32_t key_size;
  std::uint32_t value_size;
  std::uint32_t shared = 0;
};

/// The entries of `pairs` in increasing key order; pairs of equal keys keep their given order.
/// With `parallel`, the work is spread over oneTBB threads. Precondition: fewer than 2^32 pairs,
/// keys under 2 GiB and values under 4 GiB.
std::vector<KeyEntry> key_order(std::span<const MerklePatriciaTrie::KeyValue> pairs, bool parallel);

/// `ordered` (from key_order) reduced to what the batch leaves in an empty trie: the last pair of
/// each key, and none of the keys whose last value is empty (an erase); each with its `shared`.
std::vector<KeyEntry> surviving_keys(std::span<const MerklePatriciaTrie::KeyValue> pairs,
                                     std::span<const KeyEntry> ordered);

/// Nibbles the keys of `a` and `b` have in common (one may be a prefix of the other).
std::uint32_t shared_nibbles(std::span<const MerklePatriciaTrie::KeyValue> pairs, const KeyEntry& a,
                             const KeyEntry& b) noexcept;

}  // namespace merkleforge::mpt::detail
