// The state proofs' prover (library merkleforge::state_prover). A verifier never includes this
// header.
#pragma once

#include <span>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/bintrie/trie.hpp"
#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/hash/blake3.hpp"
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

/// The proof of a write statement from the tree's own multiproof of the statement's keys in the
/// pre-state (bintrie::prove). Errors: as prove_bintrie_reads, and check_bintrie_writes;
/// invalid_argument when the writes do not give writes.post_root.
Result<Bytes> prove_bintrie_writes(const BintrieStatement& reads, const BintrieWrites& writes,
                                   ByteSpan multiproof, boolean::ProveTimings* timings = nullptr,
                                   pcs::Profile commitment = pcs::Profile::fast);

// ---- from a tree in memory: the statement it makes, and its proof ----

/// A log statement and its proof, with the size of the raw multiproof it replaces.
struct ProvedLog {
  LogStatement statement;
  Bytes proof;
  std::size_t multiproof_bytes = 0;
};
/// The inclusions of `indices` (sorted, distinct) in `tree` and their proof. Errors: as
/// BinaryMerkleTree::multiproof and prove_log_inclusions.
Result<ProvedLog> prove_log_inclusions(const BinaryMerkleTree<Sha256>& tree,
                                       std::span<const std::uint64_t> indices,
                                       boolean::ProveTimings* timings = nullptr,
                                       pcs::Profile commitment = pcs::Profile::fast);

/// A binary-tree statement and its proof, with the multiproof it was made from.
struct ProvedReads {
  BintrieStatement statement;
  Bytes proof;
  Bytes multiproof;
};
/// The values (or absence) of `keys` (sorted, distinct) in `trie` and their proof; the tree's
/// hash H is the statement's: Sha256 (go-ethereum's tree) or Blake3 (the EIP text's), the two
/// the library instantiates. Errors: as prove_bintrie_reads.
template <class H>
Result<ProvedReads> prove_bintrie_reads(bintrie::BinaryTrie<H>& trie,
                                        std::span<const bintrie::TreeKey> keys,
                                        boolean::ProveTimings* timings = nullptr,
                                        pcs::Profile commitment = pcs::Profile::fast);

/// A write statement and its proof, with the pre-state's multiproof it was made from.
struct ProvedWrites {
  BintrieStatement reads;
  BintrieWrites writes;
  Bytes proof;
  Bytes multiproof;
};
/// Reads `keys` and the written keys in `trie`, applies `writes` to it (each key at most once;
/// `trie` holds the post-state afterwards, its root the statement's post_root) and proves both.
/// The statement's keys are `keys` and the written keys, sorted. Errors: invalid_argument for a key
/// written twice (before anything is written), then as prove_bintrie_writes. H as above.
template <class H>
Result<ProvedWrites> prove_bintrie_writes(bintrie::BinaryTrie<H>& trie,
                                          std::span<const bintrie::TreeKey> keys,
                                          std::span<const bintrie::Entry> writes,
                                          boolean::ProveTimings* timings = nullptr,
                                          pcs::Profile commitment = pcs::Profile::fast);

}  // namespace merkleforge::state
