#include <algorithm>

#include "eq_sumcheck_prove.hpp"
#include "merkleforge/zk/prover.hpp"
#include "zerocheck_common.hpp"

namespace merkleforge::zk {
namespace {

/// Constraint k as a part over the columns it reads, with coefficient α^k.
std::vector<detail::CompositionPart> constraint_parts(std::span<const Composition> constraints,
                                                      B128 alpha) {
  std::vector<detail::CompositionPart> parts;
  B128 power = B128::one();
  for (const Composition& c : constraints) {
    std::vector<std::size_t> used;
    for (const Composition::Op& op : c.ops()) {
      if (op.kind == Composition::OpKind::column &&
          std::find(used.begin(), used.end(), op.lhs) == used.end()) {
        used.push_back(op.lhs);
      }
    }
    Composition own(used.size());
    std::vector<Composition::Node> node(c.ops().size());
    for (std::size_t i = 0; i < c.ops().size(); ++i) {
      const Composition::Op& op = c.ops()[i];
      switch (op.kind) {
        case Composition::OpKind::column:
          node[i] = own.column(
              static_cast<std::size_t>(std::find(used.begin(), used.end(), op.lhs) - used.begin()));
          break;
        case Composition::OpKind::constant:
          node[i] = own.constant(op.value);
          break;
        case Composition::OpKind::add:
          node[i] = own.add(node[op.lhs], node[op.rhs]);
          break;
        case Composition::OpKind::mul:
          node[i] = own.mul(node[op.lhs], node[op.rhs]);
          break;
      }
    }
    parts.push_back({std::move(own), std::move(used), power});
    power = power * alpha;
  }
  return parts;
}

}  // namespace

Result<EvaluationClaims> prove_zerocheck(const ZerocheckStatement& statement,
                                         std::span<const Column> columns,
                                         ProverTranscript& transcript) {
  if (Status s = detail::check_zerocheck_statement(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "zerocheck"); !s) return s.error();
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
  const auto parts = constraint_parts(statement.constraints, challenges.alpha);
  out.point = detail::prove_eq_sumcheck(challenges.batched, state, challenges.z, B128::zero(),
                                        transcript, parts);
  out.evals.emplace_back();
  for (const detail::ProverColumn& column : state) out.evals[0].push_back(column.final_value());
  transcript.write_b128s(out.evals[0]);
  return out;
}

}  // namespace merkleforge::zk
