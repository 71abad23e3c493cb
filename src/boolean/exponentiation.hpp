// Multiplication in the exponent, the MUL constraint's check (docs/boolean-engine.md, Next 7),
// after Binius64's idea of checking integer products as exponents of a generator. For the 2^ℓ
// (slot, instance) pairs u of a mul region, with x(u), y(u) and z(u) the committed operands and
// product, each in an aligned field of its slot (MulShape), and g the generator of the group
// (B64* for products of at most 64 bits, B128* for wider ones: MulShape::generator):
//
//   Z(u) = g^z(u) = Π_(i < Sz) (1 + z_i(u)·H_i),  H_i = g^(2^i) + 1 below the product's width, 0
//   above; V(u) = g^x(u) = Π_(k < S) (1 + x_k(u)·H_k),   H_k likewise with x's width; W(u) =
//   V(u)^y(u) = Π_(j < S) (1 + y_j(u)·(M_j(u) + 1)),  M_j = V^(2^j) below y's width, else 1.
//
// Each is a partial product (zk/grand_product.hpp) of a leaf column over (u, j), index u + 2^ℓ·j.
// MUL holds on every u iff W = Z on the cube: one random point r and one value c claimed for both
// W̃(r) and Z̃(r) (if W ≠ Z somewhere, their extensions agree at r with probability ≤ ℓ/|F|); then
//
//   1. Z and W: their partial products at r, batched per layer, leave claims on their leaves;
//   2. Z's leaves are affine in the bits: the prover sends ẑ_i = z̃_i(π_u) for every i of the field,
//      the verifier checks 1 + Σ_i eq(π_j, i)·H_i·ẑ_i = L̃_Z(π) and, at a random τ, reduces them to
//      one claim on z's field, Σ_i eq(τ, i)·ẑ_i at (τ, π_u);
//   3. W's leaves: the eq-weighted sumcheck of 1 + y + y·M over (u, j) leaves claims on ỹ and M̃;
//   4. M̃(ρ) = Σ_j eq(ρ_j, j)·M̃_j(ρ_u), and as the Frobenius φ(a) = a² fixes eq's coefficients,
//      M̃_j(s) = φ^j(Ṽ(φ^(−j)(s))): the prover sends e_j = Ṽ(φ^(−j)(ρ_u)) below y's width, the
//      verifier checks Σ_j eq(ρ_j, j)·(φ^j(e_j), or 1 above the width) = M̃(ρ), and a degree-2
//      sumcheck batches the e_j at a random λ into one claim on Ṽ (the verifier evaluates the
//      weights Σ_j λ^j·eq(φ^(−j)(ρ_u), ·) itself);
//   5. V: its partial product at that point, then its leaves as in 2.
//
// What remains is one claim on each operand's field, which the engine's PCS opens. Soundness
// (SZ, SC): mul_phase.hpp's mul_terms.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::boolean::detail {

using binius::B128;
using binius::B64;

/// The generator of B64* the MUL constraint exponentiates for products of at most 64 bits: order
/// 2^64 − 1, which tests/boolean/exponentiation_test.cpp checks with a multiplication of its own.
B64 exponent_generator() noexcept;
/// The generator of B128* for wider products (u64 × u64): order 2^128 − 1, checked likewise.
B128 wide_exponent_generator() noexcept;

/// The operands' widths and their fields in a slot: x at bit 0, y at S, the product at 2S, with
/// S = bit_ceil(max(x_bits, y_bits, 2)) and the product's field Sz = bit_ceil(x_bits + y_bits) ≤
/// 2S; a slot holds 4S bits. Every field is aligned to its size, so one claim covers it.
struct MulShape {
  unsigned x_bits, y_bits;
  unsigned field_log() const noexcept;          ///< log2 S
  unsigned product_field_log() const noexcept;  ///< log2 Sz
  unsigned slot_log() const noexcept { return field_log() + 2; }
  /// g: B64's generator (embedded) for products of at most 64 bits, else B128's.
  B128 generator() const noexcept;
};

/// Errors: invalid_argument unless 1 ≤ x_bits, y_bits ≤ 64.
Status check_mul_shape(const MulShape& shape);

/// A claim on the multilinear extension of a column at a point.
struct ColumnClaim {
  std::vector<B128> point;
  B128 value;
};

/// The claims a MUL check reduces to, one per operand's field: point = (the field's coordinates,
/// then the ℓ coordinates of u), as the slot orders its bits.
struct MulClaims {
  ColumnClaim x, y, z;
};

/// Verifies (g^x)^y = g^z on the 2^vars pairs. Errors: invalid_argument for a shape
/// check_mul_shape refuses or vars above zk's limit less the fields'; malformed_input (short
/// tape); corrupt_data when a layer, a leaf check or a batching's weights fail.
Result<MulClaims> verify_mul(const MulShape& shape, unsigned vars,
                             zk::VerifierTranscript& transcript);

/// √a = a^(2^127), the inverse of the Frobenius a ↦ a² of B128.
B128 square_root(B128 a);

}  // namespace merkleforge::boolean::detail
