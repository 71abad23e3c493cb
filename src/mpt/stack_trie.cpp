#include "merkleforge/mpt/stack_trie.hpp"

#include <algorithm>
#include <cstring>

#include "key_path.hpp"
#include "leaf_from_key.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::mpt {
namespace {

// Queued nodes before a flush: enough for full groups of equal-size nodes, few enough to stay
// in cache (a few hundred KiB at most).
constexpr std::size_t kQueueLimit = 512;

constexpr std::uint8_t kLongListBase = 0xf7;

// Size of the RLP list header at the front of `encoding`.
std::size_t list_header_size(ByteSpan encoding) noexcept {
  return encoding[0] <= kLongListBase ? 1 : 1 + (encoding[0] - kLongListBase);
}

// A placeholder for a hash to come: same size in the parent's encoding as the real one.
NodeRef hash_placeholder() {
  return NodeRef::of_hash(Digest32{});
}

}  // namespace

// The node just encoded at the end of queue_bytes_, from `begin` on (positioned at
// last_key_[0, path_size)), as a parent will refer to it: inline under 32 bytes (taken back out of
// the queue's bytes), else queued for hashing. `waits` are its queued children.
StackTrieBuilder::Child StackTrieBuilder::finish_node(std::size_t begin, std::size_t path_size,
                                                      std::span<const Wait> waits) {
  const std::size_t size = queue_bytes_.size() - begin;
  if (size < 32) {  // holds no hash
    const NodeRef inline_ref = NodeRef::of_encoding({queue_bytes_.data() + begin, size});
    queue_bytes_.resize(begin);
    return {inline_ref, kNone};
  }
  const auto index = static_cast<std::uint32_t>(queue_.size());
  Queued& node = queue_.emplace_back();
  node.offset = static_cast<std::uint32_t>(begin);
  node.size = static_cast<std::uint32_t>(size);
  node.path_offset = static_cast<std::uint32_t>(queue_paths_.size());
  node.path_size = static_cast<std::uint32_t>(path_size);
  queue_paths_.insert(queue_paths_.end(), last_key_.begin(),
                      last_key_.begin() + static_cast<std::ptrdiff_t>(path_size));
  for (const Wait& wait : waits) {
    queue_[wait.child].parent = index;
    queue_[wait.child].parent_at = wait.at;
    node.height = std::max(node.height, queue_[wait.child].height + 1);
  }
  if (by_height_.size() <= node.height) by_height_.resize(node.height + 1);
  by_height_[node.height].push_back(index);
  return {hash_placeholder(), index};
}

// The reference to `item` from a parent whose child path starts at nibble `start`.
StackTrieBuilder::Child StackTrieBuilder::attach(const Pending& item, std::size_t start) {
  const std::size_t begin = queue_bytes_.size();
  if (!item.is_branch) {
    const detail::LeafFromKey leaf(last_key_bytes_, start, last_value_);
    queue_bytes_.resize(begin + leaf.size());
    leaf.write(queue_bytes_.data() + begin);
    return finish_node(begin, start, {});
  }
  if (item.depth == start) return item.branch;
  encode_extension(queue_bytes_, Nibbles(last_key_).subspan(start, item.depth - start),
                   item.branch.ref);
  if (item.branch.pending == kNone) return finish_node(begin, start, {});
  const Wait wait{item.branch.pending,
                  static_cast<std::uint32_t>(queue_bytes_.size() - begin - 32)};
  return finish_node(begin, start, {&wait, 1});
}

// Closes the innermost open branch: the pending item below it joins it, and it becomes pending.
StackTrieBuilder::Pending StackTrieBuilder::close_top() {
  Frame& frame = frames_[open_frames_ - 1];
  std::array<const NodeRef*, 16> children;
  for (std::size_t slot = 0; slot < 16; ++slot) children[slot] = &frame.children[slot].ref;
  const std::size_t begin = queue_bytes_.size();
  encode_branch(queue_bytes_, children, {});
  std::array<Wait, 16> waits;
  std::size_t wait_count = 0;
  std::size_t at = list_header_size({queue_bytes_.data() + begin, queue_bytes_.size() - begin});
  for (const Child& child : frame.children) {  // branch-free: which children wait is random
    waits[wait_count] = {child.pending, static_cast<std::uint32_t>(at + 1)};
    wait_count += child.pending != kNone;
    at += child.ref.encoded_size();
  }
  Pending closed{true, frame.depth, finish_node(begin, frame.depth, {waits.data(), wait_count})};
  --open_frames_;
  return closed;
}

