#include "merkleforge/zk/prover.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "prover_engine.hpp"
#include "sumcheck_common.hpp"

namespace merkleforge::zk {
namespace {

/// One claim's prover state.
struct ClaimProver {
  std::vector<detail::ProverColumn> columns;
  detail::ChunkEvaluator evaluator;
  unsigned degree;
  B128 claim;
};

/// The round polynomial of a claim (degree d): sums at 0, 2, …, d − 1, ∞ over the pairs, and
/// g(1) = claim + g(0).
std::vector<B128> claim_round_polynomial(ClaimProver& prover) {
  const std::vector<unsigned> points = detail::round_points(prover.degree);
  const std::vector<B128> sums =
      detail::round_sums(prover.evaluator, prover.columns, points, nullptr);
  std::vector<B128> values{sums[0], prover.claim + sums[0]};
  for (std::size_t p = 1; p < points.size() && points[p] != detail::kInfinity; ++p) {
    values.push_back(sums[p]);
  }
  return detail::round_coefficients(prover.degree, values, sums.back());
}

Status check_columns(std::span<const SumcheckClaim> claims,
                     std::span<const std::vector<Column>> columns) {
  if (columns.size() != claims.size()) {
    return make_error(Errc::invalid_argument, "sumcheck: " + std::to_string(columns.size()) +
                                                  " column sets for " +
                                                  std::to_string(claims.size()) + " claims");
  }
  for (std::size_t j = 0; j < claims.size(); ++j) {
    if (columns[j].size() != claims[j].composition.n_columns()) {
      return make_error(Errc::invalid_argument,
                        "sumcheck: claim " + std::to_string(j) + " has " +
                            std::to_string(columns[j].size()) + " columns, its composition " +
                            std::to_string(claims[j].composition.n_columns()));
    }
    for (const Column& column : columns[j]) {
      if (Status s = check_column(column); !s) return s;
      if (column.n_vars != claims[j].n_vars) {
        return make_error(Errc::wrong_size, "sumcheck: claim " + std::to_string(j) +
                                                " has a column with " +
                                                std::to_string(column.n_vars) + " variables");
      }
    }
  }
  return Ok{};
}

}  // namespace

Result<EvaluationClaims> prove_sumcheck(std::span<const SumcheckClaim> claims,
                                        std::span<const std::vector<Column>> columns,
                                        ProverTranscript& transcript) {
  if (Status s = detail::check_sumcheck_statement(claims); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "sumcheck"); !s) return s.error();
  if (Status s = check_columns(claims, columns); !s) return s.error();
  const B128 alpha = detail::begin_sumcheck(transcript, claims);

  std::vector<ClaimProver> provers;
  std::vector<B128> coefficients;
  B128 power = B128::one();
  for (std::size_t j = 0; j < claims.size(); ++j) {
    ClaimProver prover{{},
                       detail::ChunkEvaluator(claims[j].composition),
                       claims[j].composition.degree(),
                       claims[j].sum};
    for (const Column& column : columns[j]) prover.columns.emplace_back(column);
    provers.push_back(std::move(prover));
    coefficients.push_back(power);
    power = power * alpha;
  }

  EvaluationClaims out;
  out.evals.resize(claims.size());
  auto leave = [&](unsigned rounds) {
    for (std::size_t j = 0; j < claims.size(); ++j) {
      if (claims[j].n_vars != rounds) continue;
      for (const detail::ProverColumn& column : provers[j].columns) {
        out.evals[j].push_back(column.final_value());
      }
      transcript.write_b128s(out.evals[j]);
    }
  };
  leave(0);
  const unsigned n_max = detail::max_vars(claims);
  for (unsigned round = 0; round < n_max; ++round) {
    std::vector<B128> batched(detail::round_degree(claims, round) + 1);
    std::vector<std::vector<B128>> polynomials(claims.size());
    for (std::size_t j = 0; j < claims.size(); ++j) {
      if (claims[j].n_vars <= round) continue;
      polynomials[j] = claim_round_polynomial(provers[j]);
      for (std::size_t k = 0; k < polynomials[j].size(); ++k) {
        batched[k] += coefficients[j] * polynomials[j][k];
      }
    }
    const B128 r = detail::send_round(transcript, batched);
    out.point.push_back(r);
    for (std::size_t j = 0; j < claims.size(); ++j) {
      if (claims[j].n_vars <= round) continue;
      provers[j].claim = detail::evaluate_polynomial(polynomials[j], r);
      detail::fold_all(provers[j].columns, r);
    }
    leave(round + 1);
  }
  return out;
}

}  // namespace merkleforge::zk
