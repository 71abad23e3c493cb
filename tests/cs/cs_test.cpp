// The constraint system end to end on small systems written here: honest proofs verify; another
// statement, a changed public value, any altered byte of the proof and a truncated proof are
// rejected; a witness that breaks a constraint is refused naming it. Values are derived here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "columns.hpp"
#include "merkleforge/binius/tower.hpp"
#include "merkleforge/cs/prover.hpp"

namespace merkleforge::cs {
namespace {

Bytes random_bits(unsigned n, std::mt19937_64& rng) {
  Bytes b(field_bytes(ColumnField::b1, n));
  for (auto& x : b) x = static_cast<std::uint8_t>(rng());
  return b;
}

/// Table of 2^n rows with every column role: committed a, b, c; public p = a + b (a linear
/// constraint); fixed `even` (1 on even rows) and c = a·b + (a shifted by one row within 64) on
/// even rows (a degree-3 zerocheck constraint); c is random on odd rows.
struct Small {
  ConstraintSystem system{"test/small"};
  Witness witness;
  PublicValues publics;
};

Small make_small(unsigned n, std::mt19937_64& rng) {
  Small s;
  const std::size_t t = s.system.add_table("t", n);
  std::vector<unsigned> all(n);
  for (unsigned v = 0; v < n; ++v) all[v] = v;
  const OracleId a = s.system.committed(t, "a", ColumnField::b1);
  const OracleId b = s.system.committed(t, "b", ColumnField::b1);
  const OracleId c = s.system.committed(t, "c", ColumnField::b1);
  const OracleId a_up = s.system.shifted(a, 6, 1, ShiftKind::cyclic, "a shifted");
  const OracleId p = s.system.public_column(t, "p", ColumnField::b1, all);
  const OracleId even = s.system.fixed(t, "even rows", ColumnField::b1, {0}, Bytes{0x01});
  s.system.constrain(t, "p = a + b", Expr(a) + b + p);
  s.system.constrain(t, "c = a·b + a shifted, on even rows", Expr(even) * (Expr(a) * b + a_up + c));
  Bytes va = random_bits(n, rng), vb = random_bits(n, rng), vc(va.size()), vp(va.size());
  auto bit = [](const Bytes& x, std::size_t i) { return (x[i / 8] >> (i % 8)) & 1; };
  for (std::size_t i = 0; i < (std::size_t{1} << n); ++i) {
    const std::size_t base = i & ~std::size_t{63};
    const int shifted = bit(va, base + ((i - base + 1) & 63));
    const int cv =
        (i % 2 == 0) ? ((bit(va, i) & bit(vb, i)) ^ shifted) : static_cast<int>(rng() & 1);
    const int pv = bit(va, i) ^ bit(vb, i);
    vc[i / 8] = static_cast<std::uint8_t>(vc[i / 8] | (cv << (i % 8)));
    vp[i / 8] = static_cast<std::uint8_t>(vp[i / 8] | (pv << (i % 8)));
  }
  s.witness.columns = {va, vb, vc};
  s.publics.columns = {vp};
  return s;
}

TEST(ConstraintSystem, HonestProofVerifiesAndAnyChangeIsRejected) {
  std::mt19937_64 rng(2);
  Small s = make_small(10, rng);
  ProveTimings timings;
  auto proof = prove(s.system, s.witness, s.publics, {}, &timings);
  ASSERT_TRUE(proof.ok()) << proof.error().message;
  ASSERT_TRUE(verify(s.system, s.publics, *proof).ok())
      << verify(s.system, s.publics, *proof).error().message;
  // The phases' bytes account for the whole proof but its header (magic, version, tape size).
  EXPECT_EQ(9 + timings.commitment_bytes + timings.zerocheck_bytes + timings.evalcheck_bytes +
                timings.opening_bytes,
            proof->size());
  EXPECT_EQ(timings.commitment_bytes, 32u);

  // A prepared statement gives the same verdicts without its per-proof setup.
  auto prepared = PreparedStatement::prepare(s.system, s.publics);
  ASSERT_TRUE(prepared.ok());
  EXPECT_TRUE(prepared->verify(*proof).ok());
  EXPECT_NEAR(prepared->params().security_bits(), derive_params(s.system, {})->security_bits(), 0);

  PublicValues other = s.publics;
  other.columns[0][3] ^= 0x10;
  EXPECT_EQ(verify(s.system, other, *proof).error().code, Errc::corrupt_data);

  // Every byte position class: header, tape, PCS proof; a sample of positions across all of it.
  for (std::size_t at = 0; at < proof->size(); at += 1 + proof->size() / 300) {
    Bytes altered = *proof;
    altered[at] ^= 0x01;
    EXPECT_FALSE(verify(s.system, s.publics, altered).ok()) << "byte " << at;
    EXPECT_FALSE(prepared->verify(altered).ok()) << "byte " << at;
  }
  Bytes truncated(proof->begin(), proof->end() - 1);
  EXPECT_EQ(verify(s.system, s.publics, truncated).error().code, Errc::corrupt_data);
  EXPECT_EQ(verify(s.system, s.publics, Bytes{}).error().code, Errc::malformed_input);
  PublicValues wrong_size = s.publics;
  wrong_size.columns[0].pop_back();
  EXPECT_EQ(verify(s.system, wrong_size, *proof).error().code, Errc::wrong_size);
}

TEST(ConstraintSystem, ProofOfAnotherSystemIsRejected) {
  std::mt19937_64 rng(3);
  Small s = make_small(8, rng);
  auto proof = prove(s.system, s.witness, s.publics);
  ASSERT_TRUE(proof.ok()) << proof.error().message;
  std::mt19937_64 rng3(3);
  Small fresh = make_small(8, rng3);
  EXPECT_TRUE(verify(fresh.system, fresh.publics, *proof).ok());
  ConstraintSystem other("test/small-2");
  const std::size_t t = other.add_table("t", 8);
  const OracleId a = other.committed(t, "a", ColumnField::b1);
  other.constrain(t, "a = 0", Expr(a));
  EXPECT_FALSE(verify(other, {}, *proof).ok());
}

TEST(ConstraintSystem, BrokenWitnessIsRefusedNamingTheConstraintAndRow) {
  std::mt19937_64 rng(4);
  Small s = make_small(8, rng);
  s.witness.columns[2][5] ^= 0x04;  // c at row 42 (even): the second constraint
  auto proof = prove(s.system, s.witness, s.publics);
  ASSERT_FALSE(proof.ok());
  EXPECT_EQ(proof.error().code, Errc::corrupt_data);
  EXPECT_NE(proof.error().message.find("c = a·b + a shifted"), std::string::npos)
      << proof.error().message;
  EXPECT_NE(proof.error().message.find("row 42"), std::string::npos) << proof.error().message;
  Small t = make_small(8, rng);
  t.publics.columns[0][0] ^= 0x01;  // row 0 of p
  auto refused = prove(t.system, t.witness, t.publics);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().message.find("p = a + b fails at row 0"), std::string::npos)
      << refused.error().message;
  Small u = make_small(8, rng);
  u.witness.columns[0].pop_back();
  EXPECT_EQ(prove(u.system, u.witness, u.publics).error().code, Errc::wrong_size);
}

/// Columns of field `field` (B8 or B32): `count` committed columns x_j and y_j = x_j² (degree 2:
/// the square is the field's own, so the witness is computed with the tower's product).
Small make_squares(ColumnField field, unsigned n, std::size_t count, std::mt19937_64& rng) {
  Small s;
  const std::size_t t = s.system.add_table("t", n);
  const unsigned level = field == ColumnField::b8 ? 3 : 5;
  const std::size_t width = field_bytes(field, 0);
  std::vector<OracleId> xs, ys;
  for (std::size_t j = 0; j < count; ++j) xs.push_back(s.system.committed(t, "x", field));
  for (std::size_t j = 0; j < count; ++j) ys.push_back(s.system.committed(t, "y", field));
  for (std::size_t j = 0; j < count; ++j)
    s.system.constrain(t, "y = x²", Expr(xs[j]) * xs[j] + ys[j]);
  for (std::size_t j = 0; j < count; ++j) {
    Bytes x(field_bytes(field, n)), y(x.size());
    for (std::size_t r = 0; r < (std::size_t{1} << n); ++r) {
      const std::uint32_t v = static_cast<std::uint32_t>(rng()) & (width == 1 ? 0xffu : ~0u);
      const auto sq = static_cast<std::uint32_t>(binius::tower_square(level, v));
      std::memcpy(&x[width * r], &v, width);
      std::memcpy(&y[width * r], &sq, width);
    }
    s.witness.columns.push_back(x);
    s.witness.columns.push_back(std::move(y));
  }
  // committed order: every x, then every y
  std::vector<Bytes> ordered(2 * count);
  for (std::size_t j = 0; j < count; ++j) {
    ordered[j] = s.witness.columns[2 * j];
    ordered[count + j] = s.witness.columns[2 * j + 1];
  }
  s.witness.columns = std::move(ordered);
  return s;
}

TEST(ConstraintSystem, ByteAndWordColumnsProveAndVerify) {
  std::mt19937_64 rng(7);
  for (const ColumnField field : {ColumnField::b8, ColumnField::b32}) {
    for (const unsigned n : {2u, 6u, 12u}) {
      for (const std::size_t count : {std::size_t{1}, std::size_t{3}}) {
        const Small s = make_squares(field, n, count, rng);
        auto proof = prove(s.system, s.witness, s.publics);
        ASSERT_TRUE(proof.ok()) << proof.error().message;
        const Status ok = verify(s.system, s.publics, *proof);
        EXPECT_TRUE(ok.ok()) << (field == ColumnField::b8 ? "B8" : "B32") << " n " << n << " count "
                             << count << ": " << ok.error().message;
      }
    }
  }
}

TEST(ConstraintSystem, DescribeStatesEveryTermAndTheTotal) {
  std::mt19937_64 rng(5);
  Small s = make_small(12, rng);
  const std::string text = describe(s.system, {});
  for (const char* part : {"table t: 2^12 rows", "3 committed, 1 fixed, 1 public, 1 virtual",
                           "1 linear", "1 by zerocheck (degree 3)", "zerocheck t", "pcs queries",
                           "security (interactive): ", "Fiat-Shamir", "not zero-knowledge"}) {
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  }
}

// A user system too large for 100 bits at rate 1/2 (2^26 rows of two B128 columns: l* = 27, where
// the folding term alone is 2^-100): every entry point says so at once instead of searching for a
// query count forever.
TEST(ConstraintSystem, UnreachableSecurityIsAnErrorEverywhere) {
  // 112 bits: the commitment's claim batching alone is (2^16 − 1)/2^128 (docs/soundness.md).
  ConstraintSystem system("test/too-secure");
  const std::size_t t = system.add_table("t", 10);
  const OracleId a = system.committed(t, "a", ColumnField::b128);
  const OracleId b = system.committed(t, "b", ColumnField::b128);
  system.constrain(t, "a·b", Expr(a) * b);
  const ProofConfig config{112, 1};
  auto params = derive_params(system, config);
  ASSERT_FALSE(params.ok());
  EXPECT_EQ(params.error().code, Errc::invalid_argument);
  EXPECT_NE(params.error().message.find("no parameters reach 112 bits"), std::string::npos)
      << params.error().message;
  EXPECT_EQ(verify(system, {}, Bytes(64, 0), config).error().code, Errc::invalid_argument);
  EXPECT_NE(describe(system, config).find("parameters: pcs: no parameters reach"),
            std::string::npos)
      << describe(system, config);
}

// Two tables, both kinds of constraint, two fields, a shift: every term derived by hand.
//   table a, 2^10 rows, B1 a0 a1 a2: a0 + a1 + a2 (linear: 1·10), a0·a1·a2 (zerocheck degree 3:
//     0 + 10 + 10·4 = 50);
//   table b, 2^12 rows, B8 b0 b1: b1 + b0 shifted in blocks of 16 (linear: 12), b0·b0 + b1
//     (zerocheck degree 2: 0 + 12 + 12·3 = 48);
//   one shifted column, depth 1, P = 2·2·16 = 64 points: 1·(64 + 32) = 96; groups: a (3 columns ->
//     log 2) and b (2 -> log 1): 64·3 = 192;
//   PCS: 2^12 bits (2^5 B128) + 2^16 bits (2^9) -> l* = 10: 20, 2^11, 0.75^241, 65535, 14.
//   All over 2^128. Total 100.024 bits; 240 queries would give 99.609.
TEST(ConstraintSystem, MultiTableSecurityTermsAreTheDerivedOnes) {
  ConstraintSystem system("test/two-tables");
  const std::size_t a = system.add_table("a", 10), b = system.add_table("b", 12);
  const OracleId a0 = system.committed(a, "a0", ColumnField::b1);
  const OracleId a1 = system.committed(a, "a1", ColumnField::b1);
  const OracleId a2 = system.committed(a, "a2", ColumnField::b1);
  const OracleId b0 = system.committed(b, "b0", ColumnField::b8);
  const OracleId b1 = system.committed(b, "b1", ColumnField::b8);
  const OracleId b0_up = system.shifted(b0, 4, 1, ShiftKind::cyclic, "b0 shifted");
  system.constrain(a, "a0 + a1 + a2", Expr(a0) + a1 + a2);
  system.constrain(a, "a0·a1·a2", Expr(a0) * a1 * a2);
  system.constrain(b, "b1 + b0 shifted", Expr(b1) + b0_up);
  system.constrain(b, "b0² + b1", Expr(b0) * b0 + b1);
  auto params = derive_params(system, {});
  ASSERT_TRUE(params.ok()) << params.error().message;
  const std::vector<std::pair<std::string, double>> pinned = {
      {"linear check a", -124.68},
      {"zerocheck a", -122.36},
      {"linear check b", -124.42},
      {"zerocheck b", -122.42},
      {"evalcheck shift sumchecks", -121.42},
      {"commitment-group batching", -120.42},
      {"pcs sumcheck", -123.68},
      {"pcs folding", -117.00},
      {"pcs queries", -100.02},
      {"pcs claim batching", -112.00},
      {"pcs ring-switching", -124.19}};
  ASSERT_EQ(params->soundness.terms.size(), pinned.size());
  for (std::size_t k = 0; k < pinned.size(); ++k) {
    EXPECT_EQ(params->soundness.terms[k].name, pinned[k].first);
    EXPECT_NEAR(std::log2(params->soundness.terms[k].probability), pinned[k].second, 0.005)
        << pinned[k].first;
  }
  EXPECT_EQ(params->pcs.total_vars, 10u);
  EXPECT_EQ(params->pcs.queries, 241u);
  EXPECT_NEAR(params->security_bits(), 100.024, 0.001);
  double fewer = 0;
  for (const auto& t : params->soundness.terms) {
    fewer += t.name == "pcs queries" ? t.probability / 0.75 : t.probability;
  }
  EXPECT_NEAR(-std::log2(fewer), 99.609, 0.001);
}

}  // namespace
}  // namespace merkleforge::cs
