// MerklePatriciaTrie: Ethereum's hexary Merkle Patricia trie (byte-exact roots), in memory, with
// proofs and persistence through a NodeStore.
//
// Layout: nodes live in two flat pools (short nodes: leaf/extension; branch nodes) addressed by
// 32-bit ids; paths and values live in byte arenas. Nothing is hashed on put/erase: a changed node
// only forgets its cached reference, and root_hash() re-hashes exactly the forgotten nodes — in
// parallel over the root's subtries (oneTBB) when at least `parallel_threshold()` changes are
// pending.
//
// The trie is Keccak-256 only (Ethereum's hash; the node format is defined on it), hence not a
// template over a Hasher. It is not thread-safe: one writer, no concurrent readers while writing.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/mpt/node.hpp"
#include "merkleforge/mpt/proof_nodes.hpp"
#include "merkleforge/store/node_store.hpp"

namespace merkleforge::mpt {

/// Store keys of the MPT: "mn" ‖ hash → node RLP, "mr" ‖ name → 32-byte root hash.
/// The key of the node whose keccak256 is `hash`.
Bytes node_store_key(const Digest32& hash);
/// The key of the root record of the trie saved as `name` (any bytes, also empty).
Bytes root_record_key(std::string_view name);

class MerklePatriciaTrie {
 public:
  /// The empty trie (root kEmptyTrieRoot).
  MerklePatriciaTrie() = default;

  /// Sets `key` to `value`; an empty value erases the key (Ethereum semantics).
  /// Errors: not_found if the path crosses a subtrie known only by its hash (a trie built
  /// from a proof).
  Status put(ByteSpan key, ByteSpan value);
  /// One pair of put_batch (views: the bytes must outlive the call).
  struct KeyValue {
    ByteSpan key;
    ByteSpan value;
  };
  /// put() of every pair, as if in the order given (a later pair of the same key wins; an empty
  /// value erases), applied in key order: consecutive puts then share the path they walk (it is
  /// in cache) and nodes land in the pools in key order, which the hashing reads front to back.
  /// For many keys (building or updating a state) this is several times faster than puts in
  /// random key order. Into an empty trie the nodes are built straight from the sorted keys (no
  /// descents) and hashed as they are built (root_hash() then has nothing left to do), the
  /// subtries under the first branch on oneTBB threads when there are at least
  /// parallel_threshold() keys. Errors: as put; the pairs before the failing one in key order
  /// are applied.
  Status put_batch(std::span<const KeyValue> pairs);
  /// Removes `key` if present. Errors: as put.
  Status erase(ByteSpan key);
  /// The value of `key` (a view valid until the next change), std::nullopt if absent.
  /// Errors: as put.
  Result<std::optional<ByteSpan>> get(ByteSpan key) const;

  /// True when the trie holds no key.
  bool empty() const noexcept { return root_ == kEmpty; }

  /// keccak256 of the root node's RLP (kEmptyTrieRoot when empty). Hashes changed nodes.
  Digest32 root_hash();

  /// The EIP-1186 proof of `key`: RLP of every node on its path from the root, root first,
  /// except nodes embedded in their parent (under 32 bytes). Proves presence or absence.
  /// Errors: as put.
  Result<std::vector<Bytes>> prove(ByteSpan key);
  /// The same proof written into `out` (cleared first; its storage is reused, so a caller that
  /// proves many keys through one ProofNodes stops allocating). On error `out` is unspecified.
  Status prove(ByteSpan key, ProofNodes& out);

  /// Writes every node not yet in `store` and the record "root of `name`" in ONE atomic batch.
  /// Nodes are keyed by hash, so unchanged subtries are never rewritten. Errors: the store's.
  Status commit(NodeStore& store, std::string_view name = "state");
  /// The trie whose root `name` last committed to `store`. Errors: not_found (no such record),
  /// corrupt_data (a node missing, undecodable, or not matching its hash), the store's errors.
  static Result<MerklePatriciaTrie> open(const NodeStore& store, std::string_view name = "state");
  /// The trie with root `root` in `store`. Errors: as open.
  static Result<MerklePatriciaTrie> open_root(const NodeStore& store, const Digest32& root);

  /// The partial trie spanned by proof nodes under `root`: children absent from `nodes` stay
  /// known only by hash. Errors: malformed_input (root not among the nodes, undecodable node).
  static Result<MerklePatriciaTrie> from_proof(const Digest32& root, std::span<const Bytes> nodes);

