// GKR grand products: products against a naive product, the leaf claims against a naive
// evaluation, and rejection of a zero product under the non-zero check, of a prover that hides a
// zero factor, and of altered layer messages.
#include "merkleforge/zk/grand_product.hpp"

#include <gtest/gtest.h>

#include "merkleforge/zk/prover.hpp"
#include "protocol_support.hpp"

namespace merkleforge::zk::test {
namespace {

B128 naive_product(const std::vector<B128>& values) {
  B128 p = B128::one();
  for (const B128 v : values) p = reference_mul(p, v);
  return p;
}

ProofTapes prove(const std::vector<Table>& tables) {
  std::vector<Column> columns;
  for (const Table& t : tables) columns.push_back(t.column());
  ProverTranscript transcript = prover_transcript();
  auto out = prove_grand_products(columns, transcript);
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
  return std::move(transcript).finish();
}

Result<GrandProductClaims> verify(const GrandProductStatement& statement, const ProofTapes& tapes) {
  VerifierTranscript transcript = verifier_transcript(tapes);
  auto out = verify_grand_products(statement, transcript);
  if (out.ok() && !transcript.finish().ok()) return make_error(Errc::malformed_input, "unread");
  return out;
}

/// Non-zero B128 values (a zero makes the product zero).
Table nonzero_table(unsigned n, std::mt19937_64& rng) {
  Table t = random_table(ColumnField::b128, n, rng);
  for (std::size_t i = 0; i < t.values.size(); ++i) {
    if (t.values[i] == B128::zero()) t.set(i, B128::one());
  }
  return t;
}

TEST(GrandProduct, BatchedProductsOfDifferentSizes) {
  std::mt19937_64 rng(21);
  std::vector<Table> tables;
  GrandProductStatement statement{{}, true};
  for (unsigned n : {5u, 0u, 1u, 8u, 3u, 8u}) {
    tables.push_back(nonzero_table(n, rng));
    statement.n_vars.push_back(n);
  }
  tables.push_back(random_table(ColumnField::b8, 4, rng));  // a small-field column too
  statement.n_vars.push_back(4);
  statement.require_nonzero = false;
  auto out = verify(statement, prove(tables));
  ASSERT_TRUE(out.ok()) << out.error().message;
  for (std::size_t j = 0; j < tables.size(); ++j) {
    EXPECT_EQ(out->products[j], naive_product(tables[j].values)) << j;
    ASSERT_EQ(out->points[j].size(), statement.n_vars[j]);
    EXPECT_EQ(out->evals[j], naive_evaluate(tables[j].values, out->points[j])) << j;
  }
}

TEST(GrandProduct, ZeroProductFailsTheNonZeroCheck) {
  std::mt19937_64 rng(22);
  std::vector<Table> tables{nonzero_table(6, rng)};
  tables[0].set(17, B128::zero());
  const ProofTapes tapes = prove(tables);
  EXPECT_TRUE(verify({{6}, false}, tapes).ok());
  auto out = verify({{6}, true}, tapes);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
}

TEST(GrandProduct, ZeroFactorPassedAsNonZeroIsCaughtAtTheLeafClaim) {
  // The cheating prover runs the protocol on the column with its zero replaced by 1, so it
  // claims a non-zero product; its transcript is consistent, but the leaf claim it reduces to
  // is false for the committed column (with the zero), which the PCS opening then refutes.
  std::mt19937_64 rng(23);
  Table committed = nonzero_table(7, rng);
  committed.set(99, B128::zero());
  Table forged = committed;
  forged.set(99, B128::one());
  auto out = verify({{7}, true}, prove({forged}));
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_NE(out->products[0], B128::zero());
  EXPECT_EQ(naive_product(committed.values), B128::zero());
  EXPECT_NE(out->evals[0], naive_evaluate(committed.values, out->points[0]));
}

TEST(GrandProduct, AlteredProofIsRejected) {
  std::mt19937_64 rng(24);
  std::vector<Table> tables{nonzero_table(4, rng), nonzero_table(2, rng)};
  const ProofTapes tapes = prove(tables);
  const GrandProductStatement statement{{4, 2}, true};
  ASSERT_TRUE(verify(statement, tapes).ok());
  // Every 16-byte element of the tape: products, round coefficients, layer halves.
  for (std::size_t offset = 3; offset < tapes.transcript.size(); offset += 16) {
    auto out = verify(statement, ProofTapes{flipped(tapes.transcript, offset), tapes.advice});
    ASSERT_FALSE(out.ok()) << "offset " << offset;
    EXPECT_EQ(out.error().code, Errc::corrupt_data);
  }
}

TEST(GrandProduct, BadStatementsAreErrors) {
  ProverTranscript transcript = prover_transcript();
  EXPECT_EQ(prove_grand_products({}, transcript).error().code, Errc::invalid_argument);
  VerifierTranscript verifier = verifier_transcript({});
  EXPECT_EQ(verify_grand_products({{}, false}, verifier).error().code, Errc::invalid_argument);
  EXPECT_EQ(verify_grand_products({{41}, false}, verifier).error().code, Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::zk::test
