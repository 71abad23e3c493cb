// The state proofs' prover (library merkleforge::state_prover). A verifier never includes this
// header.
#pragma once

#include <span>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/state/bintrie.hpp"
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

/// The proof of a binary-tree statement from the tree's own multiproof of its keys
/// (bintrie::prove). Errors: as verify_bintrie_reads for the statement; invalid_argument when the
/// multiproof is malformed, gives another value (or absence) for a key than the statement, or does
/// not reach the statement's root.
Result<Bytes> prove_bintrie_reads(const BintrieStatement& statement, ByteSpan multiproof,
                                  boolean::ProveTimings* timings = nullptr,
                                  pcs::Profile commitment = pcs::Profile::fast);

}  // namespace merkleforge::state
