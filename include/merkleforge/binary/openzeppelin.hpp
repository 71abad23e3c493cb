// The `openzeppelin` profile: OpenZeppelin StandardMerkleTree (@openzeppelin/merkle-tree 1.x), the
// tree behind MerkleProof.sol airdrops and allowlists.
//
// Leaf = keccak256(keccak256(abi.encode(values))) — the double hash keeps a 64-byte leaf from
// being taken for a node. Node = keccak256(min(a, b) ‖ max(a, b)) (sorted pair, so proofs carry no
// left/right flags). Shape: a complete binary tree in one array, root at 0, children of i at
// 2i+1 and 2i+2, leaves at the end in reverse order; by default the leaves are first sorted by
// hash. Unlike RFC 6962 the root commits neither to the order of leaves nor to their number.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::openzeppelin {

/// keccak256(keccak256(abi_encoded_values)); the caller ABI-encodes the leaf's values (for static
/// types: each value as one 32-byte big-endian word, addresses left-padded with zeros).
Digest32 leaf_hash(ByteSpan abi_encoded_values);

/// keccak256 of the two hashes in ascending byte order.
Digest32 node_hash(const Digest32& a, const Digest32& b);

/// A multiproof in OpenZeppelin's form (MerkleProof.multiProofVerify): the leaves in the order
/// the proof consumes them (deepest tree position first), the sibling hashes it cannot compute,
/// and one flag per node hash: true = the second operand is the next computed hash, false = the
/// next entry of `proof`.
struct MultiProof {
  std::vector<std::size_t> value_indices;  ///< which leaf_hashes[] each leaf is
  std::vector<Digest32> leaves;
  std::vector<Digest32> proof;
  std::vector<bool> proof_flags;
};

class StandardMerkleTree {
 public:
  /// Builds the tree over leaf hashes (from leaf_hash()), sorted first unless sort_leaves is
  /// false, exactly as StandardMerkleTree.of(values, types, {sortLeaves}). Errors:
  /// invalid_argument for no leaves (the JavaScript library throws too).
  static Result<StandardMerkleTree> from_leaf_hashes(std::span<const Digest32> leaf_hashes,
                                                     bool sort_leaves = true);

  /// The tree's root, as StandardMerkleTree.root.
  const Digest32& root() const noexcept { return nodes_[0]; }
  /// Number of leaves.
  std::size_t size() const noexcept { return tree_index_.size(); }

  /// Proof of the leaf given as leaf_hashes[value_index] (getProof(index) in JavaScript).
  /// Errors: invalid_argument if value_index >= size().
  Result<std::vector<Digest32>> proof(std::size_t value_index) const;

  /// Multiproof of several leaves (getMultiProof(indices) in JavaScript), in any order.
  /// Errors: invalid_argument for an index >= size() or one given twice.
  Result<MultiProof> multiproof(std::span<const std::size_t> value_indices) const;

 private:
  std::vector<Digest32> nodes_;          // array layout described above
  std::vector<std::size_t> tree_index_;  // value index -> position in nodes_
};

/// MerkleProof.processProof: folds the proof into the leaf with node_hash and compares with root.
bool verify(const Digest32& root, const Digest32& leaf_hash, std::span<const Digest32> proof);

/// MerkleProof.processMultiProof: the root the multiproof computes. Errors: invalid_argument when
/// the counts do not fit together (leaves + proof != flags + 1, or more `false` flags than proof
/// hashes) — the cases where the Solidity and JavaScript versions revert or throw.
Result<Digest32> process_multiproof(std::span<const Digest32> leaves,
                                    std::span<const Digest32> proof,
                                    const std::vector<bool>& proof_flags);

/// process_multiproof() equals the trusted root; false for a malformed multiproof.
bool verify_multiproof(const Digest32& root, std::span<const Digest32> leaves,
                       std::span<const Digest32> proof, const std::vector<bool>& proof_flags);

}  // namespace merkleforge::openzeppelin
