// What the prover and the verifier of exponentiation.hpp share.
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

/// eq·(V + G·V·a) over the columns (eq(r_k, ·), V_(k−1), a_k).
inline zk::Composition layer_composition(B128 g) {
  zk::Composition c(3);
  const auto v = c.column(1);
  c.mul(c.column(0), c.add(v, c.mul(c.constant(g), c.mul(v, c.column(2)))));
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

}  // namespace merkleforge::boolean::detail
