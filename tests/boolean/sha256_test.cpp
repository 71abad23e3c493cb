// The Boolean engine's SHA-256 compression (boolean/circuit.hpp): FIPS 180-4's "abc", the hash
// layer's compression on random inputs, and each kind of wrong bit.
#include "merkleforge/hash/sha256.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>

#include "merkleforge/core/hex.hpp"
#include "walks_support.hpp"

namespace merkleforge::boolean {
namespace {

const Circuit& sha() {
  return sha256_circuit();
}

Bytes compress_with_the_circuit(ByteSpan input) {
  Bytes out(32);
  sha().output(test::witness_of(sha(), input), out);
  return out;
}

TEST(BooleanSha256, AbcIsThePublishedDigest) {
  // FIPS 180-4's initial value and the one padded block of "abc"; the digest from its example.
  const Bytes input = from_hex(
                          "6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19"
                          "6162638000000000000000000000000000000000000000000000000000000000"
                          "0000000000000000000000000000000000000000000000000000000000000018")
                          .value();
  EXPECT_EQ(to_hex(compress_with_the_circuit(input)),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(BooleanSha256, OutputIsTheHashLayersCompression) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 8; ++trial) {
    const Bytes input = test::random_bytes(96, rng);
    std::array<std::uint32_t, 8> state;
    for (unsigned i = 0; i < 8; ++i) {
      state[i] = std::uint32_t{input[4 * i]} << 24 | std::uint32_t{input[4 * i + 1]} << 16 |
                 std::uint32_t{input[4 * i + 2]} << 8 | input[4 * i + 3];
    }
    Sha256::compress(state, input.data() + 32);
    Bytes expected(32);
    for (unsigned i = 0; i < 8; ++i) {
      for (unsigned j = 0; j < 4; ++j)
        expected[4 * i + j] = static_cast<std::uint8_t>(state[i] >> (24 - 8 * j));
    }
    EXPECT_EQ(compress_with_the_circuit(input), expected) << "trial " << trial;
  }
}

TEST(BooleanSha256, ShapeIs2To15WithTheOutputInTheLast256Bits) {
  EXPECT_EQ(sha().log_bits(), 15u);
  EXPECT_EQ(sha().input_bytes(), 96u);
  EXPECT_EQ(sha().output_bytes(), 32u);
  EXPECT_EQ(sha().output_log_bits(), 8u);
  EXPECT_EQ(sha().output_offset(), 32768u - 256u);
}

// A wrong carry product of the first schedule addition, of a round's last addition, a wrong Ch
// and Maj output, an output bit and a padding bit each break their own row.
TEST(BooleanSha256, EachKindOfWrongBitBreaksItsRow) {
  std::mt19937_64 rng(3);
  const Words honest = test::witness_of(sha(), test::random_bytes(96, rng));
  constexpr std::size_t kRounds = 768 + 48 * 3 * 31;
  for (const std::size_t j :
       {std::size_t{768 + 4}, kRounds + 5 * 281 + 64 + 6 * 31 + 30, kRounds + 7 * 281 + 3,
        kRounds + 9 * 281 + 40, std::size_t{32768 - 256 + 17}, std::size_t{30000}}) {
    Words z = honest;
    z[j / 64] ^= std::uint64_t{1} << (j % 64);
    const auto failing = test::failing_rows(sha(), z);
    EXPECT_NE(std::find(failing.begin(), failing.end(), j), failing.end()) << "bit " << j;
  }
}

}  // namespace
}  // namespace merkleforge::boolean
