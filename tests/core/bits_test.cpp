// transpose64 against the definition of a transpose, bit by bit.
#include "merkleforge/core/bits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

namespace merkleforge {
namespace {

TEST(Bits, Transpose64MatchesTheDefinition) {
  std::mt19937_64 rng(1);
  std::uint64_t m[64], t[64];
  for (auto& x : m) x = rng();
  std::copy(m, m + 64, t);
  transpose64(t);
  for (int r = 0; r < 64; ++r) {
    for (int c = 0; c < 64; ++c) ASSERT_EQ((t[r] >> c) & 1, (m[c] >> r) & 1) << r << " " << c;
  }
}

}  // namespace
}  // namespace merkleforge
