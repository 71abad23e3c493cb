// MerklePatriciaTrie::put_batch: many puts applied in key order.
#include <algorithm>
#include <stdexcept>
#include <vector>

#include "merkleforge/mpt/trie.hpp"

namespace merkleforge::mpt {
namespace {

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

// Indices of `pairs` in increasing key order; pairs of equal keys keep their given order.
std::vector<SortEntry> key_order(std::span<const MerklePatriciaTrie::KeyValue> pairs) {
  std::vector<SortEntry> order(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i)
    order[i] = {key_head(pairs[i].key), static_cast<std::uint32_t>(i)};
  std::sort(order.begin(), order.end(), [&](const SortEntry& a, const SortEntry& b) {
    if (a.head != b.head) return a.head < b.head;
    const ByteSpan x = pairs[a.index].key, y = pairs[b.index].key;
    if (!std::equal(x.begin(), x.end(), y.begin(), y.end()))
      return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
    return a.index < b.index;
  });
  return order;
}

}  // namespace

Status MerklePatriciaTrie::put_batch(std::span<const KeyValue> pairs) {
  if (pairs.size() > 0xffffffffu) throw std::length_error("put_batch of 2^32 pairs or more");
  for (const SortEntry& entry : key_order(pairs)) {
    const KeyValue& pair = pairs[entry.index];
    if (auto status = put(pair.key, pair.value); !status) return status;
  }
  return Ok{};
}

}  // namespace merkleforge::mpt
