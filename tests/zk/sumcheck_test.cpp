// Batched sumcheck: random compositions over every field against a naive hypercube sum written
// here, the evaluation claims against a naive multilinear evaluation, and cheating provers.
#include "merkleforge/zk/sumcheck.hpp"

#include <gtest/gtest.h>

#include "merkleforge/zk/prover.hpp"
#include "protocol_support.hpp"

namespace merkleforge::zk::test {
namespace {

/// A random straight-line program, built both as a Composition and as a list this test
/// interprets on its own with the reference tower operators.
struct RandomProgram {
  struct Step {
    Composition::OpKind kind;
    std::uint32_t a, b;
    B128 value;
  };
  std::vector<Step> steps;
  Composition composition;

  B128 evaluate(const std::vector<B128>& columns) const {
    std::vector<B128> node;
    for (const Step& s : steps) {
      switch (s.kind) {
        case Composition::OpKind::column:
          node.push_back(columns[s.a]);
          break;
        case Composition::OpKind::constant:
          node.push_back(s.value);
          break;
        case Composition::OpKind::add:
          node.push_back(node[s.a] + node[s.b]);
          break;
        case Composition::OpKind::mul:
          node.push_back(reference_mul(node[s.a], node[s.b]));
          break;
      }
    }
    return node.back();
  }
};

RandomProgram random_program(std::size_t n_columns, unsigned max_degree, std::mt19937_64& rng) {
  using Kind = Composition::OpKind;
  RandomProgram p{{}, Composition(n_columns)};
  std::vector<unsigned> degree;
  auto push = [&](Kind kind, std::uint32_t a, std::uint32_t b, B128 value, unsigned d) {
    p.steps.push_back({kind, a, b, value});
    degree.push_back(d);
  };
  for (std::uint32_t c = 0; c < n_columns; ++c) push(Kind::column, c, 0, B128::zero(), 1);
  push(Kind::constant, 0, 0, random_b128(rng), 0);
  for (int k = 0; k < 8; ++k) {
    const auto a = static_cast<std::uint32_t>(rng() % p.steps.size());
    const auto b = static_cast<std::uint32_t>(rng() % p.steps.size());
    if (rng() % 2 == 0 && degree[a] + degree[b] <= max_degree) {
      push(Kind::mul, a, b, B128::zero(), degree[a] + degree[b]);
    } else {
      push(Kind::add, a, b, B128::zero(), std::max(degree[a], degree[b]));
    }
  }
  if (degree.back() == 0) {
    push(Kind::add, 0, static_cast<std::uint32_t>(p.steps.size() - 1), B128::zero(), 1);
  }
  for (const auto& s : p.steps) {
    switch (s.kind) {
      case Kind::column:
        p.composition.column(s.a);
        break;
      case Kind::constant:
        p.composition.constant(s.value);
        break;
      case Kind::add:
        p.composition.add(s.a, s.b);
        break;
      case Kind::mul:
        p.composition.mul(s.a, s.b);
        break;
    }
  }
  return p;
}

/// a·b·c + a: every column enters the output (so each final evaluation matters).
RandomProgram product_program() {
  using Kind = Composition::OpKind;
  RandomProgram p{{{Kind::column, 0, 0, B128::zero()},
                   {Kind::column, 1, 0, B128::zero()},
                   {Kind::column, 2, 0, B128::zero()},
                   {Kind::mul, 0, 1, B128::zero()},
                   {Kind::mul, 3, 2, B128::zero()},
                   {Kind::add, 4, 0, B128::zero()}},
                  Composition(3)};
  const auto a = p.composition.column(0);
  const auto b = p.composition.column(1);
  const auto c = p.composition.column(2);
  p.composition.add(p.composition.mul(p.composition.mul(a, b), c), a);
  return p;
}

B128 naive_sum(const RandomProgram& p, const std::vector<Table>& tables) {
  B128 sum;
  for (std::size_t v = 0; v < tables[0].values.size(); ++v) {
    std::vector<B128> row;
    for (const Table& t : tables) row.push_back(t.values[v]);
    sum += p.evaluate(row);
  }
  return sum;
}

struct Instance {
  std::vector<RandomProgram> programs;
  std::vector<std::vector<Table>> tables;
  std::vector<SumcheckClaim> claims;
  std::vector<std::vector<Column>> columns;
};

/// max_degree 0: the fixed product_program.
Instance make_instance(const std::vector<unsigned>& n_vars, const std::vector<ColumnField>& fields,
                       unsigned max_degree, std::mt19937_64& rng) {
  Instance inst;
  for (std::size_t j = 0; j < n_vars.size(); ++j) {
    const std::size_t n_columns = 3;
    inst.programs.push_back(max_degree == 0 ? product_program()
                                            : random_program(n_columns, max_degree, rng));
    std::vector<Table> tables;
    for (std::size_t c = 0; c < n_columns; ++c) {
      tables.push_back(random_table(fields[(j + c) % fields.size()], n_vars[j], rng));
    }
    inst.claims.push_back(
        {n_vars[j], inst.programs[j].composition, naive_sum(inst.programs[j], tables)});
    inst.tables.push_back(std::move(tables));
  }
  for (const auto& tables : inst.tables) {
    std::vector<Column> cols;
    for (const Table& t : tables) cols.push_back(t.column());
    inst.columns.push_back(std::move(cols));
  }
  return inst;
}

ProofTapes prove(const Instance& inst) {
  ProverTranscript transcript = prover_transcript();
  auto claims = prove_sumcheck(inst.claims, inst.columns, transcript);
  EXPECT_TRUE(claims.ok()) << (claims.ok() ? "" : claims.error().message);
  return std::move(transcript).finish();
}

Result<EvaluationClaims> verify(const std::vector<SumcheckClaim>& claims, const ProofTapes& tapes) {
  VerifierTranscript transcript = verifier_transcript(tapes);
  auto out = verify_sumcheck(claims, transcript);
  if (out.ok() && !transcript.finish().ok()) return make_error(Errc::malformed_input, "unread");
  return out;
}

/// Every evaluation claim equals the naive evaluation of the table it names.
void expect_claims_true(const Instance& inst, const EvaluationClaims& out) {
  ASSERT_EQ(out.evals.size(), inst.claims.size());
  for (std::size_t j = 0; j < inst.claims.size(); ++j) {
    const std::vector<B128> point(out.point.begin(), out.point.begin() + inst.claims[j].n_vars);
    for (std::size_t c = 0; c < inst.tables[j].size(); ++c) {
      EXPECT_EQ(out.evals[j][c], naive_evaluate(inst.tables[j][c].values, point))
          << "claim " << j << " column " << c;
    }
  }
}

TEST(Sumcheck, RandomCompositionsOverEachFieldMatchTheNaiveSum) {
  std::mt19937_64 rng(1);
  for (ColumnField field :
       {ColumnField::b1, ColumnField::b8, ColumnField::b32, ColumnField::b128}) {
    for (unsigned n : {1u, 2u, 3u, 5u}) {
      for (unsigned degree : {1u, 2u, 3u, 4u}) {
        const Instance inst = make_instance({n}, {field}, degree, rng);
        const ProofTapes tapes = prove(inst);
        auto out = verify(inst.claims, tapes);
        ASSERT_TRUE(out.ok()) << out.error().message << " n=" << n << " degree=" << degree;
        expect_claims_true(inst, *out);
        // Round polynomials of the composition's degree, top coefficient truncated, then evals.
        EXPECT_EQ(tapes.transcript.size(), 16 * (n * inst.claims[0].composition.degree() + 3));
      }
    }
  }
}

TEST(Sumcheck, BitColumnsAcrossTheSwitchover) {
  std::mt19937_64 rng(2);
  const Instance inst = make_instance({10}, {ColumnField::b1, ColumnField::b128}, 3, rng);
  auto out = verify(inst.claims, prove(inst));
  ASSERT_TRUE(out.ok()) << out.error().message;
  expect_claims_true(inst, *out);
}

TEST(Sumcheck, AllBitColumnsOfDegreeTwoAcrossTheSwitchover) {
  std::mt19937_64 rng(7);
  for (unsigned n : {8u, 10u}) {
    const Instance inst = make_instance({n}, {ColumnField::b1}, 2, rng);
    auto out = verify(inst.claims, prove(inst));
    ASSERT_TRUE(out.ok()) << out.error().message;
    expect_claims_true(inst, *out);
  }
}

TEST(Sumcheck, BatchedClaimsWithDifferentVariableCountsFrontLoaded) {
  std::mt19937_64 rng(3);
  const Instance inst = make_instance(
      {2, 6, 0, 4, 6}, {ColumnField::b128, ColumnField::b1, ColumnField::b8, ColumnField::b32}, 3,
      rng);
  auto out = verify(inst.claims, prove(inst));
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(out->point.size(), 6u);
  expect_claims_true(inst, *out);
}

TEST(Sumcheck, ProverAndVerifierAgreeOnTheClaims) {
  std::mt19937_64 rng(4);
  const Instance inst = make_instance({3, 5}, {ColumnField::b32}, 2, rng);
  ProverTranscript transcript = prover_transcript();
  auto proved = prove_sumcheck(inst.claims, inst.columns, transcript);
  ASSERT_TRUE(proved.ok());
  const ProofTapes tapes = std::move(transcript).finish();
  auto verified = verify(inst.claims, tapes);
  ASSERT_TRUE(verified.ok());
  EXPECT_EQ(proved->point, verified->point);
  EXPECT_EQ(proved->evals, verified->evals);
}

class SumcheckCheating : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(5);
    inst = make_instance({5}, {ColumnField::b8, ColumnField::b128}, 0, rng);
    degree = inst.claims[0].composition.degree();
    tapes = prove(inst);
    ASSERT_TRUE(verify(inst.claims, tapes).ok());
  }
  Instance inst;
  unsigned degree = 0;
  ProofTapes tapes;
};

