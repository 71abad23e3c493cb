#include "eq_sumcheck.hpp"
#include "zerocheck_common.hpp"

namespace merkleforge::zk {

Result<EvaluationClaims> prove_zerocheck(const ZerocheckStatement& statement,
                                         std::span<const Column> columns,
                                         ProverTranscript& transcript) {
  if (Status s = detail::check_zerocheck_statement(statement); !s) return s.error();
  if (columns.size() != statement.constraints.front().n_columns()) {
    return make_error(Errc::invalid_argument,
                      "zerocheck: " + std::to_string(columns.size()) +
                          " columns for constraints over " +
                          std::to_string(statement.constraints.front().n_columns()));
  }
  for (const Column& column : columns) {
    if (Status s = check_column(column); !s) return s.error();
    if (column.n_vars != statement.n_vars) {
      return make_error(Errc::wrong_size, "zerocheck: a column has " +
                                              std::to_string(column.n_vars) + " variables, not " +
                                              std::to_string(statement.n_vars));
    }
  }
  auto challenges = detail::begin_zerocheck(transcript, statement);
  std::vector<detail::ProverColumn> state(columns.begin(), columns.end());
  EvaluationClaims out;
  out.point = detail::prove_eq_sumcheck(challenges.batched, state, challenges.z, 0, transcript);
  out.evals.emplace_back();
  for (const detail::ProverColumn& column : state) out.evals[0].push_back(column.final_value());
  transcript.write_b128s(out.evals[0]);
  return out;
}

}  // namespace merkleforge::zk
