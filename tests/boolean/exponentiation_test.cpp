// Exponentiation in the exponent (src/boolean/exponentiation.hpp), the first piece of the MUL
// constraint: the generator's order, checked with a tower multiplication written here from the
// tower's definition (not the library's), and the layers' proof: honest claims reduce to the bit
// columns' true values, a false claim is rejected, and a prover whose bits are not the committed
// ones leaves claims that the committed columns refute.
#include "exponentiation.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "exponentiation_prove.hpp"
#include "merkleforge/binius/multilinear.hpp"

namespace merkleforge::boolean {
namespace {

using detail::ColumnClaim;

/// The product in T_level from the tower's definition: T_(k+1) = T_k[X_k]/(X_k^2 + X_(k−1)·X_k +
/// 1), X_(−1) = 1, an element a_0 + a_1·X_k stored low half first.
std::uint64_t tower_product(unsigned level, std::uint64_t a, std::uint64_t b) {
  if (level == 0) return a & b & 1;
  const unsigned half = 1u << (level - 1);
  const std::uint64_t mask = (std::uint64_t{1} << half) - 1;
  const std::uint64_t a0 = a & mask, a1 = a >> half, b0 = b & mask, b1 = b >> half;
  const std::uint64_t high = tower_product(level - 1, a1, b1);
  const std::uint64_t x_below = level == 1 ? 1 : std::uint64_t{1} << (half / 2);  // X_(k−1)
  const std::uint64_t low_part = tower_product(level - 1, a0, b0) ^ high;
  const std::uint64_t high_part = tower_product(level - 1, a0, b1) ^
                                  tower_product(level - 1, a1, b0) ^
                                  tower_product(level - 1, high, x_below);
  return low_part | high_part << half;
}

std::uint64_t tower_power(std::uint64_t base, std::uint64_t exponent) {
  std::uint64_t result = 1;
  for (; exponent != 0; exponent >>= 1, base = tower_product(6, base, base)) {
    if (exponent & 1) result = tower_product(6, result, base);
  }
  return result;
}

constexpr std::uint64_t kOrder = ~std::uint64_t{0};  // N = 2^64 − 1
constexpr std::uint64_t kPrimes[] = {3, 5, 17, 257, 641, 65537, 6700417};

/// Whether g generates B64*: g^N = 1 and g^(N/p) ≠ 1 for every prime p of N, by tower_product.
bool generates(std::uint64_t g) {
  if (tower_power(g, kOrder) != 1) return false;
  for (const std::uint64_t p : kPrimes) {
    if (tower_power(g, kOrder / p) == 1) return false;
  }
  return true;
}

TEST(Exponentiation, TheGeneratorHasOrderTwoToTheSixtyFourMinusOne) {
  // The independent product agrees with the library's on random elements...
  std::mt19937_64 rng(81);
  for (int i = 0; i < 200; ++i) {
    const std::uint64_t a = rng(), b = rng();
    ASSERT_EQ(tower_product(6, a, b), (binius::B64(a) * binius::B64(b)).value());
  }
  // ...the seven primes are prime and multiply to N...
  binius::uint128 product = 1;
  for (const std::uint64_t p : kPrimes) {
    for (std::uint64_t d = 2; d * d <= p; ++d) ASSERT_NE(p % d, 0u) << p << " is not prime";
    product *= p;
  }
  ASSERT_EQ(product, kOrder);
  // ...and by them the generator has order N, while elements of smaller order are caught: one
  // of B32 (every element below 2^32) and the generator's cube (order N / 3).
  const std::uint64_t g = detail::exponent_generator().value();
  EXPECT_TRUE(generates(g));
  EXPECT_FALSE(generates(0xdeadbeef));
  EXPECT_FALSE(generates(tower_product(6, g, tower_product(6, g, g))));
}

/// Random exponents of `bits` bits for 2^vars instances, as bit columns, and their powers of g.
struct Exponents {
  std::vector<std::vector<std::uint8_t>> columns;
  std::vector<binius::B128> powers;
};
Exponents random_exponents(unsigned vars, unsigned bits, std::mt19937_64& rng) {
  const std::size_t size = std::size_t{1} << vars;
  Exponents e{
      std::vector<std::vector<std::uint8_t>>(bits, std::vector<std::uint8_t>((size + 7) / 8)), {}};
  for (std::size_t v = 0; v < size; ++v) {
    const std::uint64_t exponent = bits == 64 ? rng() : rng() & ((std::uint64_t{1} << bits) - 1);
    for (unsigned k = 0; k < bits; ++k) {
      if ((exponent >> k) & 1) e.columns[k][v / 8] |= static_cast<std::uint8_t>(1u << (v % 8));
    }
    e.powers.push_back(
        binius::embed<7>(binius::B64(tower_power(detail::exponent_generator().value(), exponent))));
  }
  return e;
}

/// Σ_v eq(point, v)·values[v].
binius::B128 extension(const std::vector<binius::B128>& values,
                       const std::vector<binius::B128>& point) {
  const std::vector<binius::B128> eq = binius::eq_tensor(point).value();
  binius::B128 sum;
  for (std::size_t v = 0; v < values.size(); ++v) sum += eq[v] * values[v];
  return sum;
}

binius::B128 column_extension(const std::vector<std::uint8_t>& column,
                              const std::vector<binius::B128>& point) {
  std::vector<binius::B128> values(std::size_t{1} << point.size());
  for (std::size_t v = 0; v < values.size(); ++v) {
    values[v] = (column[v / 8] >> (v % 8)) & 1 ? binius::B128::one() : binius::B128::zero();
  }
  return extension(values, point);
}

std::vector<binius::B128> random_point(unsigned vars, std::mt19937_64& rng) {
  std::vector<binius::B128> point(vars);
  for (auto& x : point) x = binius::B128(binius::make_uint128(rng(), rng()));
  return point;
}

/// Proves with `prover_columns` and verifies; the verifier's claims on the columns, or its error.
Result<std::vector<ColumnClaim>> prove_then_verify(
    const std::vector<std::vector<std::uint8_t>>& prover_columns, const ColumnClaim& claim) {
  const Digest32 statement{};
  zk::ProverTranscript prover("test/exponentiation", statement);
  prover.write_commitment(statement);
  auto proved =
      detail::prove_constant_base_exp(detail::exponent_generator(), prover_columns, claim, prover);
  if (!proved) return proved.error();
  const zk::ProofTapes tapes = std::move(prover).finish();
  zk::VerifierTranscript verifier("test/exponentiation", statement, tapes.transcript, {});
  if (auto root = verifier.read_commitment(); !root) return root.error();
  auto claims = detail::verify_constant_base_exp(
      detail::exponent_generator(), static_cast<unsigned>(prover_columns.size()), claim, verifier);
  if (claims) {
    if (Status s = verifier.finish(); !s) return s.error();
  }
  return claims;
}

TEST(Exponentiation, HonestLayersReduceToTheBitColumnsValues) {
  std::mt19937_64 rng(82);
  for (const unsigned bits : {1u, 5u, 64u}) {
    const Exponents e = random_exponents(4, bits, rng);
    const std::vector<binius::B128> r = random_point(4, rng);
    auto claims = prove_then_verify(e.columns, {r, extension(e.powers, r)});
    ASSERT_TRUE(claims) << claims.error().message;
    ASSERT_EQ(claims->size(), bits);
    for (unsigned k = 0; k < bits; ++k) {
      EXPECT_EQ((*claims)[k].value, column_extension(e.columns[k], (*claims)[k].point))
          << "bit " << k;
    }
  }
}

TEST(Exponentiation, AFalseClaimIsRejected) {
  std::mt19937_64 rng(83);
  const Exponents e = random_exponents(3, 64, rng);
  const std::vector<binius::B128> r = random_point(3, rng);
  auto claims = prove_then_verify(e.columns, {r, extension(e.powers, r) + binius::B128::one()});
  ASSERT_FALSE(claims);
  EXPECT_EQ(claims.error().code, Errc::corrupt_data) << claims.error().message;
}

// A prover whose exponent bits are not the committed ones (one bit of one instance flipped), with
// a claim true for its own bits: every layer checks, and the claim on that bit column is what the
// committed column refutes.
TEST(Exponentiation, BitsOtherThanTheCommittedOnesAreCaughtAtTheColumns) {
  std::mt19937_64 rng(84);
  const Exponents committed = random_exponents(3, 64, rng);
  std::vector<std::vector<std::uint8_t>> other = committed.columns;
  other[40][0] ^= 0x04;  // instance 2's bit 40
  std::vector<binius::B128> powers = committed.powers;
  const std::uint64_t g = detail::exponent_generator().value();
  std::uint64_t exponent = 0;
  for (unsigned k = 0; k < 64; ++k) exponent |= std::uint64_t{(other[k][0] >> 2) & 1u} << k;
  powers[2] = binius::embed<7>(binius::B64(tower_power(g, exponent)));
  const std::vector<binius::B128> r = random_point(3, rng);
  auto claims = prove_then_verify(other, {r, extension(powers, r)});
  ASSERT_TRUE(claims) << claims.error().message;
  for (unsigned k = 0; k < 64; ++k) {
    const bool holds =
        (*claims)[k].value == column_extension(committed.columns[k], (*claims)[k].point);
    EXPECT_EQ(holds, k != 40) << "bit " << k;
  }
}

/// Bit columns of `width` bits for the given values, one instance each.
std::vector<std::vector<std::uint8_t>> columns_of(const std::vector<std::uint64_t>& values,
                                                  unsigned width) {
  std::vector<std::vector<std::uint8_t>> columns(
      width, std::vector<std::uint8_t>((values.size() + 7) / 8));
  for (std::size_t v = 0; v < values.size(); ++v) {
    for (unsigned k = 0; k < width; ++k) {
      if ((values[v] >> k) & 1) columns[k][v / 8] |= static_cast<std::uint8_t>(1u << (v % 8));
    }
  }
  return columns;
}

/// prove_mul then verify_mul on the columns; the verifier's claims, or its error.
Result<detail::MulClaims> mul_then_verify(const std::vector<std::vector<std::uint8_t>>& x,
                                          const std::vector<std::vector<std::uint8_t>>& y,
                                          const std::vector<std::vector<std::uint8_t>>& z,
                                          unsigned vars) {
  const Digest32 statement{};
  zk::ProverTranscript prover("test/mul", statement);
  prover.write_commitment(statement);
  auto proved = detail::prove_mul(x, y, z, vars, prover);
  if (!proved) return proved.error();
  const zk::ProofTapes tapes = std::move(prover).finish();
  zk::VerifierTranscript verifier("test/mul", statement, tapes.transcript, {});
  if (auto root = verifier.read_commitment(); !root) return root.error();
  auto claims = detail::verify_mul(static_cast<unsigned>(x.size()), static_cast<unsigned>(y.size()),
                                   static_cast<unsigned>(z.size()), vars, verifier);
  if (claims) {
    if (Status s = verifier.finish(); !s) return s.error();
  }
  return claims;
}

void expect_claims_hold(const std::vector<ColumnClaim>& claims,
                        const std::vector<std::vector<std::uint8_t>>& columns, const char* name) {
  ASSERT_EQ(claims.size(), columns.size()) << name;
  for (std::size_t k = 0; k < columns.size(); ++k) {
    EXPECT_EQ(claims[k].value, column_extension(columns[k], claims[k].point)) << name << " " << k;
  }
}

// u32 × u32 products, the edges included, proved in the exponent: the claims the check leaves
// hold on the true columns of x, y and z = x·y (C++ integer multiplication).
TEST(Exponentiation, U32ProductsReduceToTheirColumns) {
  std::mt19937_64 rng(86);
  std::vector<std::uint64_t> x = {0, 1, 0xffffffff, std::uint64_t{1} << 31, 7, 0, 0, 0},
                             y = {5, 1, 0xffffffff, 2, 0, 0, 0, 0};
  for (std::size_t i = 5; i < 8; ++i) x[i] = rng() & 0xffffffff, y[i] = rng() & 0xffffffff;
  std::vector<std::uint64_t> z(8);
  for (std::size_t i = 0; i < 8; ++i) z[i] = x[i] * y[i];
  const auto xc = columns_of(x, 32), yc = columns_of(y, 32), zc = columns_of(z, 64);
  auto claims = mul_then_verify(xc, yc, zc, 3);
  ASSERT_TRUE(claims) << claims.error().message;
  expect_claims_hold(claims->x, xc, "x");
  expect_claims_hold(claims->y, yc, "y");
  expect_claims_hold(claims->z, zc, "z");
}

// A false product (one instance's z one less: z + (2^64 − 1) wrapped to 64 bits) is rejected.
// The all-ones z of a zero factor is not: it is congruent to 0 modulo 2^64 − 1, the case the MUL
// constraint must exclude apart (docs/boolean-engine.md, Next 7).
TEST(Exponentiation, FalseProductsAreRejectedButTheAllOnesCongruenceHolds) {
  std::vector<std::uint64_t> x = {3, 0, 9, 12}, y = {4, 77, 9, 1};
  std::vector<std::uint64_t> z = {12, 0, 81, 12};
  z[2] -= 1;
  auto rejected = mul_then_verify(columns_of(x, 32), columns_of(y, 32), columns_of(z, 64), 2);
  ASSERT_FALSE(rejected);
  EXPECT_EQ(rejected.error().code, Errc::corrupt_data) << rejected.error().message;
  z[2] += 1;
  z[1] = ~std::uint64_t{0};
  EXPECT_TRUE(mul_then_verify(columns_of(x, 32), columns_of(y, 32), columns_of(z, 64), 2));
}

// The MUL check and the batching of its 128 column claims into one claim on each instance's slot
// x ‖ y ‖ z (32 + 32 + 64 bits), in one transcript: the slot claim holds on the slots' extension
// (computed here bit by bit), and a false column claim fed to the batching is rejected.
TEST(Exponentiation, MulClaimsBatchIntoOneClaimOnTheSlot) {
  std::mt19937_64 rng(87);
  constexpr unsigned kVars = 3;
  std::vector<std::uint64_t> x(8), y(8), z(8);
  for (std::size_t i = 0; i < 8; ++i) {
    x[i] = rng() & 0xffffffff, y[i] = rng() & 0xffffffff, z[i] = x[i] * y[i];
  }
  std::vector<std::vector<std::uint8_t>> slots(8, std::vector<std::uint8_t>(16));
  for (std::size_t v = 0; v < 8; ++v) {
    for (int b = 0; b < 4; ++b) slots[v][b] = static_cast<std::uint8_t>(x[v] >> (8 * b));
    for (int b = 0; b < 4; ++b) slots[v][4 + b] = static_cast<std::uint8_t>(y[v] >> (8 * b));
    for (int b = 0; b < 8; ++b) slots[v][8 + b] = static_cast<std::uint8_t>(z[v] >> (8 * b));
  }
  const auto in_slot_order = [](const detail::MulClaims& c) {
    std::vector<ColumnClaim> all = c.x;
    all.insert(all.end(), c.y.begin(), c.y.end());
    all.insert(all.end(), c.z.begin(), c.z.end());
    return all;
  };
  for (const bool tamper : {false, true}) {
    const Digest32 statement{};
    zk::ProverTranscript prover("test/mul-slot", statement);
    prover.write_commitment(statement);
    auto mul =
        detail::prove_mul(columns_of(x, 32), columns_of(y, 32), columns_of(z, 64), kVars, prover);
    ASSERT_TRUE(mul) << mul.error().message;
    std::vector<ColumnClaim> claims = in_slot_order(*mul);
    if (tamper) claims[70].value += binius::B128::one();  // z's bit 6, claimed false
    ASSERT_TRUE(detail::prove_slot_batch(claims, slots, prover));
    const zk::ProofTapes tapes = std::move(prover).finish();
    zk::VerifierTranscript verifier("test/mul-slot", statement, tapes.transcript, {});
    ASSERT_TRUE(verifier.read_commitment());
    auto checked = detail::verify_mul(32, 32, 64, kVars, verifier);
    ASSERT_TRUE(checked) << checked.error().message;
    std::vector<ColumnClaim> verifier_claims = in_slot_order(*checked);
    auto slot = detail::verify_slot_batch(verifier_claims, verifier);
    if (tamper) {  // the verifier's own column claims: the prover's sums no longer match
      ASSERT_FALSE(slot);
      EXPECT_EQ(slot.error().code, Errc::corrupt_data);
      continue;
    }
    ASSERT_TRUE(slot) << slot.error().message;
    std::vector<binius::B128> values(128 * 8);
    for (std::size_t v = 0; v < 8; ++v) {
      for (std::size_t k = 0; k < 128; ++k) {
        values[k + 128 * v] =
            (slots[v][k / 8] >> (k % 8)) & 1 ? binius::B128::one() : binius::B128::zero();
      }
    }
    EXPECT_EQ(slot->value, extension(values, slot->point));
  }
}

/// A cheating prover's weights: entry 0 moved by δ and entry j by δ·column[0]/column[j], so the
/// batched sum Σ weights·column is unchanged and every round checks; only the weights' value at
/// the last point, which the verifier computes itself, differs. `j`: an entry where the column is
/// not zero.
detail::AlterWeights balanced_change(std::size_t j) {
  return [j](std::vector<binius::B128>& weights, std::span<const binius::B128> column) {
    const binius::B128 delta = binius::B128(binius::make_uint128(5, 7));
    weights[0] += delta;
    weights[j] += delta * column[0] * column[j].inverse();
  };
}

TEST(Exponentiation, BatchingWeightsThatAreNotTheClaimsAreRejected) {
  std::mt19937_64 rng(88);
  const Digest32 statement{};
  {                                                   // the variable base's claims
    const Exponents e = random_exponents(3, 4, rng);  // powers of g: the base, never zero
    const std::vector<binius::B128> r = random_point(3, rng);
    std::vector<binius::B128> top(e.powers.size());
    for (std::size_t i = 0; i < top.size(); ++i) {
      binius::B128 power = binius::B128::one();
      for (unsigned k = 4; k-- > 0;) {
        power *= power;
        if ((e.columns[k][i / 8] >> (i % 8)) & 1) power *= e.powers[i];
      }
      top[i] = power;
    }
    zk::ProverTranscript prover("test/batching", statement);
    prover.write_commitment(statement);
    ASSERT_TRUE(detail::prove_variable_base_exp(e.powers, e.columns, {r, extension(top, r)}, prover,
                                                balanced_change(1)));
    const zk::ProofTapes tapes = std::move(prover).finish();
    zk::VerifierTranscript verifier("test/batching", statement, tapes.transcript, {});
    ASSERT_TRUE(verifier.read_commitment());
    auto claims = detail::verify_variable_base_exp(4, {r, extension(top, r)}, verifier);
    ASSERT_FALSE(claims);
    EXPECT_NE(claims.error().message.find("base claims' batching weights"), std::string::npos)
        << claims.error().message;
  }
  {  // the slot claims: honest claims on random slots, then changed weights
    std::vector<std::vector<std::uint8_t>> slots(4, std::vector<std::uint8_t>(1));
    for (auto& slot : slots) slot[0] = static_cast<std::uint8_t>(rng() | 1);  // bit 0 set
    std::vector<ColumnClaim> claims;
    for (unsigned k = 0; k < 8; ++k) {
      std::vector<std::uint8_t> column(1);
      for (std::size_t v = 0; v < 4; ++v)
        column[0] |= static_cast<std::uint8_t>(((slots[v][0] >> k) & 1) << v);
      const std::vector<binius::B128> point = random_point(2, rng);
      claims.push_back({point, column_extension(column, point)});
    }
    zk::ProverTranscript prover("test/batching", statement);
    prover.write_commitment(statement);
    ASSERT_TRUE(detail::prove_slot_batch(claims, slots, prover, balanced_change(8)));  // (0, v = 1)
    const zk::ProofTapes tapes = std::move(prover).finish();
    zk::VerifierTranscript verifier("test/batching", statement, tapes.transcript, {});
    ASSERT_TRUE(verifier.read_commitment());
    auto slot = detail::verify_slot_batch(claims, verifier);
    ASSERT_FALSE(slot);
    EXPECT_NE(slot.error().message.find("slot claims' batching weights"), std::string::npos)
        << slot.error().message;
  }
}

TEST(Exponentiation, StatementsOutsideTheRangeAreErrors) {
  std::mt19937_64 rng(85);
  const Exponents e = random_exponents(2, 4, rng);
  const ColumnClaim claim{random_point(2, rng), binius::B128::one()};
  zk::ProverTranscript prover("test/exponentiation", Digest32{});
  EXPECT_EQ(
      detail::prove_constant_base_exp(binius::B64::one(), e.columns, claim, prover).error().code,
      Errc::invalid_argument);
  EXPECT_EQ(
      detail::prove_constant_base_exp(detail::exponent_generator(), {}, claim, prover).error().code,
      Errc::invalid_argument);
  // prove_mul checks every column before building its tables from them.
  std::vector<std::vector<std::uint8_t>> short_y = e.columns;
  short_y[2].clear();
  EXPECT_EQ(detail::prove_mul(e.columns, short_y, e.columns, 2, prover).error().code,
            Errc::wrong_size);
  const std::vector<ColumnClaim> three(3, claim);
  EXPECT_EQ(detail::prove_slot_batch(three, {}, prover).error().code, Errc::invalid_argument);
  std::vector<std::vector<std::uint8_t>> short_columns = e.columns;
  short_columns[1].clear();
  EXPECT_EQ(
      detail::prove_constant_base_exp(detail::exponent_generator(), short_columns, claim, prover)
          .error()
          .code,
      Errc::wrong_size);
}

}  // namespace
}  // namespace merkleforge::boolean
