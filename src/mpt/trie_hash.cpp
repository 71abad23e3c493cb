// MerklePatriciaTrie: node encoding and deferred (optionally parallel) hashing.
#include <oneapi/tbb/parallel_for.h>

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "mpt/trie_tags.hpp"

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
    const NodeRef* child = ref_of(node.children[slot]);
    children[slot] = child != nullptr ? child : &kNoChild;
  }
  encode_branch(out, children, value_of(node.value_begin, node.value_size));
}

// Hashes the nodes under `id` that changed since they were last hashed (children first).
void MerklePatriciaTrie::hash(NodeId id, Bytes& scratch) {
  const Pool pool = pool_of(id);
  if (pool == Pool::none || pool == Pool::stub || ref_of(id)->size != 0) return;
  if (pool == Pool::short_node) {
    hash(shorts_[index_of(id)].child, scratch);
  } else {
    for (const NodeId child : branches_[index_of(id)].children) hash(child, scratch);
  }
  scratch.clear();
  encode(id, scratch);
  mutable_ref(id) = NodeRef::of_encoding(scratch);
}

// Subtries of the first branch below `id` are independent: hash them on all cores, then the top.
void MerklePatriciaTrie::hash_parallel(NodeId id) {
  NodeId top = id;
  if (pool_of(top) == Pool::short_node) top = shorts_[index_of(top)].child;
  if (pool_of(top) == Pool::branch) {
    const auto& children = branches_[index_of(top)].children;
    tbb::parallel_for(std::size_t{0}, std::size_t{16}, [&](std::size_t slot) {
      thread_local Bytes scratch;
      hash(children[slot], scratch);
    });
  }
  Bytes scratch;
  hash(id, scratch);
}

Digest32 MerklePatriciaTrie::root_hash() {
  if (root_ == kEmpty) return kEmptyTrieRoot;
  if (ref_of(root_)->size == 0) {
    if (pending_changes_ >= parallel_threshold_) {
      hash_parallel(root_);
    } else {
      thread_local Bytes scratch;
      hash(root_, scratch);
    }
  }
  pending_changes_ = 0;
  const NodeRef& ref = *ref_of(root_);
  if (ref.is_hash()) return ref.bytes;
  return Keccak256::digest(ref.view());  // a root under 32 bytes is still referred to by hash
}

}  // namespace merkleforge::mpt
