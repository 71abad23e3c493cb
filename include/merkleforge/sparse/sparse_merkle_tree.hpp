// SparseMerkleTree<H>: a binary Merkle tree over 256-bit key hashes with Jellyfish-compatible
// hashing (sparse/jmt_hashing.hpp). Empty subtrees hash to a placeholder, a subtree holding one
// leaf is that leaf, every other node hashes its two children, so a tree of n keys has about
// log2(n) levels and get / put / erase / prove cost O(log n) hash computations and node visits.
//
// Versions. Mutations change the *working* tree; commit() freezes it as a new version (0, 1, ...)
// that reads and proofs can still address until prune() drops it. Nodes of committed versions
// are never modified: a mutation copies the nodes on its path (copy-on-write) and records the
// replaced ones as stale since the working version; prune(v) frees every node that no version
// >= v uses. Before the first commit (or between commits) nodes created since are updated in
// place, so a tree used without versions pays for no copies.
//
// Persistence. A tree opened on a NodeStore (open()) writes each commit — the nodes the version
// created and its root record — in one atomic write_batch, and each prune's deletions in another;
// reopening loads every kept version (all of them resident in memory) and re-checks every hash.
//
// Thread safety: const member functions may run concurrently with each other; a mutation
// excludes every other call. apply_batch itself runs independent subtrees on several threads.
//
// H is one of the hashes the library is compiled for (Sha256, Keccak256, Sha3_256, Blake3; the
// extern templates at the end). The tree's state (node pools, versions, store) is opaque here:
// it and the implementation live in src/sparse (tree_state.hpp, sparse_merkle_tree.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/jmt_hashing.hpp"
#include "merkleforge/sparse/multiproof.hpp"
#include "merkleforge/sparse/proof.hpp"
#include "merkleforge/sparse/sparse_update.hpp"
#include "merkleforge/store/node_store.hpp"

namespace merkleforge {

template <Hasher H>
class SparseMerkleTree {
 public:
  using Hashing = JmtHashing<H>;
  using Version = std::uint64_t;

  /// An empty tree (root kSparsePlaceholder, no version) without a store. Throws std::bad_alloc
  /// when the address space for the node pools cannot be reserved.
  SparseMerkleTree();
  ~SparseMerkleTree();
  /// Neither copyable nor movable; hold it by std::unique_ptr (as open() returns it) to pass it on.
  SparseMerkleTree(const SparseMerkleTree&) = delete;
  SparseMerkleTree& operator=(const SparseMerkleTree&) = delete;

  /// The key hash under which the tree stores `key` (H(key), as JMT).
  static Digest32 key_hash(ByteSpan key) noexcept { return Hashing::key_hash(key); }

  // --- the working tree -------------------------------------------------------------------------

  /// The working tree's root (kSparsePlaceholder when empty).
  Digest32 root_hash() const noexcept;
  /// Number of keys in the working tree.
  std::size_t size() const noexcept;
  /// The value stored under `key_hash` in the working tree, or nullopt when absent.
  std::optional<Bytes> get(const Digest32& key_hash) const;
  /// Membership proof of `key_hash` (or of its absence) in the working tree, for
  /// verify_sparse_membership / verify_sparse_non_membership against root_hash().
  SparseProof prove(const Digest32& key_hash) const;
  /// One proof for all of `key_hashes` (any order, repeats allowed) with shared siblings; check it
  /// with verify_sparse_multiproof and one claim per distinct key.
  SparseMultiproof prove_many(std::span<const Digest32> key_hashes) const;
  /// Proof of every leaf whose key hash lies in [first, last], for verify_sparse_range. With
  /// first > last it reaches nothing (and no verifier accepts it).
  SparseMultiproof prove_range(const Digest32& first, const Digest32& last) const;

  /// Stores `value` (any length, also empty) under `key_hash`, replacing any previous value.
  /// Throws std::length_error for a value over 2^32 - 1 bytes or when a node pool is full (2^31
  /// nodes), std::bad_alloc when memory runs out.
  void put(const Digest32& key_hash, ByteSpan value);
  /// Removes `key_hash` from the working tree; no effect when it is absent. Throws as put (the
  /// copies of committed nodes on the path are new nodes).
  void erase(const Digest32& key_hash);
  /// Applies all updates as if one by one in order (for a key given several times the last one
  /// wins), hashing each changed node once and independent subtrees in parallel. Throws as put.
  void apply_batch(std::vector<SparseUpdate> batch);

  // --- versions ---------------------------------------------------------------------------------

  /// Opens the tree stored in `store` (empty if it holds none) at its latest version, with every
  /// kept version readable; later commits and prunes are written to `store`, which must outlive
  /// the tree. Errors: those of the store, corrupt_data when a record is missing, malformed or
  /// does not hash to what its parent recorded.
  static Result<std::unique_ptr<SparseMerkleTree>> open(NodeStore& store);

  /// Freezes the working tree as the next version and returns its number; with a store, first
  /// writes the version atomically (on error nothing changes). Throws std::length_error once
  /// 2^32 versions have been committed.
  Result<Version> commit();
  /// The newest committed version (empty before the first commit).
  std::optional<Version> latest_version() const noexcept;
  /// The oldest committed version still readable (empty before the first commit).
  std::optional<Version> oldest_version() const noexcept;

  /// root_hash() of committed `version`. Errors: not_found when `version` was never committed or
  /// has been pruned.
  Result<Digest32> root_hash_at(Version version) const;
  /// get() in committed `version`. Errors: not_found when it was never committed or was pruned.
  Result<std::optional<Bytes>> get_at(Version version, const Digest32& key_hash) const;
  /// prove() in committed `version`. Errors: not_found as get_at.
  Result<SparseProof> prove_at(Version version, const Digest32& key_hash) const;
  /// prove_many() in committed `version`. Errors: not_found as get_at.
  Result<SparseMultiproof> prove_many_at(Version version,
                                         std::span<const Digest32> key_hashes) const;
  /// prove_range() in committed `version`. Errors: not_found as get_at.
  Result<SparseMultiproof> prove_range_at(Version version, const Digest32& first,
                                          const Digest32& last) const;

  /// Drops every version older than `keep_from` and frees the nodes only they used (with a store,
  /// deletes them there first, atomically; on error nothing changes).
  /// Errors: invalid_argument when `keep_from` is newer than the latest committed version; those
  /// of the store.
  Status prune(Version keep_from);

  // --- memory -----------------------------------------------------------------------------------

  struct MemoryUsage {
    std::size_t leaves;
    std::size_t internal_nodes;
    std::size_t bytes;  ///< pools, stale records and out-of-line values
  };
  /// Live nodes and the bytes the tree holds (all versions).
  MemoryUsage memory_usage() const noexcept;

 private:
  class State;  // src/sparse/tree_state.hpp
  /// Never null: a call pays one indirection to reach it, a node visit none.
  std::unique_ptr<State> state_;
};

// The hashes the library compiles the tree for (src/sparse/sparse_merkle_tree.cpp, where the
// member functions declared above are defined); another hash has no implementation to link.
extern template class SparseMerkleTree<Sha256>;
extern template class SparseMerkleTree<Keccak256>;
extern template class SparseMerkleTree<Sha3_256>;
extern template class SparseMerkleTree<Blake3>;

}  // namespace merkleforge
