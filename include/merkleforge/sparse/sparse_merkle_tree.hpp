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
#pragma once

#include <oneapi/tbb/parallel_invoke.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/sparse/jmt_hashing.hpp"
#include "merkleforge/sparse/level_hasher.hpp"
#include "merkleforge/sparse/multiproof.hpp"
#include "merkleforge/sparse/new_leaf_hashes.hpp"
#include "merkleforge/sparse/node_pool.hpp"
#include "merkleforge/sparse/proof.hpp"
#include "merkleforge/sparse/sparse_update.hpp"
#include "merkleforge/sparse/store_layout.hpp"
#include "merkleforge/store/node_store.hpp"

namespace merkleforge {

template <Hasher H>
class SparseMerkleTree {
 public:
  using Hashing = JmtHashing<H>;
  using Version = std::uint64_t;

  SparseMerkleTree() = default;
  SparseMerkleTree(const SparseMerkleTree&) = delete;
  SparseMerkleTree& operator=(const SparseMerkleTree&) = delete;

  /// The key hash under which the tree stores `key` (H(key), as JMT).
  static Digest32 key_hash(ByteSpan key) noexcept { return Hashing::key_hash(key); }

  // --- the working tree -------------------------------------------------------------------------

  Digest32 root_hash() const noexcept { return working_.hash; }
  /// Number of keys in the working tree.
  std::size_t size() const noexcept { return static_cast<std::size_t>(size_.load()); }
  std::optional<Bytes> get(const Digest32& key_hash) const { return find(working_.ref, key_hash); }
  SparseProof prove(const Digest32& key_hash) const { return walk_proof(working_.ref, key_hash); }
  /// One proof for all of `key_hashes` (any order, repeats allowed) with shared siblings; check it
  /// with verify_sparse_multiproof and one claim per distinct key.
  SparseMultiproof prove_many(std::span<const Digest32> key_hashes) const {
    return multiproof_of(working_, key_hashes);
  }
  /// Proof of every leaf whose key hash lies in [first, last], for verify_sparse_range. With
  /// first > last it reaches nothing (and no verifier accepts it).
  SparseMultiproof prove_range(const Digest32& first, const Digest32& last) const {
    return range_proof_of(working_, first, last);
  }

  void put(const Digest32& key_hash, ByteSpan value) {
    const KeyPath path = descend(working_, 0, key_hash);
    working_ = rehash_path(path, key_hash, put_at_end(path, key_hash, value));
  }
  void erase(const Digest32& key_hash) {
    const KeyPath path = descend(working_, 0, key_hash);
    working_ = rehash_path(path, key_hash, erase_at_end(path, key_hash));
  }
  /// Applies all updates as if one by one in order (for a key given several times the last one
  /// wins), hashing each changed node once and independent subtrees in parallel.
  void apply_batch(std::vector<SparseUpdate> batch) {
    const std::vector<SparseUpdate> updates = sparse_detail::last_update_per_key(std::move(batch));
    if (updates.size() <= kWarmGroup) warm_paths(working_, 0, updates);
    sparse_detail::LevelHasher<H> hasher;
    sparse_detail::NewLeafHashes<H> new_leaves(updates);
    deferred_ = &hasher;
    new_leaves_ = &new_leaves;
    working_ = update_in_parallel(working_, 0, updates);
    deferred_ = nullptr;
    new_leaves_ = nullptr;
  }

  // --- versions ---------------------------------------------------------------------------------

  /// Opens the tree stored in `store` (empty if it holds none) at its latest version, with every
  /// kept version readable; later commits and prunes are written to `store`, which must outlive
  /// the tree. Errors: those of the store, corrupt_data when a record is missing, malformed or
  /// does not hash to what its parent recorded.
  static Result<std::unique_ptr<SparseMerkleTree>> open(NodeStore& store) {
    auto tree = std::make_unique<SparseMerkleTree>();
    tree->store_ = &store;
    Status loaded = tree->load_versions();
    if (!loaded) return loaded.error();
    return tree;
  }

  /// Freezes the working tree as the next version and returns its number; with a store, first
  /// writes the version atomically (on error nothing changes).
  Result<Version> commit() {
    if (working_version_ == UINT32_MAX)
      throw std::length_error("sparse tree: 2^32 versions committed");
    if (store_) {
      WriteBatch batch;
      collect_new_nodes(working_.ref, batch);
      Bytes root;
      sparse_detail::append_child(root, stored_child(working_));
      batch.put(sparse_detail::stored_root_key(working_version_), root);
      Status written = store_->write_batch(batch);
      if (!written) return written.error();
    }
    versions_.push_back(VersionRoot{working_version_, working_});
    return working_version_++;
  }
  /// The committed versions still readable, oldest first (empty before the first commit).
  std::optional<Version> latest_version() const noexcept {
    return versions_.empty() ? std::nullopt : std::optional(versions_.back().version);
  }
  std::optional<Version> oldest_version() const noexcept {
    return versions_.empty() ? std::nullopt : std::optional(versions_.front().version);
  }

  /// Errors: not_found when `version` was never committed or has been pruned.
  Result<Digest32> root_hash_at(Version version) const {
    Result<Subtree> root = root_at(version);
    if (!root) return root.error();
    return root->hash;
  }
  Result<std::optional<Bytes>> get_at(Version version, const Digest32& key_hash) const {
    Result<Subtree> root = root_at(version);
    if (!root) return root.error();
    return find(root->ref, key_hash);
  }
  Result<SparseProof> prove_at(Version version, const Digest32& key_hash) const {
    Result<Subtree> root = root_at(version);
    if (!root) return root.error();
    return walk_proof(root->ref, key_hash);
  }

