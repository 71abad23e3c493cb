// The state proofs' prover (library merkleforge::state_prover). A verifier never includes this
// header.
#pragma once

#include <span>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/state/log.hpp"

namespace merkleforge::state {

/// The proof of a log statement from the siblings of its indices' multiproof (MultiProof::siblings
/// of binary/proof.hpp: the order walk_multiproof asks for them). Errors: as verify_log_inclusions
/// for the statement; invalid_argument when the siblings are too few or too many or do not give
/// the statement's root.
Result<Bytes> prove_log_inclusions(const LogStatement& statement,
                                   std::span<const Digest32> siblings,
                                   boolean::ProveTimings* timings = nullptr,
                                   pcs::Profile commitment = pcs::Profile::fast);

}  // namespace merkleforge::state
