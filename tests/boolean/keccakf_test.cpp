// The Boolean engine's Keccak-f circuit (boolean/circuit.hpp): its witness against the hash
// layer's permutation and the published value, every row on honest and altered witnesses, and
// the backward walk against the forward one (the adjoint identity).
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>
#include <vector>

#include "merkleforge/boolean/circuit.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::boolean {
namespace {

using Words = std::vector<std::uint64_t>;

const Circuit& keccak() {
  return keccakf_circuit();
}

Bytes random_bytes(std::size_t n, std::mt19937_64& rng) {
  Bytes bytes(n);
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

Words witness_of(ByteSpan input) {
  Words z(keccak().words());
  keccak().witness(input, z);
  return z;
}

/// The rows j whose constraint a_j·b_j = z_j fails.
std::vector<std::size_t> failing_rows(const Words& z) {
  Words a(z.size()), b(z.size());
  keccak().operands(z, a, b);
  std::vector<std::size_t> failing;
  for (std::size_t w = 0; w < z.size(); ++w) {
    for (std::uint64_t bad = (a[w] & b[w]) ^ z[w]; bad != 0; bad &= bad - 1) {
      failing.push_back(64 * w + static_cast<std::size_t>(std::countr_zero(bad)));
    }
  }
  return failing;
}

bool bit(const Words& v, std::size_t j) {
  return (v[j / 64] >> (j % 64)) & 1;
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
  const Words z = witness_of(Bytes(200, 0));
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
    const Bytes input = random_bytes(200, rng);
    std::array<std::uint64_t, 25> state;
    std::memcpy(state.data(), input.data(), 200);
    keccak_f1600(state);
    Bytes out(200);
    keccak().output(witness_of(input), out);
    EXPECT_EQ(std::memcmp(out.data(), state.data(), 200), 0) << "trial " << trial;
  }
}

TEST(BooleanKeccakf, HonestWitnessSatisfiesEveryRowAndPadsWithZeros) {
  std::mt19937_64 rng(2);
  const Words z = witness_of(random_bytes(200, rng));
  EXPECT_TRUE(failing_rows(z).empty());
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
  const Words honest = witness_of(random_bytes(200, rng));
  for (const std::size_t j : {std::size_t{64 * 25 + 7}, std::size_t{64 * 25 * 13 + 1000},
                              std::size_t{64 * 992 + 3}, std::size_t{64 * 700 + 5}}) {
    Words z = honest;
    z[j / 64] ^= std::uint64_t{1} << (j % 64);
    const auto failing = failing_rows(z);
    EXPECT_NE(std::find(failing.begin(), failing.end(), j), failing.end()) << "bit " << j;
  }
  Words z = honest;
  z[0] ^= 1;  // an input bit
  const auto failing = failing_rows(z);
  EXPECT_FALSE(failing.empty());
  EXPECT_EQ(std::find(failing.begin(), failing.end(), 0u), failing.end());
}

B128P random_element(std::mt19937_64& rng) {
  return B128P::from_bits(binius::make_uint128(rng(), rng()));
}

/// Σ_j wa_j·a_j + wb_j·b_j against Σ_i z_i·columns_i + constant: the forward walk, evaluated,
/// and the backward walk, written independently, must be each other's transpose.
void expect_adjoint(const Words& z, std::mt19937_64& rng) {
  const std::size_t n = std::size_t{1} << keccak().log_bits();
  std::vector<B128P> wa(n), wb(n), columns(n);
  for (std::size_t j = 0; j < n; ++j) wa[j] = random_element(rng), wb[j] = random_element(rng);
  Words a(z.size()), b(z.size());
  keccak().operands(z, a, b);
  B128P forward;
  for (std::size_t j = 0; j < n; ++j) {
    if (bit(a, j)) forward += wa[j];
    if (bit(b, j)) forward += wb[j];
  }
  B128P backward = keccak().transpose(wa, wb, columns);
  for (std::size_t i = 0; i < n; ++i) {
    if (bit(z, i)) backward += columns[i];
  }
  EXPECT_EQ(forward, backward);
}

TEST(BooleanKeccakf, BackwardWalkIsTheForwardWalksTranspose) {
  std::mt19937_64 rng(4);
  expect_adjoint(Words(keccak().words(), 0), rng);  // the constants alone
  expect_adjoint(witness_of(random_bytes(200, rng)), rng);
  Words any(keccak().words());  // not a witness: every bit, padding included, random
  for (auto& word : any) word = rng();
  expect_adjoint(any, rng);
}

TEST(BooleanKeccakf, TransposeAddsToTheColumnsItIsGiven) {
  const std::size_t n = std::size_t{1} << keccak().log_bits();
  std::mt19937_64 rng(5);
  std::vector<B128P> wa(n), wb(n), fresh(n), preset(n);
  for (std::size_t j = 0; j < n; ++j) wa[j] = random_element(rng), wb[j] = random_element(rng);
  for (auto& c : preset) c = random_element(rng);
  const std::vector<B128P> start = preset;
  EXPECT_EQ(keccak().transpose(wa, wb, fresh), keccak().transpose(wa, wb, preset));
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(preset[i], start[i] + fresh[i]) << i;
}

}  // namespace
}  // namespace merkleforge::boolean
