// Zerocheck: tables satisfying their constraints verify and give true evaluation claims; a table
// violating a constraint in one row, or an altered proof, is rejected.
#include "merkleforge/zk/zerocheck.hpp"

#include <gtest/gtest.h>

#include "merkleforge/zk/prover.hpp"
#include "protocol_support.hpp"

namespace merkleforge::zk::test {
namespace {

/// a·b − c (the u32 AND constraint over bit columns, and a product constraint in general).
Composition product_constraint() {
  Composition c(3);
  c.add(c.mul(c.column(0), c.column(1)), c.column(2));
  return c;
}

/// a^2 − a over column 0: true exactly when a is a bit.
Composition bit_constraint() {
  Composition c(3);
  const auto a = c.column(0);
  c.add(c.mul(a, a), a);
  return c;
}

/// Random a, b in `field` and c = a·b (reference tower product, computed here).
std::vector<Table> product_tables(ColumnField field, unsigned n, std::mt19937_64& rng) {
  std::vector<Table> t{random_table(field, n, rng), random_table(field, n, rng),
                       make_table(field, n)};
  for (std::size_t i = 0; i < t[2].values.size(); ++i) {
    t[2].set(i, reference_mul(t[0].values[i], t[1].values[i]));
  }
  return t;
}

std::vector<Column> columns_of(const std::vector<Table>& tables) {
  std::vector<Column> cols;
  for (const Table& t : tables) cols.push_back(t.column());
  return cols;
}

ProofTapes prove(const ZerocheckStatement& statement, const std::vector<Table>& tables) {
  ProverTranscript transcript = prover_transcript();
  auto out = prove_zerocheck(statement, columns_of(tables), transcript);
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
  return std::move(transcript).finish();
}

Result<EvaluationClaims> verify(const ZerocheckStatement& statement, const ProofTapes& tapes) {
  VerifierTranscript transcript = verifier_transcript(tapes);
  auto out = verify_zerocheck(statement, transcript);
  if (out.ok() && !transcript.finish().ok()) return make_error(Errc::malformed_input, "unread");
  return out;
}

TEST(Zerocheck, SatisfiedProductConstraintOverEachField) {
  std::mt19937_64 rng(11);
  for (ColumnField field :
       {ColumnField::b1, ColumnField::b8, ColumnField::b32, ColumnField::b128}) {
    for (unsigned n : {1u, 2u, 4u, 6u}) {
      const auto tables = product_tables(field, n, rng);
      const ZerocheckStatement statement{n, {product_constraint()}};
      auto out = verify(statement, prove(statement, tables));
      ASSERT_TRUE(out.ok()) << out.error().message << " n=" << n;
      for (std::size_t c = 0; c < 3; ++c) {
        EXPECT_EQ(out->evals[0][c], naive_evaluate(tables[c].values, out->point));
      }
    }
  }
}

TEST(Zerocheck, BatchedConstraintsOnBitColumnsAcrossTheSwitchover) {
  std::mt19937_64 rng(12);
  const auto tables = product_tables(ColumnField::b1, 11, rng);
  const ZerocheckStatement statement{11, {product_constraint(), bit_constraint()}};
  auto out = verify(statement, prove(statement, tables));
  ASSERT_TRUE(out.ok()) << out.error().message;
  for (std::size_t c = 0; c < 3; ++c) {
    EXPECT_EQ(out->evals[0][c], naive_evaluate(tables[c].values, out->point));
  }
}

TEST(Zerocheck, DegreeThreeConstraintOverSmallFields) {
  // a·b·c − d with d = a·b·c: rounds need the point 2 besides 0 and ∞.
  std::mt19937_64 rng(17);
  for (ColumnField field : {ColumnField::b1, ColumnField::b8}) {
    std::vector<Table> t{random_table(field, 9, rng), random_table(field, 9, rng),
                         random_table(field, 9, rng), make_table(field, 9)};
    for (std::size_t i = 0; i < t[3].values.size(); ++i) {
      t[3].set(i, reference_mul(reference_mul(t[0].values[i], t[1].values[i]), t[2].values[i]));
    }
    Composition c(4);
    c.add(c.mul(c.mul(c.column(0), c.column(1)), c.column(2)), c.column(3));
    const ZerocheckStatement statement{9, {c}};
    auto out = verify(statement, prove(statement, t));
    ASSERT_TRUE(out.ok()) << out.error().message;
    for (std::size_t k = 0; k < 4; ++k) {
      EXPECT_EQ(out->evals[0][k], naive_evaluate(t[k].values, out->point));
    }
    t[3].set(300, t[3].values[300] + B128::one());
    EXPECT_FALSE(verify(statement, prove(statement, t)).ok());
  }
}

TEST(Zerocheck, ConstraintsOfDifferentDegreesOverBitColumns) {
  // A full adder's carry over three products of bits (degree 4, 7 columns) beside a product
  // (degree 2): the lower-degree term is summed at its own points and extended to the batch's.
  std::mt19937_64 rng(18);
  const unsigned n = 10;
  std::vector<Table> t;
  for (int k = 0; k < 6; ++k) t.push_back(random_table(ColumnField::b1, n, rng));
  t.push_back(make_table(ColumnField::b1, n));  // 6: majority(c0·c1, c2·c3, c4·c5)
  t.push_back(make_table(ColumnField::b1, n));  // 7: c0·c1
  for (std::size_t i = 0; i < t[0].values.size(); ++i) {
    const auto bit = [&](int k) { return static_cast<unsigned>(t[k].values[i].value()); };
    const unsigned p = bit(0) & bit(1), q = bit(2) & bit(3), r = bit(4) & bit(5);
    t[6].set(i, B128((p & q) | (p & r) | (q & r)));
    t[7].set(i, B128(p));
  }
  Composition carry(8);
  const auto product = [&](std::size_t a, std::size_t b) {
    return carry.mul(carry.column(a), carry.column(b));
  };
  const auto p = product(0, 1), q = product(2, 3), r = product(4, 5);
  carry.add(carry.add(carry.mul(carry.add(p, r), carry.add(q, r)), r), carry.column(6));
  Composition pp(8);
  pp.add(pp.mul(pp.column(0), pp.column(1)), pp.column(7));
  const ZerocheckStatement statement{n, {carry, pp}};
  auto out = verify(statement, prove(statement, t));
  ASSERT_TRUE(out.ok()) << out.error().message;
  for (std::size_t k = 0; k < t.size(); ++k) {
    EXPECT_EQ(out->evals[0][k], naive_evaluate(t[k].values, out->point)) << k;
  }
  for (std::size_t column : {6u, 7u}) {
    std::vector<Table> bad = t;
    bad[column].set(300, bad[column].values[300] + B128::one());
    EXPECT_FALSE(verify(statement, prove(statement, bad)).ok()) << column;
  }
}

TEST(Zerocheck, ColumnNonZeroInOneRowIsRejected) {
  std::mt19937_64 rng(13);
  for (ColumnField field : {ColumnField::b1, ColumnField::b128}) {
    for (std::size_t row : {std::size_t{0}, std::size_t{37}, std::size_t{255}}) {
      auto tables = product_tables(field, 8, rng);
      tables[2].set(row, tables[2].values[row] + B128::one());
      const ZerocheckStatement statement{8, {product_constraint()}};
      auto out = verify(statement, prove(statement, tables));
      ASSERT_FALSE(out.ok()) << "row " << row;
      EXPECT_EQ(out.error().code, Errc::corrupt_data);
    }
  }
}

TEST(Zerocheck, NonBitInABitConstrainedColumnIsRejected) {
  std::mt19937_64 rng(14);
  auto tables = product_tables(ColumnField::b8, 5, rng);
  for (std::size_t i = 0; i < tables[0].values.size(); ++i) {
    tables[0].set(i, B128(i == 9 ? 2 : tables[0].values[i].value() & 1));
    tables[2].set(i, reference_mul(tables[0].values[i], tables[1].values[i]));
  }
  const ZerocheckStatement statement{5, {product_constraint(), bit_constraint()}};
  auto out = verify(statement, prove(statement, tables));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
}

TEST(Zerocheck, AlteredRoundPolynomialIsRejected) {
  std::mt19937_64 rng(15);
  const auto tables = product_tables(ColumnField::b32, 6, rng);
  const ZerocheckStatement statement{6, {product_constraint()}};
  const ProofTapes tapes = prove(statement, tables);
  ASSERT_TRUE(verify(statement, tapes).ok());
  // Round polynomials of degree 3 (c_0, c_1, c_2 on the tape), then three evaluations.
  ASSERT_EQ(tapes.transcript.size(), 16u * (6 * 3 + 3));
  for (std::size_t offset : {std::size_t{0}, std::size_t{16 * 3 * 2 + 17}, std::size_t{16 * 19}}) {
    auto out = verify(statement, ProofTapes{flipped(tapes.transcript, offset), tapes.advice});
    ASSERT_FALSE(out.ok()) << "offset " << offset;
    EXPECT_EQ(out.error().code, Errc::corrupt_data);
  }
}

TEST(Zerocheck, BadStatementsAreErrors) {
  std::mt19937_64 rng(16);
  const auto tables = product_tables(ColumnField::b128, 3, rng);
  ProverTranscript transcript = prover_transcript();
  EXPECT_EQ(prove_zerocheck({3, {}}, columns_of(tables), transcript).error().code,
            Errc::invalid_argument);
  EXPECT_EQ(
      prove_zerocheck({4, {product_constraint()}}, columns_of(tables), transcript).error().code,
      Errc::wrong_size);
  auto two = columns_of(tables);
  two.pop_back();
  EXPECT_EQ(prove_zerocheck({3, {product_constraint()}}, two, transcript).error().code,
            Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::zk::test
