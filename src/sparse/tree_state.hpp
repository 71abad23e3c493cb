// SparseMerkleTree<H>::State: everything a tree holds (node pools, working tree, versions,
// stale nodes, store), opaque to the public header, which forwards each call here. The public
// operations below keep the contracts sparse_merkle_tree.hpp states; the rest are their parts.
// Internal to the sparse tree (src/sparse), not installed.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "level_hasher.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"
#include "new_leaf_hashes.hpp"
#include "node_pool.hpp"
#include "partial_tree.hpp"
#include "store_layout.hpp"

namespace merkleforge {

template <Hasher H>
class SparseMerkleTree<H>::State {
 public:
  // The tree's operations (contracts in sparse_merkle_tree.hpp).

  // --- the working tree -------------------------------------------------------------------------

  Digest32 root_hash() const noexcept { return working_.hash; }
  std::size_t size() const noexcept { return static_cast<std::size_t>(size_.load()); }
  std::optional<Bytes> get(const Digest32& key_hash) const { return find(working_.ref, key_hash); }
  SparseProof prove(const Digest32& key_hash) const { return walk_proof(working_.ref, key_hash); }
  SparseMultiproof prove_many(std::span<const Digest32> key_hashes) const {
    return multiproof_of(working_, key_hashes);
  }
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
  void apply_batch(std::vector<SparseUpdate> batch);

  // --- versions ---------------------------------------------------------------------------------

  /// Loads what `store` holds into this state, new and empty, and writes later commits and
  /// prunes to `store`.
  Status open(NodeStore& store) {
    store_ = &store;
    return load_versions();
  }

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
  std::optional<Version> latest_version() const noexcept {
    return versions_.empty() ? std::nullopt : std::optional(versions_.back().version);
  }
  std::optional<Version> oldest_version() const noexcept {
    return versions_.empty() ? std::nullopt : std::optional(versions_.front().version);
  }

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
    /// 0 when `hash` is the subtree's hash. Otherwise a batch deferred it
    /// (src/sparse/level_hasher.hpp): the round in which it is computed, 1 + the largest round of
    /// the node's children.
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

  Result<Subtree> root_at(Version version) const;

  std::optional<Bytes> find(NodeRef ref, const Digest32& key_hash) const;

  SparseProof walk_proof(NodeRef ref, const Digest32& key_hash) const;

  SparseMultiproof multiproof_of(const Subtree& root, std::span<const Digest32> key_hashes) const;
  SparseMultiproof range_proof_of(const Subtree& root, const Digest32& first,
                                  const Digest32& last) const;

  /// The canonical partial tree of `query` (sparse/multiproof.hpp): what the query reaches is
  /// expanded, the rest is sent as hashes.
  template <class Query>
  SparseMultiproof partial_tree(const Subtree& root, const Query& query) const;

  template <class Query>
  void append_partial(const Subtree& node, unsigned depth,
                      const sparse_detail::KeyInterval& interval, const Query& query,
                      std::vector<SparseProofNode>& out) const;

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
                                    NodeRef* interior) const noexcept;

  /// Starts loading every cache line of the `size` bytes at `object`, without waiting for them.
  static void prefetch_object(const void* object, std::size_t size) noexcept;

  const std::array<Digest32, 2>& hashes_of(NodeRef ref) const noexcept;

  KeyPath descend(const Subtree& start, unsigned depth, const Digest32& key_hash) const;

  /// The subtree replacing `path.end` once `key_hash` holds `value`. A batch passes the new
  /// leaf's hash, which it computed beforehand (src/sparse/new_leaf_hashes.hpp).
  Subtree put_at_end(const KeyPath& path, const Digest32& key_hash, ByteSpan value,
                     const Digest32* known_leaf_hash = nullptr);

  /// The subtree replacing `path.end` once `key_hash` is absent.
  Subtree erase_at_end(const KeyPath& path, const Digest32& key_hash);

  /// The subtree replacing `path.start` after the subtree at the end of `path` became `end`.
  Subtree rehash_path(const KeyPath& path, const Digest32& key_hash, Subtree end);

