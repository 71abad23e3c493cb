// Multilinear kernels against their naive formulas, computed with the scalar reference tower.
#include "merkleforge/binius/multilinear.hpp"

#include <gtest/gtest.h>

#include <random>

#include "binius/binius_support.hpp"
#include "merkleforge/binius/polyval.hpp"

namespace merkleforge::binius {
namespace {

using test::random_b128s;

using test::for_each_polyval_isa;

/// a·b by the tower's reference product (tower_mul), not B128's operator* (a POLYVAL kernel).
B128 mul(B128 a, B128 b) {
  return B128(tower_mul(7, a.value(), b.value()));
}

/// eq(r, i) = prod_j (r_j if bit j of i is set, else 1 + r_j).
B128 naive_eq(const std::vector<B128>& r, std::size_t i) {
  B128 product = B128::one();
  for (std::size_t j = 0; j < r.size(); ++j)
    product = mul(product, ((i >> j) & 1) ? r[j] : B128::one() + r[j]);
  return product;
}

B128 naive_evaluate(const std::vector<B128>& values, const std::vector<B128>& r) {
  B128 sum;
  for (std::size_t i = 0; i < values.size(); ++i) sum += mul(values[i], naive_eq(r, i));
  return sum;
}

TEST(BiniusMultilinear, EqTensorAndEvaluation) {
  std::mt19937_64 rng(41);
  for_each_polyval_isa([&] {
    for (std::size_t n = 0; n <= 6; ++n) {
      const auto r = random_b128s(rng, n);
      const auto values = random_b128s(rng, std::size_t{1} << n);
      const auto eq = eq_tensor(r);
      ASSERT_TRUE(eq.ok());
      ASSERT_EQ(eq->size(), values.size());
      for (std::size_t i = 0; i < eq->size(); ++i)
        EXPECT_EQ((*eq)[i], naive_eq(r, i)) << n << " " << i;
      EXPECT_EQ(*evaluate_multilinear(values, r), naive_evaluate(values, r)) << n;
    }
  });
}

TEST(BiniusMultilinear, EvaluationAtHypercubePointsReturnsTheTable) {
  std::mt19937_64 rng(42);
  const auto values = random_b128s(rng, 16);
  for (std::size_t i = 0; i < 16; ++i) {
    const std::vector<B128> corner = {B128(i & 1), B128((i >> 1) & 1), B128((i >> 2) & 1),
                                      B128((i >> 3) & 1)};
    EXPECT_EQ(*evaluate_multilinear(values, corner), values[i]) << i;
  }
}

TEST(BiniusMultilinear, PartialEvaluationsMatchNaiveSums) {
  std::mt19937_64 rng(43);
  const std::size_t n = 7;
  const auto values = random_b128s(rng, std::size_t{1} << n);
  for_each_polyval_isa([&] {
    for (std::size_t k = 0; k <= n; ++k) {
      const auto r = random_b128s(rng, k);
      const auto low = partial_evaluate_low(values, r);
      const auto high = partial_evaluate_high(values, r);
      ASSERT_TRUE(low.ok() && high.ok());
      const std::size_t rest = std::size_t{1} << (n - k);
      ASSERT_EQ(low->size(), rest);
      ASSERT_EQ(high->size(), rest);
      for (std::size_t j = 0; j < rest; ++j) {
        B128 low_sum, high_sum;
        for (std::size_t i = 0; i < (std::size_t{1} << k); ++i) {
          low_sum += mul(naive_eq(r, i), values[j * (std::size_t{1} << k) + i]);
          high_sum += mul(naive_eq(r, i), values[i * rest + j]);
        }
        EXPECT_EQ((*low)[j], low_sum) << k << " " << j;
        EXPECT_EQ((*high)[j], high_sum) << k << " " << j;
      }
      // Fixing the low variables and then the others is evaluating at the whole point.
      const auto tail = random_b128s(rng, n - k);
      auto whole = r;
      whole.insert(whole.end(), tail.begin(), tail.end());
      EXPECT_EQ(*evaluate_multilinear(*low, tail), naive_evaluate(values, whole)) << k;
    }
  });
}

TEST(BiniusMultilinear, FoldLowestIsLinearInterpolation) {
  std::mt19937_64 rng(44);
  const auto values = random_b128s(rng, 32);
  const B128 r(test::random_element(rng, 7));
  const auto folded = fold_lowest(values, r);
  ASSERT_TRUE(folded.ok());
  ASSERT_EQ(folded->size(), 16u);
  for (std::size_t j = 0; j < 16; ++j) {
    EXPECT_EQ((*folded)[j], values[2 * j] + mul(r, values[2 * j + 1] + values[2 * j])) << j;
  }
}

TEST(BiniusMultilinear, SmallFieldInnerProducts) {
  std::mt19937_64 rng(45);
  const std::size_t n = 1000;
  const auto b = random_b128s(rng, n);
  std::vector<std::uint8_t> bits((n + 7) / 8), a8(n);
  std::vector<std::uint32_t> a32(n);
  std::vector<B128> a128 = random_b128s(rng, n);
  for (auto& x : bits) x = static_cast<std::uint8_t>(rng());
  for (auto& x : a8) x = static_cast<std::uint8_t>(rng());
  for (auto& x : a32) x = static_cast<std::uint32_t>(rng());
  B128 e1, e8, e32, e128;
  for (std::size_t i = 0; i < n; ++i) {
    if ((bits[i / 8] >> (i % 8)) & 1) e1 += b[i];
    e8 += mul(B128(a8[i]), b[i]);
    e32 += mul(B128(a32[i]), b[i]);
    e128 += mul(a128[i], b[i]);
  }
  for_each_polyval_isa([&] {
    EXPECT_EQ(*inner_product_b1(bits, b), e1);
    EXPECT_EQ(*inner_product_b8(a8, b), e8);
    EXPECT_EQ(*inner_product_b32(a32, b), e32);
    EXPECT_EQ(*inner_product_b128(a128, b), e128);
  });
}

TEST(BiniusMultilinear, BitPolynomialsMatchTheirNaiveSums) {
  std::mt19937_64 rng(43);
  for (unsigned n : {0u, 2u, 3u, 7u, 8u, 10u}) {
    std::vector<std::uint8_t> bits(((std::size_t{1} << n) + 7) / 8);
    for (auto& b : bits) b = static_cast<std::uint8_t>(rng());
    if (n < 3) bits[0] &= static_cast<std::uint8_t>((1u << (1u << n)) - 1);
    std::vector<B128> values(std::size_t{1} << n);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = B128((bits[i / 8] >> (i % 8)) & 1u);
    const auto r = random_b128s(rng, n);
    EXPECT_EQ(*evaluate_multilinear_b1(bits, r), naive_evaluate(values, r)) << n;
    for (unsigned k = 0; k <= n; k += 3) {
      const auto high = random_b128s(rng, k);
      const auto got = partial_evaluate_high_b1(bits, n, high);
      ASSERT_TRUE(got.ok());
      const std::size_t stride = std::size_t{1} << (n - k);
      for (std::size_t i = 0; i < stride; ++i) {
        B128 want;
        for (std::size_t j = 0; j < (std::size_t{1} << k); ++j)
          want += mul(values[j * stride + i], naive_eq(high, j));
        EXPECT_EQ((*got)[i], want) << n << " " << k << " " << i;
      }
    }
  }
  const std::vector<std::uint8_t> short_bits(3);
  EXPECT_EQ(evaluate_multilinear_b1(short_bits, std::vector<B128>(5)).error().code,
            Errc::wrong_size);
  EXPECT_EQ(partial_evaluate_high_b1(short_bits, 4, std::vector<B128>(5)).error().code,
            Errc::wrong_size);
}

TEST(BiniusMultilinear, WrongSizesAreRejected) {
  std::vector<B128> six(6), eight(8), two(2), four(4);
  EXPECT_EQ(evaluate_multilinear(eight, two).error().code, Errc::wrong_size);
  EXPECT_EQ(partial_evaluate_low(six, two).error().code, Errc::wrong_size);
  EXPECT_EQ(partial_evaluate_high(two, four).error().code, Errc::wrong_size);
  EXPECT_FALSE(fold_lowest(std::span<const B128>(), B128::one()).ok());
  std::vector<std::uint8_t> one_byte(1);
  EXPECT_FALSE(inner_product_b1(one_byte, std::vector<B128>(9)).ok());
  EXPECT_FALSE(inner_product_b8(one_byte, two).ok());
  EXPECT_FALSE(inner_product_b128(four, two).ok());
  EXPECT_FALSE(eq_tensor(std::vector<B128>(41)).ok());
}

}  // namespace
}  // namespace merkleforge::binius
