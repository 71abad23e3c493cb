// B128 in the POLYVAL basis, multiplied with carry-less multiplication (PCLMULQDQ / VPCLMULQDQ).
//
// The POLYVAL field is GF(2)[x]/(x^128 + x^127 + x^126 + x^121 + 1) (RFC 8452); bit i of a uint128
// is the coefficient of x^i. Its natural product is POLYVAL's dot(a, b) = a·b·x^-128, so elements
// are kept in Montgomery form ã = a·x^128, for which dot(ã, b̃) is the form of a·b. B128P is such an
// element: the basis is part of the type, so a canonical B128 (tower.hpp) and a B128P never mix
// without a conversion the code spells out (tests/binius/basis_types: mixing them does not
// compile). GHASH is POLYVAL up to bit reflection (RFC 8452, appendix A), so GHASH-style data uses
// B128P too.
//
// to_polyval() maps a canonical tower B128 to the Montgomery form of its image under a
// field isomorphism φ, and to_canonical() inverts it. φ is fixed by choosing, level by level, the
// first root (in the order of polyval.cpp's linear solver) of X(k)^2 + φ(X(k-1))·X(k) + 1, so
// φ(X0) ... φ(X6) — and thus the 128 x 128 basis-change matrix — are derived, not transcribed. Any
// choice of roots gives an isomorphism; this one need not equal Binius' published matrix, so never
// exchange POLYVAL-basis values with other implementations: convert back to canonical first.
//
// Kernels: portable (software carry-less multiply), pclmul (one B128 per instruction group),
// vpclmul (two per 256-bit instruction group) and vpclmul512 (four per 512-bit group, AVX-512). By
// default the first the CPU runs of vpclmul512, vpclmul, pclmul, portable, unless
// MERKLEFORGE_KERNEL requests another (core/cpu.hpp; primitive "polyval"); polyval_set_isa()
// switches later.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/dispatch.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

/// An element of GF(2^128) in the POLYVAL basis, Montgomery form. Sums are XOR; the product is
/// dot() through the active kernel, so a·b here is the image of the canonical product.
class B128P {
 public:
  /// Zero.
  constexpr B128P() noexcept = default;
  /// The element whose Montgomery-form bits are `bits`: a reinterpretation, not a basis change
  /// (to_polyval converts a canonical value).
  static constexpr B128P from_bits(uint128 bits) noexcept { return B128P(bits); }
  /// The Montgomery-form bits (what RFC 8452's POLYVAL operates on).
  constexpr uint128 bits() const noexcept { return bits_; }

  static constexpr B128P zero() noexcept { return B128P(); }
  /// x^128 mod the POLYVAL polynomial: the Montgomery form of 1.
  static constexpr B128P one() noexcept { return B128P(make_uint128(0xc200000000000000ULL, 1)); }

  friend constexpr B128P operator+(B128P a, B128P b) noexcept { return B128P(a.bits_ ^ b.bits_); }
  friend constexpr B128P operator-(B128P a, B128P b) noexcept { return a + b; }
  /// dot(a, b): the product, through the active kernel.
  friend B128P operator*(B128P a, B128P b) noexcept;
  constexpr B128P& operator+=(B128P b) noexcept { return *this = *this + b; }
  B128P& operator*=(B128P b) noexcept { return *this = *this * b; }
  friend constexpr bool operator==(B128P a, B128P b) noexcept = default;

  /// The inverse, or zero for zero.
  B128P inverse() const noexcept;

 private:
  constexpr explicit B128P(uint128 bits) noexcept : bits_(bits) {}
  uint128 bits_{};
};
static_assert(sizeof(B128P) == sizeof(uint128) && std::is_trivially_copyable_v<B128P>);

/// Canonical B128 -> its POLYVAL image (GF(2)-linear, 16 table lookups).
B128P to_polyval(B128 canonical) noexcept;
/// Inverse of to_polyval.
B128 to_canonical(B128P polyval) noexcept;
/// The images of a span, in a new vector (through the bulk kernel below; so are the in-place
/// conversions of kernels.hpp).
std::vector<B128P> to_polyval(std::span<const B128> canonical);
std::vector<B128> to_canonical(std::span<const B128P> polyval);

/// The bulk basis changes' kernels this CPU runs, slowest first (the default last): "table" (the
/// 16 lookups per value of the scalar conversions) everywhere, "gfni512" (eight values at a time
/// as byte slices through GF2P8AFFINEQB; AVX-512 F/BW/VBMI and GFNI). MERKLEFORGE_KERNEL
/// (primitive "basis") requests another; every kernel gives the same images.
std::vector<std::string_view> basis_change_kernels();
/// The bulk kernel in use.
std::string_view basis_change_active_kernel() noexcept;
/// What its default choice measured, as polyval_probe_times.
const std::vector<dispatch::ProbeTime>& basis_change_probe_times();
/// Selects the bulk kernel for all later calls (not thread-safe against concurrent use: tests and
/// benchmarks). Errors: unsupported for an unknown kernel or one this CPU cannot run.
Status basis_change_select(std::string_view kernel);

/// The 2^n values eq(point, i), i < 2^n, n = point.size(): the one eq-tensor builder of the field
/// layer's users that keep POLYVAL data (the PCS verifier, the protocol provers; multilinear.hpp's
/// eq_tensor is its canonical face). Precondition: n <= 40.
std::vector<B128P> polyval_eq_tensor(std::span<const B128P> point);

/// a·b mod the POLYVAL polynomial (no Montgomery factor) by shift-and-add: slow, written from the
/// definition, used only to derive the basis change and to check the kernels.
uint128 polyval_mul_reference(uint128 a, uint128 b) noexcept;

enum class PolyvalIsa { portable, pclmul, vpclmul, vpclmul512 };

/// The kernel's name ("portable", "pclmul", "vpclmul", "vpclmul512"); "unknown" for other values.
std::string_view polyval_isa_name(PolyvalIsa isa) noexcept;
/// The kernels this CPU can run, portable first (the default last).
std::vector<PolyvalIsa> polyval_available_isas();
/// The kernel every product uses now.
PolyvalIsa polyval_active_isa() noexcept;
/// What the default choice measured on this CPU (core/dispatch.hpp); empty when MERKLEFORGE_KERNEL
/// chose or the CPU runs one kernel only.
const std::vector<dispatch::ProbeTime>& polyval_probe_times();
/// Selects the kernel for all later calls (not thread-safe against concurrent use: call at start-up
/// or in tests). Errors: unsupported if the CPU cannot run it.
Status polyval_set_isa(PolyvalIsa isa);

// Span products (binius/kernels.hpp has the same loops unchecked, for provers). Errors: wrong_size
// unless the spans have equal lengths. `out` may alias an input.

/// out[i] = a[i]·b[i].
Status polyval_mul(std::span<const B128P> a, std::span<const B128P> b, std::span<B128P> out);
/// out[i] = a[i]·scalar.
Status polyval_mul_scalar(std::span<const B128P> a, B128P scalar, std::span<B128P> out);

}  // namespace merkleforge::binius
