// MerklePatriciaTrie: node encoding and deferred (optionally parallel) hashing.
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "trie_tags.hpp"

namespace merkleforge::mpt {

using detail::index_of;
using detail::Pool;
using detail::pool_of;

const NodeRef* MerklePatriciaTrie::ref_of(NodeId id) const noexcept {
  switch (pool_of(id)) {
    case Pool::none:
      return nullptr;
    case Pool::short_node:
      return &shorts_[index_of(id)].ref;
    case Pool::branch:
      return &branches_[index_of(id)].ref;
    case Pool::stub:
      return &stubs_[index_of(id)];
  }
  return nullptr;
}

NodeRef& MerklePatriciaTrie::mutable_ref(NodeId id) noexcept {
  return const_cast<NodeRef&>(*ref_of(id));
}

// Precondition: every child of `id` is hashed.
void MerklePatriciaTrie::encode(NodeId id, Bytes& out) const {
  static const NodeRef kNoChild{};
  if (pool_of(id) == Pool::short_node) {
    const ShortNode& node = shorts_[index_of(id)];
    if (node.child == kEmpty) {
      encode_leaf(out, path_of(node), value_of(node.value_begin, node.value_size));
    } else {
      encode_extension(out, path_of(node), *ref_of(node.child));
    }
    return;
  }
  const BranchNode& node = branches_[index_of(id)];
  std::array<const NodeRef*, 16> children;
  for (std::size_t slot = 0; slot < 16; ++slot) {
    // Most branches of a large trie are near its leaves, with 2 or 3 of 16 children.
    const NodeId child = node.children[slot];
    children[slot] = child == kEmpty ? &kNoChild : ref_of(child);
  }
  encode_branch(out, children, value_of(node.value_begin, node.value_size));
}

// Subtries of the first branch below `id` are independent: hash them on all cores, then the top.
void MerklePatriciaTrie::hash_parallel(NodeId id) {
  NodeId top = id;
  if (pool_of(top) == Pool::short_node) top = shorts_[index_of(top)].child;
  if (pool_of(top) == Pool::branch) {
    const auto& children = branches_[index_of(top)].children;
    // Grain 1: each of the 16 children is a subtrie of ~1/16 of the changes.
    parallel_for(16, 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t slot = begin; slot < end; ++slot) hash(children[slot]);
    });
  }
  hash(id);
}

Digest32 MerklePatriciaTrie::root_hash() {
  if (root_ == kEmpty) return kEmptyTrieRoot;
  if (ref_of(root_)->size == 0) {
    if (pending_changes_ >= parallel_threshold_) {
      hash_parallel(root_);
    } else {
      hash(root_);
    }
  }
  pending_changes_ = 0;
  const NodeRef& ref = *ref_of(root_);
  if (ref.is_hash()) return ref.bytes;
  return Keccak256::digest(ref.view());  // a root under 32 bytes is still referred to by hash
}

}  // namespace merkleforge::mpt
