// Internal (prover side): the columns of a system as the protocols see them — witness columns
// viewed in place, fixed and public columns spread over their tables, virtual columns computed
// on first use (zk::OracleValues) — and the interleaving of each commitment group.
#pragma once

#include <memory>

#include "merkleforge/zk/prover.hpp"
#include "plan.hpp"

namespace merkleforge::cs::detail {

class ProverColumns {
 public:
  /// Precondition: the witness and public values have the system's shapes.
  ProverColumns(const ConstraintSystem& system, const Witness& witness,
                const PublicValues& publics);
  /// The column's values on every row of its table (valid while this object lives).
  Column column(OracleId id);
  zk::OracleValues& values() { return *values_; }

 private:
  std::vector<Bytes> spread_;  // fixed and public columns over their tables
  std::vector<Column> views_;  // by oracle: committed, fixed and public columns
  std::unique_ptr<zk::OracleValues> values_;
};

/// wrong_size unless the witness and the public values have the system's shapes.
Status check_shapes(const ConstraintSystem& system, const Witness& witness,
                    const PublicValues& publics);

/// check_witness on columns already set up: every constraint on every row.
Status check_rows(const ConstraintSystem& system, const Plan& plan, ProverColumns& columns);

/// Views the bytes of 2^n_vars values of `field` as a column.
Column view(ColumnField field, unsigned n_vars, ByteSpan bytes);

/// The column at a point (any field).
B128 evaluate_column(const Column& column, std::span<const B128> point);

/// The group's polynomial packed into B128 words for pcs_commit (plan.hpp CommitGroup layout).
std::vector<B128> interleave_group(const CommitGroup& group, unsigned n_vars,
                                   std::span<const Column> columns);

}  // namespace merkleforge::cs::detail
