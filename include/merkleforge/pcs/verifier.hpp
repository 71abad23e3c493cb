// FRI-Binius PCS, verifier side: a separate, single-threaded code path (src/pcs/verifier.cpp)
// that multiplies one field element at a time and shares no protocol logic with the prover, so a
// bug in one cannot cancel out in the other. Only the definitions both sides must agree on
// (params.hpp: parameters, statement digest, proof layout; transcript/transcript.hpp) are common.
#pragma once

#include <vector>

#include "merkleforge/pcs/params.hpp"

namespace merkleforge::pcs {

/// The transcript and advice tapes of an encoded proof, viewed in place.
struct DecodedProof {
  ByteSpan transcript;
  ByteSpan advice;
};

/// Splits an encoded proof into its tapes. Errors: invalid_argument unless params is what
/// derive_params gives for its shapes and configuration; as check_claims; malformed_input for a
/// wrong magic or version, or a length outside fixed_size(params, claims) + advice_bounds(params).
Result<DecodedProof> decode_proof(const PcsParams& params,
                                  const std::vector<EvaluationClaim>& claims, ByteSpan proof);

/// Ok when `proof` shows that every claim holds for the polynomials committed under `root`.
/// Every trusted value (parameters, root, claims) comes from the caller. Errors: as decode_proof;
/// corrupt_data naming the first failed check (ring-switch, sumcheck, proof of work, multiproof,
/// fold, ...); malformed_input for advice that ends before or after its multiproofs.
Status pcs_verify(const PcsParams& params, const Digest32& root,
                  const std::vector<EvaluationClaim>& claims, ByteSpan proof);

}  // namespace merkleforge::pcs
