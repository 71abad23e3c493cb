// Proofs of the sparse Merkle tree and their stateless verifier.
//
// A proof for key hash K is the walk from the root along K's bits: the sibling hash at every
// interior node passed, then what the walk ends on: nothing (an empty subtree) or the leaf found
// there. It proves membership when that leaf has key K (and the value's hash), and
// non-membership when the walk ends empty or on a leaf of another key on K's path.
#pragma once

#include <optional>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/algorithms.hpp"
#include "merkleforge/sparse/jmt_hashing.hpp"

namespace merkleforge {

/// The leaf a proof's walk ends on.
struct SparseProofLeaf {
  Digest32 key_hash;
  Digest32 value_hash;
  bool operator==(const SparseProofLeaf&) const = default;
};

struct SparseProof {
  HashAlgorithm hash = HashAlgorithm::sha256;
  std::optional<SparseProofLeaf> leaf;  ///< nullopt: the walk ends in an empty subtree
  /// Root first: siblings[d] is the hash beside the path at depth d + 1 (placeholders included;
  /// the encodings compress them). At most kSparseKeyBits entries.
  std::vector<Digest32> siblings;
  bool operator==(const SparseProof&) const = default;
};

/// The root a proof commits to, recomputed along `key_hash`'s path. Errors: invalid_argument when
/// the proof is made with another hash than H or has more than 256 siblings.
template <Hasher H>
Result<Digest32> sparse_proof_root(const Digest32& key_hash, const SparseProof& proof) {
  if (hash_from_name(H::kName) != proof.hash) {
    return make_error(Errc::invalid_argument, "sparse proof: made with another hash function");
  }
  if (proof.siblings.size() > kSparseKeyBits) {
    return make_error(Errc::invalid_argument, "sparse proof: more than 256 siblings");
  }
  const Digest32 bottom = proof.leaf
                              ? JmtHashing<H>::leaf(proof.leaf->key_hash, proof.leaf->value_hash)
                              : kSparsePlaceholder;
  return JmtHashing<H>::fold_path(bottom, proof.siblings, key_hash);
}

/// Checks that `proof` shows `key_hash` ↦ a value of hash `value_hash` under `root`.
/// Errors (the proof does not verify): invalid_argument, naming the check that failed.
template <Hasher H>
Status verify_sparse_membership(const Digest32& root, const Digest32& key_hash,
                                const Digest32& value_hash, const SparseProof& proof) {
  if (!proof.leaf || proof.leaf->key_hash != key_hash) {
    return make_error(Errc::invalid_argument, "sparse proof: does not end on the queried key");
  }
  if (proof.leaf->value_hash != value_hash) {
    return make_error(Errc::invalid_argument, "sparse proof: the value differs");
  }
  Result<Digest32> computed = sparse_proof_root<H>(key_hash, proof);
  if (!computed) return computed.error();
  if (*computed != root) return make_error(Errc::invalid_argument, "sparse proof: root mismatch");
  return Ok{};
}

/// Checks that `proof` shows `key_hash` absent under `root`: the walk ends in an empty subtree,
/// or on a leaf whose key differs from `key_hash` (a membership proof is refused) yet shares the
/// path walked (its first siblings.size() bits), so it occupies the queried key's place.
/// Errors (the proof does not verify): invalid_argument, naming the check that failed.
template <Hasher H>
Status verify_sparse_non_membership(const Digest32& root, const Digest32& key_hash,
                                    const SparseProof& proof) {
  if (proof.leaf) {
    if (proof.leaf->key_hash == key_hash) {
      return make_error(Errc::invalid_argument, "sparse proof: the key is present");
    }
    if (common_prefix_bits(proof.leaf->key_hash, key_hash) < proof.siblings.size()) {
      return make_error(Errc::invalid_argument, "sparse proof: the leaf is off the key's path");
    }
  }
  Result<Digest32> computed = sparse_proof_root<H>(key_hash, proof);
  if (!computed) return computed.error();
  if (*computed != root) return make_error(Errc::invalid_argument, "sparse proof: root mismatch");
  return Ok{};
}

}  // namespace merkleforge
