// The prover of cs/prover.hpp: the pipeline of prove_pipeline.hpp with the witness check.
#include "merkleforge/cs/prover.hpp"
#include "prove_pipeline.hpp"

namespace merkleforge::cs {

Result<Bytes> prove(const ConstraintSystem& system, const Witness& witness,
                    const PublicValues& publics, const ProofConfig& config, ProveTimings* timings) {
  return detail::prove_pipeline<detail::WitnessCheck::enforce>(system, witness, publics, config,
                                                               timings);
}

}  // namespace merkleforge::cs