TEST_F(SumcheckCheating, ClaimedSumOffByOneElementIsRejected) {
  std::vector<SumcheckClaim> claims = inst.claims;
  claims[0].sum += B128::one();
  auto out = verify(claims, tapes);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
}

TEST_F(SumcheckCheating, ProverProvingAWrongSumIsRejected) {
  Instance wrong = inst;
  wrong.claims[0].sum += B128::one();
  auto out = verify(wrong.claims, prove(wrong));
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::corrupt_data);
}

TEST_F(SumcheckCheating, OneAlteredRoundPolynomialIsRejected) {
  for (unsigned round = 0; round < 5; ++round) {
    ProofTapes altered{flipped(tapes.transcript, 16 * degree * round + 5), tapes.advice};
    auto out = verify(inst.claims, altered);
    ASSERT_FALSE(out.ok()) << "round " << round;
    EXPECT_EQ(out.error().code, Errc::corrupt_data);
  }
}

TEST_F(SumcheckCheating, AlteredFinalEvaluationIsRejected) {
  for (std::size_t c = 0; c < 3; ++c) {
    ProofTapes altered{flipped(tapes.transcript, 16 * (5 * degree + c) + 9), tapes.advice};
    auto out = verify(inst.claims, altered);
    ASSERT_FALSE(out.ok()) << "column " << c;
    EXPECT_EQ(out.error().code, Errc::corrupt_data);
  }
}

