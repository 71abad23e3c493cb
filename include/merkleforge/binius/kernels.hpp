// The field layer's kernels, for the provers above it (binius_prover, zk_prover, pcs_prover): the
// POLYVAL-basis loops the dispatcher chose for this CPU. The typed entry points (polyval.hpp) check
// sizes and convert bases; these do neither, so a prover that keeps its data in the POLYVAL basis
// pays for no conversion and no Status per call (binius/additive_ntt.hpp, in binius_prover, offers
// the NTT on such data). Every pointer must address the stated number of elements.
#pragma once

#include <cstddef>

#include "merkleforge/binius/tower.hpp"

namespace merkleforge::binius {

/// One instruction set's loops over Montgomery-form POLYVAL elements (dot(a, b) = a·b·x^-128,
/// polyval.hpp).
struct PolyvalKernel {
  /// out[i] = dot(a[i], b[i]) for i < n; out may alias a or b.
  void (*mul)(const uint128* a, const uint128* b, uint128* out, std::size_t n);
  /// out[i] = dot(a[i], scalar) for i < n; out may alias a.
  void (*mul_scalar)(const uint128* a, uint128 scalar, uint128* out, std::size_t n);
  /// Additive-NTT forward butterflies with one twiddle: u[k] += dot(t, v[k]); v[k] += u[k].
  void (*forward_butterflies)(uint128* u, uint128* v, uint128 t, std::size_t n);
  /// Their inverse: v[k] += u[k]; u[k] += dot(t, v[k]).
  void (*inverse_butterflies)(uint128* u, uint128* v, uint128 t, std::size_t n);
};

/// The kernel polyval_set_isa selected (default: the best this CPU runs).
const PolyvalKernel& active_polyval_kernel() noexcept;

}  // namespace merkleforge::binius
