// MerklePatriciaTrie: the two operations range-proof verification needs.
#include "merkleforge/mpt/trie.hpp"
#include "trie_tags.hpp"

namespace merkleforge::mpt {

using detail::index_of;
using detail::Pool;
using detail::pool_of;

// Removes the keys in [lo, hi] below a node at nibble `pos`. `lo_open` / `hi_open` say whether the
// node's path still equals lo's / hi's prefix (the bound still constrains); with neither, the
// whole subtrie lies inside the range. Nodes on the edge paths stay where they are.
class MerklePatriciaTrie::RangeUnsetter {
 public:
  RangeUnsetter(MerklePatriciaTrie& trie, ByteSpan lo, ByteSpan hi)
      : trie_(trie), lo_(lo), hi_(hi) {}

  NodeId unset(NodeId id, std::size_t pos, bool lo_open, bool hi_open) {
    if (!lo_open && !hi_open) return kEmpty;
    switch (pool_of(id)) {
      case Pool::none:
        return kEmpty;
      case Pool::stub:
        return kInvalid;  // straddles an edge, so the proof should have opened it
      case Pool::short_node:
        return unset_short(id, pos, lo_open, hi_open);
      case Pool::branch:
        return unset_branch(id, pos, lo_open, hi_open);
    }
    return kInvalid;
  }

 private:
  std::size_t key_nibbles() const noexcept { return lo_.size() * 2; }

  // -1, 0, 1: the node path against the bound's nibbles at the same place.
  static int compare(Nibbles path, ByteSpan bound, std::size_t pos) {
    for (std::size_t i = 0; i < path.size(); ++i) {
      const std::uint8_t other = key_nibble(bound, pos + i);
      if (path[i] != other) return path[i] < other ? -1 : 1;
    }
    return 0;
  }

  NodeId unset_short(NodeId id, std::size_t pos, bool lo_open, bool hi_open) {
    const ShortNode node = trie_.shorts_[index_of(id)];
    const Nibbles path = trie_.path_of(node);
    if (pos + path.size() > key_nibbles()) return kInvalid;
    const int against_lo = lo_open ? compare(path, lo_, pos) : 1;
    const int against_hi = hi_open ? compare(path, hi_, pos) : -1;
    if (against_lo < 0 || against_hi > 0) return id;  // entirely outside the range
    if (node.child == kEmpty) return pos + path.size() == key_nibbles() ? kEmpty : kInvalid;
    const NodeId child = unset(node.child, pos + path.size(), against_lo == 0, against_hi == 0);
    if (child == kInvalid) return kInvalid;
    trie_.shorts_[index_of(id)].child = child;
    trie_.touch(id);
    return id;
  }

  NodeId unset_branch(NodeId id, std::size_t pos, bool lo_open, bool hi_open) {
    // Keys have one length, so a branch below it or a branch value means a foreign key.
    if (pos >= key_nibbles() || trie_.branches_[index_of(id)].value_size != 0) return kInvalid;
    const std::uint8_t first = lo_open ? key_nibble(lo_, pos) : 0;
    const std::uint8_t last = hi_open ? key_nibble(hi_, pos) : 15;
    for (std::uint8_t slot = first; slot <= last; ++slot) {
      const NodeId child = unset(trie_.branches_[index_of(id)].children[slot], pos + 1,
                                 lo_open && slot == first, hi_open && slot == last);
      if (child == kInvalid) return kInvalid;
      trie_.branches_[index_of(id)].children[slot] = child;
    }
    trie_.touch(id);
    return id;
  }

  MerklePatriciaTrie& trie_;
  ByteSpan lo_, hi_;
};

Status MerklePatriciaTrie::unset_range(ByteSpan lo, ByteSpan hi) {
  if (lo.size() != hi.size())
    return make_error(Errc::malformed_input, "range edges differ in length");
  const NodeId root = RangeUnsetter(*this, lo, hi).unset(root_, 0, true, true);
  if (root == kInvalid) {
    return make_error(
        Errc::malformed_input,
        "range edge proofs do not cover the range, or the trie holds keys of another length");
  }
  root_ = root;
  ++pending_changes_;
  return Ok{};
}

bool MerklePatriciaTrie::has_content_after(ByteSpan key) const {
  const std::size_t total = key.size() * 2;
  std::size_t pos = 0;
  for (NodeId id = root_;;) {
    switch (pool_of(id)) {
      case Pool::none:
        return false;
      case Pool::stub:
        return true;  // unknown contents around the path
      case Pool::short_node: {
        const ShortNode& node = shorts_[index_of(id)];
        for (std::uint32_t i = 0; i < node.path_size; ++i) {
          if (pos + i >= total) return true;  // a longer key sorts after
          const std::uint8_t mine = nibbles_[node.path_begin + i];
          const std::uint8_t theirs = key_nibble(key, pos + i);
          if (mine != theirs) return mine > theirs;
        }
        if (node.child == kEmpty) return false;
        pos += node.path_size;
        id = node.child;
        break;
      }
      case Pool::branch: {
        if (pos >= total) return true;
        const BranchNode& node = branches_[index_of(id)];
        const std::uint8_t slot = key_nibble(key, pos++);
        for (std::uint8_t later = static_cast<std::uint8_t>(slot + 1); later < 16; ++later) {
          if (node.children[later] != kEmpty) return true;
        }
        id = node.children[slot];
        break;
      }
    }
  }
}

}  // namespace merkleforge::mpt
