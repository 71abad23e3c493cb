// The field layer's kernels, for the provers above it (zk, pcs): the POLYVAL-basis loops the
// dispatcher chose for this CPU, and the additive NTT on data already in the POLYVAL basis. The
// typed entry points (polyval.hpp, additive_ntt.hpp) check sizes and convert bases; these do
// neither, so a prover that keeps its data in the POLYVAL basis pays for no conversion and no
// Status per call. Every pointer must address the stated number of elements.
#pragma once

#include <cstddef>
#include <span>

#include "merkleforge/binius/additive_ntt.hpp"
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

/// The additive NTT (additive_ntt.hpp) on Montgomery-form data, without the basis changes.
/// Precondition: check_ntt_shape(data.size(), shape) passed.
void ntt_forward_polyval(std::span<uint128> data, const NttShape& shape);
void ntt_inverse_polyval(std::span<uint128> data, const NttShape& shape);

}  // namespace merkleforge::binius
