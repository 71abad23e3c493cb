// Multiproofs and range proofs of the sparse Merkle tree, and their stateless verifiers.
//
// Both are one partial tree: the part of the tree that a set of keys (multiproof) or a key range
// (range proof) reaches, in pre-order (node, then its left and its right subtree). A subtree that
// the keys do not reach is sent as its hash, once, however many queried paths pass beside it: that
// is how the keys share siblings. What a key reaches is expanded down to where its walk ends: an
// empty subtree or a leaf, given as (key hash, value hash).
//
// One rule makes a partial tree canonical, so that a given tree and query have exactly one proof:
// a subtree is expanded (interior, leaf, or empty) if and only if the query reaches it — some
// queried key lies in its key interval, or its interval meets the queried range — and otherwise
// it is a hash (or "empty" for an empty subtree, which costs no digest). Verifiers enforce the
// rule, so a proof that hides a reached leaf behind a hash, or pads itself with unreached nodes,
// is rejected. A range proof shows every leaf of the range: the verifier accepts exactly the
// entries the range holds (no gap, no extra entry, no key outside the range).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/algorithms.hpp"
#include "merkleforge/hash/hasher.hpp"
#include "merkleforge/sparse/proof.hpp"

namespace merkleforge {

enum class SparseNodeKind : std::uint8_t { empty = 0, hash = 1, leaf = 2, interior = 3 };

/// One node of a partial tree. hash: `digest` is the subtree's hash; leaf: `leaf` is the leaf;
/// empty and interior carry nothing (an interior node's children follow it).
struct SparseProofNode {
  SparseNodeKind kind = SparseNodeKind::empty;
  Digest32 digest{};
  SparseProofLeaf leaf{};
  bool operator==(const SparseProofNode&) const = default;
};

struct SparseMultiproof {
  HashAlgorithm hash = HashAlgorithm::sha256;
  std::vector<SparseProofNode> nodes;  ///< pre-order; at most 256 interior levels
  bool operator==(const SparseMultiproof&) const = default;
};

/// A claim a multiproof is checked against: key_hash holds a value of hash *value_hash, or is
/// absent when value_hash is nullopt.
struct SparseClaim {
  Digest32 key_hash;
  std::optional<Digest32> value_hash;
};

/// Checks that `proof` shows every claim (presence with the value's hash, or absence) under the
/// trusted `root`. Claims may come in any order; a key may be claimed once. The proof must be the
/// canonical one for exactly these keys. Errors (the proof does not verify): invalid_argument,
/// naming the check that failed.
template <Hasher H>
Status verify_sparse_multiproof(const Digest32& root, std::span<const SparseClaim> claims,
                                const SparseMultiproof& proof);

/// Checks that `entries` (sorted by key hash, unique) are exactly the leaves whose key hash lies in
/// [first, last] under the trusted `root`: none missing, none extra, none outside the range.
/// Errors (the proof does not verify): invalid_argument, naming the check that failed; also when
/// first > last.
template <Hasher H>
Status verify_sparse_range(const Digest32& root, const Digest32& first, const Digest32& last,
                           std::span<const SparseProofLeaf> entries, const SparseMultiproof& proof);

// verify_sparse_multiproof and verify_sparse_range are compiled for the hashes the tree is
// (Sha256, Keccak256, Sha3_256, Blake3; src/sparse/multiproof.cpp); another hash has no
// definition to link.

}  // namespace merkleforge
