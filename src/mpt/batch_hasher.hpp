// MerklePatriciaTrie::BatchHasher: hashing nodes height by height, four side by side
// (trie_batch_hash.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "merkleforge/mpt/trie.hpp"

namespace merkleforge::mpt {

/// Nodes filed by height: levels[0] has no unhashed child, levels[h] only children of lower
/// levels. Within a level, increasing ids read the pools front to back.
using NodeLevels = std::vector<std::vector<std::uint32_t>>;

// Buffers reused across calls (one hasher per thread): nothing is allocated in steady state.
class MerklePatriciaTrie::BatchHasher {
 public:
  /// This thread's hasher.
  static BatchHasher& for_this_thread();

  /// Hashes every unhashed node under `top` (found by a walk, each level sorted by id).
  void run(MerklePatriciaTrie& trie, NodeId top);
  /// Hashes `levels` from `levels[first]` up. Precondition: the levels hold every unhashed node
  /// below their top (a builder that knows the heights need not walk the trie to find them), and
  /// those below `first` are hashed.
  void hash_levels(MerklePatriciaTrie& trie, const NodeLevels& levels, std::size_t first = 0);

  /// A level whose nodes the caller encodes (a builder that still holds what they are made of):
  /// begin_level(), then append() for each node, then finish_level() hashes them all. Nodes
  /// under 32 bytes get their encoding as their reference, as in hash_levels().
  void begin_level(MerklePatriciaTrie& trie);
  /// Room for the `size`-byte encoding of node `id`, to be written before the next append().
  std::uint8_t* append(NodeId id, std::size_t size);
  void finish_level();

 private:
  // One encoded node of the current level, in encodings_.
  struct Encoded {
    std::uint32_t size;
    std::uint32_t offset;
    NodeId id;
  };

  std::size_t collect(NodeId id);
  void hash_level(const std::vector<NodeId>& ids);
  void file(NodeId id, std::size_t offset);
  const std::vector<Encoded>& order_by_blocks();
  void prefetch_node(NodeId id) const noexcept;
  void prefetch_payload(NodeId id) const noexcept;

  MerklePatriciaTrie* trie_ = nullptr;
  NodeLevels levels_;
  std::vector<NodeId> sort_scratch_;
  Bytes encodings_;
  std::vector<Encoded> hashed_;  // of 32 bytes or more
  std::vector<Encoded> inline_;  // under 32 bytes
  std::vector<Encoded> by_blocks_;
  std::vector<ByteSpan> messages_;
  std::vector<Digest32> digests_;
};

}  // namespace merkleforge::mpt
