// Succinct read (and write) proofs for Ethereum's binary state tree (EIP-7864 as go-ethereum
// builds it, SHA-256, or with the EIP text's BLAKE3; docs/state-proofs.md): one proof that N keys
// hold given values, or are absent, under a given root. The proof carries the multiproof's shape
// (bintrie/proof.hpp's encoding with every hash and value taken out: which nodes are internal,
// stems, leaves, empty or off the keys' paths) and a wiring of sha256-pair (blake3-pair)
// instances of the Boolean engine (boolean/wiring.hpp), one per node the multiproof hashes: the
// leaves H(value) (from the caller's values), the stems, zero children and the root are fixed
// ports, the sibling hashes stay private.
#pragma once

#include <optional>
#include <vector>

#include "merkleforge/bintrie/tree_key.hpp"
#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/pcs/params.hpp"

namespace merkleforge::state {

/// The tree's hash: go-ethereum's (SHA-256) or the EIP-7864 text's (BLAKE3, marked "not final"
/// there; docs/bintrie.md compares the two). Everything else about the tree is the same.
enum class BintrieHash : std::uint8_t { sha256 = 0, blake3 = 1 };

/// "Under root `root`, keys[i] holds values[i], or is absent (std::nullopt)": every value trusted,
/// from the caller. Keys sorted and distinct; one value (or absence) per key. A present value of
/// 32 zero bytes is present: its leaf is H(0^32), not the empty leaf.
struct BintrieStatement {
  Digest32 root{};
  std::vector<bintrie::TreeKey> keys;
  std::vector<std::optional<Digest32>> values;
  BintrieHash hash = BintrieHash::sha256;
};

/// "...and writing values[i] at keys[i] (where given; std::nullopt: the key is only read) gives
/// the root `post_root`": go-ethereum's insertion (a new slot opens a zero subtree, a new stem
/// takes an empty child or splits at the first bit where it differs from the stem it meets,
/// which moves down unchanged). Every written key is one of the statement's keys, whose reads
/// hold under the statement's root; a write of 32 zero bytes makes the slot present. One write
/// (or none) per key: values.size() = keys.size().
struct BintrieWrites {
  Digest32 post_root{};
  std::vector<std::optional<Digest32>> values;
};

/// Ok when the statement is well formed (above; at least one key; a known hash), else
/// invalid_argument.
Status check_bintrie_statement(const BintrieStatement& statement);
/// Ok when both are well formed (above), else invalid_argument.
Status check_bintrie_writes(const BintrieStatement& reads, const BintrieWrites& writes);

/// Ok when `proof` shows the statement. Errors: invalid_argument for a malformed statement;
/// malformed_input for bytes that are not a state proof of a binary tree or a shape that does not
/// follow the encoding; corrupt_data naming the first failed check (a key the shape shows absent
/// while the statement gives it a value, or the reverse, included).
Status verify_bintrie_reads(const BintrieStatement& statement, ByteSpan proof,
                            pcs::Profile commitment = pcs::Profile::fast);

/// Ok when `proof` shows the reads under reads.root and that the writes turn it into
/// writes.post_root: a proof of both trees' nodes in one wiring, the post-state's tree linked to
/// the pre-state's wherever no write reached (its private siblings included). Errors: as
/// verify_bintrie_reads (a proof of reads alone is malformed_input here, and the reverse).
Status verify_bintrie_writes(const BintrieStatement& reads, const BintrieWrites& writes,
                             ByteSpan proof, pcs::Profile commitment = pcs::Profile::fast);

/// The proof's parameters and soundness account as text (boolean::describe_wired for the wiring
/// the statement and the proof's shape give; the empty tree has none). Errors: as
/// verify_bintrie_reads for the statement and the shape.
Result<std::string> describe_bintrie_proof(const BintrieStatement& statement, ByteSpan proof,
                                           pcs::Profile commitment = pcs::Profile::fast);
/// As above, for a proof of writes (verify_bintrie_writes).
Result<std::string> describe_bintrie_proof(const BintrieStatement& reads,
                                           const BintrieWrites& writes, ByteSpan proof,
                                           pcs::Profile commitment = pcs::Profile::fast);

/// The node hashes (Boolean engine instances) a proof's shape makes for the statement. Errors: as
/// verify_bintrie_reads for the statement and the shape.
Result<std::size_t> bintrie_instances(const BintrieStatement& statement, ByteSpan proof);
/// As above, for a proof of writes: both trees' node hashes.
Result<std::size_t> bintrie_instances(const BintrieStatement& reads, const BintrieWrites& writes,
                                      ByteSpan proof);

}  // namespace merkleforge::state
