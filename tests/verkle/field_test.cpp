// Fp and Fr against OpenSSL's BIGNUM modular arithmetic (an implementation we did not write), on
// random and edge-case operands, modulo the moduli published in
// tests/vectors/verkle/banderwagon.json.
#include "merkleforge/verkle/field.hpp"

#include <gtest/gtest.h>
#include <openssl/bn.h>

#include <algorithm>
#include <memory>
#include <random>
#include <type_traits>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

using BnPtr = std::unique_ptr<BIGNUM, decltype(&BN_free)>;

BnPtr bn_from_le(const std::array<std::uint8_t, 32>& bytes) {
  return BnPtr(BN_lebin2bn(bytes.data(), 32, nullptr), &BN_free);
}

std::array<std::uint8_t, 32> bn_to_le(const BIGNUM* value) {
  std::array<std::uint8_t, 32> bytes{};
  EXPECT_EQ(BN_bn2lebinpad(value, bytes.data(), 32), 32);
  return bytes;
}

/// The modulus as banderwagon.json publishes it, little-endian: Fp's is field_p (BLS12-381's
/// scalar field), Fr's is subgroup_order_r (Banderwagon's prime subgroup). Not read from the code
/// under test.
template <class F>
std::array<std::uint8_t, 32> published_modulus_le() {
  const auto curve = test::load_vectors("verkle/banderwagon.json");
  const char* field = std::is_same_v<F, Fp> ? "field_p" : "subgroup_order_r";
  const Bytes big_endian = test::hex_bytes(curve.at(field).get<std::string>());
  std::array<std::uint8_t, 32> little_endian{};
  EXPECT_EQ(big_endian.size(), 32u);
  std::reverse_copy(big_endian.begin(),
                    big_endian.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(
                                             big_endian.size(), little_endian.size())),
                    little_endian.begin());
  return little_endian;
}

/// The published modulus and OpenSSL operations on canonical little-endian encodings.
template <class F>
class BnReference {
 public:
  BnReference() : modulus_(BN_new(), &BN_free), ctx_(BN_CTX_new(), &BN_CTX_free) {
    const auto bytes = published_modulus_le<F>();
    BN_lebin2bn(bytes.data(), 32, modulus_.get());
  }
  const BIGNUM* modulus() const { return modulus_.get(); }

  template <class Op>
  std::array<std::uint8_t, 32> apply(const F& a, const F& b, Op op) const {
    BnPtr x = bn_from_le(a.to_bytes_le()), y = bn_from_le(b.to_bytes_le());
    BnPtr out(BN_new(), &BN_free);
    EXPECT_EQ(op(out.get(), x.get(), y.get(), modulus_.get(), ctx_.get()), 1);
    return bn_to_le(out.get());
  }
  std::array<std::uint8_t, 32> inverse(const F& a) const {
    BnPtr x = bn_from_le(a.to_bytes_le());
    BnPtr out(BN_mod_inverse(nullptr, x.get(), modulus_.get(), ctx_.get()), &BN_free);
    EXPECT_TRUE(out);
    return bn_to_le(out.get());
  }
  /// Reduces an arbitrary little-endian byte string.
  std::array<std::uint8_t, 32> reduce(const std::vector<std::uint8_t>& le) const {
    BnPtr x(BN_lebin2bn(le.data(), static_cast<int>(le.size()), nullptr), &BN_free);
    BnPtr out(BN_new(), &BN_free);
    EXPECT_EQ(BN_nnmod(out.get(), x.get(), modulus_.get(), ctx_.get()), 1);
    return bn_to_le(out.get());
  }
  bool is_square(const F& a) const {
    BnPtr x = bn_from_le(a.to_bytes_le());
    return BN_kronecker(x.get(), modulus_.get(), ctx_.get()) == 1;
  }

 private:
  BnPtr modulus_;
  std::unique_ptr<BN_CTX, decltype(&BN_CTX_free)> ctx_;
};

