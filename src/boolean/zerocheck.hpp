// The Boolean engine's zerocheck with the univariate skip (docs/boolean-engine.md, step 2):
// Â·B̂ + ẑ vanishes on every row of n variables, rows x = (b, w) with b the 6 bits of a word and
// w the m = n − 6 word variables.
//
// Transcript (phase "boolean/zerocheck"):
//   1. τ's random coordinates (m − kPinnedVars challenges; the lowest kPinnedVars are pinned);
//   2. Q's values at E_0 … E_62 (63 B128), where Σ_w eq(τ, w)·C(Y, w) = Z_D(Y)·Q(Y);
//   3. y; then zk's eq-weighted sumcheck of Σ_w eq(τ, w)·(A_y·B_y + Z_y)(w) = Z_D(y)·Q(y) over m
//      variables (X_y(w) = Σ_b L_b(y)·X(b, w)), ending at r with A_y(r), B_y(r), Z_y(r);
//   4. the univariatizing sumcheck: zk's batch of three claims Σ_b L(b)·X̃(b, r) = X_y(r) over the
//      6 skipped variables, L(b) = L_b(y), ending at s with L̃(s) (checked by the verifier) and
//      X̃(s, r).
// The claims that leave it are X̃(s, r) at the one point (s, r) of n variables.
#pragma once

#include <vector>

#include "merkleforge/boolean/circuit.hpp"
#include "merkleforge/zk/transcript.hpp"
#include "skip.hpp"

namespace merkleforge::boolean::detail {

struct ZerocheckClaims {
  std::vector<B128> point;  ///< (s, r): n coordinates
  B128 a, b, z;             ///< Â, B̂, ẑ at point
};

/// Errors: malformed_input (short tape), corrupt_data (an inconsistent proof).
/// Precondition: n_vars >= kSkipVars + kPinnedVars.
Result<ZerocheckClaims> verify_zerocheck(unsigned n_vars, const PinnedConstants& pinned,
                                         zk::VerifierTranscript& transcript);

/// boolean::verify with other pinned constants (tests: rank-deficient ones accept a false witness
/// that ours reject).
Status verify_pinned(const Circuit& circuit, std::size_t count, ByteSpan outputs, ByteSpan proof,
                     const PinnedConstants& pinned);

}  // namespace merkleforge::boolean::detail
