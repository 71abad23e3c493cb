// StackTrieBuilder: the root of a trie whose keys arrive in increasing order, in O(N) time and
// O(key length) memory (the StackTrie / HashBuilder idea).
//
// Once a key arrives, every subtrie left of its path can get no more keys: it is encoded and
// forgotten. Only the branches on the current key's path stay open, one frame per branch. Roots
// equal MerklePatriciaTrie's for the same pairs.
//
// Hashing is deferred: a finished node of 32 bytes or more waits in a bounded queue (its parent
// is encoded with a placeholder where the hash goes) until the queue is full or the root is
// asked for. The queue is then hashed children first, one height at a time in one keccak256_each
// call (several states permuted side by side), and its nodes are handed to the sink in the order
// they were finished.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/mpt/node.hpp"

namespace merkleforge::mpt {

/// Receives each finished node that is referenced by hash (RLP of 32 bytes or more) and the root
/// (always): its position (nibbles from the root), its hash and its RLP. The views are valid
/// only during the call. Nodes arrive children first, in batches (at the latest by finish()).
using NodeSink = std::function<void(Nibbles path, const Digest32& hash, ByteSpan rlp)>;

class StackTrieBuilder {
 public:
  /// An empty builder; `sink` (may be empty: no node is reported) receives the nodes as above.
  explicit StackTrieBuilder(NodeSink sink = {}) : sink_(std::move(sink)) {}

  /// Adds a pair. Errors: invalid_argument unless `key` sorts strictly after the previous key and
  /// neither is a prefix of the other, and `value` is non-empty. On error nothing changes.
  Status add(ByteSpan key, ByteSpan value);

  /// The root of the pairs added since construction or the last finish(); starts over.
  Digest32 finish();

 private:
  static constexpr std::uint32_t kNone = 0xffffffff;

  // How a parent refers to a finished node: `ref`, or (pending != kNone) the node queued at that
  // index, whose hash is not known yet (`ref` is then a hash-sized placeholder).
  struct Child {
    NodeRef ref;
    std::uint32_t pending = kNone;
  };
  // An open branch at nibble `depth` of the current path.
  struct Frame {
    std::size_t depth = 0;
    std::array<Child, 16> children{};

    // Reopens the frame at `at` with no children. Clears only what marks a child absent (its
    // reference's size and pending index): a whole Frame is 648 bytes, written once per key.
    void reset(std::size_t at) noexcept {
      depth = at;
      for (Child& child : children) {
        child.ref.size = 0;
        child.pending = kNone;
      }
    }
  };
  // A finished subtrie waiting for its parent: the leaf of the last key, or a closed branch.
  struct Pending {
    bool is_branch = false;
    std::size_t depth = 0;  // of the branch
    Child branch;
  };
  // A node waiting for its hash. Its encoding may hold placeholders for its children's hashes;
  // its own hash goes to bytes [parent_at, parent_at + 32) of `parent` once known.
  struct Queued {
    std::uint32_t offset = 0, size = 0;            // encoding, in queue_bytes_
    std::uint32_t path_offset = 0, path_size = 0;  // position, in queue_paths_
    std::uint32_t height = 0;                      // 0: no queued child
    std::uint32_t parent = kNone, parent_at = 0;
    Digest32 hash{};
  };
  // A queued child of the node being encoded, and where its hash goes in that encoding.
  struct Wait {
    std::uint32_t child;
    std::uint32_t at;
  };

  Child attach(const Pending& item, std::size_t start);
  Child finish_node(std::size_t begin, std::size_t path_size, std::span<const Wait> waits);
  Pending close_top();
  void flush();
  void hash_and_emit();
  void clear_queue();
  void hash_queue();
  void hash_height(std::span<const std::uint32_t> nodes);
  Child resolved(const Child& child) const;

  NodeSink sink_;
  std::vector<Frame> frames_;  // capacity reused across keys
  std::size_t open_frames_ = 0;
  Bytes last_key_;        // nibbles of the previous key
  Bytes last_key_bytes_;  // and its bytes, from which its leaf is encoded
  Bytes last_value_;
  bool has_key_ = false;
  Bytes scratch_;
  // The hash queue (bounded: flushed at kQueueLimit nodes) and its work buffers.
  std::vector<Queued> queue_;
  Bytes queue_bytes_;
  Bytes queue_paths_;
  std::vector<std::vector<std::uint32_t>> by_height_;  // queue indices, by height
  std::vector<ByteSpan> messages_;
  std::vector<Digest32> digests_;
};

}  // namespace merkleforge::mpt
