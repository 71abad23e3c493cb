// The engine's MUL phase (boolean/circuit.hpp, MulRegion): the exponentiation check of
// exponentiation.hpp over every slot of every instance — its instances are (slot, instance),
// slot first — and the batching of its column claims into one claim on z, at a point whose
// region-position coordinates are 0 or 1 (a subcube claim, cheap to open).
#pragma once

#include <vector>

#include "engine_common.hpp"
#include "exponentiation.hpp"
#include "merkleforge/pcs/params.hpp"

namespace merkleforge::boolean::detail {

/// The column claims in slot order: x's, y's, the product's, then zeros (the slot's padding
/// bits are committed 0, so 0 holds at any point).
std::vector<ColumnClaim> slot_order(const MulRegion& region, const MulClaims& claims);

/// The point of z where the slot claim at `slot_point` (slot bits, then slot and instance
/// variables) lies: (slot bits, slot index, the region's position bits, instance).
std::vector<B128> region_point(const Circuit& circuit, const MulRegion& region,
                               const std::vector<B128>& slot_point);

/// Verifies the phase for 2^k instances; returns the claim on z for the opening.
Result<pcs::EvaluationClaim> verify_mul_phase(const Circuit& circuit, const MulRegion& region,
                                              unsigned k, zk::VerifierTranscript& transcript);

/// The phase's soundness terms (the layers, the batchings, the random point).
std::vector<soundness::Term> mul_terms(const MulRegion& region, unsigned k);

}  // namespace merkleforge::boolean::detail