  Result<SparseMultiproof> prove_many_at(Version version,
                                         std::span<const Digest32> key_hashes) const {
    Result<Subtree> root = root_at(version);
    if (!root) return root.error();
    return multiproof_of(*root, key_hashes);
  }
  Result<SparseMultiproof> prove_range_at(Version version, const Digest32& first,
                                          const Digest32& last) const {
    Result<Subtree> root = root_at(version);
    if (!root) return root.error();
    return range_proof_of(*root, first, last);
  }

  /// Drops every version older than `keep_from` and frees the nodes only they used (with a store,
  /// deletes them there first, atomically; on error nothing changes).
  /// Errors: invalid_argument when `keep_from` is newer than the latest committed version; those
  /// of the store.
  Status prune(Version keep_from) {
    if (versions_.empty() || keep_from > versions_.back().version) {
      return make_error(Errc::invalid_argument, "sparse tree: cannot prune the latest version");
    }
    // A node replaced while building version s is used by versions < s only.
    auto kept = std::stable_partition(stale_.begin(), stale_.end(), [&](const StaleNode& node) {
      return node.since > keep_from;
    });
    if (store_) {
      WriteBatch batch;
      for (auto it = versions_.begin(); it != versions_.end() && it->version < keep_from; ++it) {
        batch.erase(sparse_detail::stored_root_key(it->version));
      }
      for (auto it = kept; it != stale_.end(); ++it) batch.erase(stored_key(it->ref));
      Status written = store_->write_batch(batch);
      if (!written) return written.error();
    }
    while (versions_.front().version < keep_from) versions_.pop_front();
    for (auto it = kept; it != stale_.end(); ++it) free_node(it->ref);
    stale_.erase(kept, stale_.end());
    return Ok{};
  }

  // --- memory -----------------------------------------------------------------------------------

  struct MemoryUsage {
    std::size_t leaves;
    std::size_t internal_nodes;
    std::size_t bytes;  ///< pools, stale records and out-of-line values
  };
  MemoryUsage memory_usage() const noexcept {
    return {leaves_.live(), internals_.live(),
            leaves_.capacity_bytes() + internals_.capacity_bytes() +
                stale_.size() * sizeof(StaleNode) + out_of_line_bytes_.load()};
  }

 private:
  using NodeRef = sparse_detail::NodeRef;
  using LeafNode = sparse_detail::LeafNode;
  using InternalNode = sparse_detail::InternalNode;
  using ChildRefs = sparse_detail::ChildRefs;

  /// Siblings reserved for a proof up front: 1 KiB, which glibc serves from its per-thread cache
  /// (1.5 KiB takes its slower path, 15-35 ns more per allocation here), and beyond the depth of
  /// almost every leaf of a tree of 2^20 random keys (deeper proofs grow the list once).
  static constexpr std::size_t kProofReserve = 32;

  /// Updates whose paths are fetched together before a batch updates them (warm_paths).
  static constexpr std::size_t kWarmGroup = 32;

  /// A batch splits into parallel pieces while both halves have at least half this many updates.
  static constexpr std::size_t kParallelUpdates = 128;

  struct Subtree {
    NodeRef ref = sparse_detail::kEmptyRef;
    Digest32 hash = kSparsePlaceholder;
    /// 0 when `hash` is the subtree's hash. Otherwise a batch deferred it (level_hasher.hpp):
    /// the round in which it is computed, 1 + the largest round of the node's children.
    unsigned unhashed_height = 0;
  };
  struct VersionRoot {
    Version version;
    Subtree root;
  };
  struct StaleNode {
    Version since;  // the version whose construction replaced it
    NodeRef ref;
  };
  using Updates = std::span<const SparseUpdate>;

  Result<Subtree> root_at(Version version) const {
    for (const VersionRoot& entry : versions_) {
      if (entry.version == version) return entry.root;
    }
    return make_error(Errc::not_found, "sparse tree: version " + std::to_string(version) +
                                           " was never committed or has been pruned");
  }

  std::optional<Bytes> find(NodeRef ref, const Digest32& key_hash) const {
    for (unsigned depth = 0; sparse_detail::is_internal(ref); ++depth) {
      ref = children(ref)[key_bit(key_hash, depth)];
    }
    if (!sparse_detail::is_leaf(ref)) return std::nullopt;
    const LeafNode& leaf = leaves_[sparse_detail::leaf_index(ref)];
    if (leaf.key_hash != key_hash) return std::nullopt;
    const ByteSpan value = leaf.value.view();
    return Bytes(value.begin(), value.end());
  }

  SparseProof walk_proof(NodeRef ref, const Digest32& key_hash) const {
    SparseProof proof;
    proof.hash = *hash_from_name(H::kName);
    proof.siblings.reserve(kProofReserve);
    std::array<NodeRef, kSparseKeyBits> interior;
    const auto [depth, end] = walk(ref, 0, key_hash, interior.data());
    for (unsigned d = 0; d < depth; ++d)
      proof.siblings.push_back(hashes_of(interior[d])[key_bit(key_hash, d) ^ 1]);
    if (sparse_detail::is_leaf(end)) {
      const LeafNode& leaf = leaves_[sparse_detail::leaf_index(end)];
      proof.leaf = SparseProofLeaf{leaf.key_hash, Hashing::value_hash(leaf.value.view())};
    }
    return proof;
  }

  SparseMultiproof multiproof_of(const Subtree& root, std::span<const Digest32> key_hashes) const {
    std::vector<Digest32> keys(key_hashes.begin(), key_hashes.end());
    std::sort(keys.begin(), keys.end());
    return partial_tree(root, sparse_detail::SortedKeysQuery<Digest32>{keys});
  }
  SparseMultiproof range_proof_of(const Subtree& root, const Digest32& first,
                                  const Digest32& last) const {
    return partial_tree(root, sparse_detail::RangeQuery{&first, &last});
  }

