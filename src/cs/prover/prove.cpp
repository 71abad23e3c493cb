// The prover of cs/prover.hpp: the pipeline of prove_pipeline.hpp with the witness check.
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/cs/prover.hpp"
#include "prove_pipeline.hpp"

namespace merkleforge::cs {

Result<Bytes> prove(const ConstraintSystem& system, const Witness& witness,
                    const PublicValues& publics, const ProofConfig& config, ProveTimings* timings) {
  auto proof = detail::prove_pipeline<detail::WitnessCheck::enforce>(system, witness, publics,
                                                                     config, timings);
  // The pool served this proof's tables; kept idle it would only hold memory (and, measured,
  // the next proof ran slower beside it), so it goes back to the system.
  release_large_page_pool();
  return proof;
}

}  // namespace merkleforge::cs
