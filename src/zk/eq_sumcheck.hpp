// Internal: the eq-weighted sumcheck Σ_v eq(z, v)·C(M(v)) = claim behind zerocheck and the GKR
// layers. On the transcript it is a plain sumcheck of degree deg C + 1 per round (rounds.hpp);
// prover/eq_sumcheck_prove.hpp says how the prover computes the rounds.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/zk/transcript.hpp"
#include "rounds.hpp"

namespace merkleforge::zk::detail {

struct EqSumcheckResult {
  std::vector<B128> point;  ///< ρ
  B128 claim;               ///< what eq(z, ρ)·C(M(ρ)) must equal
};

/// Verifier side: z.size() rounds of degree `degree` + 1. Errors: malformed_input (short tape).
Result<EqSumcheckResult> verify_eq_sumcheck(unsigned degree, std::span<const B128> z, B128 claim,
                                            VerifierTranscript& transcript);

}  // namespace merkleforge::zk::detail