  /// The canonical partial tree of `query` (sparse/multiproof.hpp): what the query reaches is
  /// expanded, the rest is sent as hashes.
  template <class Query>
  SparseMultiproof partial_tree(const Subtree& root, const Query& query) const {
    SparseMultiproof proof;
    proof.hash = *hash_from_name(H::kName);
    append_partial(root, 0, sparse_detail::KeyInterval::all(), query, proof.nodes);
    return proof;
  }

  template <class Query>
  void append_partial(const Subtree& node, unsigned depth,
                      const sparse_detail::KeyInterval& interval, const Query& query,
                      std::vector<SparseProofNode>& out) const {
    if (node.ref == sparse_detail::kEmptyRef) {
      out.push_back({SparseNodeKind::empty, {}, {}});
    } else if (!query.reaches(interval)) {
      out.push_back({SparseNodeKind::hash, node.hash, {}});
    } else if (sparse_detail::is_leaf(node.ref)) {
      const LeafNode& leaf = leaves_[sparse_detail::leaf_index(node.ref)];
      out.push_back(
          {SparseNodeKind::leaf, {}, {leaf.key_hash, Hashing::value_hash(leaf.value.view())}});
    } else {
      out.push_back({SparseNodeKind::interior, {}, {}});
      const std::array<Query, 2> below = query.children(depth);
      for (unsigned side = 0; side < 2; ++side) {
        append_partial(child_of(node, side), depth + 1, interval.child(depth, side), below[side],
                       out);
      }
    }
  }

  // --- single-key updates -----------------------------------------------------------------------
  // put and erase (and a batch's subtrees with a single update) walk down the key's path once,
  // replace the subtree the walk ends on, and re-hash the nodes above it: no sorting, splitting,
  // recursion or copying of the update per level as a batch of several keys needs.

  /// The interior nodes on a key's path from `start` down, and the subtree the walk ends on.
  /// Arrays are indexed by depth: entries [top, depth) are set.
  struct KeyPath {
    std::array<NodeRef, kSparseKeyBits> interior;
    std::array<Digest32, kSparseKeyBits> siblings;  ///< hashes beside the path, by depth
    unsigned top = 0;                               ///< the depth of `start`
    unsigned depth = 0;                             ///< the depth of `end`
    Subtree start;  ///< where the walk began (the root for put and erase)
    Subtree end;    ///< empty or a leaf
  };

  /// Walks from `ref` at `depth` down `key_hash`'s path through the child references alone (one
  /// dependent load per level, from ~11.5 MB at 1M keys: mostly L3 hits), recording the interior
  /// nodes met in `interior[depth ...]` and starting the loads of their hashes and of the leaf
  /// reached. A walk that also read the hashes as it went would fill the core's reorder window
  /// with their cache misses and stall the chain. Returns the depth and the reference reached.
  std::pair<unsigned, NodeRef> walk(NodeRef ref, unsigned depth, const Digest32& key_hash,
                                    NodeRef* interior) const noexcept {
    while (sparse_detail::is_internal(ref)) {
      prefetch_object(&internals_[sparse_detail::internal_index(ref)], sizeof(InternalNode));
      interior[depth] = ref;
      ref = children(ref)[key_bit(key_hash, depth++)];
    }
    if (sparse_detail::is_leaf(ref))
      prefetch_object(&leaves_[sparse_detail::leaf_index(ref)], sizeof(LeafNode));
    return {depth, ref};
  }

  /// Starts loading every cache line of the `size` bytes at `object`, without waiting for them.
  static void prefetch_object(const void* object, std::size_t size) noexcept {
    constexpr std::uintptr_t kLine = 64;
    const auto first = reinterpret_cast<std::uintptr_t>(object) & ~(kLine - 1);
    const auto last = reinterpret_cast<std::uintptr_t>(object) + size - 1;
    for (std::uintptr_t line = first; line <= last; line += kLine)
      __builtin_prefetch(reinterpret_cast<const void*>(line));
  }

  const std::array<Digest32, 2>& hashes_of(NodeRef ref) const noexcept {
    return internals_[sparse_detail::internal_index(ref)].child_hash;
  }

  KeyPath descend(const Subtree& start, unsigned depth, const Digest32& key_hash) const {
    KeyPath path;
    path.top = path.depth = depth;
    path.start = start;
    std::tie(path.depth, path.end.ref) = walk(start.ref, depth, key_hash, path.interior.data());
    for (unsigned d = path.top; d < path.depth; ++d) {
      path.siblings[d] = hashes_of(path.interior[d])[key_bit(key_hash, d) ^ 1];
    }
    path.end.hash =
        path.depth == path.top
            ? start.hash
            : hashes_of(path.interior[path.depth - 1])[key_bit(key_hash, path.depth - 1)];
    return path;
  }

  /// The subtree replacing `path.end` once `key_hash` holds `value`. A batch passes the new
  /// leaf's hash, which it computed beforehand (new_leaf_hashes.hpp).
  Subtree put_at_end(const KeyPath& path, const Digest32& key_hash, ByteSpan value,
                     const Digest32* known_leaf_hash = nullptr) {
    const auto leaf_hash = [&] {
      return known_leaf_hash ? *known_leaf_hash
                             : Hashing::leaf(key_hash, Hashing::value_hash(value));
    };
    if (path.end.ref == sparse_detail::kEmptyRef) {
      add_to_size(1);
      return store_leaf(key_hash, value, leaf_hash());
    }
    // The leaf found is one more dependent load, mostly a cache miss in a large tree (the walk
    // started it): the new leaf's hash is computed while it is under way (wasted only when the
    // value is unchanged), before anything waits for it (the locked instructions of the pools and
    // the size count would).
    const LeafNode& found = leaves_[sparse_detail::leaf_index(path.end.ref)];
    const Digest32 fresh_hash = leaf_hash();
    if (found.key_hash == key_hash) {
      const ByteSpan stored = found.value.view();
      if (std::equal(stored.begin(), stored.end(), value.begin(), value.end())) return path.end;
      discard(path.end.ref);
      return store_leaf(key_hash, value, fresh_hash);
    }
    // Another key's leaf: both leaves go below an interior node where the keys part, reached
    // from `path.depth` through interior nodes with one empty side.
    const unsigned split = common_prefix_bits(found.key_hash, key_hash);
    const Subtree moved = move_leaf(path.end);
    add_to_size(1);
    const Subtree fresh = store_leaf(key_hash, value, fresh_hash);
    Subtree below =
        key_bit(key_hash, split) ? new_internal(moved, fresh) : new_internal(fresh, moved);
    for (unsigned depth = split; depth-- > path.depth;)
      below = key_bit(key_hash, depth) ? new_internal({}, below) : new_internal(below, {});
    return below;
  }

