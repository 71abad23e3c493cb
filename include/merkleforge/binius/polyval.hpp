// B128 in the POLYVAL basis, multiplied with carry-less multiplication (PCLMULQDQ / VPCLMULQDQ).
//
// The POLYVAL field is GF(2)[x]/(x^128 + x^127 + x^126 + x^121 + 1) (RFC 8452); bit i of a uint128
// is the coefficient of x^i. Its natural product is POLYVAL's dot(a, b) = a·b·x^-128, so elements
// are kept in Montgomery form ã = a·x^128, for which dot(ã, b̃) is the form of a·b.
//
// to_polyval() maps a canonical tower B128 (tower.hpp) to the Montgomery form of its image under a
// field isomorphism φ, and from_polyval() inverts it. φ is fixed by choosing, level by level, the
// first root (in the order of polyval.cpp's linear solver) of X(k)^2 + φ(X(k-1))·X(k) + 1, so
// φ(X0) ... φ(X6) — and thus the 128 x 128 basis-change matrix — are derived, not transcribed. Any
// choice of roots gives an isomorphism; this one need not equal Binius' published matrix, so never
// exchange POLYVAL-basis values with other implementations: convert back to canonical first.
//
// Kernels: portable (software carry-less multiply), pclmul (one B128 per instruction group) and
// vpclmul (two per 256-bit instruction group). By default the first the CPU runs of vpclmul,
// pclmul, portable, unless MERKLEFORGE_KERNEL requests another (core/cpu.hpp; primitive
// "polyval"); polyval_set_isa() switches later.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

/// x^128 mod the POLYVAL polynomial: the Montgomery form of 1.
inline constexpr uint128 kPolyvalOne = make_uint128(0xc200000000000000ULL, 1);

/// Canonical B128 -> Montgomery-form POLYVAL image (GF(2)-linear, 16 table lookups).
uint128 to_polyval(uint128 canonical) noexcept;
/// Inverse of to_polyval.
uint128 from_polyval(uint128 polyval) noexcept;

/// dot(a, b) = a·b·x^-128 in the POLYVAL field: the product of two Montgomery-form elements (and
/// RFC 8452's POLYVAL step), one at a time through the active kernel.
uint128 polyval_dot(uint128 a, uint128 b) noexcept;

/// The 2^n values eq(point, i), i < 2^n, n = point.size(), all in Montgomery form (point too): the
/// one eq-tensor builder of the field layer's users that keep POLYVAL data (the PCS verifier, the
/// protocol provers; multilinear.hpp's eq_tensor is its canonical face). Precondition: n <= 40.
std::vector<uint128> polyval_eq_tensor(std::span<const uint128> point);

/// a·b mod the POLYVAL polynomial by shift-and-add: slow, written from the definition, used only
/// to derive the basis change and to check the kernels.
uint128 polyval_mul_reference(uint128 a, uint128 b) noexcept;

enum class PolyvalIsa { portable, pclmul, vpclmul };

/// The kernel's name ("portable", "pclmul", "vpclmul"); "unknown" for other values.
std::string_view polyval_isa_name(PolyvalIsa isa) noexcept;
/// The kernels this CPU can run, portable first (the default last).
std::vector<PolyvalIsa> polyval_available_isas();
/// The kernel every product uses now.
PolyvalIsa polyval_active_isa() noexcept;
/// Selects the kernel for all later calls (not thread-safe against concurrent use: call at start-up
/// or in tests). Errors: unsupported if the CPU cannot run it.
Status polyval_set_isa(PolyvalIsa isa);

// Packed operations on Montgomery-form elements. Errors: wrong_size unless the spans have equal
// lengths. `out` may alias an input.

/// out[i] = dot(a[i], b[i]).
Status polyval_mul(std::span<const uint128> a, std::span<const uint128> b, std::span<uint128> out);
/// out[i] = dot(a[i], scalar).
Status polyval_mul_scalar(std::span<const uint128> a, uint128 scalar, std::span<uint128> out);
/// Converts canonical values to Montgomery-form POLYVAL (in and out may be the same span).
Status to_polyval(std::span<const uint128> canonical, std::span<uint128> out);
/// Converts Montgomery-form POLYVAL values back to canonical (in and out may be the same span).
Status from_polyval(std::span<const uint128> polyval, std::span<uint128> out);

}  // namespace merkleforge::binius
