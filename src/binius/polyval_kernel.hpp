// Internal: the table of POLYVAL-basis kernels behind polyval.hpp and the additive NTT, one per
// instruction set (polyval_portable.cpp, polyval_pclmul.cpp, polyval_vpclmul.cpp).
#pragma once

#include <cstddef>

#include "merkleforge/binius/tower.hpp"

namespace merkleforge::binius::detail {

/// All values are Montgomery-form POLYVAL elements; dot is a·b·x^-128 (polyval.hpp).
struct PolyvalKernel {
  /// out[i] = dot(a[i], b[i]); out may alias a or b.
  void (*mul)(const uint128* a, const uint128* b, uint128* out, std::size_t n);
  /// out[i] = dot(a[i], scalar); out may alias a.
  void (*mul_scalar)(const uint128* a, uint128 scalar, uint128* out, std::size_t n);
  /// Additive-NTT forward butterflies with one twiddle: u[k] += dot(t, v[k]); v[k] += u[k].
  void (*forward_butterflies)(uint128* u, uint128* v, uint128 t, std::size_t n);
  /// Their inverse: v[k] += u[k]; u[k] += dot(t, v[k]).
  void (*inverse_butterflies)(uint128* u, uint128* v, uint128 t, std::size_t n);
};

extern const PolyvalKernel kPolyvalPortable;
extern const PolyvalKernel kPolyvalPclmul;
extern const PolyvalKernel kPolyvalVpclmul;

/// The kernel selected by polyval_set_isa (default: the best the CPU supports).
const PolyvalKernel& active_polyval_kernel() noexcept;

/// Shift-xor constant of the Montgomery reduction: x^63 + x^62 + x^57, i.e. the POLYVAL
/// polynomial's terms x^127 + x^126 + x^121 divided by x^64.
inline constexpr std::uint64_t kPolyvalReductionConstant = 0xc200000000000000ULL;

}  // namespace merkleforge::binius::detail
