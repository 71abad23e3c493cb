// Versioned encodings of SparseProof (format described in docs/sparse-tree.md).
//
// Binary, format version 1:
//   u8 format (1) ‖ u8 hash (HashAlgorithm: 0 sha256, 1 keccak256, 2 sha3-256, 3 blake3)
//   ‖ u8 terminal (0 empty subtree, 1 leaf of the queried key, 2 leaf of another key)
//   ‖ u16 depth (big-endian, <= 256, the number of siblings)
//   ‖ terminal 1: value_hash[32]; terminal 2: key_hash[32] ‖ value_hash[32]
//   ‖ bitmap[ceil(depth / 8)]: bit d (most significant bit of byte 0 first) set when sibling d is
//     not the placeholder; the unused low bits of the last byte are zero
//   ‖ the siblings whose bit is set, 32 bytes each, root first.
// A membership proof omits the key hash: the verifier knows the key it asked about, so decoding
// takes the queried key hash. Decoders are strict: one byte string per proof (no trailing bytes,
// no placeholder sent explicitly, no stray bitmap bits), so any change to an encoding either fails
// to decode or decodes to another proof.
//
// JSON, format version 1: {"format":1, "hash":"sha256", "terminal":"empty"|"key"|"other",
//   "leaf":{"key_hash":hex,"value_hash":hex} (absent for "empty"; key_hash only for "other"),
//   "bitmap":hex, "siblings":[hex, ...]} with the same meaning and the same strictness (unknown
//   or missing members, wrong types and non-canonical values are rejected).
#pragma once

#include <string>
#include <string_view>

#include "merkleforge/core/result.hpp"
#include "merkleforge/sparse/proof.hpp"

namespace merkleforge {

inline constexpr std::uint8_t kSparseProofFormat = 1;

/// Encodes a proof for `key_hash` (the key it was made for).
Bytes encode_sparse_proof(const SparseProof& proof, const Digest32& key_hash);

/// Errors: malformed_input (truncated, trailing bytes, bad field, non-canonical form),
/// unsupported (another format version).
Result<SparseProof> decode_sparse_proof(ByteSpan encoded, const Digest32& key_hash);

std::string sparse_proof_to_json(const SparseProof& proof, const Digest32& key_hash);
Result<SparseProof> sparse_proof_from_json(std::string_view json, const Digest32& key_hash);

}  // namespace merkleforge
