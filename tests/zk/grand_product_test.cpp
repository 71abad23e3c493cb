// GKR grand products: products against a naive product, the leaf claims against a naive
// evaluation, and rejection of a zero product under the non-zero check, of a prover that hides a
// zero factor, and of altered layer messages.
#include "merkleforge/zk/grand_product.hpp"

#include <gtest/gtest.h>

#include "merkleforge/binius/kernels.hpp"
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

// Partial products: P(u) = Π_j column(u + 2^low·j), claimed at a random point of the low cube.

struct PartialCase {
  PartialProductStatement statement;
  std::vector<Table> columns;
};

/// Columns of low + m_j variables and the statement whose values are the naive P̃_j(z).
PartialCase partial_case(unsigned low, std::vector<unsigned> high, std::mt19937_64& rng) {
  PartialCase c{{low, high, {}, {}}, {}};
  for (unsigned i = 0; i < low; ++i) c.statement.z.push_back(random_b128(rng));
  for (unsigned m : high) {
    c.columns.push_back(nonzero_table(low + m, rng));
    std::vector<B128> p(std::size_t{1} << low, B128::one());
    for (std::size_t i = 0; i < c.columns.back().values.size(); ++i) {
      B128& slot = p[i % p.size()];
      slot = reference_mul(slot, c.columns.back().values[i]);
    }
    c.statement.values.push_back(naive_evaluate(p, c.statement.z));
  }
  return c;
}

ProofTapes prove_partial(const PartialCase& c) {
  std::vector<ProductLayers> layers;
  for (const Table& t : c.columns) {
    const std::size_t half = t.values.size() / 2;
    std::array<LargeVector<binius::B128P>, 2> halves{LargeVector<binius::B128P>(half),
                                                     LargeVector<binius::B128P>(half)};
    binius::to_polyval(std::span(t.values).first(half), halves[0]);
    binius::to_polyval(std::span(t.values).subspan(half), halves[1]);
    layers.push_back(product_layers(std::move(halves), c.statement.low).value());
  }
  ProverTranscript transcript = prover_transcript();
  auto out = prove_partial_products(c.statement, layers, transcript);
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
  return std::move(transcript).finish();
}

Result<GrandProductClaims> verify_partial(const PartialProductStatement& s, const ProofTapes& t) {
  VerifierTranscript transcript = verifier_transcript(t);
  auto out = verify_partial_products(s, transcript);
  if (out.ok() && !transcript.finish().ok()) return make_error(Errc::malformed_input, "unread");
  return out;
}

TEST(PartialProduct, ClaimsReduceToTheColumns) {
  std::mt19937_64 rng(25);
  for (unsigned low : {0u, 1u, 5u}) {
    const PartialCase c = partial_case(low, {3, 1, 4}, rng);
    auto out = verify_partial(c.statement, prove_partial(c));
    ASSERT_TRUE(out.ok()) << out.error().message;
    for (std::size_t j = 0; j < c.columns.size(); ++j) {
      ASSERT_EQ(out->points[j].size(), low + c.statement.high_vars[j]);
      EXPECT_EQ(out->evals[j], naive_evaluate(c.columns[j].values, out->points[j])) << j;
    }
  }
}

TEST(PartialProduct, FalseValueOrAlteredProofIsRejected) {
  std::mt19937_64 rng(26);
  PartialCase c = partial_case(4, {2, 3}, rng);
  c.statement.values[1] += B128::one();  // the prover runs on the false claim
  auto out = verify_partial(c.statement, prove_partial(c));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
  c.statement.values[1] += B128::one();
  const ProofTapes tapes = prove_partial(c);
  ASSERT_TRUE(verify_partial(c.statement, tapes).ok());
  for (std::size_t offset = 3; offset < tapes.transcript.size(); offset += 16) {
    EXPECT_FALSE(verify_partial(c.statement, {flipped(tapes.transcript, offset), tapes.advice}).ok())
        << offset;
  }
}

TEST(PartialProduct, BadStatementsAreErrors) {
  std::mt19937_64 rng(27);
  const PartialCase c = partial_case(3, {2}, rng);
  VerifierTranscript verifier = verifier_transcript({});
  for (PartialProductStatement bad : {PartialProductStatement{3, {}, c.statement.z, {}},
                                      PartialProductStatement{3, {2}, {}, c.statement.values},
                                      PartialProductStatement{3, {0}, c.statement.z, {B128{}}},
                                      PartialProductStatement{3, {38}, c.statement.z, {B128{}}}}) {
    EXPECT_EQ(verify_partial_products(bad, verifier).error().code, Errc::invalid_argument);
  }
  std::vector<ProductLayers> layers;  // none for one product
  ProverTranscript transcript = prover_transcript();
  EXPECT_EQ(prove_partial_products(c.statement, layers, transcript).error().code,
            Errc::invalid_argument);
  using Half = LargeVector<binius::B128P>;
  EXPECT_EQ(product_layers({Half(3), Half(3)}, 1).error().code, Errc::wrong_size);
  EXPECT_EQ(product_layers({Half(4), Half(2)}, 1).error().code, Errc::wrong_size);
  EXPECT_EQ(product_layers({Half(4), Half(4)}, 3).error().code, Errc::wrong_size);
}

}  // namespace
}  // namespace merkleforge::zk::test
