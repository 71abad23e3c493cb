// A constraint system over binary tower fields (docs/binius-cs.md): tables of columns, each column
// a multilinear over its table's 2^n rows; constraints are arithmetic expressions over the columns
// of one table that must vanish on every row. Columns are
//   committed  — the witness, committed with the PCS (issue 21);
//   fixed      — values the circuit defines (round constants, selectors), known to both sides;
//   public     — values of the statement (public inputs/outputs), known to both sides;
//   virtual    — shifts within blocks of rows, XORs / linear combinations of other columns
//                (zk/evalcheck.hpp oracles: never committed, reduced to their inner columns).
// Fixed and public columns hold data over some of the table's variables (`free_vars`) and do not
// depend on the others: a per-permutation output read on every row of its permutation, a round
// constant that repeats in every permutation.
//
// The system compiles to the protocols of zk/: degree-1 constraints are checked at one random
// point, the others by one zerocheck per table, then evalcheck to committed columns, which are
// opened by one PCS proof (cs/proof.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/zk/column.hpp"
#include "merkleforge/zk/composition.hpp"
#include "merkleforge/zk/evalcheck.hpp"

namespace merkleforge::cs {

using binius::B128;
using zk::Column;
using zk::ColumnField;
using zk::OracleId;
using zk::ShiftKind;

/// An arithmetic expression over columns (B128 arithmetic; + is XOR, so a − b is a + b).
class Expr {
 public:
  /// The column's value on the row.
  Expr(OracleId column);  // NOLINT(google-explicit-constructor): columns read as expressions
  static Expr constant(B128 value);
  friend Expr operator+(const Expr& a, const Expr& b);
  friend Expr operator*(const Expr& a, const Expr& b);

  struct Node;
  const Node& node() const { return *node_; }

 private:
  explicit Expr(std::shared_ptr<const Node> node) : node_(std::move(node)) {}
  std::shared_ptr<const Node> node_;
};

struct Expr::Node {
  enum class Kind : std::uint8_t { column, constant, add, mul } kind;
  OracleId column = 0;
  B128 value;
  std::shared_ptr<const Node> lhs, rhs;
};

class ConstraintSystem {
 public:
  enum class Role : std::uint8_t { committed, fixed, public_values, virtual_column };

  struct Table {
    std::string name;
    unsigned n_vars = 0;
  };
  struct ColumnInfo {
    std::string name;
    std::size_t table = 0;
    Role role = Role::virtual_column;
    ColumnField field = ColumnField::b1;
    std::vector<unsigned> free_vars;  ///< fixed and public: the variables the data is over
    Bytes data;                       ///< fixed: the values over free_vars (field layout)
    std::size_t index = 0;            ///< committed / public: position among its role
  };
  struct Constraint {
    std::string name;
    std::size_t table = 0;
    Expr expr;
  };

  /// `name` identifies the circuit in the statement digest.
  explicit ConstraintSystem(std::string name);

  // Builders. Throw std::invalid_argument on programming errors: an unknown table or column, a
  // column of another table, n_vars > 40, free variables out of range or unsorted, fixed data of
  // the wrong size, a constraint of degree 0 or above zk::kMaxCompositionDegree.

  /// A table of 2^n_vars rows.
  std::size_t add_table(std::string name, unsigned n_vars);
  /// A witness column (B1, B8, B32 or B128), committed with the PCS.
  OracleId committed(std::size_t table, std::string name, ColumnField field);
  /// A column the circuit defines: `data` holds its 2^|free_vars| values in the field's layout
  /// (bits LSB first for B1), value j at the rows whose free variables spell j.
  OracleId fixed(std::size_t table, std::string name, ColumnField field,
                 std::vector<unsigned> free_vars, Bytes data);
  /// A column of the statement: like fixed, with the data supplied by prover and verifier.
  OracleId public_column(std::size_t table, std::string name, ColumnField field,
                         std::vector<unsigned> free_vars);
  /// Within blocks of 2^block_bits rows (zk::OracleSet::shifted).
  OracleId shifted(OracleId inner, unsigned block_bits, std::size_t offset, ShiftKind kind,
                   std::string name);
  /// offset + Σ coefficient·column over one table's columns.
  OracleId linear_combination(std::size_t table, B128 offset,
                              std::vector<std::pair<OracleId, B128>> terms, std::string name);
  /// Σ columns (XOR): a linear combination with coefficients 1.
  OracleId sum(std::size_t table, const std::vector<OracleId>& columns, std::string name);
  /// `expr` vanishes on every row of `table`.
  void constrain(std::size_t table, std::string name, Expr expr);
  /// A number the statement is about that the tables need not show (e.g. a circuit's instance
  /// count, which padding to a power of two would otherwise hide): hashed into the statement
  /// digest, so a proof verifies only against the same value. Throws std::invalid_argument when
  /// `name` is bound twice.
  void bind_parameter(std::string name, std::uint64_t value);

  const std::string& name() const noexcept { return name_; }
  const std::vector<std::pair<std::string, std::uint64_t>>& parameters() const noexcept {
    return parameters_;
  }
  const std::vector<Table>& tables() const noexcept { return tables_; }
  const zk::OracleSet& oracles() const noexcept { return oracles_; }
  const ColumnInfo& column(OracleId id) const { return columns_.at(id); }
  const std::vector<Constraint>& constraints() const noexcept { return constraints_; }
  /// Committed columns in commitment order (the witness's order).
  const std::vector<OracleId>& committed_columns() const noexcept { return committed_; }
  /// Public columns in statement order.
  const std::vector<OracleId>& public_columns() const noexcept { return public_; }
  /// Bytes of a column's data over `free_vars` (or its whole table), in its field's layout.
  std::size_t data_bytes(OracleId id) const;

 private:
  OracleId add_column(OracleId id, ColumnInfo info);
  void check_table(std::size_t table) const;
  void check_free_vars(std::size_t table, const std::vector<unsigned>& free_vars) const;

  std::string name_;
  std::vector<Table> tables_;
  zk::OracleSet oracles_;
  std::vector<ColumnInfo> columns_;  // by oracle id
  std::vector<Constraint> constraints_;
  std::vector<OracleId> committed_;
  std::vector<OracleId> public_;
  std::vector<std::pair<std::string, std::uint64_t>> parameters_;
};

/// Bytes of 2^n_vars values of `field` in its layout ((2^n + 7)/8 for B1).
std::size_t field_bytes(ColumnField field, unsigned n_vars);

/// Degree of an expression in the columns.
unsigned degree(const Expr& expr);

}  // namespace merkleforge::cs