TEST_F(SumcheckCheating, TruncatedProofIsMalformed) {
  ProofTapes truncated{Bytes(tapes.transcript.begin(), tapes.transcript.end() - 1), tapes.advice};
  auto out = verify(inst.claims, truncated);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().code, Errc::malformed_input);
}

TEST(Composition, DegreeIsBoundedAndOperandsMustExist) {
  Composition c(2);
  auto x = c.column(0);
  for (int k = 0; k < 6; ++k) x = c.mul(x, x);  // degree 64
  EXPECT_EQ(c.degree(), 64u);
  EXPECT_THROW(c.mul(x, c.column(1)), std::invalid_argument);
  EXPECT_THROW(c.add(x, 99), std::invalid_argument);
  EXPECT_THROW(c.column(2), std::invalid_argument);
}

TEST(Sumcheck, BadStatementsAreErrors) {
  std::mt19937_64 rng(6);
  const Instance inst = make_instance({3}, {ColumnField::b128}, 2, rng);
  ProverTranscript transcript = prover_transcript();
  EXPECT_EQ(prove_sumcheck({}, {}, transcript).error().code, Errc::invalid_argument);
  std::vector<SumcheckClaim> constant{{3, Composition(3), B128::zero()}};
  constant[0].composition.constant(B128(5));
  EXPECT_EQ(prove_sumcheck(constant, inst.columns, transcript).error().code,
            Errc::invalid_argument);
  std::vector<std::vector<Column>> too_few{{inst.columns[0][0], inst.columns[0][1]}};
  EXPECT_EQ(prove_sumcheck(inst.claims, too_few, transcript).error().code, Errc::invalid_argument);
  std::vector<std::vector<Column>> short_column = inst.columns;
  short_column[0][1].bytes -= 16;
  EXPECT_EQ(prove_sumcheck(inst.claims, short_column, transcript).error().code, Errc::wrong_size);
  std::vector<SumcheckClaim> more_vars = inst.claims;
  more_vars[0].n_vars = 4;
  EXPECT_EQ(prove_sumcheck(more_vars, inst.columns, transcript).error().code, Errc::wrong_size);
}

}  // namespace
}  // namespace merkleforge::zk::test