  /// The subtree replacing `path.end` once `key_hash` is absent.
  Subtree erase_at_end(const KeyPath& path, const Digest32& key_hash) {
    if (!sparse_detail::is_leaf(path.end.ref) ||
        leaves_[sparse_detail::leaf_index(path.end.ref)].key_hash != key_hash) {
      return path.end;
    }
    add_to_size(-1);
    discard(path.end.ref);
    return {};
  }

  /// The subtree replacing `path.start` after the subtree at the end of `path` became `end`.
  Subtree rehash_path(const KeyPath& path, const Digest32& key_hash, Subtree end) {
    if (end.ref == path.end.ref && end.hash == path.end.hash) return path.start;
    // Bottom levels that collapse (after an erase): the leaf or nothing moves up, no hashing.
    unsigned interior_depth = path.depth;
    for (; interior_depth > path.top; --interior_depth) {
      const Subtree& sibling = path_sibling(path, key_hash, interior_depth - 1);
      const unsigned bit = key_bit(key_hash, interior_depth - 1);
      const Subtree collapsed = bit ? collapse(sibling, end) : collapse(end, sibling);
      if (collapsed.ref == sparse_detail::kEmptyRef && !is_empty(sibling, end)) break;
      discard(path.interior[interior_depth - 1]);
      end = collapsed;
    }
    if (deferred_) return relink_path(path, key_hash, interior_depth, end);
    return rebuild_interior_path(path, key_hash, interior_depth, end);
  }

  /// The child beside `key_hash`'s path of the interior node at `depth` on `path`.
  Subtree path_sibling(const KeyPath& path, const Digest32& key_hash, unsigned depth) const {
    return child_of({path.interior[depth]}, key_bit(key_hash, depth) ^ 1);
  }

  /// The root after the path's nodes above `depth`, which all stay interior, got `end` as the
  /// subtree at `depth`: their hashes form one Merkle path, folded in one kernel call, then each
  /// node's child on the path is replaced (the sibling stays as it is). For paths from the root.
  Subtree rebuild_interior_path(const KeyPath& path, const Digest32& key_hash, unsigned depth,
                                Subtree end) {
    std::array<Digest32, kSparseKeyBits> hashes;
    Hashing::fold_path(end.hash, std::span(path.siblings.data(), depth), key_hash, hashes.data());
    for (unsigned d = depth; d-- > 0;) {
      end = {with_child(path.interior[d], key_bit(key_hash, d), end), hashes[d]};
    }
    return end;
  }

  /// As rebuild_interior_path within a batch: the path's nodes from `depth` up to `path.top` get
  /// their new child, and their hashes are left to the batch's level hasher.
  Subtree relink_path(const KeyPath& path, const Digest32& key_hash, unsigned depth, Subtree end) {
    for (unsigned d = depth; d-- > path.top;) {
      const unsigned side = key_bit(key_hash, d);
      const NodeRef target = with_child(path.interior[d], side, end);
      defer_hash(end, internals_[sparse_detail::internal_index(target)].child_hash[side]);
      end = {target, {}, end.unhashed_height + 1};
    }
    return end;
  }

  /// Interior node `ref` with its child on `side` replaced by `child`: `ref` itself when the
  /// working version created it, else a copy (copy-on-write; the committed node becomes stale).
  NodeRef with_child(NodeRef ref, unsigned side, const Subtree& child) {
    if (internals_[sparse_detail::internal_index(ref)].version != working_tag()) {
      const std::uint32_t index = take(internals_);
      InternalNode& copy = internals_[index];
      copy = internals_[sparse_detail::internal_index(ref)];
      copy.version = working_tag();
      copy.store_id = index;
      children(sparse_detail::internal_ref(index)) = children(ref);
      discard(ref);
      ref = sparse_detail::internal_ref(index);
    }
    children(ref)[side] = child.ref;
    internals_[sparse_detail::internal_index(ref)].child_hash[side] = child.hash;
    return ref;
  }

  /// Brings the nodes on the paths of `updates` below `start` (at `depth`) into the cache, walking
  /// the paths in step so that their memory loads overlap; the depth-first update that follows
  /// would otherwise wait for each node of a path in turn (a large tree lives mostly outside the
  /// cache). Called for groups of at most kWarmGroup updates, whose paths fit in the L2 cache.
  void warm_paths(const Subtree& start, unsigned depth, Updates updates) const {
    std::array<NodeRef, kWarmGroup> at;
    at.fill(start.ref);
    for (std::size_t walking = updates.size(); walking != 0; ++depth) {
      walking = 0;
      for (std::size_t lane = 0; lane < updates.size(); ++lane) {
        if (!sparse_detail::is_internal(at[lane])) continue;
        at[lane] = children(at[lane])[key_bit(updates[lane].key_hash, depth)];
        prefetch_node(at[lane]);
        walking += sparse_detail::is_internal(at[lane]) ? 1 : 0;
      }
    }
  }