template <class F>
F random_element(std::mt19937_64& rng) {
  std::vector<std::uint8_t> bytes(40);
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
  return F::from_bytes_le_reduced(bytes);
}

/// Random elements plus the edge cases 0, 1, 2, m-1, m-2.
template <class F>
std::vector<F> sample_elements(std::size_t random_count) {
  std::vector<F> values = {F::zero(), F::one(), F::from_u64(2), -F::one(), -F::from_u64(2)};
  std::mt19937_64 rng(12345);
  for (std::size_t i = 0; i < random_count; ++i) values.push_back(random_element<F>(rng));
  return values;
}

template <class F>
class FieldTest : public ::testing::Test {};
using FieldTypes = ::testing::Types<Fp, Fr>;
TYPED_TEST_SUITE(FieldTest, FieldTypes);

TYPED_TEST(FieldTest, ModulusIsThePublishedOne) {
  using F = TypeParam;
  std::array<std::uint8_t, 32> ours{};
  for (std::size_t i = 0; i < 32; ++i)
    ours[i] = static_cast<std::uint8_t>(F::kModulus[i / 8] >> (8 * (i % 8)));
  EXPECT_EQ(to_hex(ours), to_hex(published_modulus_le<F>()));
  EXPECT_TRUE((-F::one() + F::one()).is_zero());  // m - 1 + 1 wraps to 0
}

TYPED_TEST(FieldTest, ArithmeticMatchesOpenSsl) {
  using F = TypeParam;
  const BnReference<F> ref;
  const auto values = sample_elements<F>(40);
  for (const F& a : values) {
    for (const F& b : values) {
      EXPECT_EQ((a + b).to_bytes_le(), ref.apply(a, b, BN_mod_add));
      EXPECT_EQ((a - b).to_bytes_le(), ref.apply(a, b, BN_mod_sub));
      EXPECT_EQ((a * b).to_bytes_le(), ref.apply(a, b, BN_mod_mul));
    }
    EXPECT_EQ(a.square().to_bytes_le(), ref.apply(a, a, BN_mod_mul));
    EXPECT_EQ((-a + a), F::zero());
  }
}

TYPED_TEST(FieldTest, InverseMatchesOpenSslAndZeroMapsToZero) {
  using F = TypeParam;
  const BnReference<F> ref;
  auto values = sample_elements<F>(30);
  for (const F& a : values) {
    if (a.is_zero()) {
      EXPECT_TRUE(a.inverse().is_zero());
    } else {
      EXPECT_EQ(a.inverse().to_bytes_le(), ref.inverse(a));
    }
  }
  std::vector<F> batch = values;
  F::batch_inverse(batch);
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(batch[i], values[i].inverse());
}

// The variable-time inversion branches on the value's bits: many random values, plus small
// values, powers of two and values just below the modulus (long runs of zero or one bits).
TYPED_TEST(FieldTest, InverseOfManyValuesMatchesOpenSsl) {
  using F = TypeParam;
  const BnReference<F> ref;
  std::vector<F> values;
  std::mt19937_64 rng(777);
  for (int i = 0; i < 2000; ++i) values.push_back(random_element<F>(rng));
  F power_of_two = F::one();
  for (std::uint64_t k = 1; k <= 300; ++k) {
    values.push_back(F::from_u64(k));
    values.push_back(-F::from_u64(k));
    values.push_back(power_of_two);
    power_of_two = power_of_two.dbl();
  }
  for (const F& a : values) {
    ASSERT_EQ(a.inverse().to_bytes_le(), ref.inverse(a));
  }
}

TYPED_TEST(FieldTest, CompoundAssignmentAgreesWithBinaryOperators) {
  using F = TypeParam;
  const auto values = sample_elements<F>(4);
  F sum = values[6], diff = values[6], prod = values[6];
  sum += values[7];
  diff -= values[7];
  prod *= values[7];
  EXPECT_EQ(sum, values[6] + values[7]);
  EXPECT_EQ(diff, values[6] - values[7]);
  EXPECT_EQ(prod, values[6] * values[7]);
}

