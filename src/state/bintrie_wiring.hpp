// What the binary tree's prover and verifier derive alike: the wiring of sha256-pair instances
// (boolean/wiring.hpp) for the nodes a multiproof hashes, walked by bintrie/proof_walk.hpp — by
// the verifier over the proof's shape, by the prover over the tree's own multiproof, whose shape
// it writes — and, for a write statement, for the nodes the writes hash anew
// (bintrie_insert.hpp).
#pragma once

#include "merkleforge/boolean/wiring.hpp"
#include "merkleforge/state/bintrie.hpp"

namespace merkleforge::state::detail {

/// The multiproof's encoding (bintrie/proof.hpp) without its version byte, every 0x03 hash and
/// 0x04 value taken out: the shape.
struct BintrieWiring {
  boolean::Wiring wiring;  ///< count 0: nothing is hashed (the empty tree, and no write)
  Bytes inputs;            ///< from a multiproof: each instance's left ‖ right
  Bytes shape;             ///< from a multiproof: its shape
  Digest32 root{};         ///< from a multiproof: the root it reaches
  Digest32 post_root{};    ///< from a multiproof, with writes: the root after them
  /// False when a root no instance hashes (the empty tree's zero) is not the statement's.
  bool public_roots_hold = true;
};

/// The node circuit of the tree's hash: sha256-pair or blake3-pair.
const boolean::Circuit& node_circuit(BintrieHash hash);

/// From the shape; `writes` (or nullptr: a read statement) wires the post-state's tree too.
/// Errors: invalid_argument for a malformed statement; malformed_input for a shape that does not
/// follow the encoding for these keys; corrupt_data for a key the shape shows absent while the
/// statement gives it a value, or the reverse.
Result<BintrieWiring> bintrie_wiring_of_shape(const BintrieStatement& statement,
                                              const BintrieWrites* writes, ByteSpan shape);

/// From the tree's multiproof of the statement's keys (bintrie::prove). Errors: invalid_argument
/// for a malformed statement or multiproof or one that gives a key another value than the
/// statement.
Result<BintrieWiring> bintrie_wiring_of_multiproof(const BintrieStatement& statement,
                                                   const BintrieWrites* writes,
                                                   ByteSpan multiproof);

}  // namespace merkleforge::state::detail