  /// The child beside `key_hash`'s path of the interior node at `depth` on `path`.
  Subtree path_sibling(const KeyPath& path, const Digest32& key_hash, unsigned depth) const;

  /// The root after the path's nodes above `depth`, which all stay interior, got `end` as the
  /// subtree at `depth`: their hashes form one Merkle path, folded in one kernel call, then each
  /// node's child on the path is replaced (the sibling stays as it is). For paths from the root.
  Subtree rebuild_interior_path(const KeyPath& path, const Digest32& key_hash, unsigned depth,
                                Subtree end);

  /// As rebuild_interior_path within a batch: the path's nodes from `depth` up to `path.top` get
  /// their new child, and their hashes are left to the batch's level hasher.
  Subtree relink_path(const KeyPath& path, const Digest32& key_hash, unsigned depth, Subtree end);

  /// Interior node `ref` with its child on `side` replaced by `child`: `ref` itself when the
  /// working version created it, else a copy (copy-on-write; the committed node becomes stale).
  NodeRef with_child(NodeRef ref, unsigned side, const Subtree& child);

  /// Brings the nodes on the paths of `updates` below `start` (at `depth`) into the cache, walking
  /// the paths in step so that their memory loads overlap; the depth-first update that follows
  /// would otherwise wait for each node of a path in turn (a large tree lives mostly outside the
  /// cache). Called for groups of at most kWarmGroup updates, whose paths fit in the L2 cache.
  void warm_paths(const Subtree& start, unsigned depth, Updates updates) const;

  void prefetch_node(NodeRef ref) const noexcept;

  // --- updates ----------------------------------------------------------------------------------
  // `updates` are sorted by key, unique, and all share the first `depth` bits: the path of the
  // subtree they are applied to.

  Subtree update_subtree(Subtree node, unsigned depth, Updates updates);

  /// update_subtree of interior node `node` for one update (most of a batch's subtrees: below
  /// the first ~log2(batch size) levels each key is alone): one walk as put and erase do.
  Subtree update_one(const Subtree& node, unsigned depth, const SparseUpdate& update);

  /// The top of a batch, where both halves of the updates are large: the halves run in
  /// parallel, each down to its own pieces (update_piece: update and hashing on one thread, no
  /// shared lists), and only the few nodes above the pieces are joined and hashed here. An empty
  /// subtree (a tree built from nothing) splits as an interior node with two empty children.
  Subtree update_in_parallel(const Subtree& node, unsigned depth, Updates updates);

  /// The piece's new leaves hashed together, update_subtree on the calling thread, then the
  /// hashing of the nodes it deferred (all on this thread, the deferred nodes in the piece's own
  /// lists: LevelHasher::run_piece).
  Subtree update_piece(const Subtree& node, unsigned depth, Updates updates);

  /// Child `side` of interior or empty subtree `node`.
  Subtree child_of(const Subtree& node, unsigned side) const;

  /// The child references of interior node `ref` (the hot part of the node).
  std::array<NodeRef, 2>& children(NodeRef ref) noexcept;
  const std::array<NodeRef, 2>& children(NodeRef ref) const noexcept;

  /// `node` (hashed children, unhashed itself) with its hash computed now.
  Subtree hashed_now(Subtree node) const;

  Subtree update_internal(Subtree node, unsigned depth, Updates updates);

  /// Interior (or empty) `node` once its children `old_left`, `old_right` became `left`, `right`.
  Subtree with_children(const Subtree& node, const Subtree& old_left, const Subtree& old_right,
                        const Subtree& left, const Subtree& right);

  /// The node replacing interior node `ref` (or the empty subtree) whose children became `left`
  /// and `right`.
  Subtree replace_children(NodeRef ref, const Subtree& left, const Subtree& right);

  void update_children(Subtree& left, Subtree& right, unsigned depth, Updates updates);

  static bool is_empty(const Subtree& left, const Subtree& right) noexcept;

