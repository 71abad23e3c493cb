#include "merkleforge/cs/constraint_system.hpp"

#include <algorithm>
#include <stdexcept>

namespace merkleforge::cs {
namespace {

[[noreturn]] void fail(const std::string& what) {
  throw std::invalid_argument("constraint system: " + what);
}

using Node = Expr::Node;

unsigned node_degree(const Node& n) {
  switch (n.kind) {
    case Node::Kind::column:
      return 1;
    case Node::Kind::constant:
      return 0;
    case Node::Kind::add:
      return std::max(node_degree(*n.lhs), node_degree(*n.rhs));
    case Node::Kind::mul:
      return node_degree(*n.lhs) + node_degree(*n.rhs);
  }
  return 0;
}

void for_each_column(const Node& n, const auto& visit) {
  if (n.kind == Node::Kind::column) visit(n.column);
  if (n.lhs) for_each_column(*n.lhs, visit);
  if (n.rhs) for_each_column(*n.rhs, visit);
}

}  // namespace

Expr::Expr(OracleId column) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::column;
  node->column = column;
  node_ = std::move(node);
}

Expr Expr::constant(B128 value) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::constant;
  node->value = value;
  return Expr(std::shared_ptr<const Node>(std::move(node)));
}

Expr operator+(const Expr& a, const Expr& b) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::add;
  node->lhs = a.node_;
  node->rhs = b.node_;
  return Expr(std::shared_ptr<const Node>(std::move(node)));
}

Expr operator*(const Expr& a, const Expr& b) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::mul;
  node->lhs = a.node_;
  node->rhs = b.node_;
  return Expr(std::shared_ptr<const Node>(std::move(node)));
}

unsigned degree(const Expr& expr) {
  return node_degree(expr.node());
}

std::size_t field_bytes(ColumnField field, unsigned n_vars) {
  const std::size_t count = std::size_t{1} << n_vars;
  switch (field) {
    case ColumnField::b1:
      return (count + 7) / 8;
    case ColumnField::b8:
      return count;
    case ColumnField::b32:
      return 4 * count;
    case ColumnField::b128:
      return 16 * count;
  }
  return 0;
}

ConstraintSystem::ConstraintSystem(std::string name) : name_(std::move(name)) {}

void ConstraintSystem::check_table(std::size_t table) const {
  if (table >= tables_.size()) fail("unknown table " + std::to_string(table));
}

void ConstraintSystem::check_free_vars(std::size_t table,
                                       const std::vector<unsigned>& free_vars) const {
  check_table(table);
  for (std::size_t j = 0; j < free_vars.size(); ++j) {
    if (free_vars[j] >= tables_[table].n_vars || (j > 0 && free_vars[j] <= free_vars[j - 1])) {
      fail("free variables must be increasing and below the table's n_vars");
    }
  }
}

std::size_t ConstraintSystem::add_table(std::string name, unsigned n_vars) {
  if (n_vars > zk::kMaxColumnVars) fail("table " + name + " has too many variables");
  tables_.push_back({std::move(name), n_vars});
  return tables_.size() - 1;
}

OracleId ConstraintSystem::add_column(OracleId id, ColumnInfo info) {
  if (id != columns_.size()) fail("oracle ids out of step");  // every oracle is a column here
  columns_.push_back(std::move(info));
  return id;
}

OracleId ConstraintSystem::committed(std::size_t table, std::string name, ColumnField field) {
  check_table(table);
  const OracleId id = oracles_.committed(tables_[table].n_vars);
  committed_.push_back(id);
  return add_column(
      id, {std::move(name), table, Role::committed, field, {}, {}, committed_.size() - 1});
}

OracleId ConstraintSystem::fixed(std::size_t table, std::string name, ColumnField field,
                                 std::vector<unsigned> free_vars, Bytes data) {
  check_free_vars(table, free_vars);
  if (data.size() != field_bytes(field, static_cast<unsigned>(free_vars.size()))) {
    fail("fixed column " + name + " has " + std::to_string(data.size()) + " bytes");
  }
  const OracleId id = oracles_.committed(tables_[table].n_vars);
  return add_column(
      id, {std::move(name), table, Role::fixed, field, std::move(free_vars), std::move(data), 0});
}

OracleId ConstraintSystem::public_column(std::size_t table, std::string name, ColumnField field,
                                         std::vector<unsigned> free_vars) {
  check_free_vars(table, free_vars);
  const OracleId id = oracles_.committed(tables_[table].n_vars);
  public_.push_back(id);
  return add_column(id, {std::move(name),
                         table,
                         Role::public_values,
                         field,
                         std::move(free_vars),
                         {},
                         public_.size() - 1});
}

OracleId ConstraintSystem::shifted(OracleId inner, unsigned block_bits, std::size_t offset,
                                   ShiftKind kind, std::string name) {
  const std::size_t table = column(inner).table;
  const ColumnField field = column(inner).field;
  const OracleId id = oracles_.shifted(inner, block_bits, offset, kind);
  return add_column(id, {std::move(name), table, Role::virtual_column, field, {}, {}, 0});
}

OracleId ConstraintSystem::linear_combination(std::size_t table, B128 offset,
                                              std::vector<std::pair<OracleId, B128>> terms,
                                              std::string name) {
  check_table(table);
  bool bits = offset.value() <= 1;
  for (const auto& [term, coefficient] : terms) {
    if (column(term).table != table) fail("column " + column(term).name + " of another table");
    bits &= column(term).field == ColumnField::b1 && coefficient == B128::one();
  }
  const OracleId id = oracles_.linear_combination(tables_[table].n_vars, offset, std::move(terms));
  return add_column(id, {std::move(name),
                         table,
                         Role::virtual_column,
                         bits ? ColumnField::b1 : ColumnField::b128,
                         {},
                         {},
                         0});
}

OracleId ConstraintSystem::sum(std::size_t table, const std::vector<OracleId>& columns,
                               std::string name) {
  std::vector<std::pair<OracleId, B128>> terms;
  for (OracleId c : columns) terms.emplace_back(c, B128::one());
  return linear_combination(table, B128::zero(), std::move(terms), std::move(name));
}

void ConstraintSystem::constrain(std::size_t table, std::string name, Expr expr) {
  check_table(table);
  for_each_column(expr.node(), [&](OracleId c) {
    if (c >= columns_.size()) fail("constraint " + name + " reads an unknown column");
    if (columns_[c].table != table) {
      fail("constraint " + name + " reads column " + columns_[c].name + " of another table");
    }
  });
  const unsigned d = degree(expr);
  if (d == 0 || d > zk::kMaxCompositionDegree) {
    fail("constraint " + name + " has degree " + std::to_string(d));
  }
  constraints_.push_back({std::move(name), table, std::move(expr)});
}

void ConstraintSystem::bind_parameter(std::string name, std::uint64_t value) {
  for (const auto& [bound, ignored] : parameters_) {
    if (bound == name) fail("parameter " + name + " is bound twice");
  }
  parameters_.emplace_back(std::move(name), value);
}

std::size_t ConstraintSystem::data_bytes(OracleId id) const {
  const ColumnInfo& info = column(id);
  if (info.role == Role::fixed || info.role == Role::public_values) {
    return field_bytes(info.field, static_cast<unsigned>(info.free_vars.size()));
  }
  return field_bytes(info.field, tables_[info.table].n_vars);
}

}  // namespace merkleforge::cs
