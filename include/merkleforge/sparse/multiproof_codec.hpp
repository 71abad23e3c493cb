// Versioned encodings of SparseMultiproof, the partial tree of multiproofs and range proofs
// (format described in docs/sparse-tree.md).
//
// Binary, format version 1:
//   u8 format (1) ‖ u8 hash (HashAlgorithm: 0 sha256, 1 keccak256, 2 sha3-256, 3 blake3)
//   ‖ the nodes in pre-order, each a u8 tag and its payload:
//       0 empty subtree        (no payload)
//       1 hashed subtree       ‖ hash[32]
//       2 leaf                 ‖ key_hash[32] ‖ value_hash[32]
//       3 interior node        (its left, then its right subtree follow)
// JSON, format version 1: {"format":1, "hash":"sha256", "nodes":[["interior"], ["hash", hex],
//   ["leaf", key hex, value-hash hex], ["empty"], ...]} (lower-case hex, no prefix).
//
// Decoders are strict: the nodes must form exactly one binary tree of at most 256 interior levels
// with nothing after it, and every field has one spelling, so an accepted input re-encodes to the
// same bytes (text). Whether the partial tree is the canonical proof of a query is the verifier's
// check (sparse/multiproof.hpp).
#pragma once

#include <string>
#include <string_view>

#include "merkleforge/core/result.hpp"
#include "merkleforge/sparse/multiproof.hpp"

namespace merkleforge {

inline constexpr std::uint8_t kSparseMultiproofFormat = 1;

Bytes encode_sparse_multiproof(const SparseMultiproof& proof);

/// Errors: malformed_input (truncated, trailing bytes, unknown tag or hash, not one tree, deeper
/// than 256 levels), unsupported (another format version).
Result<SparseMultiproof> decode_sparse_multiproof(ByteSpan encoded);

std::string sparse_multiproof_to_json(const SparseMultiproof& proof);
/// Errors: as decode_sparse_multiproof, and malformed_input for JSON that is not exactly the
/// format (unknown or missing members, wrong types, non-canonical hex).
Result<SparseMultiproof> sparse_multiproof_from_json(std::string_view json);

}  // namespace merkleforge