  void prefetch_node(NodeRef ref) const noexcept {
    if (ref == sparse_detail::kEmptyRef) return;
    if (sparse_detail::is_leaf(ref)) {
      prefetch_object(&leaves_[sparse_detail::leaf_index(ref)], sizeof(LeafNode));
    } else {
      __builtin_prefetch(&children(ref));
      prefetch_object(&internals_[sparse_detail::internal_index(ref)], sizeof(InternalNode));
    }
    // GCC counts a prefetch as no effect, so it found this function, and warm_paths which only
    // loads and calls it, pure, and deleted their calls (no warming happened at all). The fence
    // emits no instruction but is an effect: the prefetches and the walk stay.
    std::atomic_signal_fence(std::memory_order_seq_cst);
  }

  // --- updates ----------------------------------------------------------------------------------
  // `updates` are sorted by key, unique, and all share the first `depth` bits: the path of the
  // subtree they are applied to.

  Subtree update_subtree(Subtree node, unsigned depth, Updates updates) {
    if (updates.empty()) return node;
    if (node.ref == sparse_detail::kEmptyRef) return build(depth, updates, nullptr, 0);
    if (sparse_detail::is_leaf(node.ref)) return build(depth, updates, &node, depth);
    if (updates.size() == 1) return update_one(node, depth, updates.front());
    return update_internal(node, depth, updates);
  }

  /// update_subtree of interior node `node` for one update (most of a batch's subtrees: below
  /// the first ~log2(batch size) levels each key is alone): one walk as put and erase do.
  Subtree update_one(const Subtree& node, unsigned depth, const SparseUpdate& update) {
    const KeyPath path = descend(node, depth, update.key_hash);
    const Subtree end =
        update.value ? put_at_end(path, update.key_hash, *update.value, &new_leaves_->of(update))
                     : erase_at_end(path, update.key_hash);
    return rehash_path(path, update.key_hash, end);
  }

  /// The top of a batch, where both halves of the updates are large: the halves run in
  /// parallel, each down to its own pieces (update_piece: update and hashing on one thread, no
  /// shared lists), and only the few nodes above the pieces are joined and hashed here. An empty
  /// subtree (a tree built from nothing) splits as an interior node with two empty children.
  Subtree update_in_parallel(const Subtree& node, unsigned depth, Updates updates) {
    const auto [low, high] = split(updates, depth);
    if (sparse_detail::is_leaf(node.ref) || low.size() < kParallelUpdates / 2 ||
        high.size() < kParallelUpdates / 2) {
      return update_piece(node, depth, updates);
    }
    const Subtree old_left = child_of(node, 0), old_right = child_of(node, 1);
    Subtree left, right;
    // Init-captures: clang 14 cannot capture structured bindings (the C API's sparse tree is
    // compiled by clang in the fuzz preset).
    tbb::parallel_invoke(
        [&, low_half = low] { left = update_in_parallel(old_left, depth + 1, low_half); },
        [&, high_half = high] { right = update_in_parallel(old_right, depth + 1, high_half); });
    return hashed_now(with_children(node, old_left, old_right, left, right));
  }

  /// The piece's new leaves hashed together, update_subtree on the calling thread, then the
  /// hashing of the nodes it deferred (all on this thread: the piece runs no parallel work, so
  /// this thread's lists hold only its nodes).
  Subtree update_piece(const Subtree& node, unsigned depth, Updates updates) {
    new_leaves_->hash(updates);
    Subtree updated = update_subtree(node, depth, updates);
    defer_hash(updated, updated.hash);
    deferred_->run_on_this_thread();
    updated.unhashed_height = 0;
    return updated;
  }

  /// Child `side` of interior or empty subtree `node`.
  Subtree child_of(const Subtree& node, unsigned side) const {
    if (node.ref == sparse_detail::kEmptyRef) return {};
    return {children(node.ref)[side],
            internals_[sparse_detail::internal_index(node.ref)].child_hash[side]};
  }

  /// The child references of interior node `ref` (the hot part of the node).
  std::array<NodeRef, 2>& children(NodeRef ref) noexcept {
    return internals_.template part<ChildRefs>(sparse_detail::internal_index(ref)).child;
  }
  const std::array<NodeRef, 2>& children(NodeRef ref) const noexcept {
    return internals_.template part<ChildRefs>(sparse_detail::internal_index(ref)).child;
  }

  /// `node` (hashed children, unhashed itself) with its hash computed now.
  Subtree hashed_now(Subtree node) const {
    if (node.unhashed_height == 0) return node;
    node.hash = Hashing::internal(internals_[sparse_detail::internal_index(node.ref)].child_hash);
    node.unhashed_height = 0;
    return node;
  }

  Subtree update_internal(Subtree node, unsigned depth, Updates updates) {
    Subtree left = child_of(node, 0), right = child_of(node, 1);
    const Subtree old_left = left, old_right = right;
    update_children(left, right, depth, updates);
    return with_children(node, old_left, old_right, left, right);
  }

  /// Interior (or empty) `node` once its children `old_left`, `old_right` became `left`, `right`.
  Subtree with_children(const Subtree& node, const Subtree& old_left, const Subtree& old_right,
                        const Subtree& left, const Subtree& right) {
    if (left.ref == old_left.ref && right.ref == old_right.ref && left.hash == old_left.hash &&
        right.hash == old_right.hash && left.unhashed_height == 0 && right.unhashed_height == 0) {
      return node;
    }
    return replace_children(node.ref, left, right);
  }

  /// The node replacing interior node `ref` (or the empty subtree) whose children became `left`
  /// and `right`.
  Subtree replace_children(NodeRef ref, const Subtree& left, const Subtree& right) {
    const Subtree collapsed = collapse(left, right);
    if (collapsed.ref != sparse_detail::kEmptyRef || is_empty(left, right)) {
      if (ref != sparse_detail::kEmptyRef) discard(ref);
      return collapsed;
    }
    return make_internal(writable_internal(ref), left, right);
  }

