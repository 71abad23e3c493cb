// The Verkle trie of EIP-6800: 32-byte keys (31-byte stem ‖ 1-byte suffix) and 32-byte values,
// 256-wide internal nodes, one leaf ("extension") node per stem with its C1/C2 commitments.
//
// Commitments (docs/verkle.md, ../shared/research/verkle.md §3):
//   leaf      C  = CRS[0] + stem·CRS[1] + hash(C1)·CRS[2] + hash(C2)·CRS[3],
//             C1 = Σ_{j<128} lo_j·CRS[2j] + hi_j·CRS[2j+1], C2 the same for suffixes 128..255,
//             lo = int_le(value[0:16]) + 2^128 (the marker of a written value), hi =
//             int_le(value[16:32]);
//   internal  C  = Σ hash(child_i)·CRS[i], an empty child contributing 0;
//   hash(X) = X.map_to_scalar_field(); root = the root internal node's commitment, compressed.
// A leaf sits at the shallowest depth where its stem's prefix is unique, so the tree — and its
// root — depend only on the set of entries, not on the order of writes.
//
// Writes only mark the path dirty; root() brings the commitments up to date with delta updates
// (Pedersen commitments are linear: a changed slot adds (new − old)·CRS[slot]).
//
// Thread safety: none of its own (one thread at a time, or external locking). A trie with writes
// queued by insert_deferred applies them on the next call of any member, const ones included.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string_view>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"
#include "merkleforge/verkle/tree_key.hpp"
#include "merkleforge/verkle/tree_key_batch.hpp"

namespace merkleforge {
class NodeStore;
}

namespace merkleforge::verkle {

using Stem = std::array<std::uint8_t, 31>;

namespace detail {
struct InternalNode;
struct LeafNode;
}  // namespace detail
struct ExecutionWitness;

class VerkleTrie {
 public:
  /// An empty trie.
  VerkleTrie();
  ~VerkleTrie();
  VerkleTrie(VerkleTrie&&) noexcept;
  VerkleTrie& operator=(VerkleTrie&&) noexcept;

  /// Writes `value` at `key` (a written all-zero value is present, not absent).
  void insert(const TreeKey& key, const Digest32& value);

  /// insert(get_tree_key(address, tree_index, sub_index), value) without deriving the key now: the
  /// queued writes are applied in order at the start of the next call of any other member, their
  /// keys derived together (tree_key_batch.hpp: one field inversion per block of keys instead of
  /// one per key). For write-heavy paths such as put_account.
  void insert_deferred(const TreeKeyRequest& request, const Digest32& value);

  /// The value at `key`, or std::nullopt when absent.
  std::optional<Digest32> get(const TreeKey& key) const;

  /// Removes the value at `key`; returns false when it was absent. A stem left without values
  /// disappears and the tree returns to the shape it would have without it (EIP-6800 itself never
  /// deletes; this serves rollbacks and tests).
  bool erase(const TreeKey& key);

  /// Number of values present.
  std::size_t size() const;

  /// The root commitment, after bringing every dirty commitment up to date.
  const Element& root_commitment();

  /// The block stateRoot form: the root commitment compressed (32 zero bytes for the empty tree).
  std::array<std::uint8_t, 32> root();

  /// map_to_scalar_field(root commitment) as 32 bytes little-endian: what rust-verkle's
  /// root_hash() and the Python reference report.
  std::array<std::uint8_t, 32> root_hash_le();

  /// Persists the tree as `name` in `store` (docs/storage.md, prefix 'v'): the values of every
  /// stem written or erased since the last commit or open, and the root commitment, in one atomic
  /// write batch. Errors: invalid_argument for a name over 255 bytes; the store's errors (then
  /// nothing is written, and a later commit writes those stems again).
  Status commit(NodeStore& store, std::string_view name = "state");

  /// The tree committed as `name`: rebuilt from its stems and checked against the stored root
  /// commitment. Errors: not_found when there is no such tree; corrupt_data when a record does
  /// not decode or the rebuilt root differs from the stored one; the store's errors.
  static Result<VerkleTrie> open(const NodeStore& store, std::string_view name = "state");

 private:
  const detail::LeafNode* find_leaf(const Stem& stem) const;
  /// Inserts the writes insert_deferred queued (const: the const members call it first; a trie
  /// with queued writes is never a const object, since queuing needs a non-const one).
  void apply_deferred() const;

  friend Result<ExecutionWitness> prove_keys(VerkleTrie& trie, std::span<const TreeKey> keys);

  std::unique_ptr<detail::InternalNode> root_;
  std::size_t size_ = 0;
  std::set<Stem> erased_stems_;  ///< stems that lost their leaf since the last commit or open
  struct DeferredWrite {
    TreeKeyRequest request;
    Digest32 value;
  };
  mutable std::vector<DeferredWrite> deferred_;  ///< insert_deferred's queue, in call order
};

}  // namespace merkleforge::verkle
