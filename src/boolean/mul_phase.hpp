// The engine's MUL phase (boolean/circuit.hpp, MulRegion): the exponentiation check of
// exponentiation.hpp over every slot of every instance — its pairs u are (slot, instance), slot
// first — leaving one claim on z per operand field, at a point whose coordinates between the field
// and the instance are 0 or 1 (a subcube claim, cheap to open).
#pragma once

#include <vector>

#include "engine_common.hpp"
#include "exponentiation.hpp"
#include "merkleforge/pcs/params.hpp"

namespace merkleforge::boolean::detail {

/// The region's operand widths.
MulShape mul_shape(const MulRegion& region);

/// The claims on z for the opening: each field's claim placed at its offset in the slot, the
/// region's position and the instance.
std::vector<pcs::EvaluationClaim> region_claims(const Circuit& circuit, const MulRegion& region,
                                                const MulClaims& claims);

/// Verifies the phase for 2^k instances; returns the claims on z for the opening.
Result<std::vector<pcs::EvaluationClaim>> verify_mul_phase(const Circuit& circuit,
                                                           const MulRegion& region, unsigned k,
                                                           zk::VerifierTranscript& transcript);

/// The phase's soundness terms (the random point, the partial products, the leaves, the batching).
std::vector<soundness::Term> mul_terms(const MulRegion& region, unsigned k);

}  // namespace merkleforge::boolean::detail
