// The Boolean engine's zerocheck with the univariate skip (docs/boolean-engine.md, step 2):
// Â·B̂ + ẑ vanishes on every row of n variables, rows x = (b, w) with b the 6 bits of a word and
// w the m = n − 6 word variables.
//
// Transcript (phase "boolean/zerocheck"):
//   1. τ's random coordinates (m − kPinnedVars challenges; the lowest kPinnedVars are pinned);
//   2. Q's values at E_0 … E_62 (63 B128), where Σ_w eq(τ, w)·C(Y, w) = Z_D(Y)·Q(Y);
//   3. y; then zk's eq-weighted sumcheck of Σ_w eq(τ, w)·(A_y·B_y + Z_y)(w) = Z_D(y)·Q(y) over m
//      variables (X_y(w) = Σ_b L_b(y)·X(b, w)), ending at r with A_y(r), B_y(r), Z_y(r).
// The claims that leave it, X_y(r) = Σ_(b, w) L_b(y)·eq(r, w)·X(b, w), are linear in the columns
// with row weights L(y) ⊗ eq(r): the lincheck takes all three as they are (no univariatizing
// sumcheck over the skipped variables is needed).
#pragma once

#include <vector>

#include "merkleforge/boolean/circuit.hpp"
#include "merkleforge/zk/transcript.hpp"
#include "skip.hpp"

namespace merkleforge::boolean::detail {

struct ZerocheckClaims {
  B128 y;                   ///< the skipped variables' challenge
  std::vector<B128> point;  ///< r: the m word variables
  B128 a, b, z;             ///< A_y(r), B_y(r), Z_y(r)
};

/// Errors: malformed_input (short tape), corrupt_data (an inconsistent proof).
/// Precondition: n_vars >= kSkipVars + kPinnedVars.
Result<ZerocheckClaims> verify_zerocheck(unsigned n_vars, const PinnedConstants& pinned,
                                         zk::VerifierTranscript& transcript);

/// boolean::verify with other pinned constants (tests: rank-deficient ones accept a false witness
/// that ours reject).
Status verify_pinned(const Circuit& circuit, std::size_t count, ByteSpan outputs, ByteSpan proof,
                     ByteSpan public_inputs, const PinnedConstants& pinned);

}  // namespace merkleforge::boolean::detail
