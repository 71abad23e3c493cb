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

/// Errors: invalid_argument for another count of columns than the composition reads, wrong_size
/// for a malformed column or one of another number of variables.
Status check_columns(std::span<const Column> columns, std::size_t n_columns, std::size_t n_vars) {
  if (columns.size() != n_columns) {
    return make_error(Errc::invalid_argument, "zerocheck: " + std::to_string(columns.size()) +
                                                  " columns for a composition over " +
                                                  std::to_string(n_columns));
  }
  for (const Column& column : columns) {
    if (Status s = check_column(column); !s) return s.error();
    if (column.n_vars != n_vars) {
      return make_error(Errc::wrong_size, "zerocheck: a column has " +
                                              std::to_string(column.n_vars) + " variables, not " +
                                              std::to_string(n_vars));
    }
  }
  return Ok{};
}

/// The eq-weighted rounds, then the columns' values at ρ, written to the transcript.
EvaluationClaims prove_rounds(const Composition& composition, std::span<const Column> columns,
                              std::span<const B128> z, B128 sum, ProverTranscript& transcript,
                              std::span<const detail::CompositionPart> parts = {}) {
  std::vector<detail::ProverColumn> state(columns.begin(), columns.end());
  EvaluationClaims out;
  out.point = detail::prove_eq_sumcheck(composition, state, z, sum, transcript, parts);
  out.evals.emplace_back();
  for (const detail::ProverColumn& column : state) out.evals[0].push_back(column.final_value());
  transcript.write_b128s(out.evals[0]);
  return out;
}

}  // namespace

Result<EvaluationClaims> prove_zerocheck(const ZerocheckStatement& statement,
                                         std::span<const Column> columns,
                                         ProverTranscript& transcript) {
  if (Status s = detail::check_zerocheck_statement(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "zerocheck"); !s) return s.error();
  if (Status s =
          check_columns(columns, statement.constraints.front().n_columns(), statement.n_vars);
      !s) {
    return s.error();
  }
  auto challenges = detail::begin_zerocheck(transcript, statement);
  const auto parts = constraint_parts(statement.constraints, challenges.alpha);
  return prove_rounds(challenges.batched, columns, challenges.z, B128::zero(), transcript, parts);
}

Result<EvaluationClaims> prove_eq_sumcheck(const EqSumcheckStatement& statement,
                                           std::span<const Column> columns,
                                           ProverTranscript& transcript) {
  if (Status s = detail::check_eq_sumcheck_statement(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "zerocheck"); !s) return s.error();
  if (Status s = check_columns(columns, statement.composition.n_columns(), statement.z.size());
      !s) {
    return s.error();
  }
  return prove_rounds(statement.composition, columns, statement.z, statement.sum, transcript);
}

}  // namespace merkleforge::zk
