// MerklePatriciaTrie::put_batch: many puts applied in key order.
#include <algorithm>
#include <stdexcept>
#include <vector>

#include "merkleforge/mpt/trie.hpp"
#include "mpt/id_sort.hpp"

namespace merkleforge::mpt {
namespace {

constexpr std::size_t kPrefetchAhead = 8;

// A pair to sort: the first 8 key bytes (big-endian, zero-padded) decide almost every
// comparison without reading the key itself, which may lie anywhere in memory.
struct SortEntry {
  std::uint64_t head;
  std::uint32_t index;
};

std::uint64_t key_head(ByteSpan key) noexcept {
  std::uint64_t head = 0;
  for (std::size_t i = 0; i < 8; ++i) head = head << 8 | (i < key.size() ? key[i] : 0);
  return head;
}

// Indices of `pairs` in increasing key order; pairs of equal keys keep their given order. A
// radix sort on the heads (stable), then runs of equal heads (rare with hashed keys) ordered by
// the whole key.
std::vector<SortEntry> key_order(std::span<const MerklePatriciaTrie::KeyValue> pairs) {
  std::vector<SortEntry> order(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i)
    order[i] = {key_head(pairs[i].key), static_cast<std::uint32_t>(i)};
  std::vector<SortEntry> scratch;
  detail::radix_sort(order, scratch, 64, [](const SortEntry& entry) { return entry.head; });
  const auto by_key = [&](const SortEntry& a, const SortEntry& b) {
    const ByteSpan x = pairs[a.index].key, y = pairs[b.index].key;
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
  };
  for (auto run = order.begin(); run != order.end();) {
    const auto end = std::find_if(run, order.end(),
                                  [&](const SortEntry& entry) { return entry.head != run->head; });
    if (end - run > 1) std::stable_sort(run, end, by_key);
    run = end;
  }
  return order;
}

}  // namespace

Status MerklePatriciaTrie::put_batch(std::span<const KeyValue> pairs) {
  if (pairs.size() > 0xffffffffu) throw std::length_error("put_batch of 2^32 pairs or more");
  const std::vector<SortEntry> order = key_order(pairs);
  for (std::size_t i = 0; i < order.size(); ++i) {
    // In key order the trie path is in cache, but the caller's pairs, keys and values are not:
    // the pair is fetched 2 * kPrefetchAhead puts ahead, so that its key and value can be
    // fetched kPrefetchAhead puts ahead (without both, these misses cost more than the puts).
    if (i + 2 * kPrefetchAhead < order.size())
      __builtin_prefetch(&pairs[order[i + 2 * kPrefetchAhead].index]);
    if (i + kPrefetchAhead < order.size()) {
      const KeyValue& ahead = pairs[order[i + kPrefetchAhead].index];
      __builtin_prefetch(ahead.key.data());
      __builtin_prefetch(ahead.value.data());
    }
    const KeyValue& pair = pairs[order[i].index];
    if (auto status = put(pair.key, pair.value); !status) return status;
  }
  return Ok{};
}

}  // namespace merkleforge::mpt
