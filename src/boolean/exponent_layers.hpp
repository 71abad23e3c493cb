// What the prover and the verifier of exponentiation.hpp share: the layers' compositions, the
// batchings' composition, and the statement checks.
#pragma once

#include <span>
#include <string>

#include "exponentiation.hpp"
#include "merkleforge/zk/composition.hpp"

namespace merkleforge::boolean::detail {

/// Errors: invalid_argument for bits outside 1 … 64 or a base 0 or 1 (whose powers are constant).
inline Status check_exp_statement(B64 base, unsigned bits) {
  if (bits == 0 || bits > 64 || base == B64::zero() || base == B64::one()) {
    return make_error(Errc::invalid_argument, "boolean: exponentiation of base " +
                                                  std::to_string(base.value()) + " by " +
                                                  std::to_string(bits) + " bits");
  }
  return Ok{};
}

// The layers' compositions, over their columns; eq(r_j, ·) weighs them outside (zk's eq
// sumcheck).

/// Constant base, layer k ≥ 1: V + G_k·V·a over (V_(k−1), a_k).
inline zk::Composition constant_layer(B128 g) {
  zk::Composition c(2);
  const auto v = c.column(0);
  c.add(v, c.mul(c.constant(g), c.mul(v, c.column(1))));
  return c;
}

/// 1 + b·(V + 1) = 1 + b + b·V over the columns b and V.
inline zk::Composition::Node select_base(zk::Composition& c, std::size_t b, std::size_t v) {
  const auto bit = c.column(b);
  return c.add(c.add(c.constant(B128::one()), bit), c.mul(bit, c.column(v)));
}

/// Variable base, layer j ≥ 1: W²·(1 + b·(V + 1)) over (W_(j−1), b, V).
inline zk::Composition variable_layer() {
  zk::Composition c(3);
  const auto w = c.column(0);
  c.mul(c.mul(w, w), select_base(c, 1, 2));
  return c;
}

/// Variable base, layer 0: 1 + b·(V + 1) over (b, V).
inline zk::Composition variable_first_layer() {
  zk::Composition c(2);
  select_base(c, 0, 1);
  return c;
}

/// The batching of claims on one column: weights·column over (weights, column).
inline zk::Composition weighted_column() {
  zk::Composition c(2);
  c.mul(c.column(0), c.column(1));
  return c;
}

/// Errors: invalid_argument unless there are 2^w claims, w ≤ 16, on points of one length.
inline Result<unsigned> slot_log_bits(const std::vector<ColumnClaim>& claims) {
  unsigned w = 0;
  while (w <= 16 && (std::size_t{1} << w) < claims.size()) ++w;
  bool same = true;
  for (const ColumnClaim& c : claims) same = same && c.point.size() == claims[0].point.size();
  if (claims.empty() || w > 16 || (std::size_t{1} << w) != claims.size() || !same) {
    return make_error(Errc::invalid_argument,
                      "boolean: " + std::to_string(claims.size()) +
                          " slot claims (a power of two up to 2^16, on points of one length)");
  }
  return w;
}

/// eq(a, b) = Π_i (a_i·b_i + (1 + a_i)·(1 + b_i)).
inline B128 eq_at(std::span<const B128> a, std::span<const B128> b) {
  B128 product = B128::one();
  for (std::size_t i = 0; i < a.size(); ++i) {
    product *= a[i] * b[i] + (B128::one() + a[i]) * (B128::one() + b[i]);
  }
  return product;
}

}  // namespace merkleforge::boolean::detail
