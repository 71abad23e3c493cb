// Sorting by an unsigned integer key in linear time: the batch hasher visits each level of
// changed nodes in pool order (node ids), so that the pools and arenas are read front to back;
// put_batch applies pairs in key order (the first 8 key bytes).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace merkleforge::mpt::detail {

/// Sorts `items` by `key(item)` (an unsigned integer of at most `key_bits` bits), stably;
/// `scratch` is working space of at least items.size() (any contents). A least-significant-digit
/// radix sort, 11 bits a pass: a few passes over the items instead of the ~log2(n) comparisons
/// per item of a comparison sort. A pass whose digit is the same for every item is skipped.
template <class T, class Key>
void radix_sort(std::span<T> items, std::span<T> scratch, unsigned key_bits, Key key) {
  constexpr unsigned kRadixBits = 11;
  constexpr std::size_t kBuckets = std::size_t{1} << kRadixBits;
  std::span<T> from = items, to = scratch.first(items.size());
  for (unsigned shift = 0; shift < key_bits; shift += kRadixBits) {
    const auto digit = [&](const T& item) {
      return static_cast<std::size_t>(key(item) >> shift) & (kBuckets - 1);
    };
    std::array<std::size_t, kBuckets> start{};
    for (const T& item : from) ++start[digit(item)];
    if (!from.empty() && start[digit(from.front())] == from.size()) continue;
    std::size_t position = 0;
    for (std::size_t& bucket : start) position += std::exchange(bucket, position);
    for (const T& item : from) to[start[digit(item)]++] = item;
    std::swap(from, to);
  }
  if (from.data() != items.data()) std::copy(from.begin(), from.end(), items.begin());
}

/// Sorts node ids in increasing order (small inputs with std::sort).
inline void sort_ids(std::vector<std::uint32_t>& ids, std::vector<std::uint32_t>& scratch) {
  constexpr std::size_t kRadixWorthwhile = 4096;
  if (ids.size() < kRadixWorthwhile) {
    std::sort(ids.begin(), ids.end());
    return;
  }
  scratch.resize(ids.size());
  radix_sort(std::span(ids), std::span(scratch), 32, [](std::uint32_t id) { return id; });
}

}  // namespace merkleforge::mpt::detail