TYPED_TEST(FieldTest, FromU64IsTheInteger) {
  using F = TypeParam;
  std::array<std::uint8_t, 32> expected{};
  const std::uint64_t value = 0x0123456789abcdefULL;
  for (std::size_t i = 0; i < 8; ++i) expected[i] = static_cast<std::uint8_t>(value >> (8 * i));
  EXPECT_EQ(F::from_u64(value).to_bytes_le(), expected);
  EXPECT_EQ(F::from_u64(1), F::one());
  EXPECT_TRUE(F::from_u64(0).is_zero());
}

TYPED_TEST(FieldTest, CanonicalDecodingRejectsModulusAndWrongLength) {
  using F = TypeParam;
  const std::array<std::uint8_t, 32> modulus = published_modulus_le<F>();
  const auto at_modulus = F::from_bytes_le(modulus);
  ASSERT_FALSE(at_modulus.ok());
  EXPECT_EQ(at_modulus.error().code, Errc::malformed_input);

  auto below = modulus;
  below[0] = static_cast<std::uint8_t>(below[0] - 1);
  const auto max_value = F::from_bytes_le(below);
  ASSERT_TRUE(max_value.ok());
  EXPECT_EQ(*max_value, -F::one());

  const std::array<std::uint8_t, 31> short_input{};
  const auto too_short = F::from_bytes_le(short_input);
  ASSERT_FALSE(too_short.ok());
  EXPECT_EQ(too_short.error().code, Errc::wrong_size);
  const std::array<std::uint8_t, 33> long_input{};
  EXPECT_FALSE(F::from_bytes_le(long_input).ok());
}

TYPED_TEST(FieldTest, ReducedDecodingMatchesOpenSslForAnyLength) {
  using F = TypeParam;
  const BnReference<F> ref;
  std::mt19937_64 rng(99);
  for (std::size_t length : {0u, 1u, 16u, 31u, 32u, 33u, 64u, 65u, 100u}) {
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<std::uint8_t> bytes(length);
      for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
      if (trial == 0) std::fill(bytes.begin(), bytes.end(), 0xff);
      EXPECT_EQ(F::from_bytes_le_reduced(bytes).to_bytes_le(), ref.reduce(bytes)) << length;
    }
  }
}

TEST(FpSqrt, RootsSquareBackAndNonSquaresAreRejected) {
  const BnReference<Fp> ref;
  const auto values = sample_elements<Fp>(60);
  int squares = 0, non_squares = 0;
  for (const Fp& a : values) {
    const auto root = a.sqrt();
    if (ref.is_square(a) || a.is_zero()) {
      ASSERT_TRUE(root.has_value());
      EXPECT_EQ(root->square(), a);
      EXPECT_EQ(a.legendre(), a.is_zero() ? 0 : 1);
      ++squares;
    } else {
      EXPECT_FALSE(root.has_value());
      EXPECT_EQ(a.legendre(), -1);
      ++non_squares;
    }
  }
  EXPECT_GT(squares, 10);
  EXPECT_GT(non_squares, 10);
  // 7 is the non-residue Tonelli–Shanks relies on.
  EXPECT_FALSE(ref.is_square(Fp::from_u64(7)));
  EXPECT_EQ(Fp::from_u64(7).legendre(), -1);
}

TEST(FpSqrt, LexicographicOrderSplitsAtHalfTheModulus) {
  // (p-1)/2 is not "largest", (p+1)/2 is; -1 is, 1 is not.
  const Fp half = (-Fp::one()) * Fp::from_u64(2).inverse();  // (p-1)/2
  EXPECT_FALSE(half.is_lexicographically_largest());
  EXPECT_TRUE((half + Fp::one()).is_lexicographically_largest());
  EXPECT_TRUE((-Fp::one()).is_lexicographically_largest());
  EXPECT_FALSE(Fp::one().is_lexicographically_largest());
}

}  // namespace
}  // namespace merkleforge::verkle
