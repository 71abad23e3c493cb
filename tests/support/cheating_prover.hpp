// Test-only provers that skip the honest prover's own checks, so that tests can push a false
// witness or claim through the real pipeline and show that the verifier rejects it. Compiled into
// the test support library only: the installed library has no prover without its checks.
#pragma once

#include "merkleforge/cs/prover.hpp"

namespace merkleforge::cs::test {

/// cs::prove without check_witness: the same commitment, protocols and PCS opening on whatever
/// the witness and public values are. Errors: as cs::prove, but never for a failed constraint.
Result<Bytes> prove_without_witness_check(const ConstraintSystem& system, const Witness& witness,
                                          const PublicValues& publics,
                                          const ProofConfig& config = {});

}  // namespace merkleforge::cs::test
