#include "merkleforge/binary/shape.hpp"

#include <bit>

namespace merkleforge {

std::size_t inclusion_proof_length(std::uint64_t index, std::uint64_t size) noexcept {
  std::size_t length = 0;
  for_each_inclusion_sibling(index, size, [&](unsigned, std::uint64_t) { ++length; });
  return length;
}

std::vector<LeafRange> consistency_proof_ranges(std::uint64_t old_size, std::uint64_t new_size) {
  // SUBPROOF(m, D[begin : begin+n], b) appends one subtree per recursion step and ends with
  // MTH(D[begin : begin+n]) unless b still holds (the old tree is a prefix of this subtree and
  // the verifier already knows its root). Iterating collects the appended ranges outer first.
  std::vector<LeafRange> appended;
  std::uint64_t begin = 0;
  std::uint64_t m = old_size;
  std::uint64_t n = new_size;
  bool old_root_known = true;
  while (m != n) {
    const std::uint64_t k = std::bit_floor(n - 1);  // largest power of two below n
    if (m <= k) {
      appended.push_back({begin + k, begin + n});
      n = k;
    } else {
      appended.push_back({begin, begin + k});
      begin += k;
      m -= k;
      n -= k;
      old_root_known = false;
    }
  }
  std::vector<LeafRange> ranges;
  ranges.reserve(appended.size() + 1);
  if (!old_root_known) ranges.push_back({begin, begin + n});
  ranges.insert(ranges.end(), appended.rbegin(), appended.rend());
  return ranges;
}

std::size_t multiproof_length(std::uint64_t size,
                              const std::vector<std::uint64_t>& sorted_indices) {
  struct Nothing {};
  std::vector<std::pair<std::uint64_t, Nothing>> known;
  known.reserve(sorted_indices.size());
  for (std::uint64_t index : sorted_indices) known.emplace_back(index, Nothing{});
  std::size_t length = 0;
  walk_multiproof(
      size, known,
      [&](unsigned, std::uint64_t) {
        ++length;
        return std::optional<Nothing>(Nothing{});
      },
      [](Nothing, Nothing) { return Nothing{}; });
  return length;
}

}  // namespace merkleforge
