// Ethereum's binary state tree (EIP-7864) as go-ethereum's trie/bintrie builds and hashes it.
//
//   stem node      H(stem ‖ 0x00 ‖ subtree root), the subtree an 8-level binary tree over the 256
//                  slots: a present leaf is H(value) (also for a zero value), an absent one 32 zero
//                  bytes, and a pair of zero children hashes to zero;
//   internal node  H(left ‖ right), an empty child counting as 32 zero bytes; it splits on bit
//                  `depth` of the stem (most significant bit of byte 0 first);
//   empty tree     32 zero bytes.
// A stem sits at the shallowest depth where no other stem shares its prefix; a prefix shared by
// several stems is a chain of internal nodes, each with one empty child, down to where they part.
// The shape, and so the root, depends only on the set of stems.
//
// Writes only mark their path stale; root() rehashes what is stale, deferred and batched: the
// stale stems' leaves and subtree levels across all stems with H::hash_many, then the stale
// internal nodes depth by depth, big updates split into subtrees hashed in parallel (oneTBB).
// Nodes live in flat pools addressed by 32-bit references, as in the other tries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "merkleforge/bintrie/tree_key.hpp"
#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge {
class NodeStore;
}

namespace merkleforge::bintrie {

/// One write: the value at a tree key.
struct Entry {
  TreeKey key;
  Digest32 value;
};

/// Node references of the pools: kEmpty, an internal node index, or a stem index | kStemBit.
namespace detail {
inline constexpr std::uint32_t kEmpty = 0xffffffffu;
inline constexpr std::uint32_t kStemBit = 0x80000000u;
inline bool is_stem(std::uint32_t ref) noexcept {
  return ref != kEmpty && (ref & kStemBit) != 0;
}
inline bool is_internal(std::uint32_t ref) noexcept {
  return (ref & kStemBit) == 0;
}
/// Bit `depth` of a stem, most significant bit of byte 0 first.
inline unsigned stem_bit(const std::uint8_t* stem, unsigned depth) noexcept {
  return (stem[depth / 8] >> (7 - depth % 8)) & 1u;
}
}  // namespace detail

/// H = Sha256 is go-ethereum's tree; H = Blake3 hashes as the EIP text does (docs/bintrie.md).
template <class H = Sha256>
class BinaryTrie {
 public:
  /// Writes `value` at `key`; a written zero value is present, not absent.
  void insert(const TreeKey& key, const Digest32& value);

  /// Writes all `entries` (any order; of equal keys the last one wins) in one pass over the tree:
  /// sorted by key, each node on their paths visited once. Same tree as inserting them one by
  /// one.
  void insert_batch(std::span<const Entry> entries);

  /// The value at `key`, std::nullopt when absent.
  std::optional<Digest32> get(const TreeKey& key) const;

  /// Deletes the value at `key` as go-ethereum does (DeleteStorage, DeleteAccount): it writes 32
  /// zero bytes, so the slot stays present and the tree keeps its shape. Returns false (and
  /// changes nothing) when the key was absent.
  bool remove(const TreeKey& key);

  /// Number of present slots.
  std::size_t size() const noexcept { return size_; }
  /// Number of stems.
  std::size_t stem_count() const noexcept { return stems_.size(); }

  /// go-ethereum's GetHeight: 0 for the empty tree, 1 for a stem, 1 + the taller child for an
  /// internal node.
  std::size_t height() const;

  /// The root hash, after rehashing everything stale.
  Digest32 root();

  /// Persists the tree as `name` in `store` (docs/storage.md, prefix 'b'): the slots of every
  /// stem written since the last commit or open, and the root hash, in one atomic write batch.
  /// Errors: invalid_argument for a name over 255 bytes; the store's errors (then nothing is
  /// written, and a later commit writes those stems again).
  Status commit(NodeStore& store, std::string_view name = "state");

  /// The tree committed as `name`, rebuilt from its stems and checked against the stored root.
  /// Errors: not_found when there is no such tree; corrupt_data when a record does not decode or
  /// the rebuilt root differs; the store's errors.
  static Result<BinaryTrie> open(const NodeStore& store, std::string_view name = "state");

  // The pools, for the proof and hashing code (src/bintrie). Not a stable interface.
  // An internal node's links and its hash live apart: walks read only the 12-byte links (five
  // nodes per cache line).
  struct InternalNode {
    std::uint32_t child[2];
    bool stale;  ///< hash out of date
  };
  struct Slot {
    std::uint8_t suffix;
    Digest32 value;
  };
  struct StemNode {
    Stem stem;
    bool stale;    ///< hash out of date
    bool unsaved;  ///< written since the last commit
    Digest32 hash;
    std::uint32_t first_slot;  ///< slots_[first_slot, + slot_count), suffixes increasing
    std::uint16_t slot_count;
    std::uint16_t slot_capacity;
  };
  /// Internal node `ref` (a reference without the stem bit, taken from the trie: not checked).
  const InternalNode& internal(std::uint32_t ref) const { return internals_[ref]; }
  /// Stem node `ref` (a reference with the stem bit, taken from the trie: not checked).
  const StemNode& stem_node(std::uint32_t ref) const { return stems_[ref & ~detail::kStemBit]; }
  /// The values of stem node `node`, suffixes increasing; valid until the next write.
  std::span<const Slot> slots(const StemNode& node) const {
    return {slots_.data() + node.first_slot, node.slot_count};
  }
  /// The root's reference (an internal node, a stem node or the empty subtree).
  std::uint32_t root_ref() const noexcept { return root_; }
  /// The hash of a node whose hash is current (root() has run since the last write).
  Digest32 node_hash(std::uint32_t ref) const;

 private:
  class Hasher;
  struct StemGroup;

  std::uint32_t new_stem(const std::uint8_t* stem);
  std::uint32_t new_internal();
  void set_slot(std::uint32_t stem_ref, std::uint8_t suffix, const Digest32& value);
  std::uint32_t merge(std::uint32_t ref, unsigned depth, std::span<const StemGroup> groups,
                      std::span<const Entry> entries);
  std::uint32_t find_stem(const std::uint8_t* stem) const;
  std::size_t height_of(std::uint32_t ref) const;

  std::vector<InternalNode> internals_;
  std::vector<Digest32> internal_hashes_;  ///< by internal node index
  std::vector<StemNode> stems_;
  std::vector<Slot> slots_;
  std::vector<std::uint32_t> unsaved_stems_;
  std::uint32_t root_ = detail::kEmpty;
  std::size_t size_ = 0;
};

}  // namespace merkleforge::bintrie
