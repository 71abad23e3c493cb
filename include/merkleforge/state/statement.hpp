// A state proof's statement as bytes (docs/state-proofs.md, "Statement format"): what the CLI
// writes, and what the C API, Python and the WebAssembly verifier take beside the proof.
//
//   statement = "MFST" ‖ u8 version (2) ‖ u8 tree kind (state/format.hpp) ‖ u8 commitment
//               profile (0 fast, 1 slim) ‖ the kind's fields
//   rfc6962:    u64 size ‖ root(32) ‖ u32 N ‖ N × (u64 index ‖ leaf hash(32))
//   bintrie:    u8 hash (0 SHA-256, 1 BLAKE3) ‖ root(32) ‖ u32 N ‖ N × (key(32) ‖ u8 present
//               (0 | 1) ‖ value(32) if present)
//   bintrie_writes: u8 hash ‖ root(32) ‖ post-state root(32) ‖ u32 N ‖ N × (key(32) ‖ u8 present
//               (0 | 1) ‖ value(32) if present ‖ u8 written (0 | 1) ‖ new value(32) if written)
// Integers little-endian; no byte may follow. The fields mean what LogStatement,
// BintrieStatement and BintrieWrites say (sorted, distinct indices and keys).
#pragma once

#include "merkleforge/state/bintrie.hpp"
#include "merkleforge/state/format.hpp"
#include "merkleforge/state/log.hpp"

namespace merkleforge::state {

inline constexpr std::uint8_t kStatementMagic[4] = {'M', 'F', 'S', 'T'};
inline constexpr std::uint8_t kStatementVersion = 2;  ///< 2: the binary tree's hash

/// One statement of any kind (the other kinds' fields stay empty): rfc6962 fills `log`, bintrie
/// `bintrie`, bintrie_writes `bintrie` (the reads) and `writes`.
struct StateStatement {
  TreeKind kind = TreeKind::rfc6962;
  pcs::Profile commitment = pcs::Profile::fast;
  LogStatement log;
  BintrieStatement bintrie;
  BintrieWrites writes;
};

Bytes encode_statement(const StateStatement& statement);

/// Errors: malformed_input for bytes that are not a statement of this version (truncated, an
/// unknown kind or profile, a presence byte other than 0 or 1, bytes after it).
Result<StateStatement> decode_statement(ByteSpan bytes);

/// Ok when `proof` shows the encoded statement (the kind's verifier under its profile). Errors:
/// malformed_input for a statement that does not decode; then as that verifier.
Status verify_state_proof(ByteSpan statement, ByteSpan proof);

/// The parameters and soundness account of a proof of the encoded statement, as text (the kind's
/// describe_*_proof under the statement's profile). Errors: as verify_state_proof.
Result<std::string> describe_state_proof(ByteSpan statement, ByteSpan proof);

}  // namespace merkleforge::state
