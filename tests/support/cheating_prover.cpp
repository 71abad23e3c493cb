#include "support/cheating_prover.hpp"

#include "prove_pipeline.hpp"

namespace merkleforge::cs::test {

Result<Bytes> prove_without_witness_check(const ConstraintSystem& system, const Witness& witness,
                                          const PublicValues& publics, const ProofConfig& config) {
  return detail::prove_pipeline<detail::WitnessCheck::skip>(system, witness, publics, config,
                                                            nullptr);
}

}  // namespace merkleforge::cs::test
