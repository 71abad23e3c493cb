// Multiplication in the exponent (src/boolean/exponentiation.hpp), the MUL constraint's check: the
// generator's order, checked with a tower multiplication written here from the tower's definition
// (not the library's); the Frobenius inverse; products against C++ integer multiplication, whose
// claims hold on the true fields (computed here bit by bit); and cheating provers that run the real
// pipeline with a false product or a changed message, each reaching the check that rejects it.
#include "exponentiation.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "exponentiation_prove.hpp"
#include "merkleforge/binius/multilinear.hpp"

namespace merkleforge::boolean {
namespace {

using detail::ColumnClaim;

/// The product in T_level (level ≤ 7) from the tower's definition: T_(k+1) = T_k[X_k]/(X_k^2 +
/// X_(k−1)·X_k + 1), X_(−1) = 1, an element a_0 + a_1·X_k stored low half first.
binius::uint128 tower_product(unsigned level, binius::uint128 a, binius::uint128 b) {
  if (level == 0) return a & b & 1;
  const unsigned half = 1u << (level - 1);
  const binius::uint128 mask = (binius::uint128{1} << half) - 1;
  const binius::uint128 a0 = a & mask, a1 = a >> half, b0 = b & mask, b1 = b >> half;
  const binius::uint128 high = tower_product(level - 1, a1, b1);
  const binius::uint128 x_below = level == 1 ? 1 : binius::uint128{1} << (half / 2);  // X_(k−1)
  const binius::uint128 low_part = tower_product(level - 1, a0, b0) ^ high;
  const binius::uint128 high_part = tower_product(level - 1, a0, b1) ^
                                    tower_product(level - 1, a1, b0) ^
                                    tower_product(level - 1, high, x_below);
  return low_part | high_part << half;
}

binius::uint128 tower_power(unsigned level, binius::uint128 base, binius::uint128 exponent) {
  binius::uint128 result = 1;
  for (; exponent != 0; exponent >>= 1, base = tower_product(level, base, base)) {
    if (exponent & 1) result = tower_product(level, result, base);
  }
  return result;
}

/// The primes of 2^64 − 1 and, with those of 2^64 + 1, of 2^128 − 1.
constexpr std::uint64_t kPrimes64[] = {3, 5, 17, 257, 641, 65537, 6700417};
constexpr std::uint64_t kPrimesOf2To64Plus1[] = {274177, 67280421310721};

/// Whether g generates T_level* (level 6 or 7): g^N = 1 and g^(N/p) ≠ 1 for every prime p of N =
/// 2^(2^level) − 1, by tower_product.
bool generates(unsigned level, binius::uint128 g) {
  const binius::uint128 order = level == 6 ? ~std::uint64_t{0} : ~binius::uint128{0};
  std::vector<std::uint64_t> primes(std::begin(kPrimes64), std::end(kPrimes64));
  if (level == 7) primes.insert(primes.end(), std::begin(kPrimesOf2To64Plus1), std::end(kPrimesOf2To64Plus1));
  if (tower_power(level, g, order) != 1) return false;
  for (const std::uint64_t p : primes) {
    if (tower_power(level, g, order / p) == 1) return false;
  }
  return true;
}

TEST(Exponentiation, TheGeneratorsHaveFullOrder) {
  // The independent product agrees with the library's on random elements...
  std::mt19937_64 rng(81);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t a = rng(), b = rng();
    ASSERT_EQ(tower_product(6, a, b), (binius::B64(a) * binius::B64(b)).value());
    const binius::uint128 c = binius::make_uint128(rng(), rng()), d = binius::make_uint128(rng(), rng());
    ASSERT_EQ(tower_product(7, c, d), (binius::B128(c) * binius::B128(d)).value());
  }
  // ...the primes are prime and multiply to 2^64 − 1 and 2^128 − 1...
  binius::uint128 product = 1;
  for (const std::uint64_t p : kPrimes64) product *= p;
  ASSERT_EQ(product, ~std::uint64_t{0});
  for (const std::uint64_t p : kPrimesOf2To64Plus1) product *= p;
  ASSERT_EQ(product, ~binius::uint128{0});
  for (const std::uint64_t p : kPrimes64) {
    for (std::uint64_t d = 2; d * d <= p; ++d) ASSERT_NE(p % d, 0u) << p << " is not prime";
  }
  for (const std::uint64_t p : kPrimesOf2To64Plus1) {
    for (std::uint64_t d = 2; d * d <= p; ++d) ASSERT_NE(p % d, 0u) << p << " is not prime";
  }
  // ...and by them each generator has full order, while elements of smaller order are caught: one
  // of the subfield below (B32 in B64, B64 in B128) and the generator's cube (order N / 3).
  const std::uint64_t g = detail::exponent_generator().value();
  EXPECT_TRUE(generates(6, g));
  EXPECT_FALSE(generates(6, 0xdeadbeef));
  EXPECT_FALSE(generates(6, tower_product(6, g, tower_product(6, g, g))));
  const binius::uint128 wide = detail::wide_exponent_generator().value();
  EXPECT_TRUE(generates(7, wide));
  EXPECT_FALSE(generates(7, g));
  EXPECT_FALSE(generates(7, tower_product(7, wide, tower_product(7, wide, wide))));
}

using detail::MulShape;
using binius::B128;

TEST(Exponentiation, SquareRootInvertsTheFrobenius) {
  std::mt19937_64 rng(82);
  for (int i = 0; i < 50; ++i) {
    const B128 a(binius::make_uint128(rng(), rng()));
    EXPECT_EQ(detail::square_root(a).square(), a);
    EXPECT_EQ(detail::square_root(a.square()), a);
  }
  EXPECT_EQ(detail::square_root(B128::one()), B128::one());
}

/// The operands of 2^vars pairs as their slot fields hold them (padding bits included).
struct Fields {
  std::vector<std::uint64_t> x, y;
  std::vector<binius::uint128> z;
  detail::MulFields view() const { return {x, y, z}; }
};

/// Σ_v eq(point, v)·bit(v) for the field's bits laid out as the slot orders them: bit i of pair u
/// at index i + 2^field_log·u.
template <class Word>
B128 field_extension(const std::vector<Word>& field, unsigned field_log,
                     const std::vector<B128>& point) {
  const std::vector<B128> eq = binius::eq_tensor(point).value();
  B128 sum;
  for (std::size_t u = 0; u < field.size(); ++u) {
    for (unsigned i = 0; i < (1u << field_log); ++i) {
      if ((field[u] >> i) & 1) sum += eq[i + (u << field_log)];
    }
  }
  return sum;
}

/// prove_mul (with the cheats) then verify_mul: the verifier's claims, or its error.
Result<detail::MulClaims> prove_then_verify(const MulShape& shape, const Fields& f,
                                            const detail::MulCheats& cheats = {}) {
  const Digest32 statement{};
  zk::ProverTranscript prover("test/mul", statement);
  prover.write_commitment(statement);
  auto proved = detail::prove_mul(shape, f.view(), prover, cheats);
  if (!proved) return proved.error();
  const zk::ProofTapes tapes = std::move(prover).finish();
  zk::VerifierTranscript verifier("test/mul", statement, tapes.transcript, {});
  if (auto root = verifier.read_commitment(); !root) return root.error();
  const auto vars = static_cast<unsigned>(std::countr_zero(f.x.size()));
  auto claims = detail::verify_mul(shape, vars, verifier);
  if (claims) {
    if (Status s = verifier.finish(); !s) return s.error();
  }
  return claims;
}

/// Whether the claims hold on the fields: what the engine's PCS opening checks.
bool claims_hold(const MulShape& shape, const Fields& f, const detail::MulClaims& c) {
  return c.x.value == field_extension(f.x, shape.field_log(), c.x.point) &&
         c.y.value == field_extension(f.y, shape.field_log(), c.y.point) &&
         c.z.value == field_extension(f.z, shape.product_field_log(), c.z.point);
}

/// Random operands of the shape's widths for 2^vars pairs and their products (C++ integer
/// multiplication); `padding`: random bits in each field above its operand's width.
Fields random_fields(const MulShape& shape, unsigned vars, bool padding, std::mt19937_64& rng) {
  const auto below = [](unsigned bits) {
    return bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  };
  const auto wide_below = [&](unsigned bits) {
    return bits >= 128 ? ~binius::uint128{0} : (binius::uint128{1} << bits) - 1;
  };
  const std::uint64_t s_mask = below(1u << shape.field_log());
  const binius::uint128 z_mask = wide_below(1u << shape.product_field_log());
  Fields f;
  for (std::size_t u = 0; u < (std::size_t{1} << vars); ++u) {
    const std::uint64_t x = rng() & below(shape.x_bits), y = rng() & below(shape.y_bits);
    const std::uint64_t pad = padding ? rng() : 0;
    const binius::uint128 wide_pad = padding ? binius::make_uint128(rng(), rng()) : 0;
    f.x.push_back(x | (pad & s_mask & ~below(shape.x_bits)));
    f.y.push_back(y | (pad & s_mask & ~below(shape.y_bits)));
    const unsigned z_bits = shape.x_bits + shape.y_bits;
    f.z.push_back(binius::uint128{x} * y | (wide_pad & z_mask & ~wide_below(z_bits)));
  }
  return f;
}

// u32 × u32 products, the edges included: the claims hold on the true fields of x, y and z = x·y.
TEST(Exponentiation, U32ProductsReduceToTheirFields) {
  std::mt19937_64 rng(86);
  const MulShape shape{32, 32};
  Fields f{{0, 1, 0xffffffff, std::uint64_t{1} << 31, 7, 0, 0, 0}, {5, 1, 0xffffffff, 2, 0, 0, 0, 0}, {}};
  for (std::size_t i = 5; i < 8; ++i) f.x[i] = rng() & 0xffffffff, f.y[i] = rng() & 0xffffffff;
  for (std::size_t i = 0; i < 8; ++i) f.z.push_back(f.x[i] * f.y[i]);
  auto claims = prove_then_verify(shape, f);
  ASSERT_TRUE(claims) << claims.error().message;
  EXPECT_TRUE(claims_hold(shape, f, *claims));
}

// u64 × u64 → 128-bit products in B128*, the edges included ((2^64 − 1)², 2^63·2, 0 and 1):
// against C++ 128-bit integer multiplication.
TEST(Exponentiation, U64ProductsReduceToTheirFields) {
  std::mt19937_64 rng(92);
  const MulShape shape{64, 64};
  Fields f{{~std::uint64_t{0}, std::uint64_t{1} << 63, 0, 1, 0, 0, 0, 0},
           {~std::uint64_t{0}, 2, 12345, 1, 0, 0, 0, 0}, {}};
  for (std::size_t i = 4; i < 8; ++i) f.x[i] = rng(), f.y[i] = rng();
  for (std::size_t i = 0; i < 8; ++i) f.z.push_back(binius::uint128{f.x[i]} * f.y[i]);
  auto claims = prove_then_verify(shape, f);
  ASSERT_TRUE(claims) << claims.error().message;
  EXPECT_TRUE(claims_hold(shape, f, *claims));
}

// Other widths, with random bits in the fields' padding: the padding does not enter the powers
// (H_i = 0 there), so the products verify, and the claims still hold on the fields as committed.
TEST(Exponentiation, OtherWidthsIgnoreTheFieldsPadding) {
  std::mt19937_64 rng(87);
  for (const MulShape shape : {MulShape{1, 1}, MulShape{5, 3}, MulShape{3, 17}, MulShape{63, 1},
                               MulShape{8, 56}, MulShape{64, 1}, MulShape{40, 60}}) {
    const Fields f = random_fields(shape, 4, true, rng);
    auto claims = prove_then_verify(shape, f);
    ASSERT_TRUE(claims) << shape.x_bits << "x" << shape.y_bits << ": " << claims.error().message;
    EXPECT_TRUE(claims_hold(shape, f, *claims)) << shape.x_bits << "x" << shape.y_bits;
  }
}

// In B128*, a false 128-bit product is rejected, and the all-ones product of a zero factor passes
// the exponent check (2^128 − 1 ≡ 0): the builder's mul asserts it away, as for 64 bits.
TEST(Exponentiation, WideFalseProductsAreRejectedButTheAllOnesCongruenceHolds) {
  std::mt19937_64 rng(93);
  const MulShape shape{64, 64};
  Fields f = random_fields(shape, 2, false, rng);
  f.z[1] += 1;
  EXPECT_FALSE(prove_then_verify(shape, f));
  f.z[1] -= 1;
  f.x[3] = 0;
  f.z[3] = ~binius::uint128{0};
  EXPECT_TRUE(prove_then_verify(shape, f));
}

// A false product (one pair's z one less: z + (2^64 − 1) wrapped to 64 bits) is rejected, by the
// partial products' first layer: the prover's W and Z differ at r. The all-ones z of a zero factor
// is not: it is congruent to 0 modulo 2^64 − 1, the case the MUL constraint excludes apart
// (docs/boolean-engine.md, Next 7).
TEST(Exponentiation, FalseProductsAreRejectedButTheAllOnesCongruenceHolds) {
  const MulShape shape{32, 32};
  Fields f{{3, 0, 9, 12}, {4, 77, 9, 1}, {12, 0, 81, 12}};
  f.z[2] -= 1;
  auto rejected = prove_then_verify(shape, f);
  ASSERT_FALSE(rejected);
  EXPECT_EQ(rejected.error().code, Errc::corrupt_data);
  EXPECT_NE(rejected.error().message.find("layer 0 does not check"), std::string::npos)
      << rejected.error().message;
  f.z[2] += 1;
  f.z[1] = ~std::uint64_t{0};
  EXPECT_TRUE(prove_then_verify(shape, f));
}

/// Finds `what` in the error of a rejected run.
void expect_rejected_by(const Result<detail::MulClaims>& run, const std::string& what) {
  ASSERT_FALSE(run) << "accepted; expected: " << what;
  EXPECT_EQ(run.error().code, Errc::corrupt_data);
  EXPECT_NE(run.error().message.find(what), std::string::npos) << run.error().message;
}

// Cheating provers that change one message of the real pipeline, each reaching its check.
TEST(Exponentiation, ChangedLeafValuesAreRejected) {
  std::mt19937_64 rng(88);
  const MulShape shape{32, 32};
  const Fields f = random_fields(shape, 3, false, rng);
  for (const char field : {'x', 'z'}) {
    detail::MulCheats one;  // one bit's value changed: the leaf equation fails
    one.field_values = [field](char name, std::vector<B128>& values) {
      if (name == field) values[3] += B128::one();
    };
    expect_rejected_by(prove_then_verify(shape, f, one), std::string("g^") + field + "'s leaves");
    // Two values changed where H is 0 (in the fields' padding: x of 12 bits in 16, a product
    // of 24 in 32): the leaf equation holds, but the claim at τ is false on the committed field,
    // which the opening refutes.
    const MulShape narrow{12, 12};
    const Fields g = random_fields(narrow, 3, false, rng);
    detail::MulCheats padding;
    padding.field_values = [field](char name, std::vector<B128>& values) {
      const std::size_t at = field == 'x' ? 13 : 26;
      if (name == field) values[at] += B128::one(), values[at + 1] += B128(7);
    };
    auto claims = prove_then_verify(narrow, g, padding);
    ASSERT_TRUE(claims) << claims.error().message;
    EXPECT_FALSE(claims_hold(narrow, g, *claims));
  }
}

TEST(Exponentiation, ChangedPowersOfTheBaseAreRejected) {
  std::mt19937_64 rng(89);
  const MulShape shape{32, 32};
  const Fields f = random_fields(shape, 3, false, rng);
  detail::MulCheats cheats;
  cheats.powers = [](std::vector<B128>& e) { e[5] += B128::one(); };
  expect_rejected_by(prove_then_verify(shape, f, cheats), "powers of g^x do not check");
}

// The weights of the e_j's batching: entry 0 moved by δ and entry j by δ·V[0]/V[j], so the batched
// sum Σ weights·V is unchanged and every round checks; only the weights' value at the last point,
// which the verifier computes itself, differs (V = g^x is never zero).
TEST(Exponentiation, BatchingWeightsThatAreNotTheClaimsAreRejected) {
  std::mt19937_64 rng(90);
  const MulShape shape{32, 32};
  const Fields f = random_fields(shape, 3, false, rng);
  detail::MulCheats cheats;
  cheats.weights = [](std::span<B128> weights, std::span<const B128> v) {
    const B128 delta(binius::make_uint128(5, 7));
    weights[0] += delta;
    weights[1] += delta * v[0] * v[1].inverse();
  };
  expect_rejected_by(prove_then_verify(shape, f, cheats), "base claims' batching weights");
}

TEST(Exponentiation, StatementsOutsideTheRangeAreErrors) {
  std::mt19937_64 rng(91);
  const Fields f = random_fields({32, 32}, 2, false, rng);
  zk::ProverTranscript prover("test/mul", Digest32{});
  prover.write_commitment(Digest32{});
  for (const MulShape bad : {MulShape{0, 8}, MulShape{8, 0}, MulShape{65, 32}}) {
    EXPECT_EQ(detail::prove_mul(bad, f.view(), prover).error().code, Errc::invalid_argument);
    zk::VerifierTranscript verifier("test/mul", Digest32{}, {}, {});
    EXPECT_EQ(detail::verify_mul(bad, 2, verifier).error().code, Errc::invalid_argument);
  }
  Fields ragged = f;
  ragged.y.pop_back();
  EXPECT_EQ(detail::prove_mul({32, 32}, ragged.view(), prover).error().code, Errc::wrong_size);
  Fields three = f;
  three.x.pop_back(), three.y.pop_back(), three.z.pop_back();
  EXPECT_EQ(detail::prove_mul({32, 32}, three.view(), prover).error().code, Errc::wrong_size);
}

}  // namespace
}  // namespace merkleforge::boolean
