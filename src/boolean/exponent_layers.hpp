// What the prover and the verifier of exponentiation.hpp share: the leaves' constants and
// compositions, the Frobenius points and the statement's sizes.
#pragma once

#include <span>
#include <vector>

#include "exponentiation.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/zk/composition.hpp"

namespace merkleforge::boolean::detail {

/// H_i = g^(2^i) + 1 for i < bits and 0 up to 2^field_log: leaf i is 1 + bit_i·H_i, so the bits
/// of the field above the operand's width do not enter its power.
inline std::vector<B128> leaf_constants(B128 g, unsigned bits, unsigned field_log) {
  std::vector<B128> constants(std::size_t{1} << field_log);
  B128 power = g;  // g^(2^i)
  for (unsigned i = 0; i < bits; ++i, power = power.square()) constants[i] = power + B128::one();
  return constants;
}

/// W's leaves over the columns (y, M): 1 + y + y·M = 1 + y·(M + 1).
inline zk::Composition power_leaf() {
  zk::Composition c(2);
  const auto y = c.column(0);
  c.add(c.add(c.constant(B128::one()), y), c.mul(y, c.column(1)));
  return c;
}

/// The batching of claims on one column: weights·column over (weights, column).
inline zk::Composition weighted_column() {
  zk::Composition c(2);
  c.mul(c.column(0), c.column(1));
  return c;
}

/// eq(a, b) = Π_i (a_i·b_i + (1 + a_i)·(1 + b_i)).
inline B128 eq_at(std::span<const B128> a, std::span<const B128> b) {
  B128 product = B128::one();
  for (std::size_t i = 0; i < a.size(); ++i) {
    product *= a[i] * b[i] + (B128::one() + a[i]) * (B128::one() + b[i]);
  }
  return product;
}

/// A point over (u, field) — a leaf column's order, u first — as the slot orders it: (field, u).
inline std::vector<B128> slot_order(std::span<const B128> point, unsigned vars) {
  std::vector<B128> out(point.begin() + vars, point.end());
  out.insert(out.end(), point.begin(), point.begin() + vars);
  return out;
}

/// The claim on a field from its bits' values at the leaves' point (u first): at the random τ,
/// Σ_i eq(τ, i)·values_i at (τ, u).
inline ColumnClaim reduce_field_values(std::vector<B128> tau, std::span<const B128> values,
                                       std::span<const B128> leaves_point, unsigned vars) {
  const std::vector<B128> at_tau = binius::eq_tensor(tau).value();  // τ: a field's few variables
  ColumnClaim out{std::move(tau), B128{}};
  for (std::size_t i = 0; i < values.size(); ++i) out.value += at_tau[i] * values[i];
  out.point.insert(out.point.end(), leaves_point.begin(), leaves_point.begin() + vars);
  return out;
}

/// Σ_j λ^j·values_j.
inline B128 batched_sum(std::span<const B128> values, B128 lambda) {
  B128 sum, power = B128::one();
  for (const B128 value : values) sum += power * value, power *= lambda;
  return sum;
}

/// φ^(−j)(s) coordinate-wise for j < count: the points at which M_j's claims are claims on V.
inline std::vector<std::vector<B128>> frobenius_points(std::span<const B128> s, unsigned count) {
  std::vector<std::vector<B128>> points;
  std::vector<B128> point(s.begin(), s.end());
  for (unsigned j = 0; j < count; ++j) {
    points.push_back(point);
    for (B128& coordinate : point) coordinate = square_root(coordinate);
  }
  return points;
}

/// φ^j(a) = a^(2^j).
inline B128 frobenius(B128 a, unsigned j) {
  for (unsigned i = 0; i < j; ++i) a = a.square();
  return a;
}

}  // namespace merkleforge::boolean::detail
