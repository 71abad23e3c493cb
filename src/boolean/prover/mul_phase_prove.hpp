// The prover of mul_phase.hpp.
#pragma once

#include <cstdint>
#include <span>

#include "mul_phase.hpp"

namespace merkleforge::boolean::detail {

/// The MUL phase on z (2^k instances): the exponentiation check over every slot; returns the
/// claims on z for the opening.
Result<std::vector<pcs::EvaluationClaim>> prove_mul_phase(const Circuit& circuit,
                                                          const MulRegion& region, unsigned k,
                                                          std::span<const std::uint64_t> z,
                                                          zk::ProverTranscript& transcript);

}  // namespace merkleforge::boolean::detail
