// put_batch's key order (see key_order.hpp).
//
// The sort splits on the first key nibble first (one counting pass), which leaves 16 independent
// buckets, the 16 subtries under the root of a trie of many random keys: reading the heads and
// sorting each bucket then run on the pool (merkleforge::parallel_for) when asked to, so that what
// put_batch does before its (parallel) build is not left to one core.
#include "key_order.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "id_sort.hpp"
#include "key_path.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::mpt::detail {
namespace {

constexpr std::size_t kFirstNibbles = 16;

std::uint64_t key_head(ByteSpan key) noexcept {
  std::uint64_t head = 0;
  if (key.size() >= 8) {
    std::memcpy(&head, key.data(), 8);  // the common case: one load of a constant size
  } else if (!key.empty()) {
    std::memcpy(&head, key.data(), key.size());  // zero-padded
  }
  return std::endian::native == std::endian::little ? __builtin_bswap64(head) : head;
}

bool same_key(ByteSpan a, ByteSpan b) noexcept {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}

unsigned first_nibble(const KeyEntry& entry) noexcept {
  return static_cast<unsigned>(entry.head >> 60);
}

// Calls work(i) for i in [0, n): on the pool if `parallel` (grain 1: each i is a 16th of the
// pairs), else on the calling thread (a grain of n).
template <class Work>
void for_each_index(std::size_t n, bool parallel, Work work) {
  parallel_for(n, parallel ? 1 : n, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) work(i);
  });
}

// order[first, last) = the entries of pairs[first, last). The keys may lie anywhere in memory:
// each is fetched a few pairs ahead of its head.
void read_heads(std::span<const MerklePatriciaTrie::KeyValue> pairs, std::span<KeyEntry> order,
                std::size_t first, std::size_t last) {
  constexpr std::size_t kPrefetchAhead = 8;
  for (std::size_t i = first; i < last; ++i) {
    if (i + kPrefetchAhead < last) __builtin_prefetch(pairs[i + kPrefetchAhead].key.data());
    order[i] = {key_head(pairs[i].key), static_cast<std::uint32_t>(i),
                static_cast<std::uint32_t>(pairs[i].key.size()),
                static_cast<std::uint32_t>(pairs[i].value.size())};
  }
}

// Sorts one bucket (entries of one first nibble) stably by key; `scratch` is as large. Two radix
// passes on the next 22 key bits (an even count: the result ends in `bucket`): among the ~6K keys
// of a bucket of 10^5 hashed keys only a few pairs share them. Such runs are then ordered by the
// rest of the head and, for equal heads, by the whole key.
void sort_bucket(std::span<const MerklePatriciaTrie::KeyValue> pairs, std::span<KeyEntry> bucket,
                 std::span<KeyEntry> scratch) {
  constexpr unsigned kRadixBits = 22, kShift = 60 - kRadixBits;
  const auto prefix = [](const KeyEntry& entry) { return entry.head >> kShift; };
  radix_sort(bucket, scratch, kRadixBits, [&](const KeyEntry& entry) {
    return prefix(entry) & ((std::uint64_t{1} << kRadixBits) - 1);
  });
  const auto by_key = [&](const KeyEntry& a, const KeyEntry& b) {
    if (a.head != b.head) return a.head < b.head;
    const ByteSpan x = pairs[a.index].key, y = pairs[b.index].key;
    return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
  };
  for (auto run = bucket.begin(); run != bucket.end();) {
    const auto end = std::find_if(
        run, bucket.end(), [&](const KeyEntry& entry) { return prefix(entry) != prefix(*run); });
    if (end - run > 1) std::stable_sort(run, end, by_key);
    run = end;
  }
}

}  // namespace

std::vector<KeyEntry> key_order(std::span<const MerklePatriciaTrie::KeyValue> pairs,
                                bool parallel) {
  std::vector<KeyEntry> heads(pairs.size()), order(pairs.size());
  const std::size_t slices = parallel ? kFirstNibbles : 1;
  for_each_index(slices, parallel, [&](std::size_t slice) {
    read_heads(pairs, heads, pairs.size() * slice / slices, pairs.size() * (slice + 1) / slices);
  });

  // A stable counting pass on the first nibble: bucket b is order[start[b], start[b + 1]).
  std::array<std::size_t, kFirstNibbles + 1> start{};
  for (const KeyEntry& entry : heads) ++start[first_nibble(entry) + 1];
  for (std::size_t b = 0; b < kFirstNibbles; ++b) start[b + 1] += start[b];
  std::array<std::size_t, kFirstNibbles> next{};
  std::copy_n(start.begin(), kFirstNibbles, next.begin());
  for (const KeyEntry& entry : heads) order[next[first_nibble(entry)]++] = entry;

  for_each_index(kFirstNibbles, parallel, [&](std::size_t b) {
    const std::size_t size = start[b + 1] - start[b];
    sort_bucket(pairs, std::span(order).subspan(start[b], size),
                std::span(heads).subspan(start[b], size));
  });
  return order;
}

// From the heads when these differ, which is all but ~1 in 10^5 pairs of hashed keys.
std::uint32_t shared_nibbles(std::span<const MerklePatriciaTrie::KeyValue> pairs, const KeyEntry& a,
                             const KeyEntry& b) noexcept {
  const std::size_t shorter = std::min(a.key_size, b.key_size);
  std::size_t shared = 2 * shorter;
  if (const std::uint64_t difference = a.head ^ b.head; difference != 0) {
    shared =
        std::min<std::size_t>(static_cast<std::size_t>(std::countl_zero(difference)) / 4, shared);
  } else {
    shared =
        common_nibbles(pairs[a.index].key, pairs[b.index].key, std::min<std::size_t>(8, shorter));
  }
  return static_cast<std::uint32_t>(shared);
}

std::vector<KeyEntry> surviving_keys(std::span<const MerklePatriciaTrie::KeyValue> pairs,
                                     std::span<const KeyEntry> ordered) {
  std::vector<KeyEntry> survivors;
  survivors.reserve(ordered.size());
  for (std::size_t i = 0; i < ordered.size(); ++i) {
    const KeyEntry& entry = ordered[i];
    const bool overridden = i + 1 < ordered.size() && ordered[i + 1].head == entry.head &&
                            same_key(pairs[ordered[i + 1].index].key, pairs[entry.index].key);
    if (overridden || entry.value_size == 0) continue;
    survivors.push_back(entry);
    if (survivors.size() > 1)
      survivors.back().shared = shared_nibbles(pairs, survivors[survivors.size() - 2], entry);
  }
  return survivors;
}

}  // namespace merkleforge::mpt::detail
