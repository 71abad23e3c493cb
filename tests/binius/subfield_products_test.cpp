// Subfield × extension products and batch inversion against the scalar reference tower.
#include "merkleforge/binius/subfield_products.hpp"

#include <gtest/gtest.h>

#include <random>

#include "binius/binius_support.hpp"
#include "merkleforge/binius/batch_inverse.hpp"
#include "merkleforge/binius/packed.hpp"
#include "merkleforge/binius/polyval.hpp"

namespace merkleforge::binius {
namespace {

using test::random_b128s;

TEST(BiniusSubfieldProducts, B128ByB32MatchesReferenceEveryStrategy) {
  std::mt19937_64 rng(31);
  const auto a = random_b128s(rng, 300);
  std::vector<std::uint32_t> s(a.size());
  for (auto& x : s) x = static_cast<std::uint32_t>(rng());
  s[0] = 0, s[1] = 1;
  test::for_each_packed_strategy(PackedOp::mul_b32, [&](PackedStrategy) {
    std::vector<B128> out(a.size());
    ASSERT_TRUE(mul_b128_by_b32(a, s, out).ok());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(out[i], B128(tower_mul(7, a[i].value(), s[i]))) << i;
    }
    ASSERT_TRUE(mul_b128_by_b32(out, s, out).ok());  // in place
    EXPECT_EQ(out[5], B128(tower_mul(7, tower_mul(7, a[5].value(), s[5]), s[5])));
  });
}

TEST(BiniusSubfieldProducts, B32TablesMatchReferenceAndKats) {
  std::mt19937_64 rng(32);
  for (int i = 0; i < 2000; ++i) {
    const auto a = static_cast<std::uint32_t>(rng()), b = static_cast<std::uint32_t>(rng() >> 40);
    EXPECT_EQ(b32_mul_tables(a, b), tower_mul(5, a, b));
  }
  EXPECT_EQ(b32_mul_tables(0x7857dd86, 0x2e84496e), 0xdba7802au);  // derived B32 vector
}

TEST(BiniusSubfieldProducts, B32InverseTablesMatchReference) {
  std::mt19937_64 rng(34);
  EXPECT_EQ(b32_inverse_tables(0), 0u);
  EXPECT_EQ(b32_inverse_tables(1), 1u);
  for (int i = 0; i < 2000; ++i) {
    // Elements of B32, of its subfield B16 (high half zero) and with a zero low half.
    const auto wide = static_cast<std::uint32_t>(rng());
    for (std::uint32_t a : {wide, wide & 0xffffu, wide & 0xffff0000u}) {
      if (a == 0) continue;
      EXPECT_EQ(b32_inverse_tables(a), tower_inverse(5, a)) << a;
      EXPECT_EQ(tower_mul(5, a, b32_inverse_tables(a)), 1u) << a;
    }
  }
}

TEST(BiniusSubfieldProducts, B128ByB8MatchesReferenceEveryStrategy) {
  std::mt19937_64 rng(33);
  const auto a = random_b128s(rng, 512);
  std::vector<std::uint8_t> s(a.size());
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<std::uint8_t>(i);
  test::for_each_packed_strategy(PackedOp::mul_b8, [&](PackedStrategy) {
    std::vector<B128> out(a.size());
    ASSERT_TRUE(mul_b128_by_b8(a, s, out).ok());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(out[i], B128(tower_mul(7, a[i].value(), s[i]))) << i;
    }
  });
  for (unsigned x = 0; x < 256; ++x) {
    for (unsigned y = 0; y < 256; y += 7) {
      ASSERT_EQ(b8_mul_table(static_cast<std::uint8_t>(x), static_cast<std::uint8_t>(y)),
                tower_mul(3, x, y));
    }
  }
}

TEST(BiniusSubfieldProducts, B128ByB1Selects) {
  std::mt19937_64 rng(34);
  const auto a = random_b128s(rng, 13);
  const std::vector<std::uint8_t> bits = {0b10110101, 0b00010110};
  std::vector<B128> out(a.size());
  ASSERT_TRUE(mul_b128_by_b1(a, bits, out).ok());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(out[i], ((bits[i / 8] >> (i % 8)) & 1) ? a[i] : B128::zero()) << i;
  }
}

TEST(BiniusSubfieldProducts, WrongSizesAreRejected) {
  std::vector<B128> a(9), out(9);
  std::vector<std::uint32_t> s32(8);
  std::vector<std::uint8_t> s8(10), bits(1);
  EXPECT_EQ(mul_b128_by_b32(a, s32, out).error().code, Errc::wrong_size);
  EXPECT_EQ(mul_b128_by_b8(a, s8, out).error().code, Errc::wrong_size);
  EXPECT_EQ(mul_b128_by_b1(a, bits, out).error().code, Errc::wrong_size);
  EXPECT_EQ(batch_inverse(a, std::span<B128>(out).first(3)).error().code, Errc::wrong_size);
}

TEST(BiniusBatchInverse, MatchesReferenceWithZeros) {
  std::mt19937_64 rng(35);
  auto values = random_b128s(rng, 100);
  values[0] = values[17] = values[99] = B128::zero();
  values[50] = B128::one();
  const PolyvalIsa saved = polyval_active_isa();
  for (PolyvalIsa isa : polyval_available_isas()) {
    ASSERT_TRUE(polyval_set_isa(isa).ok());
    std::vector<B128> out(values.size());
    ASSERT_TRUE(batch_inverse(values, out).ok());
    for (std::size_t i = 0; i < values.size(); ++i) {
      EXPECT_EQ(out[i], B128(tower_inverse(7, values[i].value())))
          << polyval_isa_name(isa) << " " << i;
    }
  }
  ASSERT_TRUE(polyval_set_isa(saved).ok());
  std::vector<B128> empty;
  EXPECT_TRUE(batch_inverse(empty, empty).ok());
}

}  // namespace
}  // namespace merkleforge::binius
