// The field layer's kernels, for the provers above it (binius_prover, zk_prover, pcs_prover): the
// POLYVAL-basis loops the dispatcher chose for this CPU. The span entry points (polyval.hpp) check
// sizes; these do not, so a prover's inner loop pays no Status per call (binius/additive_ntt.hpp,
// in binius_prover, offers the NTT on such data). Every pointer must address the stated number of
// elements.
#pragma once

#include <cstddef>
#include <span>

#include "merkleforge/binius/polyval.hpp"

namespace merkleforge::binius {

/// One instruction set's loops over POLYVAL-basis elements.
struct PolyvalKernel {
  /// out[i] = a[i]·b[i] for i < n; out may alias a or b.
  void (*mul)(const B128P* a, const B128P* b, B128P* out, std::size_t n);
  /// out[i] = a[i]·scalar for i < n; out may alias a.
  void (*mul_scalar)(const B128P* a, B128P scalar, B128P* out, std::size_t n);
  /// Additive-NTT forward butterflies with one twiddle: u[k] += t·v[k]; v[k] += u[k].
  void (*forward_butterflies)(B128P* u, B128P* v, B128P t, std::size_t n);
  /// Their inverse: v[k] += u[k]; u[k] += t·v[k].
  void (*inverse_butterflies)(B128P* u, B128P* v, B128P t, std::size_t n);
};

/// The kernel polyval_set_isa selected (default: the best this CPU runs).
const PolyvalKernel& active_polyval_kernel() noexcept;

/// Changes the basis of a large buffer in place, reusing its storage (a codeword of 2^24 values
/// would otherwise need a second buffer of 256 MiB): returns the same memory viewed as the other
/// type. Afterwards the argument's elements no longer exist; read only the returned span. Runs on
/// the calling thread.
std::span<B128P> to_polyval_in_place(std::span<B128> values) noexcept;
std::span<B128> to_canonical_in_place(std::span<B128P> values) noexcept;

/// out[i] = to_polyval(in[i]) (resp. to_canonical) through the same bulk kernel, for a caller that
/// keeps the input. Precondition: in.size() == out.size() and the spans do not overlap. Runs on
/// the calling thread (callers split large buffers into blocks for the pool).
void to_polyval(std::span<const B128> in, std::span<B128P> out) noexcept;
void to_canonical(std::span<const B128P> in, std::span<B128> out) noexcept;

}  // namespace merkleforge::binius
