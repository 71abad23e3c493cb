// Multiplication in the exponent, the MUL constraint's check (the next step of the Boolean engine;
// docs/boolean-engine.md, Next 7), after Binius64's gkr_exp. For instances v of the cube of ℓ
// variables with exponents given as bit columns (a_i(v): bit i of instance v's exponent):
//
//   - constant base g: V_0 = 1 + a_0·(g + 1), V_k = V_(k−1)·(1 + a_k·(g^(2^k) + 1)), so
//     V_(m−1)(v) = g^(a(v));
//   - variable base V (a column), bits b from the top: W_0 = 1 + b_(m−1)·(V + 1),
//     W_j = W_(j−1)^2·(1 + b_(m−1−j)·(V + 1)), so W_(m−1)(v) = V(v)^(b(v)).
//
// A claim on the top layer's extension reduces, layer by layer, to claims on the columns: a
// layer is zk's eq-weighted sumcheck (eq(r_j, ·) factored out) of its definition over ℓ
// variables — rounds of degree 3 for V, 5 for W; V_0 is affine in a_0 and needs none — whose last
// point carries the claim down. The variable base's claims at the W layers' points are batched
// into one by a degree-2 sumcheck. MUL: (g^x)^y = g^z on every instance is one random point r
// and one value c claimed for both W̃_top(r) and Z̃_top(r) (if the tops differ somewhere on the
// cube, their extensions agree at r with probability ≤ ℓ/|F|), then the three reductions.
// Soundness (SC, SZ): 3ℓ/|F| per V or Z layer, 5ℓ/|F| per W layer, 2ℓ/|F| + (m − 1)/|F| for
// the batching, ℓ/|F| for r.
#pragma once

#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::boolean::detail {

using binius::B128;
using binius::B64;

/// The generator of B64* the MUL constraint exponentiates: order 2^64 − 1, which
/// tests/boolean/exponentiation_test.cpp checks with a multiplication of its own.
B64 exponent_generator() noexcept;

/// A claim on the multilinear extension of a column at a point.
struct ColumnClaim {
  std::vector<B128> point;
  B128 value;
};

/// The layer constants G_k = g^(2^k) + 1 for k < bits.
std::vector<B128> layer_constants(B64 base, unsigned bits);

/// Verifies the constant-base layers of Ṽ_(bits−1)(claim.point) = claim.value and returns the
/// claim on each bit column (index k: a_k), which the caller checks against the committed bits.
/// Errors: invalid_argument for bits outside 1 … 64 or a base 0 or 1; malformed_input or
/// corrupt_data from the layers' sumchecks.
Result<std::vector<ColumnClaim>> verify_constant_base_exp(B64 base, unsigned bits,
                                                          const ColumnClaim& claim,
                                                          zk::VerifierTranscript& transcript);

/// The claims a variable-base exponentiation reduces to: one per exponent bit column (index i:
/// b_i) and one on the base.
struct VariableBaseClaims {
  std::vector<ColumnClaim> bits;
  ColumnClaim base;
};
/// Verifies W̃_(bits−1)(claim.point) = claim.value for W = V^b. Errors: as above.
Result<VariableBaseClaims> verify_variable_base_exp(unsigned bits, const ColumnClaim& claim,
                                                    zk::VerifierTranscript& transcript);

/// Claims on the K = 2^w bit columns of an aligned slot (claims[k] on bit k of every instance's
/// slot, at its own point over the ℓ instance variables) batched into one on the slot itself: at
/// random λ, Σ_k λ^k·claims[k].value = Σ_(k, v) λ^k·eq(ρ_k, v)·D(k, v), a degree-2 sumcheck over
/// w + ℓ variables (the bit within the slot first, as the committed bits order them). Returns the
/// claim on D's extension at its last point; the engine reads it as a claim on z at (that point's
/// slot coordinates, the slot's position, its instance coordinates). Errors: invalid_argument
/// unless there are 2^w claims (w ≤ 16) on points of one length; as the sumcheck's.
Result<ColumnClaim> verify_slot_batch(const std::vector<ColumnClaim>& claims,
                                      zk::VerifierTranscript& transcript);

/// The claims a MUL check reduces to, on the bit columns of x, y and z.
struct MulClaims {
  std::vector<ColumnClaim> x, y, z;
};
/// Verifies (g^x)^y = g^z on the 2^vars instances for exponents of the given widths. Errors:
/// invalid_argument for widths outside 1 … 64 or vars above zk's limit; as above.
Result<MulClaims> verify_mul(unsigned x_bits, unsigned y_bits, unsigned z_bits, unsigned vars,
                             zk::VerifierTranscript& transcript);

}  // namespace merkleforge::boolean::detail
