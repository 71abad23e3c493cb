// put_batch's key order (see key_order.hpp).
#include "mpt/key_order.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "mpt/id_sort.hpp"

namespace merkleforge::mpt::detail {
namespace {

std::uint64_t key_head(ByteSpan key) noexcept {
  std::uint8_t bytes[8] = {};
  if (!key.empty()) std::memcpy(bytes, key.data(), std::min<std::size_t>(key.size(), 8));
  std::uint64_t head;
  std::memcpy(&head, bytes, 8);
  return std::endian::native == std::endian::little ? __builtin_bswap64(head) : head;
}

bool same_key(ByteSpan a, ByteSpan b) noexcept {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

}  // namespace

std::vector<KeyEntry> key_order(std::span<const MerklePatriciaTrie::KeyValue> pairs) {
  // The keys may lie anywhere in memory: each is fetched a few pairs ahead of its head.
  constexpr std::size_t kPrefetchAhead = 8;
  std::vector<KeyEntry> order(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    if (i + kPrefetchAhead < pairs.size()) __builtin_prefetch(pairs[i + kPrefetchAhead].key.data());
    order[i] = {key_head(pairs[i].key), static_cast<std::uint32_t>(i),
                static_cast<std::uint32_t>(pairs[i].key.size()),
                static_cast<std::uint32_t>(pairs[i].value.size())};
  }
  // Radix passes on the first 4 key bytes only (3 passes instead of 6): among 10^5 hashed keys
  // about one pair shares them. Such runs are then ordered by the rest of the head and, for
  // equal heads, by the whole key; stably, so equal keys keep their batch order.
  const auto prefix = [](const KeyEntry& entry) { return entry.head >> 32; };
  std::vector<KeyEntry> scratch;
  radix_sort(order, scratch, 32, prefix);
  const auto by_key = [&](const KeyEntry& a, const KeyEntry& b) {
    if (a.head != b.head) return a.head < b.head;
    const ByteSpan x = pairs[a.index].key, y = pairs[b.index].key;
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
  };
  for (auto run = order.begin(); run != order.end();) {
    const auto end = std::find_if(
        run, order.end(), [&](const KeyEntry& entry) { return prefix(entry) != prefix(*run); });
    if (end - run > 1) std::stable_sort(run, end, by_key);
    run = end;
  }
  return order;
}

std::vector<KeyEntry> surviving_keys(std::span<const MerklePatriciaTrie::KeyValue> pairs,
                                     std::span<const KeyEntry> ordered) {
  std::vector<KeyEntry> survivors;
  survivors.reserve(ordered.size());
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    const KeyEntry& entry = ordered[i];
    const bool overridden = i + 1 < ordered.size() && ordered[i + 1].head == entry.head &&
                            same_key(pairs[ordered[i + 1].index].key, pairs[entry.index].key);
    if (!overridden && entry.value_size != 0) survivors.push_back(entry);
  }
  return survivors;
}

}  // namespace merkleforge::mpt::detail
