// Internal: what prover and verifier both derive from a constraint system — per table the
// columns and compositions of its linear checks and of its zerocheck, the commitment groups, the
// evaluation of fixed and public columns, and the statement digest. Written once so the two
// sides cannot disagree about the statement.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "merkleforge/cs/proof.hpp"
#include "merkleforge/zk/zerocheck.hpp"

namespace merkleforge::cs::detail {

/// Constraints of one table compiled over its local column list.
struct ConstraintBatch {
  std::vector<OracleId> columns;  ///< local column c is this oracle
  std::vector<zk::Composition> compositions;
  std::vector<std::size_t> constraints;  ///< index into system.constraints()
};

struct TablePlan {
  ConstraintBatch linear;     ///< degree 1: checked at one random point
  ConstraintBatch zerocheck;  ///< degree >= 2
};

/// The committed columns of one table and field, committed as one PCS polynomial with the column
/// index in the low variables (value of row r, column c at index r·2^log_count + c), so that one
/// opening at (β, r) covers every column at r.
struct CommitGroup {
  std::size_t table = 0;
  ColumnField field = ColumnField::b1;
  std::vector<OracleId> columns;
  unsigned log_count = 0;  ///< ⌈log2 |columns|⌉ (padding columns are zero)
  pcs::PolynomialShape shape;
};

struct Plan {
  std::vector<TablePlan> tables;
  std::vector<CommitGroup> groups;
  std::vector<std::pair<std::size_t, std::size_t>> group_of;  ///< by oracle: (group, position)
};

unsigned tower_level(ColumnField field);

/// The plan of the system (deterministic: both sides compute the same).
Plan make_plan(const ConstraintSystem& system);

/// Groups by shape, for derive_params.
std::vector<pcs::PolynomialShape> group_shapes(const Plan& plan);

/// The multilinear extension of a fixed or public column at a point of its table: its data's
/// extension at the free variables' coordinates (it does not depend on the others).
B128 evaluate_known(const ConstraintSystem& system, OracleId column, ByteSpan data,
                    std::span<const B128> point);

/// The data of column `id` (fixed: its own; public: from the statement).
ByteSpan known_data(const ConstraintSystem& system, const PublicValues& publics, OracleId id);

/// wrong_size unless `given` holds one value of the right size per column of `ids` (indexed by
/// the columns' index), with no bits set beyond a B1 column's values; `what` names them.
Status check_sizes(const ConstraintSystem& system, const std::vector<OracleId>& ids,
                   const std::vector<Bytes>& given, const std::string& what);

/// wrong_size unless there is one public value of the right size per public column.
Status check_publics(const ConstraintSystem& system, const PublicValues& publics);

/// The values of a known column on all of its table's rows (prover side).
Bytes spread_known(const ConstraintSystem& system, OracleId id, ByteSpan data);

/// One opening of a commitment group at a point: the values its claims give (the others are
/// sent by the prover), then β and one PCS claim at (β, point).
struct GroupOpening {
  std::size_t group = 0;
  std::vector<B128> point;
  std::vector<std::optional<B128>> values;  ///< by position in the group
};

/// The openings the claims on committed columns need, per group in order of first appearance.
std::vector<GroupOpening> group_openings(const Plan& plan,
                                         const std::vector<zk::EvalClaim>& committed);

/// The PCS claim of an opening whose values are all known; samples β from the transcript.
template <class Transcript>
pcs::EvaluationClaim opening_claim(const Plan& plan, const GroupOpening& opening,
                                   std::span<const B128> values, Transcript& transcript);

/// Σ_c eq(beta, c)·values[c] over the group's columns (values in group order; padding zero).
B128 group_combination(std::span<const B128> beta, std::span<const B128> values);

template <class Transcript>
pcs::EvaluationClaim opening_claim(const Plan& plan, const GroupOpening& opening,
                                   std::span<const B128> values, Transcript& transcript) {
  std::vector<B128> beta(plan.groups[opening.group].log_count);
  for (auto& x : beta) x = transcript.sample_b128();
  std::vector<B128> at = beta;
  at.insert(at.end(), opening.point.begin(), opening.point.end());
  return {static_cast<std::uint32_t>(opening.group), std::move(at),
          group_combination(beta, values)};
}

}  // namespace merkleforge::cs::detail
