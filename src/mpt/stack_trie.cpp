#include "merkleforge/mpt/stack_trie.hpp"

#include <algorithm>

#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::mpt {

// Hashes the node just encoded in scratch_ (positioned at last_key_[0, path_size)) and emits it
// when its parent will refer to it by hash.
NodeRef StackTrieBuilder::finish_node(std::size_t path_size) {
  NodeRef ref = NodeRef::of_encoding(scratch_);
  if (ref.is_hash() && sink_) sink_(Nibbles(last_key_.data(), path_size), ref.bytes, scratch_);
  return ref;
}

// The reference to `item` from a parent whose child path starts at nibble `start`.
NodeRef StackTrieBuilder::attach(const Pending& item, std::size_t start) {
  scratch_.clear();
  if (!item.is_branch) {
    encode_leaf(scratch_, Nibbles(last_key_).subspan(start), last_value_);
    return finish_node(start);
  }
  if (item.depth == start) return item.branch;
  encode_extension(scratch_, Nibbles(last_key_).subspan(start, item.depth - start), item.branch);
  return finish_node(start);
}

// Closes the innermost open branch: the pending item below it joins it, and it becomes pending.
StackTrieBuilder::Pending StackTrieBuilder::close_top() {
  Frame& frame = frames_[open_frames_ - 1];
  std::array<const NodeRef*, 16> children;
  for (std::size_t slot = 0; slot < 16; ++slot) children[slot] = &frame.children[slot];
  scratch_.clear();
  encode_branch(scratch_, children, {});
  Pending closed{true, frame.depth, finish_node(frame.depth)};
  --open_frames_;
  return closed;
}

Status StackTrieBuilder::add(ByteSpan key, ByteSpan value) {
  if (value.empty()) return make_error(Errc::invalid_argument, "stack trie: empty value");
  const std::size_t size = key.size() * 2;
  std::size_t common = 0;
  if (has_key_) {
    const std::size_t limit = std::min(size, last_key_.size());
    while (common < limit && last_key_[common] == key_nibble(key, common)) ++common;
    if (common == limit)
      return make_error(Errc::invalid_argument,
                        "stack trie: key is a prefix of another key or repeated");
    if (last_key_[common] > key_nibble(key, common)) {
      return make_error(Errc::invalid_argument, "stack trie: keys must arrive in increasing order");
    }
    Pending item;  // the previous key's leaf
    while (open_frames_ > 0 && frames_[open_frames_ - 1].depth > common) {
      Frame& top = frames_[open_frames_ - 1];
      top.children[last_key_[top.depth]] = attach(item, top.depth + 1);
      item = close_top();
    }
    if (open_frames_ == 0 || frames_[open_frames_ - 1].depth < common) {
      if (frames_.size() == open_frames_) frames_.emplace_back();
      frames_[open_frames_] = Frame{common, {}};
      ++open_frames_;
    }
    Frame& parent = frames_[open_frames_ - 1];
    parent.children[last_key_[common]] = attach(item, common + 1);
  }
  last_key_.resize(size);
  for (std::size_t i = 0; i < size; ++i) last_key_[i] = key_nibble(key, i);
  last_value_.assign(value.begin(), value.end());
  has_key_ = true;
  return Ok{};
}

Digest32 StackTrieBuilder::finish() {
  if (!has_key_) return kEmptyTrieRoot;
  Pending item;
  while (open_frames_ > 0) {
    Frame& top = frames_[open_frames_ - 1];
    top.children[last_key_[top.depth]] = attach(item, top.depth + 1);
    item = close_top();
  }
  // The root is referred to by hash whatever its size: re-encode it unless it already was.
  scratch_.clear();
  if (!item.is_branch) {
    encode_leaf(scratch_, last_key_, last_value_);
  } else if (item.depth > 0) {
    encode_extension(scratch_, Nibbles(last_key_).first(item.depth), item.branch);
  }
  Digest32 root;
  if (scratch_.empty() && item.branch.is_hash()) {
    root = item.branch.bytes;  // a root branch, already emitted
  } else {
    if (scratch_.empty())
      scratch_.assign(item.branch.bytes.begin(), item.branch.bytes.begin() + item.branch.size);
    root = Keccak256::digest(scratch_);
    if (sink_) sink_(Nibbles(), root, scratch_);
  }
  has_key_ = false;
  open_frames_ = 0;
  return root;
}

}  // namespace merkleforge::mpt
