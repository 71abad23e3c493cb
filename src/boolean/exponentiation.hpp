// Exponentiation "in the exponent" for the MUL constraint (the next step of the Boolean engine;
// docs/boolean-engine.md, Next 7), after Binius64's gkr_exp: for bit columns a_0 … a_(m−1) over the
// cube of ℓ variables (a_i(v): bit i of instance v's exponent), the layers
//
//     V_0(v) = 1 + a_0(v)·(g + 1),   V_k(v) = V_(k−1)(v)·(1 + a_k(v)·(g^(2^k) + 1)),
//
// give V_(m−1)(v) = g^(Σ_i 2^i·a_i(v)). A claim Ṽ_(m−1)(r) = c reduces, layer by layer, to one
// claim on each bit column: layer k ≥ 1 is the sumcheck Σ_v eq(r_k, v)·V_(k−1)(v)·(1 + a_k(v)·G_k)
// = c_k over ℓ variables (degree 3; G_k = g^(2^k) + 1), which leaves Ṽ_(k−1)(ρ) and ã_k(ρ) at its
// last point ρ; layer 0 gives ã_0(r_0) = (c_0 + 1)/(g + 1). Soundness: 3ℓ/|F| per layer (SC).
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

/// The bases the layers multiply by, g^(2^k) for k < bits, and the layer constants G_k.
std::vector<B128> layer_constants(B64 base, unsigned bits);

/// Verifies the layers of Ṽ_(bits−1)(claim.point) = claim.value for base^(the bit columns) and
/// returns the claim on each bit column (index k: a_k), which the caller checks against the
/// committed bits. Errors: invalid_argument for bits outside 1 … 64 or a base 0 or 1;
/// malformed_input or corrupt_data from the layers' sumchecks.
Result<std::vector<ColumnClaim>> verify_constant_base_exp(B64 base, unsigned bits,
                                                          const ColumnClaim& claim,
                                                          zk::VerifierTranscript& transcript);

}  // namespace merkleforge::boolean::detail