  /// The node replacing an interior node at `depth` whose children became `left` and `right`
  /// when it must not remain interior: empty when both are empty, the leaf when the other side is
  /// empty (the leaf moves up). Otherwise returns an empty Subtree and the node stays interior.
  Subtree collapse(const Subtree& left, const Subtree& right);

  /// Builds the subtree at `depth` holding the inserts of `updates` and, unless an update names
  /// its key, the existing leaf `carried`, which was the whole subtree at `carried_depth`.
  Subtree build(unsigned depth, Updates updates, const Subtree* carried, unsigned carried_depth);

  Subtree build_internal(unsigned depth, Updates updates, const Subtree* carried,
                         unsigned carried_depth);

  /// `updates` split at bit `depth`: those with bit 0, then those with bit 1.
  static std::pair<Updates, Updates> split(Updates updates, unsigned depth);

  const Digest32& carried_key(const Subtree& leaf) const noexcept;
  static const SparseUpdate* find_update(Updates updates, const Digest32& key) noexcept;
  bool same_value(const SparseUpdate& update, const Subtree& leaf) const noexcept;
  /// Inserts among `updates` other than `absorbed`, counted up to 2 (all a build needs to know).
  static std::size_t count_inserts_up_to_two(Updates updates,
                                             const SparseUpdate* absorbed) noexcept;

  // --- node lifetime ----------------------------------------------------------------------------

  /// A new leaf of `key_hash` and `value` whose hash `leaf_hash` the caller computed.
  Subtree store_leaf(const Digest32& key_hash, ByteSpan value, const Digest32& leaf_hash);

  Subtree new_internal(const Subtree& left, const Subtree& right);

  Subtree make_internal(NodeRef target, const Subtree& left, const Subtree& right);

  /// Sets interior node `target`'s children (their hashes are final or deferred).
  InternalNode& write_internal(NodeRef target, const Subtree& left, const Subtree& right);

  /// Has the batch's level hasher write `node`'s hash to `out` if it was deferred.
  void defer_hash(const Subtree& node, Digest32& out);

  /// The leaf `leaf` placed at another depth. Committed nodes are immutable and stored by
  /// position, so a committed leaf is copied; a working one simply moves.
  Subtree move_leaf(const Subtree& leaf);

  /// An interior node the working version may modify: `ref` itself when the working version
  /// created it, else a fresh node (the committed one becomes stale; none for the empty subtree).
  NodeRef writable_internal(NodeRef ref);

  /// A node that leaves the working tree: freed now if only the working tree used it, else kept
  /// for the committed versions until pruning.
  void discard(NodeRef ref);

  /// Outside a batch the calling thread is alone with the pools, the stale list and the key
  /// count, and skips their locks (each a full barrier on x86, ~20 cycles: several per put); a
  /// batch's pieces share them across threads.
  bool alone() const noexcept;

  template <class Pool>
  std::uint32_t take(Pool& pool);
  template <class Pool>
  void give_back(Pool& pool, std::uint32_t index);
  void add_to_size(std::int64_t delta);

  /// The working version as nodes record it (commit() keeps versions below 2^32).
  std::uint32_t working_tag() const noexcept;

  std::uint32_t node_version(NodeRef ref) const noexcept;

  void free_node(NodeRef ref);

  // --- persistence ----------------------------------------------------------------------------

  sparse_detail::StoredKind stored_kind(NodeRef ref) const noexcept;
  std::uint32_t store_id(NodeRef ref) const noexcept;
  sparse_detail::StoredChild stored_child(const Subtree& node) const;
  Bytes stored_key(NodeRef ref) const;

  /// Adds the nodes the working version created (a subtree without any is left unvisited:
  /// copy-on-write makes every ancestor of a new node new as well).
  void collect_new_nodes(NodeRef ref, WriteBatch& batch) const;

  /// Loads every stored version, newest first, so the first version reaching a node is the
  /// newest that uses it: a node not used by the latest version is stale since the next one.
  Status load_versions();

  struct Loader {
    State& tree;
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

  std::size_t count_leaves(NodeRef ref) const;

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