  /// Pending changes from which root_hash() hashes subtries in parallel, and keys from which
  /// put_batch builds an empty trie's subtries in parallel (default 1024).
  std::size_t parallel_threshold() const noexcept { return parallel_threshold_; }
  /// Sets that threshold; the root and the trie are the same whatever it is (0: always parallel).
  void set_parallel_threshold(std::size_t changes) noexcept { parallel_threshold_ = changes; }

  /// Range-proof support (see range_proof.hpp): removes every key k with lo <= k <= hi, all of
  /// length lo.size(), leaving the nodes on the two edge paths in place (not re-normalised).
  /// Errors: malformed_input if a subtrie known only by hash straddles an edge, or keys of other
  /// lengths are met.
  Status unset_range(ByteSpan lo, ByteSpan hi);
  /// True if the trie holds something (a key or a hash-only subtrie) right of `key`'s path.
  bool has_content_after(ByteSpan key) const;

 private:
  using NodeId = std::uint32_t;
  static constexpr NodeId kEmpty = 0;
  static constexpr NodeId kInvalid = 0xffffffff;

  // Leaf when child == kEmpty (value in the arena), extension otherwise.
  struct ShortNode {
    std::uint32_t path_begin = 0, path_size = 0;  // in nibbles_
    std::uint32_t value_begin = 0, value_size = 0;
    NodeId child = kEmpty;
    NodeRef ref;  // size 0: not hashed since the last change
    bool stored = false;
  };
  struct BranchNode {
    std::array<NodeId, 16> children{};
    std::uint32_t value_begin = 0, value_size = 0;  // size 0: no value
    NodeRef ref;
    bool stored = false;
  };
  struct Slice {
    std::uint32_t begin = 0, size = 0;
  };

  class Loader;
  class RangeUnsetter;
  class BatchHasher;
  class SortedBuilder;  // put_batch into an empty trie (trie_sorted_build.cpp)

  // trie.cpp: structure
  NodeId new_short(Slice path, Slice value, NodeId child);
  NodeId new_branch();
  NodeId new_stub(const NodeRef& ref);
  NodeId new_leaf_from_key(std::size_t pos, Slice value);
  void free_node(NodeId id);
  void touch(NodeId id);
  NodeId insert(NodeId id, std::size_t pos, Slice value);
  NodeId insert_into_short(NodeId id, std::size_t pos, Slice value);
  NodeId remove(NodeId id, std::size_t pos, bool& found);
  NodeId normalize_branch(NodeId id);
  NodeId absorb_child(NodeId ext_or_none, Slice prefix, NodeId child);
  Slice append_path(Slice first, std::uint8_t middle, bool with_middle, Slice second);
  Nibbles path_of(const ShortNode& node) const noexcept {
    return {nibbles_.data() + node.path_begin, node.path_size};
  }
  ByteSpan value_of(std::uint32_t begin, std::uint32_t size) const noexcept {
    return {values_.data() + begin, size};
  }

  // trie_hash.cpp: encoding and hashing
  const NodeRef* ref_of(NodeId id) const noexcept;
  NodeRef& mutable_ref(NodeId id) noexcept;
  void encode(NodeId id, Bytes& out) const;
  void hash_parallel(NodeId id);

  // trie_batch_hash.cpp: hashes every changed node under `id`, in batches of equal size
  void hash(NodeId id);

  // trie_store.cpp
  void collect_unstored(NodeId id, Bytes& scratch, WriteBatch& batch);
  void mark_stored(NodeId id);

  // The pools and arenas reach tens of MiB at 10^5 keys and are written as soon as they grow:
  // on huge pages (core/large_pages.hpp) they take a fraction of the page faults.
  template <class T>
  using PoolVector = std::vector<T, LargePageAllocator<T>>;
  using Arena = PoolVector<std::uint8_t>;

  PoolVector<ShortNode> shorts_;
  PoolVector<BranchNode> branches_;
  std::vector<NodeRef> stubs_;  // subtries known only by reference (tries built from proofs)
  std::vector<NodeId> free_shorts_, free_branches_;
  Arena nibbles_;   // paths of short nodes, one nibble per byte
  Arena values_;    // values of leaves and branches
  Bytes key_path_;  // the key of the current put/erase, as nibbles
  NodeId root_ = kEmpty;
  std::size_t pending_changes_ = 0;
  std::size_t parallel_threshold_ = 1024;
};

}  // namespace merkleforge::mpt