  void update_children(Subtree& left, Subtree& right, unsigned depth, Updates updates) {
    // A group small enough to warm starts here: fetch its paths before updating them.
    const auto update = [&](Subtree& child, Updates group) {
      if (updates.size() > kWarmGroup && group.size() <= kWarmGroup)
        warm_paths(child, depth + 1, group);
      child = update_subtree(child, depth + 1, group);
    };
    const auto [low, high] = split(updates, depth);
    update(left, low);
    update(right, high);
  }

  static bool is_empty(const Subtree& left, const Subtree& right) noexcept {
    return left.ref == sparse_detail::kEmptyRef && right.ref == sparse_detail::kEmptyRef;
  }

  /// The node replacing an interior node at `depth` whose children became `left` and `right`
  /// when it must not remain interior: empty when both are empty, the leaf when the other side is
  /// empty (the leaf moves up). Otherwise returns an empty Subtree and the node stays interior.
  Subtree collapse(const Subtree& left, const Subtree& right) {
    if (left.ref == sparse_detail::kEmptyRef && sparse_detail::is_leaf(right.ref))
      return move_leaf(right);
    if (right.ref == sparse_detail::kEmptyRef && sparse_detail::is_leaf(left.ref))
      return move_leaf(left);
    return {};
  }

  /// Builds the subtree at `depth` holding the inserts of `updates` and, unless an update names
  /// its key, the existing leaf `carried`, which was the whole subtree at `carried_depth`.
  Subtree build(unsigned depth, Updates updates, const Subtree* carried, unsigned carried_depth) {
    const SparseUpdate* override = carried ? find_update(updates, carried_key(*carried)) : nullptr;
    const bool keep_carried = carried && (!override || same_value(*override, *carried));
    const std::size_t entries =
        count_inserts_up_to_two(updates, keep_carried ? override : nullptr) +
        (keep_carried ? 1 : 0);
    if (entries >= 2) return build_internal(depth, updates, carried, carried_depth);
    if (keep_carried) return depth == carried_depth ? *carried : move_leaf(*carried);
    if (carried) {  // erased (override has no value) or replaced by override's value
      if (!override->value) add_to_size(-1);
      discard(carried->ref);
    }
    if (entries == 0) return {};
    const SparseUpdate& insert = *std::find_if(
        updates.begin(), updates.end(), [](const SparseUpdate& u) { return u.value.has_value(); });
    if (&insert != override) add_to_size(1);
    return store_leaf(insert.key_hash, *insert.value, new_leaves_->of(insert));
  }

  Subtree build_internal(unsigned depth, Updates updates, const Subtree* carried,
                         unsigned carried_depth) {
    const bool carried_high = carried && key_bit(carried_key(*carried), depth) == 1;
    const auto [low, high] = split(updates, depth);
    const Subtree left = build(depth + 1, low, carried_high ? nullptr : carried, carried_depth);
    const Subtree right = build(depth + 1, high, carried_high ? carried : nullptr, carried_depth);
    return new_internal(left, right);
  }

  /// `updates` split at bit `depth`: those with bit 0, then those with bit 1.
  static std::pair<Updates, Updates> split(Updates updates, unsigned depth) {
    const auto middle = std::partition_point(
        updates.begin(), updates.end(),
        [&](const SparseUpdate& u) { return key_bit(u.key_hash, depth) == 0; });
    return {Updates(updates.begin(), middle), Updates(middle, updates.end())};
  }

  const Digest32& carried_key(const Subtree& leaf) const noexcept {
    return leaves_[sparse_detail::leaf_index(leaf.ref)].key_hash;
  }
  static const SparseUpdate* find_update(Updates updates, const Digest32& key) noexcept {
    const auto it =
        std::lower_bound(updates.begin(), updates.end(), key,
                         [](const SparseUpdate& u, const Digest32& k) { return u.key_hash < k; });
    return it != updates.end() && it->key_hash == key ? &*it : nullptr;
  }
  bool same_value(const SparseUpdate& update, const Subtree& leaf) const noexcept {
    if (!update.value) return false;
    const ByteSpan stored = leaves_[sparse_detail::leaf_index(leaf.ref)].value.view();
    return std::equal(stored.begin(), stored.end(), update.value->begin(), update.value->end());
  }
  /// Inserts among `updates` other than `absorbed`, counted up to 2 (all a build needs to know).
  static std::size_t count_inserts_up_to_two(Updates updates,
                                             const SparseUpdate* absorbed) noexcept {
    std::size_t count = 0;
    for (const SparseUpdate& update : updates) {
      if (update.value && &update != absorbed && ++count == 2) break;
    }
    return count;
  }

  // --- node lifetime ----------------------------------------------------------------------------

  /// A new leaf of `key_hash` and `value` whose hash `leaf_hash` the caller computed.
  Subtree store_leaf(const Digest32& key_hash, ByteSpan value, const Digest32& leaf_hash) {
    const std::uint32_t index = take(leaves_);
    LeafNode& leaf = leaves_[index];
    leaf.key_hash = key_hash;
    leaf.version = working_tag();
    leaf.store_id = index;
    leaf.value.assign(value);
    if (value.size() > sparse_detail::LeafValue::kInline) out_of_line_bytes_ += value.size();
    return {sparse_detail::leaf_ref(index), leaf_hash};
  }

  Subtree new_internal(const Subtree& left, const Subtree& right) {
    return make_internal(sparse_detail::internal_ref(take(internals_)), left, right);
  }

  Subtree make_internal(NodeRef target, const Subtree& left, const Subtree& right) {
    InternalNode& node = write_internal(target, left, right);
    if (!deferred_) return {target, Hashing::internal(node.child_hash)};
    defer_hash(left, node.child_hash[0]);
    defer_hash(right, node.child_hash[1]);
    return {target, {}, std::max(left.unhashed_height, right.unhashed_height) + 1};
  }

