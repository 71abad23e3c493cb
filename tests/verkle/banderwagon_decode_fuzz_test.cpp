// The property of fuzz/verkle_point_decode_fuzz.cpp over a few thousand random and mutated
// encodings, so CI exercises the decoder without a fuzzing toolchain: never crash, accept only
// canonical encodings (re-encoding gives the input back), and reject every mutation that leaves
// the curve, the subgroup or the canonical range.
#include <gtest/gtest.h>

#include <random>

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/crs.hpp"

namespace merkleforge::verkle {
namespace {

/// Decodes `input`; when accepted, checks the round trip. Returns whether it was accepted.
bool decode_and_check(ByteSpan input) {
  const auto point = Element::from_bytes(input);
  if (!point) {
    EXPECT_FALSE(point.error().message.empty());
    return false;
  }
  const auto encoded = point->to_bytes();
  EXPECT_TRUE(std::equal(encoded.begin(), encoded.end(), input.begin(), input.end()));
  return true;
}

TEST(BanderwagonDecodeFuzz, MutatedValidEncodings) {
  std::mt19937_64 rng(5);
  int accepted = 0, rejected = 0;
  for (const Element& point : crs_points()) {
    const auto valid = point.to_bytes();
    ASSERT_TRUE(decode_and_check(valid));
    for (int m = 0; m < 12; ++m) {
      auto mutated = valid;
      switch (m % 3) {
        case 0:
          mutated[rng() % 32] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
          break;
        case 1:
          mutated[rng() % 32] = static_cast<std::uint8_t>(rng());
          break;
        default:
          mutated[0] |= 0x80;
          break;  // x >= 2^255 > p
      }
      (decode_and_check(mutated) ? accepted : rejected) += 1;
    }
    // Truncated and extended encodings.
    EXPECT_FALSE(decode_and_check(ByteSpan(valid).first(31)));
    Bytes longer(valid.begin(), valid.end());
    longer.push_back(0);
    EXPECT_FALSE(decode_and_check(longer));
  }
  // About a quarter of random x values are valid encodings; both outcomes must occur.
  EXPECT_GT(accepted, 100);
  EXPECT_GT(rejected, 1000);
}

TEST(BanderwagonDecodeFuzz, RandomInputsOfRandomLength) {
  std::mt19937_64 rng(6);
  int accepted = 0;
  for (int i = 0; i < 2000; ++i) {
    Bytes input(i % 10 == 0 ? rng() % 40 : 32);
    for (auto& b : input) b = static_cast<std::uint8_t>(rng());
    if (i % 2 == 0 && input.size() == 32) input[0] &= 0x3f;  // mostly canonical x
    const bool decoded = decode_and_check(input);
    // Only 32-byte encodings of an x below p (< 2^255, so the top bit clear) can decode.
    if (input.size() != 32 || (input[0] & 0x80) != 0) {
      EXPECT_FALSE(decoded) << "input " << i;
    }
    accepted += decoded ? 1 : 0;
  }
  // About a quarter of the canonical-range x values are points of the subgroup: both outcomes.
  EXPECT_GT(accepted, 100);
  EXPECT_LT(accepted, 1000);
}

}  // namespace
}  // namespace merkleforge::verkle
