// StackTrieBuilder: the root of a trie whose keys arrive in increasing order, in O(N) time and
// O(key length) memory (the StackTrie / HashBuilder idea).
//
// Once a key arrives, every subtrie left of its path can get no more keys: it is encoded, hashed,
// handed to the sink and forgotten. Only the branches on the current key's path stay open, one
// frame per branch. Roots equal MerklePatriciaTrie's for the same pairs.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/mpt/node.hpp"

namespace merkleforge::mpt {

/// Receives each finished node that is referenced by hash (RLP of 32 bytes or more) and the root
/// (always): its position (nibbles from the root), its hash and its RLP. The views are valid
/// only during the call.
using NodeSink = std::function<void(Nibbles path, const Digest32& hash, ByteSpan rlp)>;

class StackTrieBuilder {
 public:
  explicit StackTrieBuilder(NodeSink sink = {}) : sink_(std::move(sink)) {}

  /// Adds a pair. Errors: invalid_argument unless `key` sorts strictly after the previous key and
  /// neither is a prefix of the other, and `value` is non-empty. On error nothing changes.
  Status add(ByteSpan key, ByteSpan value);

  /// The root of the pairs added since construction or the last finish(); starts over.
  Digest32 finish();

 private:
  // An open branch at nibble `depth` of the current path.
  struct Frame {
    std::size_t depth = 0;
    std::array<NodeRef, 16> children{};
  };
  // A finished subtrie waiting for its parent: the leaf of the last key, or a closed branch.
  struct Pending {
    bool is_branch = false;
    std::size_t depth = 0;  // of the branch
    NodeRef branch;
  };

  NodeRef attach(const Pending& item, std::size_t start);
  NodeRef finish_node(std::size_t path_size);
  Pending close_top();

  NodeSink sink_;
  std::vector<Frame> frames_;  // capacity reused across keys
  std::size_t open_frames_ = 0;
  Bytes last_key_;  // nibbles of the previous key
  Bytes last_value_;
  bool has_key_ = false;
  Bytes scratch_;
};

}  // namespace merkleforge::mpt