  /// Sets interior node `target`'s children (their hashes are final or deferred).
  InternalNode& write_internal(NodeRef target, const Subtree& left, const Subtree& right) {
    InternalNode& node = internals_[sparse_detail::internal_index(target)];
    children(target) = {left.ref, right.ref};
    node.child_hash = {left.hash, right.hash};
    node.version = working_tag();
    node.store_id = sparse_detail::internal_index(target);
    return node;
  }

  /// Has the batch's level hasher write `node`'s hash to `out` if it was deferred.
  void defer_hash(const Subtree& node, Digest32& out) {
    if (node.unhashed_height == 0) return;
    const InternalNode& internal = internals_[sparse_detail::internal_index(node.ref)];
    deferred_->defer(node.unhashed_height, &internal.child_hash, &out);
  }

  /// The leaf `leaf` placed at another depth. Committed nodes are immutable and stored by
  /// position, so a committed leaf is copied; a working one simply moves.
  Subtree move_leaf(const Subtree& leaf) {
    const LeafNode& old = leaves_[sparse_detail::leaf_index(leaf.ref)];
    if (old.version == working_tag()) return leaf;
    const std::uint32_t index = take(leaves_);
    LeafNode& copy = leaves_[index];
    copy.key_hash = old.key_hash;
    copy.version = working_tag();
    copy.store_id = index;
    copy.value.assign(old.value.view());
    if (old.value.view().size() > sparse_detail::LeafValue::kInline)
      out_of_line_bytes_ += old.value.view().size();
    discard(leaf.ref);
    return {sparse_detail::leaf_ref(index), leaf.hash};
  }

  /// An interior node the working version may modify: `ref` itself when the working version
  /// created it, else a fresh node (the committed one becomes stale; none for the empty subtree).
  NodeRef writable_internal(NodeRef ref) {
    if (ref != sparse_detail::kEmptyRef) {
      if (internals_[sparse_detail::internal_index(ref)].version == working_tag()) return ref;
      discard(ref);
    }
    return sparse_detail::internal_ref(take(internals_));
  }

  /// A node that leaves the working tree: freed now if only the working tree used it, else kept
  /// for the committed versions until pruning.
  void discard(NodeRef ref) {
    if (node_version(ref) == working_tag()) {
      free_node(ref);
      return;
    }
    std::unique_lock lock(stale_mutex_, std::defer_lock);
    if (!alone()) lock.lock();
    stale_.push_back(StaleNode{working_version_, ref});
  }

  /// Outside a batch the calling thread is alone with the pools, the stale list and the key
  /// count, and skips their locks (each a full barrier on x86, ~20 cycles: several per put); a
  /// batch's pieces share them across threads.
  bool alone() const noexcept { return deferred_ == nullptr; }

  template <class Pool>
  std::uint32_t take(Pool& pool) {
    return alone() ? pool.allocate_alone() : pool.allocate();
  }
  template <class Pool>
  void give_back(Pool& pool, std::uint32_t index) {
    if (alone()) {
      pool.release_alone(index);
    } else {
      pool.release(index);
    }
  }
  void add_to_size(std::int64_t delta) {
    if (alone()) {
      size_.store(size_.load(std::memory_order_relaxed) + delta, std::memory_order_relaxed);
    } else {
      size_.fetch_add(delta, std::memory_order_relaxed);
    }
  }

  /// The working version as nodes record it (commit() keeps versions below 2^32).
  std::uint32_t working_tag() const noexcept {
    return static_cast<std::uint32_t>(working_version_);
  }

  std::uint32_t node_version(NodeRef ref) const noexcept {
    return sparse_detail::is_leaf(ref) ? leaves_[sparse_detail::leaf_index(ref)].version
                                       : internals_[sparse_detail::internal_index(ref)].version;
  }

  void free_node(NodeRef ref) {
    if (sparse_detail::is_leaf(ref)) {
      LeafNode& leaf = leaves_[sparse_detail::leaf_index(ref)];
      if (leaf.value.view().size() > sparse_detail::LeafValue::kInline)
        out_of_line_bytes_ -= leaf.value.view().size();
      leaf.value.reset();
      give_back(leaves_, sparse_detail::leaf_index(ref));
    } else {
      give_back(internals_, sparse_detail::internal_index(ref));
    }
  }

  // --- persistence ----------------------------------------------------------------------------

  sparse_detail::StoredKind stored_kind(NodeRef ref) const noexcept {
    if (ref == sparse_detail::kEmptyRef) return sparse_detail::StoredKind::empty;
    return sparse_detail::is_leaf(ref) ? sparse_detail::StoredKind::leaf
                                       : sparse_detail::StoredKind::interior;
  }
  std::uint32_t store_id(NodeRef ref) const noexcept {
    return sparse_detail::is_leaf(ref) ? leaves_[sparse_detail::leaf_index(ref)].store_id
                                       : internals_[sparse_detail::internal_index(ref)].store_id;
  }
  sparse_detail::StoredChild stored_child(const Subtree& node) const {
    if (node.ref == sparse_detail::kEmptyRef)
      return {sparse_detail::StoredKind::empty, 0, 0, node.hash};
    return {stored_kind(node.ref), node_version(node.ref), store_id(node.ref), node.hash};
  }
  Bytes stored_key(NodeRef ref) const {
    return sparse_detail::stored_node_key(stored_kind(ref), node_version(ref), store_id(ref));
  }

  /// Adds the nodes the working version created (a subtree without any is left unvisited:
  /// copy-on-write makes every ancestor of a new node new as well).
  void collect_new_nodes(NodeRef ref, WriteBatch& batch) const {
    if (ref == sparse_detail::kEmptyRef || node_version(ref) != working_tag()) return;
    if (sparse_detail::is_leaf(ref)) {
      const LeafNode& leaf = leaves_[sparse_detail::leaf_index(ref)];
      batch.put(stored_key(ref),
                sparse_detail::encode_stored_leaf(leaf.key_hash, leaf.value.view()));
      return;
    }
    Bytes record = {'I'};
    for (unsigned side = 0; side < 2; ++side) {
      const Subtree child = child_of({ref}, side);
      sparse_detail::append_child(record, stored_child(child));
      collect_new_nodes(child.ref, batch);
    }
    batch.put(stored_key(ref), std::move(record));
  }

