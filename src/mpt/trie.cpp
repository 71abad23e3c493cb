// MerklePatriciaTrie: insertion, removal and lookup on the node pools.
#include "merkleforge/mpt/trie.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "key_path.hpp"
#include "trie_tags.hpp"

namespace merkleforge::mpt {

using detail::index_of;
using detail::make_id;
using detail::Pool;
using detail::pool_of;

namespace {

Error hash_only_error() {
  return make_error(Errc::not_found, "the key's path crosses a subtrie known only by its hash");
}

std::uint32_t checked_u32(std::size_t value) {
  if (value > 0xffffffffu) throw std::length_error("MerklePatriciaTrie arena exceeds 4 GiB");
  return static_cast<std::uint32_t>(value);
}

}  // namespace

MerklePatriciaTrie::NodeId MerklePatriciaTrie::new_short(Slice path, Slice value, NodeId child) {
  ShortNode node;
  node.path_begin = path.begin;
  node.path_size = path.size;
  node.value_begin = value.begin;
  node.value_size = value.size;
  node.child = child;
  if (!free_shorts_.empty()) {
    const NodeId index = free_shorts_.back();
    free_shorts_.pop_back();
    shorts_[index] = node;
    return make_id(Pool::short_node, index);
  }
  shorts_.push_back(node);
  return make_id(Pool::short_node, checked_u32(shorts_.size() - 1));
}

MerklePatriciaTrie::NodeId MerklePatriciaTrie::new_branch() {
  if (!free_branches_.empty()) {
    const NodeId index = free_branches_.back();
    free_branches_.pop_back();
    branches_[index] = BranchNode{};
    return make_id(Pool::branch, index);
  }
  branches_.emplace_back();
  return make_id(Pool::branch, checked_u32(branches_.size() - 1));
}

MerklePatriciaTrie::NodeId MerklePatriciaTrie::new_stub(const NodeRef& ref) {
  stubs_.push_back(ref);
  return make_id(Pool::stub, checked_u32(stubs_.size() - 1));
}

MerklePatriciaTrie::NodeId MerklePatriciaTrie::new_leaf_from_key(std::size_t pos, Slice value) {
  const Slice path{checked_u32(nibbles_.size()), checked_u32(key_path_.size() - pos)};
  nibbles_.insert(nibbles_.end(), key_path_.begin() + static_cast<std::ptrdiff_t>(pos),
                  key_path_.end());
  return new_short(path, value, kEmpty);
}

void MerklePatriciaTrie::free_node(NodeId id) {
  if (pool_of(id) == Pool::short_node) free_shorts_.push_back(index_of(id));
  if (pool_of(id) == Pool::branch) free_branches_.push_back(index_of(id));
}

// A node changed: its cached reference (and the stored copy) no longer describe it.
void MerklePatriciaTrie::touch(NodeId id) {
  if (pool_of(id) == Pool::short_node) {
    shorts_[index_of(id)].ref = NodeRef{};
    shorts_[index_of(id)].stored = false;
  } else if (pool_of(id) == Pool::branch) {
    branches_[index_of(id)].ref = NodeRef{};
    branches_[index_of(id)].stored = false;
  }
}

MerklePatriciaTrie::Slice MerklePatriciaTrie::append_path(Slice first, std::uint8_t middle,
                                                          bool with_middle, Slice second) {
  const std::size_t begin = nibbles_.size();
  nibbles_.resize(begin + first.size + (with_middle ? 1 : 0) + second.size);
  std::uint8_t* out = nibbles_.data() + begin;
  std::memmove(out, nibbles_.data() + first.begin, first.size);
  out += first.size;
  if (with_middle) *out++ = middle;
  std::memmove(out, nibbles_.data() + second.begin, second.size);
  return {checked_u32(begin), checked_u32(nibbles_.size() - begin)};
}

Status MerklePatriciaTrie::put(ByteSpan key, ByteSpan value) {
  if (value.empty()) return erase(key);
  detail::expand_key(key, key_path_);
  const Slice stored{checked_u32(values_.size()), checked_u32(value.size())};
  values_.insert(values_.end(), value.begin(), value.end());
  const NodeId root = insert(root_, 0, stored);
  if (root == kInvalid) return hash_only_error();
  root_ = root;
  ++pending_changes_;
  return Ok{};
}

MerklePatriciaTrie::NodeId MerklePatriciaTrie::insert(NodeId id, std::size_t pos, Slice value) {
  switch (pool_of(id)) {
    case Pool::none:
      return new_leaf_from_key(pos, value);
    case Pool::short_node:
      return insert_into_short(id, pos, value);
    case Pool::branch: {
      const std::uint32_t index = index_of(id);
      if (pos == key_path_.size()) {
        branches_[index].value_begin = value.begin;
        branches_[index].value_size = value.size;
      } else {
        const std::uint8_t slot = key_path_[pos];
        const NodeId child = insert(branches_[index].children[slot], pos + 1, value);
        if (child == kInvalid) return kInvalid;
        branches_[index].children[slot] = child;
      }
      touch(id);
      return id;
    }
    case Pool::stub:
      break;
  }
  return kInvalid;
}

MerklePatriciaTrie::NodeId MerklePatriciaTrie::insert_into_short(NodeId id, std::size_t pos,
                                                                 Slice value) {
  const std::uint32_t index = index_of(id);
  const ShortNode node = shorts_[index];
  const bool is_leaf = node.child == kEmpty;
  const std::size_t rest = key_path_.size() - pos;
  const Nibbles path = path_of(node);
  const std::size_t limit = std::min<std::size_t>(path.size(), rest);
  std::size_t common = 0;
  while (common < limit && path[common] == key_path_[pos + common]) ++common;

  if (common == path.size()) {
    if (is_leaf && common == rest) {
      shorts_[index].value_begin = value.begin;
      shorts_[index].value_size = value.size;
      touch(id);
      return id;
    }
    if (!is_leaf) {
      const NodeId child = insert(node.child, pos + common, value);
      if (child == kInvalid) return kInvalid;
      shorts_[index].child = child;
      touch(id);
      return id;
    }
  }
  // The paths diverge after `common` nibbles: a branch takes both sides.
  const NodeId branch = new_branch();
  BranchNode& fork = branches_[index_of(branch)];
  if (common == path.size()) {  // a leaf whose key ends where the new key continues
    fork.value_begin = node.value_begin;
    fork.value_size = node.value_size;
    free_node(id);
  } else if (!is_leaf && common + 1 == path.size()) {  // the extension vanishes
    fork.children[path[common]] = node.child;
    free_node(id);
  } else {
    fork.children[path[common]] = id;
    shorts_[index].path_begin += checked_u32(common + 1);
    shorts_[index].path_size -= checked_u32(common + 1);
    touch(id);
  }
  if (common == rest) {
    fork.value_begin = value.begin;
    fork.value_size = value.size;
  } else {
    const std::uint8_t slot = key_path_[pos + common];
    const NodeId leaf = new_leaf_from_key(pos + common + 1, value);
    branches_[index_of(branch)].children[slot] = leaf;
  }
  if (common == 0) return branch;
  return new_short({node.path_begin, checked_u32(common)}, {}, branch);
}

Status MerklePatriciaTrie::erase(ByteSpan key) {
  detail::expand_key(key, key_path_);
  bool found = false;
  const NodeId root = remove(root_, 0, found);
  if (root == kInvalid) return hash_only_error();
  root_ = root;
  if (found) ++pending_changes_;
  return Ok{};
}

MerklePatriciaTrie::NodeId MerklePatriciaTrie::remove(NodeId id, std::size_t pos, bool& found) {
  switch (pool_of(id)) {
    case Pool::none:
      return id;
    case Pool::stub:
      return kInvalid;
    case Pool::short_node: {
      const ShortNode node = shorts_[index_of(id)];
      const Nibbles path = path_of(node);
      const std::size_t rest = key_path_.size() - pos;
      if (path.size() > rest || !std::equal(path.begin(), path.end(),
                                            key_path_.begin() + static_cast<std::ptrdiff_t>(pos))) {
        return id;
      }
      if (node.child == kEmpty) {
        if (path.size() != rest) return id;
        found = true;
        free_node(id);
        return kEmpty;
      }
      const NodeId child = remove(node.child, pos + path.size(), found);
      if (child == kInvalid || !found) return child == kInvalid ? kInvalid : id;
      return absorb_child(id, {node.path_begin, node.path_size}, child);
    }
    case Pool::branch: {
      const std::uint32_t index = index_of(id);
      if (pos == key_path_.size()) {
        if (branches_[index].value_size == 0) return id;
        branches_[index].value_size = 0;
        found = true;
      } else {
        const std::uint8_t slot = key_path_[pos];
        const NodeId child = remove(branches_[index].children[slot], pos + 1, found);
        if (child == kInvalid || !found) return child == kInvalid ? kInvalid : id;
        branches_[index].children[slot] = child;
      }
      touch(id);
      return normalize_branch(id);
    }
  }
  return kInvalid;
}

// An extension (`ext`, path `prefix`) whose child changed to `child`: merges with a short child,
// disappears with an empty one. With ext == kEmpty, `prefix` is a fresh one-nibble path above
// `child` (a branch collapsing into its only child).
MerklePatriciaTrie::NodeId MerklePatriciaTrie::absorb_child(NodeId ext, Slice prefix,
                                                            NodeId child) {
  switch (pool_of(child)) {
    case Pool::none:
      if (ext != kEmpty) free_node(ext);
      return kEmpty;
    case Pool::short_node: {
      ShortNode& node = shorts_[index_of(child)];
      const Slice merged = append_path(prefix, 0, false, {node.path_begin, node.path_size});
      node.path_begin = merged.begin;
      node.path_size = merged.size;
      touch(child);
      if (ext != kEmpty) free_node(ext);
      return child;
    }
    case Pool::branch:
    case Pool::stub:
      if (ext == kEmpty) return new_short(prefix, {}, child);
      shorts_[index_of(ext)].child = child;
      touch(ext);
      return ext;
  }
  return kInvalid;
}

// A branch that lost an entry: with one entry left it becomes a leaf or merges into its child.
MerklePatriciaTrie::NodeId MerklePatriciaTrie::normalize_branch(NodeId id) {
  const BranchNode& node = branches_[index_of(id)];
  int count = 0;
  std::uint8_t last = 0;
  for (std::uint8_t slot = 0; slot < 16; ++slot) {
    if (node.children[slot] != kEmpty) ++count, last = slot;
  }
  if (count >= 2 || (count == 1 && node.value_size != 0)) return id;
  if (count == 0) {
    const Slice value{node.value_begin, node.value_size};
    free_node(id);
    return value.size == 0 ? kEmpty : new_short({}, value, kEmpty);
  }
  const NodeId child = node.children[last];
  if (pool_of(child) == Pool::stub) return kInvalid;  // cannot tell whether to merge
  free_node(id);
  const Slice prefix{checked_u32(nibbles_.size()), 1};
  nibbles_.push_back(last);
  return absorb_child(kEmpty, prefix, child);
}

Result<std::optional<ByteSpan>> MerklePatriciaTrie::get(ByteSpan key) const {
  const std::size_t total = key.size() * 2;
  std::size_t pos = 0;
  NodeId id = root_;
  for (;;) {
    switch (pool_of(id)) {
      case Pool::none:
        return std::optional<ByteSpan>{};
      case Pool::stub:
        return hash_only_error();
      case Pool::short_node: {
        const ShortNode& node = shorts_[index_of(id)];
        if (node.path_size > total - pos) return std::optional<ByteSpan>{};
        if (!detail::path_matches_key(nibbles_.data() + node.path_begin, node.path_size, key, pos))
          return std::optional<ByteSpan>{};
        pos += node.path_size;
        if (node.child == kEmpty) {
          if (pos != total) return std::optional<ByteSpan>{};
          return std::optional<ByteSpan>{value_of(node.value_begin, node.value_size)};
        }
        id = node.child;
        break;
      }
      case Pool::branch: {
        const BranchNode& node = branches_[index_of(id)];
        if (pos == total) {
          if (node.value_size == 0) return std::optional<ByteSpan>{};
          return std::optional<ByteSpan>{value_of(node.value_begin, node.value_size)};
        }
        id = node.children[key_nibble(key, pos++)];
        break;
      }
    }
  }
}

}  // namespace merkleforge::mpt
