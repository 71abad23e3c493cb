// Verification of Merkle Patricia proofs: single keys (EIP-1186) and key ranges (snap sync).
//
// A single-key proof is the list of RLP nodes on the key's path, root first, without the nodes
// embedded in their parent (MerklePatriciaTrie::prove). Verification is strict: every node must be
// the one its parent (or the root hash) refers to, in order, and nothing may follow the node
// where the path ends — a missing, extra, altered or reordered node is an error. An embedded node
// may also appear as its own list element right after its parent (ethereumjs lists them).
#pragma once

#include <optional>
#include <span>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/mpt/proof_nodes.hpp"
#include "merkleforge/mpt/trie.hpp"

namespace merkleforge::mpt {

/// The value of `key` proven by `proof` under `root`, or std::nullopt if the proof shows the key
/// is absent. The empty trie's proof is empty. Errors: malformed_input when the proof is not a
/// valid proof for this key and root.
Result<std::optional<Bytes>> verify_proof(const Digest32& root, ByteSpan key,
                                          std::span<const Bytes> proof);
/// The same verification of the proof in `proof` (MerklePatriciaTrie::prove(key, ProofNodes&));
/// the value is a view into `proof`'s buffer (no copy). Allocates nothing once the thread has
/// verified a proof of as many nodes.
Result<std::optional<ByteSpan>> verify_proof(const Digest32& root, ByteSpan key,
                                             const ProofNodes& proof);

/// The proof for a range [first_key, last_key]: the union of both edge proofs (duplicates once).
Result<std::vector<Bytes>> prove_range(MerklePatriciaTrie& trie, ByteSpan first_key,
                                       ByteSpan last_key);

/// Verifies that `keys`/`values` are exactly the entries of the trie under `root` from
/// `first_key` up to the last key (all keys of one length), given the edge proofs of `first_key`
/// and of the last key (`proof`, in any order; either edge may prove absence). With no keys the
/// proof of `first_key` must show nothing at or after it. With an empty `proof`, the entries must
/// be the whole trie. Returns whether the trie holds more entries after the last key.
/// Errors: malformed_input for unsorted or duplicate keys, empty values, mixed key lengths,
/// first_key after the first key, a gap, an extra or altered entry, or a wrong/incomplete proof.
Result<bool> verify_range_proof(const Digest32& root, ByteSpan first_key,
                                std::span<const Bytes> keys, std::span<const Bytes> values,
                                std::span<const Bytes> proof);

}  // namespace merkleforge::mpt