  /// Loads every stored version, newest first, so the first version reaching a node is the
  /// newest that uses it: a node not used by the latest version is stale since the next one.
  Status load_versions() {
    std::vector<std::pair<Version, sparse_detail::StoredChild>> roots;
    std::optional<Error> failure;
    Status scanned =
        store_->scan_prefix(sparse_detail::stored_root_prefix(), [&](ByteSpan key, ByteSpan value) {
          Result<Version> version = sparse_detail::decode_root_key(key);
          Result<sparse_detail::StoredChild> root = sparse_detail::decode_stored_root(value);
          if (!version || !root) failure = version ? root.error() : version.error();
          if (failure) return false;
          roots.emplace_back(*version, *root);
          return true;
        });
    if (!scanned) return scanned.error();
    if (failure) return *failure;
    if (roots.empty()) return Ok{};
    const Version latest = roots.back().first;
    Loader loader{*this, latest, {}, {}};
    for (auto it = roots.rbegin(); it != roots.rend(); ++it) {
      Result<NodeRef> root = loader.load(it->second, it->first);
      if (!root) return root.error();
      versions_.push_front(VersionRoot{it->first, Subtree{*root, it->second.hash}});
    }
    working_ = versions_.back().root;
    working_version_ = latest + 1;
    size_ = static_cast<std::int64_t>(count_leaves(working_.ref));
    return Ok{};
  }

  struct Loader {
    SparseMerkleTree& tree;
    Version latest;
    std::unordered_map<std::uint64_t, NodeRef> leaves, interiors;  // (version, id) -> node

    Result<NodeRef> load(const sparse_detail::StoredChild& child, Version user) {
      if (child.kind == sparse_detail::StoredKind::empty) {
        if (child.hash != kSparsePlaceholder) return corrupt("an empty subtree with a hash");
        return sparse_detail::kEmptyRef;
      }
      const bool leaf = child.kind == sparse_detail::StoredKind::leaf;
      auto& loaded = leaf ? leaves : interiors;
      const std::uint64_t name = std::uint64_t{child.version} << 32 | child.id;
      if (const auto found = loaded.find(name); found != loaded.end()) return found->second;
      Result<std::optional<Bytes>> record =
          tree.store_->get(sparse_detail::stored_node_key(child.kind, child.version, child.id));
      if (!record) return record.error();
      if (!*record) return corrupt("a node is missing");
      Result<NodeRef> ref =
          leaf ? load_leaf(**record, child) : load_interior(**record, child, user);
      if (!ref) return ref;
      loaded.emplace(name, *ref);
      if (user != latest) tree.stale_.push_back(StaleNode{user + 1, *ref});
      return ref;
    }

    Result<NodeRef> load_leaf(ByteSpan record, const sparse_detail::StoredChild& child) {
      Result<sparse_detail::StoredLeaf> decoded = sparse_detail::decode_stored_leaf(record);
      if (!decoded) return decoded.error();
      if (Hashing::leaf(decoded->key_hash, Hashing::value_hash(decoded->value)) != child.hash) {
        return corrupt("a leaf does not match its hash");
      }
      const std::uint32_t index = tree.leaves_.allocate();
      LeafNode& node = tree.leaves_[index];
      node.key_hash = decoded->key_hash;
      node.version = child.version;
      node.store_id = child.id;
      node.value.assign(decoded->value);
      return sparse_detail::leaf_ref(index);
    }

    Result<NodeRef> load_interior(ByteSpan record, const sparse_detail::StoredChild& child,
                                  Version user) {
      Result<std::array<sparse_detail::StoredChild, 2>> children =
          sparse_detail::decode_stored_interior(record);
      if (!children) return children.error();
      const std::array<Digest32, 2> hashes = {(*children)[0].hash, (*children)[1].hash};
      if (Hashing::internal(hashes) != child.hash)
        return corrupt("an interior node does not match its hash");
      std::array<NodeRef, 2> refs{};
      for (unsigned side = 0; side < 2; ++side) {
        Result<NodeRef> loaded = load((*children)[side], user);
        if (!loaded) return loaded;
        refs[side] = *loaded;
      }
      const std::uint32_t index = tree.internals_.allocate();
      tree.internals_[index] = InternalNode{hashes, child.version, child.id};
      tree.children(sparse_detail::internal_ref(index)) = refs;
      return sparse_detail::internal_ref(index);
    }

    static Error corrupt(const char* what) {
      return make_error(Errc::corrupt_data, std::string("sparse tree store: ") + what);
    }
  };

  std::size_t count_leaves(NodeRef ref) const {
    if (ref == sparse_detail::kEmptyRef) return 0;
    if (sparse_detail::is_leaf(ref)) return 1;
    return count_leaves(children(ref)[0]) + count_leaves(children(ref)[1]);
  }

  sparse_detail::NodePool<LeafNode> leaves_;
  sparse_detail::NodePool<InternalNode, ChildRefs> internals_;
  Subtree working_;
  Version working_version_ = 0;
  std::deque<VersionRoot> versions_;
  std::vector<StaleNode> stale_;
  std::mutex stale_mutex_;
  std::atomic<std::int64_t> size_{0};
  std::atomic<std::size_t> out_of_line_bytes_{0};
  NodeStore* store_ = nullptr;
  /// During apply_batch: where new interior nodes' hashes are deferred to (null: hashed at once).
  sparse_detail::LevelHasher<H>* deferred_ = nullptr;
  /// During apply_batch: the hashes of the batch's new leaves.
  sparse_detail::NewLeafHashes<H>* new_leaves_ = nullptr;
};

}  // namespace merkleforge
