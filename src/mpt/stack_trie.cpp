#include "merkleforge/mpt/stack_trie.hpp"

#include <algorithm>
#include <cstring>

#include "merkleforge/hash/keccak.hpp"
#include "mpt/key_path.hpp"

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

// The node just encoded in scratch_ (positioned at last_key_[0, path_size)), as a parent will
// refer to it: inline under 32 bytes, else queued for hashing. `waits` are its queued children.
StackTrieBuilder::Child StackTrieBuilder::finish_node(std::size_t path_size,
                                                      std::span<const Wait> waits) {
  if (scratch_.size() < 32) return {NodeRef::of_encoding(scratch_), kNone};  // holds no hash
  const auto index = static_cast<std::uint32_t>(queue_.size());
  Queued& node = queue_.emplace_back();
  node.offset = static_cast<std::uint32_t>(queue_bytes_.size());
  node.size = static_cast<std::uint32_t>(scratch_.size());
  queue_bytes_.insert(queue_bytes_.end(), scratch_.begin(), scratch_.end());
  node.path_offset = static_cast<std::uint32_t>(queue_paths_.size());
  node.path_size = static_cast<std::uint32_t>(path_size);
  queue_paths_.insert(queue_paths_.end(), last_key_.begin(),
                      last_key_.begin() + static_cast<std::ptrdiff_t>(path_size));
  for (const Wait& wait : waits) {
    queue_[wait.child].parent = index;
    queue_[wait.child].parent_at = wait.at;
    node.height = std::max(node.height, queue_[wait.child].height + 1);
  }
  return {hash_placeholder(), index};
}

// The reference to `item` from a parent whose child path starts at nibble `start`.
StackTrieBuilder::Child StackTrieBuilder::attach(const Pending& item, std::size_t start) {
  scratch_.clear();
  if (!item.is_branch) {
    encode_leaf(scratch_, Nibbles(last_key_).subspan(start), last_value_);
    return finish_node(start, {});
  }
  if (item.depth == start) return item.branch;
  encode_extension(scratch_, Nibbles(last_key_).subspan(start, item.depth - start),
                   item.branch.ref);
  if (item.branch.pending == kNone) return finish_node(start, {});
  const Wait wait{item.branch.pending, static_cast<std::uint32_t>(scratch_.size() - 32)};
  return finish_node(start, {&wait, 1});
}

// Closes the innermost open branch: the pending item below it joins it, and it becomes pending.
StackTrieBuilder::Pending StackTrieBuilder::close_top() {
  Frame& frame = frames_[open_frames_ - 1];
  std::array<const NodeRef*, 16> children;
  for (std::size_t slot = 0; slot < 16; ++slot) children[slot] = &frame.children[slot].ref;
  scratch_.clear();
  encode_branch(scratch_, children, {});
  std::array<Wait, 16> waits;
  std::size_t wait_count = 0;
  std::size_t at = list_header_size(scratch_);
  for (const Child& child : frame.children) {
    if (child.pending != kNone)
      waits[wait_count++] = {child.pending, static_cast<std::uint32_t>(at + 1)};
    at += child.ref.encoded_size();
  }
  Pending closed{true, frame.depth, finish_node(frame.depth, {waits.data(), wait_count})};
  --open_frames_;
  return closed;
}

// Hashes the queue, children before parents: per height, each group of equal size at once.
void StackTrieBuilder::hash_queue() {
  order_.resize(queue_.size());
  for (std::uint32_t i = 0; i < order_.size(); ++i) order_[i] = i;
  std::sort(order_.begin(), order_.end(), [&](std::uint32_t a, std::uint32_t b) {
    const Queued& x = queue_[a];
    const Queued& y = queue_[b];
    return x.height != y.height ? x.height < y.height : x.size < y.size;
  });
  for (std::size_t first = 0; first < order_.size();) {
    const Queued& head = queue_[order_[first]];
    std::size_t end = first + 1;
    while (end < order_.size() && queue_[order_[end]].height == head.height &&
           queue_[order_[end]].size == head.size)
      ++end;
    hash_equal_sizes({order_.data() + first, end - first});
    first = end;
  }
}

// Hashes nodes of one height and one size, and writes each hash into its parent's encoding.
void StackTrieBuilder::hash_equal_sizes(std::span<const std::uint32_t> group) {
  const std::size_t size = queue_[group.front()].size;
  if (group.size() == 1) {
    const Queued& node = queue_[group.front()];
    queue_[group.front()].hash = Keccak256::digest({queue_bytes_.data() + node.offset, size});
  } else {
    gathered_.resize(group.size() * size);
    for (std::size_t i = 0; i < group.size(); ++i)
      std::memcpy(gathered_.data() + i * size, queue_bytes_.data() + queue_[group[i]].offset, size);
    digests_.resize(group.size());
    Keccak256::hash_many({}, gathered_.data(), size, group.size(), digests_.data());
    for (std::size_t i = 0; i < group.size(); ++i) queue_[group[i]].hash = digests_[i];
  }
  for (const std::uint32_t index : group) {
    const Queued& node = queue_[index];
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
    if (queue_.size() >= kQueueLimit) flush();
  }
  detail::expand_key(key, last_key_);
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
