// The prover of exponentiation.hpp's layers.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "exponentiation.hpp"

namespace merkleforge::boolean::detail {

/// The layers' proof that Ṽ_(bits−1)(claim.point) = claim.value for base^(the bit columns):
/// columns[k] holds a_k, 2^claim.point.size() bits (bit v in byte v / 8, LSB first). Returns the
/// claims on the columns, as verify_constant_base_exp does. The claim is taken as given: a false
/// one gives a proof the verifier rejects. Errors: as verify_constant_base_exp for the statement;
/// wrong_size for columns of another count or length.
Result<std::vector<ColumnClaim>> prove_constant_base_exp(
    B64 base, std::span<const std::vector<std::uint8_t>> columns, const ColumnClaim& claim,
    zk::ProverTranscript& transcript);

}  // namespace merkleforge::boolean::detail
