// Channels: tables and boundaries that balance verify (with true evaluation claims); a channel
// unbalanced by one tuple, a missing boundary tuple, or an altered column evaluation is rejected.
#include "merkleforge/zk/channel.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "merkleforge/zk/prover.hpp"
#include "protocol_support.hpp"

namespace merkleforge::zk::test {
namespace {

/// Table A (16 rows, B32 × B128 tuples) pushes; table B (8 rows) pulls a permutation of A's first
/// 8 tuples; the boundary pulls A's last 8 and pushes 2 tuples that table C (2 rows) pulls.
struct Fixture {
  std::vector<std::vector<Table>> tables;
  ChannelStatement statement;

  std::vector<std::vector<Column>> columns() const {
    std::vector<std::vector<Column>> out;
    for (const auto& set : tables) {
      std::vector<Column> cols;
      for (const Table& t : set) cols.push_back(t.column());
      out.push_back(std::move(cols));
    }
    return out;
  }
};

Fixture balanced(std::mt19937_64& rng) {
  Fixture fx;
  std::vector<Table> a{random_table(ColumnField::b32, 4, rng),
                       random_table(ColumnField::b128, 4, rng)};
  std::vector<Table> b{make_table(ColumnField::b32, 3), make_table(ColumnField::b128, 3)};
  std::vector<std::size_t> order{0, 1, 2, 3, 4, 5, 6, 7};
  std::shuffle(order.begin(), order.end(), rng);
  for (std::size_t i = 0; i < 8; ++i) {
    b[0].set(i, a[0].values[order[i]]);
    b[1].set(i, a[1].values[order[i]]);
  }
  std::vector<Table> c{random_table(ColumnField::b32, 1, rng),
                       random_table(ColumnField::b128, 1, rng)};
  fx.statement.flushes = {
      {4, 2, FlushDirection::push}, {3, 2, FlushDirection::pull}, {1, 2, FlushDirection::pull}};
  for (std::size_t i = 8; i < 16; ++i) {
    fx.statement.boundary_pulls.push_back({a[0].values[i], a[1].values[i]});
  }
  for (std::size_t i = 0; i < 2; ++i) {
    fx.statement.boundary_pushes.push_back({c[0].values[i], c[1].values[i]});
  }
  fx.tables = {a, b, c};
  return fx;
}

ProofTapes prove(const Fixture& fx) {
  ProverTranscript transcript = prover_transcript();
  auto out = prove_channel(fx.statement, fx.columns(), transcript);
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.error().message);
  return std::move(transcript).finish();
}

Result<ChannelClaims> verify(const ChannelStatement& statement, const ProofTapes& tapes) {
  VerifierTranscript transcript = verifier_transcript(tapes);
  auto out = verify_channel(statement, transcript);
  if (out.ok() && !transcript.finish().ok()) return make_error(Errc::malformed_input, "unread");
  return out;
}

TEST(Channel, BalancedTablesAndBoundariesVerify) {
  std::mt19937_64 rng(31);
  const Fixture fx = balanced(rng);
  auto out = verify(fx.statement, prove(fx));
  ASSERT_TRUE(out.ok()) << out.error().message;
  for (std::size_t f = 0; f < fx.tables.size(); ++f) {
    for (std::size_t k = 0; k < 2; ++k) {
      EXPECT_EQ(out->evals[f][k], naive_evaluate(fx.tables[f][k].values, out->points[f]));
    }
  }
}

TEST(Channel, UnbalancedByOneTupleIsRejected) {
  std::mt19937_64 rng(32);
  Fixture fx = balanced(rng);
  fx.tables[1][1].set(5, fx.tables[1][1].values[5] + B128::one());  // one pulled tuple not pushed
  auto out = verify(fx.statement, prove(fx));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
}

TEST(Channel, MissingBoundaryTupleIsRejected) {
  std::mt19937_64 rng(33);
  Fixture fx = balanced(rng);
  fx.statement.boundary_pulls.pop_back();
  auto out = verify(fx.statement, prove(fx));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
}

TEST(Channel, AlteredColumnEvaluationIsRejected) {
  std::mt19937_64 rng(34);
  const Fixture fx = balanced(rng);
  const ProofTapes tapes = prove(fx);
  ASSERT_TRUE(verify(fx.statement, tapes).ok());
  // The last message: flush C's two column evaluations.
  auto out =
      verify(fx.statement,
             ProofTapes{flipped(tapes.transcript, tapes.transcript.size() - 20), tapes.advice});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
}

TEST(Channel, BadStatementsAreErrors) {
  ProverTranscript transcript = prover_transcript();
  EXPECT_EQ(prove_channel({}, {}, transcript).error().code, Errc::invalid_argument);
  VerifierTranscript verifier = verifier_transcript({});
  ChannelStatement mixed{{{2, 2, FlushDirection::push}, {2, 3, FlushDirection::pull}}, {}, {}};
  EXPECT_EQ(verify_channel(mixed, verifier).error().code, Errc::invalid_argument);
  ChannelStatement bad_boundary{{{2, 2, FlushDirection::push}}, {{B128::one()}}, {}};
  EXPECT_EQ(verify_channel(bad_boundary, verifier).error().code, Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::zk::test
