// Sorting node ids in increasing order, in linear time: the batch hasher visits each level of
// changed nodes in pool order so that the pools and arenas are read front to back.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace merkleforge::mpt::detail {

/// Sorts `ids` in increasing order; `scratch` is working space (any contents, reused). Large
/// inputs go through a three-pass least-significant-digit radix sort (11 bits a pass), which
/// costs a few passes over the ids instead of the ~log2(n) comparisons per id of std::sort.
inline void sort_ids(std::vector<std::uint32_t>& ids, std::vector<std::uint32_t>& scratch) {
  constexpr std::size_t kRadixBits = 11, kBuckets = std::size_t{1} << kRadixBits;
  constexpr std::size_t kRadixWorthwhile = 4096;
  if (ids.size() < kRadixWorthwhile) {
    std::sort(ids.begin(), ids.end());
    return;
  }
  scratch.resize(ids.size());
  for (std::size_t shift = 0; shift < 32; shift += kRadixBits) {
    std::array<std::size_t, kBuckets> start{};
    for (const std::uint32_t id : ids) ++start[(id >> shift) & (kBuckets - 1)];
    std::size_t position = 0;
    for (std::size_t& bucket : start) position += std::exchange(bucket, position);
    for (const std::uint32_t id : ids) scratch[start[(id >> shift) & (kBuckets - 1)]++] = id;
    ids.swap(scratch);
  }
}

}  // namespace merkleforge::mpt::detail
