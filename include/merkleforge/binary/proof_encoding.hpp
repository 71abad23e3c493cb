// Wire forms of binary Merkle tree proofs: a versioned compact binary form and JSON. Both are
// specified in docs/binary-tree.md. Decoders are strict: they accept exactly what the encoders
// produce for a well-formed proof (right version, kind, hash and scheme identifiers, canonical
// varints, in-range sizes and indices, exactly as many hashes as the shape needs, no trailing
// bytes, no unknown or repeated JSON members) and return malformed_input otherwise.
//
// Decoding checks the form, not the truth: a decoded proof must still go through a verifier
// (binary/verify.hpp) with a trusted root.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/binary/proof.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge {

/// The binary form's current (and only) version.
inline constexpr std::uint8_t kProofFormatVersion = 1;

/// Checks what the decoders check, on a proof built in memory. Errors: malformed_input.
Status validate_proof(const AnyProof& proof);

/// Binary form. Precondition: validate_proof(proof) succeeds (else the bytes will not decode).
Bytes encode_proof(const AnyProof& proof);
/// Inverse of encode_proof. Errors: malformed_input for an unknown version, kind, hash or node
/// scheme, or bytes that do not hold exactly one valid proof.
Result<AnyProof> decode_proof(ByteSpan bytes);

/// A proof together with the leaf hashes it is about (JSON only: the binary form carries no
/// leaves). leaf_hashes is empty, or has one entry per proven leaf (1 for inclusion, one per
/// index for a multiproof; none for consistency).
struct ProofDocument {
  AnyProof proof;
  std::vector<Digest32> leaf_hashes;
};

/// JSON form (one object, no whitespace). Precondition: as encode_proof, and leaf_hashes empty
/// or sized as ProofDocument says.
std::string proof_to_json(const AnyProof& proof, std::span<const Digest32> leaf_hashes = {});
/// Inverse of proof_to_json. Errors: malformed_input for invalid JSON, a missing or mistyped
/// field, an unknown hash or node scheme, or an invalid proof.
Result<ProofDocument> proof_from_json(std::string_view text);

}  // namespace merkleforge
