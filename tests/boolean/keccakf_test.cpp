// The Boolean engine's Keccak-f circuit (boolean/circuit.hpp): its witness against the hash
// layer's permutation and the published value, its layout, and each kind of wrong bit.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <random>

#include "merkleforge/hash/keccak.hpp"
#include "walks_support.hpp"

namespace merkleforge::boolean {
namespace {

const Circuit& keccak() {
  return keccakf_circuit();
}

TEST(BooleanKeccakf, ShapeIs41600CommittedBitsIn2To16) {
  EXPECT_EQ(keccak().name(), "keccakf");
  EXPECT_EQ(keccak().log_bits(), 16u);
  EXPECT_EQ(keccak().input_bytes(), 200u);
  EXPECT_EQ(keccak().output_bytes(), 200u);
  EXPECT_EQ(keccak().output_log_bits(), 11u);
  EXPECT_EQ(keccak().output_offset(), 65536u - 2048u);
}

TEST(BooleanKeccakf, ZeroStateGivesThePublishedValue) {
  // Keccak team, KeccakF-1600-IntermediateValues.txt: the first lanes after permuting zero.
  const Words z = test::witness_of(keccak(), Bytes(200, 0));
  Bytes out(200);
  keccak().output(z, out);
  std::uint64_t lane0, lane1;
  std::memcpy(&lane0, out.data(), 8);
  std::memcpy(&lane1, out.data() + 8, 8);
  EXPECT_EQ(lane0, 0xF1258F7940E1DDE7ull);
  EXPECT_EQ(lane1, 0x84D5CCF933C0478Aull);
}

TEST(BooleanKeccakf, OutputIsTheHashLayersPermutation) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 8; ++trial) {
    const Bytes input = test::random_bytes(200, rng);
    std::array<std::uint64_t, 25> state;
    std::memcpy(state.data(), input.data(), 200);
    keccak_f1600(state);
    Bytes out(200);
    keccak().output(test::witness_of(keccak(), input), out);
    EXPECT_EQ(std::memcmp(out.data(), state.data(), 200), 0) << "trial " << trial;
  }
}

TEST(BooleanKeccakf, PaddingIsZero) {
  std::mt19937_64 rng(2);
  const Words z = test::witness_of(keccak(), test::random_bytes(200, rng));
  for (std::size_t w = 625; w < z.size(); ++w) {
    if (w < 992 || w >= 1017) {
      EXPECT_EQ(z[w], 0u) << "word " << w;
    }
  }
}

// One wrong committed bit of each kind breaks its own row: a χ product (and, through the state,
// later rows), an output bit, a padding bit. An input bit's row holds for any value (1·z_j): a
// changed input changes the rows that read it.
TEST(BooleanKeccakf, EachKindOfWrongBitBreaksItsRow) {
  std::mt19937_64 rng(3);
  const Words honest = test::witness_of(keccak(), test::random_bytes(200, rng));
  for (const std::size_t j : {std::size_t{64 * 25 + 7}, std::size_t{64 * 25 * 13 + 1000},
                              std::size_t{64 * 992 + 3}, std::size_t{64 * 700 + 5}}) {
    Words z = honest;
    z[j / 64] ^= std::uint64_t{1} << (j % 64);
    const auto failing = test::failing_rows(keccak(), z);
    EXPECT_NE(std::find(failing.begin(), failing.end(), j), failing.end()) << "bit " << j;
  }
  Words z = honest;
  z[0] ^= 1;  // an input bit
  const auto failing = test::failing_rows(keccak(), z);
  EXPECT_FALSE(failing.empty());
  EXPECT_EQ(std::find(failing.begin(), failing.end(), 0u), failing.end());
}

}  // namespace
}  // namespace merkleforge::boolean
