// The scalar reference tower (the oracle of every other binius test): published known answers,
// multiplicative generators of full order, and the field axioms on random elements of every level.
#include "merkleforge/binius/tower.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

#include "binius/binius_support.hpp"
#include "support/vectors.hpp"

namespace merkleforge::binius {
namespace {

using test::parse_uint128;
using test::random_element;

const std::map<std::string, unsigned> kLevelOfName = {
    {"B1", 0}, {"B2", 1}, {"B4", 2}, {"B8", 3}, {"B16", 4}, {"B32", 5}, {"B64", 6}, {"B128", 7}};

uint128 tower_pow(unsigned level, uint128 base, uint128 exponent) {
  uint128 result = 1;
  for (; exponent != 0; exponent >>= 1) {
    if (exponent & 1) result = tower_mul(level, result, base);
    base = tower_square(level, base);
  }
  return result;
}

TEST(BiniusTower, PublishedMultiplicationKats) {
  const auto kats = merkleforge::test::load_vectors("binius/tower_mul_kats.json");
  int checked = 0;
  for (const auto& [name, cases] : kats["mul_kats"].items()) {
    const unsigned level = kLevelOfName.at(name);
    for (const auto& c : cases) {
      const uint128 a = parse_uint128(c["a"]), b = parse_uint128(c["b"]);
      const uint128 expected = parse_uint128(c["product"]);
      EXPECT_EQ(tower_mul(level, a, b), expected) << name << " " << c.dump();
      EXPECT_EQ(tower_mul(level, b, a), expected) << name << " " << c.dump();
      ++checked;
    }
  }
  EXPECT_EQ(checked, 50);
}

TEST(BiniusTower, DerivedProductsAndInverses) {
  const auto derived = merkleforge::test::load_vectors("binius/tower_mul_kats.json")["derived"];
  // The file's 9 products (B32, B128) and 3 inverses (B8, B32, B128).
  ASSERT_EQ(derived["products"].size(), 9u);
  ASSERT_EQ(derived["inverses"].size(), 3u);
  for (const auto& c : derived["products"]) {
    const unsigned level = kLevelOfName.at(c["field"]);
    EXPECT_EQ(tower_mul(level, parse_uint128(c["a"]), parse_uint128(c["b"])),
              parse_uint128(c["product"]))
        << c.dump();
  }
  for (const auto& c : derived["inverses"]) {
    const unsigned level = kLevelOfName.at(c["field"]);
    EXPECT_EQ(tower_inverse(level, parse_uint128(c["a"])), parse_uint128(c["inverse"])) << c.dump();
  }
}

// g has order 2^n - 1 iff g^(2^n - 1) = 1 and g^((2^n - 1)/p) != 1 for every prime p | 2^n - 1.
TEST(BiniusTower, GeneratorsHaveFullOrder) {
  const std::map<unsigned, std::vector<std::uint64_t>> primes = {
      {1, {3}},
      {2, {3, 5}},
      {3, {3, 5, 17}},
      {4, {3, 5, 17, 257}},
      {5, {3, 5, 17, 257, 65537}},
      {6, {3, 5, 17, 257, 641, 65537, 6700417}},
      {7, {3, 5, 17, 257, 641, 65537, 274177, 6700417, 67280421310721}}};
  const auto generators =
      merkleforge::test::load_vectors("binius/tower_mul_kats.json")["multiplicative_generators"];
  for (const auto& [name, hex] : generators["values"].items()) {
    const unsigned level = kLevelOfName.at(name);
    const uint128 g = parse_uint128(hex);
    const uint128 order = level == 7 ? ~uint128{0} : (uint128{1} << (1u << level)) - 1;
    EXPECT_EQ(tower_pow(level, g, order), 1u) << name;
    for (std::uint64_t p : primes.at(level)) {
      ASSERT_EQ(order % p, 0u) << name << " " << p;
      EXPECT_NE(tower_pow(level, g, order / p), 1u) << name << " / " << p;
    }
  }
}

// T3 is small enough to check every product: GF(2^8) has exactly one inverse per non-zero element.
TEST(BiniusTower, T3InversesExhaustive) {
  for (unsigned a = 1; a < 256; ++a) {
    EXPECT_EQ(tower_mul(3, a, tower_inverse(3, a)), 1u) << a;
    unsigned ones = 0;
    for (unsigned b = 1; b < 256; ++b) ones += tower_mul(3, a, b) == 1;
    EXPECT_EQ(ones, 1u) << a;
  }
  EXPECT_EQ(tower_inverse(3, 0), 0u);
}

TEST(BiniusTower, DefiningRelations) {
  // X(k-1)^2 + X(k-2)·X(k-1) + 1 = 0 in Tk, and X0^2 + X0 + 1 = 0 in T1.
  for (unsigned level = 1; level <= kMaxTowerLevel; ++level) {
    const uint128 x = tower_alpha(level);
    const uint128 lower = tower_alpha(level - 1);
    EXPECT_EQ(tower_mul(level, x, x) ^ tower_mul(level, lower, x) ^ 1, 0u) << level;
  }
}

class BiniusTowerLevel : public ::testing::TestWithParam<unsigned> {};

TEST_P(BiniusTowerLevel, FieldAxiomsOnRandomElements) {
  const unsigned level = GetParam();
  std::mt19937_64 rng(1000 + level);
  for (int i = 0; i < 300; ++i) {
    const uint128 a = random_element(rng, level), b = random_element(rng, level),
                  c = random_element(rng, level);
    EXPECT_EQ(tower_mul(level, a, b), tower_mul(level, b, a));
    EXPECT_EQ(tower_mul(level, tower_mul(level, a, b), c),
              tower_mul(level, a, tower_mul(level, b, c)));
    EXPECT_EQ(tower_mul(level, a, b ^ c), tower_mul(level, a, b) ^ tower_mul(level, a, c));
    EXPECT_EQ(tower_mul(level, a, 1), a);
    EXPECT_EQ(tower_square(level, a), tower_mul(level, a, a));
    EXPECT_EQ(tower_mul_alpha(level, a), tower_mul(level, a, tower_alpha(level)));
    if (a != 0) {
      EXPECT_EQ(tower_mul(level, a, tower_inverse(level, a)), 1u);
    }
    // Frobenius: squaring is additive, and has order 2^level on T_level.
    EXPECT_EQ(tower_square(level, a ^ b), tower_square(level, a) ^ tower_square(level, b));
    uint128 frobenius = a;
    for (unsigned k = 0; k < (1u << level); ++k) frobenius = tower_square(level, frobenius);
    EXPECT_EQ(frobenius, a);
  }
}

TEST_P(BiniusTowerLevel, SubfieldsAreClosedAndEmbedByZeroExtension) {
  const unsigned level = GetParam();
  std::mt19937_64 rng(2000 + level);
  for (unsigned sub = 0; sub < level; ++sub) {
    for (int i = 0; i < 50; ++i) {
      const uint128 a = random_element(rng, sub), b = random_element(rng, sub);
      EXPECT_EQ(tower_mul(level, a, b), tower_mul(sub, a, b)) << sub;
      EXPECT_EQ(tower_inverse(level, a), tower_inverse(sub, a)) << sub;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllLevels, BiniusTowerLevel, ::testing::Range(1u, kMaxTowerLevel + 1));

TEST(BiniusTower, TypedElements) {
  const B64 a(0xc84d619110831cefULL), b(0xa14fULL);
  EXPECT_EQ((a * b).value(), 0x3565086d6b9ef595ULL);  // published B64 KAT
  EXPECT_EQ((a * a.inverse()), B64::one());
  EXPECT_EQ(embed<7>(B8(0x2d)) * embed<7>(B8(0xc6)), B128::one());  // derived B8 inverse
  EXPECT_EQ(B8(0x1b) + B8(0x1b), B8::zero());
  EXPECT_EQ(B4(0xff).value(), 0xfu);  // construction keeps the low 2^level bits
}

}  // namespace
}  // namespace merkleforge::binius
