// Composite polynomials: an arithmetic expression over B128 of the values of n multilinears
// ("columns"), e.g. a·b − c or eq·L·R, held as a straight-line program. Sumcheck and zerocheck
// (sumcheck.hpp, zerocheck.hpp) run over one such expression; its degree bounds the degree of
// every round polynomial, so the verifier takes it from the composition, never from the proof.
//
// Nodes are added in order; every operand must already exist, so the program is acyclic by
// construction. The output is the last node added. Values are canonical tower B128 (tower.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/binius/tower.hpp"

namespace merkleforge::zk {

using binius::B128;

/// Highest degree a composition may have: bounds the round-polynomial size every verifier reads.
inline constexpr unsigned kMaxCompositionDegree = 64;

class Composition {
 public:
  using Node = std::uint32_t;
  enum class OpKind : std::uint8_t { column, constant, add, mul };
  struct Op {
    OpKind kind;
    Node lhs;    ///< column index (column), left operand (add, mul)
    Node rhs;    ///< right operand (add, mul)
    B128 value;  ///< constant value (constant)
  };

  /// An empty expression over `n_columns` columns; add at least one node before use.
  explicit Composition(std::size_t n_columns) : n_columns_(n_columns) {}

  // Builders; each returns the new node. Throw std::invalid_argument on an operand that is not an
  // existing node, a column index >= n_columns, or a product of degree > kMaxCompositionDegree
  // (programming errors).
  Node column(std::size_t index);
  Node constant(B128 value);
  Node add(Node lhs, Node rhs);
  Node mul(Node lhs, Node rhs);

  /// Σ_j alpha^j·parts[j]: one expression over the common columns. Throws std::invalid_argument
  /// if the parts are empty, empty expressions, or differ in their number of columns.
  static Composition batch(std::span<const Composition> parts, B128 alpha);

  std::size_t n_columns() const noexcept { return n_columns_; }
  /// Total degree of the output in the columns (0 for an expression without columns).
  unsigned degree() const noexcept { return degrees_.empty() ? 0 : degrees_.back(); }
  bool empty() const noexcept { return ops_.empty(); }
  std::span<const Op> ops() const noexcept { return ops_; }
  std::span<const unsigned> node_degrees() const noexcept { return degrees_; }

  /// The output at the given column values, by scalar tower arithmetic (verifier-side; slow and
  /// simple). Precondition: !empty() and values.size() == n_columns() (checked: throws
  /// std::invalid_argument).
  B128 evaluate(std::span<const B128> values) const;

 private:
  Node push(Op op, unsigned degree);
  void check_operand(Node node) const;

  std::size_t n_columns_;
  std::vector<Op> ops_;
  std::vector<unsigned> degrees_;
};

}  // namespace merkleforge::zk