// Hashes the queue, children before parents: all nodes of one height in one keccak256_each call
// (a node's parent is always higher, so a height needs only the hashes of those below it).
void StackTrieBuilder::hash_queue() {
  for (const std::vector<std::uint32_t>& nodes : by_height_) hash_height(nodes);
}

// Hashes nodes of one height, and writes each hash into its parent's encoding.
void StackTrieBuilder::hash_height(std::span<const std::uint32_t> nodes) {
  messages_.resize(nodes.size());
  digests_.resize(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    const Queued& node = queue_[nodes[i]];
    messages_[i] = ByteSpan(queue_bytes_.data() + node.offset, node.size);
  }
  keccak256_each(messages_, digests_.data());
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    Queued& node = queue_[nodes[i]];
    node.hash = digests_[i];
    if (node.parent == kNone) continue;
    std::memcpy(queue_bytes_.data() + queue_[node.parent].offset + node.parent_at, node.hash.data(),
                32);
  }
}

StackTrieBuilder::Child StackTrieBuilder::resolved(const Child& child) const {
  if (child.pending == kNone) return child;
  return {NodeRef::of_hash(queue_[child.pending].hash), kNone};
}

// Hashes the queued nodes and hands them to the sink in the order they were finished.
void StackTrieBuilder::hash_and_emit() {
  hash_queue();
  if (!sink_) return;
  for (const Queued& node : queue_) {
    sink_(Nibbles(queue_paths_.data() + node.path_offset, node.path_size), node.hash,
          ByteSpan(queue_bytes_.data() + node.offset, node.size));
  }
}

void StackTrieBuilder::clear_queue() {
  queue_.clear();
  for (std::vector<std::uint32_t>& nodes : by_height_) nodes.clear();
  queue_bytes_.clear();
  queue_paths_.clear();
}

// Empties the queue; the open frames get their queued children's hashes.
void StackTrieBuilder::flush() {
  hash_and_emit();
  for (std::size_t f = 0; f < open_frames_; ++f) {
    for (Child& child : frames_[f].children) child = resolved(child);
  }
  clear_queue();
}

Status StackTrieBuilder::add(ByteSpan key, ByteSpan value) {
  if (value.empty()) return make_error(Errc::invalid_argument, "stack trie: empty value");
  const std::size_t size = key.size() * 2;
  if (has_key_) {
    const std::size_t limit = std::min(size, last_key_.size());
    const std::size_t common = detail::common_nibbles(last_key_bytes_, key);
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
      frames_[open_frames_].reset(common);
      ++open_frames_;
    }
    Frame& parent = frames_[open_frames_ - 1];
    parent.children[last_key_[common]] = attach(item, common + 1);
    if (queue_.size() >= kQueueLimit) flush();
  }
  detail::expand_key(key, last_key_);
  last_key_bytes_.assign(key.begin(), key.end());
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
  hash_and_emit();
  const NodeRef top = resolved(item.branch).ref;
  clear_queue();
  // The root is referred to by hash whatever its size: re-encode it unless it already was.
  scratch_.clear();
  if (!item.is_branch) {
    encode_leaf(scratch_, last_key_, last_value_);
  } else if (item.depth > 0) {
    encode_extension(scratch_, Nibbles(last_key_).first(item.depth), top);
  }
  Digest32 root;
  if (scratch_.empty() && top.is_hash()) {
    root = top.bytes;  // a root branch, already emitted
  } else {
    if (scratch_.empty()) scratch_.assign(top.bytes.begin(), top.bytes.begin() + top.size);
    root = Keccak256::digest(scratch_);
    if (sink_) sink_(Nibbles(), root, scratch_);
  }
  has_key_ = false;
  open_frames_ = 0;
  return root;
}

}  // namespace merkleforge::mpt
