// MerklePatriciaTrie: hashing the changed nodes in batches.
//
// A node's reference needs its children's, so nodes are hashed by height: first every changed
// node whose children are all hashed (leaves, mostly), then their parents, and so on. Within one
// height the nodes are independent: they are hashed four side by side (AVX2), grouped by how
// many Keccak blocks they need (account leaves need one; a branch's size depends only on how
// many children it has). That is about three times the throughput of one digest at a time.
//
// Encoding is bound by memory, not by computation: a trie of 100K accounts spans about 25 MB of
// pools and arenas, and a level collected in trie order jumps all over them. So each level is
// first sorted by node id: nodes, their paths and their values were allocated together, in
// insertion order, so the level then reads the pools and arenas front to back. On top, the
// hasher prefetches a node's fields a few nodes ahead and, once those are near, the path, value
// and child references its encoding reads (child references stay scattered).
#include <algorithm>
#include <array>
#include <utility>

#include "batch_hasher.hpp"
#include "id_sort.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "trie_tags.hpp"

namespace merkleforge::mpt {

using detail::index_of;
using detail::Pool;
using detail::pool_of;

namespace {

// How far ahead of the node being encoded its fields are prefetched (its payload: half as far).
// About the number of misses the core can have in flight.
constexpr std::size_t kPrefetchDistance = 16;

void prefetch(const void* address) noexcept {
  __builtin_prefetch(address);
}

}  // namespace

MerklePatriciaTrie::BatchHasher& MerklePatriciaTrie::BatchHasher::for_this_thread() {
  thread_local BatchHasher hasher;
  return hasher;
}

void MerklePatriciaTrie::BatchHasher::run(MerklePatriciaTrie& trie, NodeId top) {
  trie_ = &trie;
  for (auto& level : levels_) level.clear();  // kept: their storage is reused
  collect(top);
  for (auto& level : levels_) detail::sort_ids(level, sort_scratch_);
  hash_levels(trie, levels_);
}

void MerklePatriciaTrie::BatchHasher::hash_levels(MerklePatriciaTrie& trie,
                                                  const NodeLevels& levels, std::size_t first) {
  trie_ = &trie;
  for (std::size_t height = first; height < levels.size(); ++height) hash_level(levels[height]);
}

// Files every unhashed node under `id` by its height (0: no unhashed child); returns the number
// of heights it spans.
std::size_t MerklePatriciaTrie::BatchHasher::collect(NodeId id) {
  const Pool pool = pool_of(id);
  if (pool == Pool::none || pool == Pool::stub || !trie_->ref_of(id)->empty()) return 0;
  std::size_t height = 0;
  if (pool == Pool::short_node) {
    height = collect(trie_->shorts_[index_of(id)].child);
  } else {
    const auto& children = trie_->branches_[index_of(id)].children;
    for (const NodeId child : children) prefetch_node(child);
    for (const NodeId child : children) height = std::max(height, collect(child));
  }
  if (levels_.size() <= height) levels_.resize(height + 1);
  levels_[height].push_back(id);
  return height + 1;
}

void MerklePatriciaTrie::BatchHasher::hash_level(const std::vector<NodeId>& ids) {
  if (ids.empty()) return;
  begin_level(*trie_);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (i + kPrefetchDistance < ids.size()) prefetch_node(ids[i + kPrefetchDistance]);
    if (i + kPrefetchDistance / 2 < ids.size()) prefetch_payload(ids[i + kPrefetchDistance / 2]);
    const std::size_t offset = encodings_.size();
    trie_->encode(ids[i], encodings_);
    file(ids[i], offset);
  }
  finish_level();
}

void MerklePatriciaTrie::BatchHasher::begin_level(MerklePatriciaTrie& trie) {
  trie_ = &trie;
  encodings_.clear();
  hashed_.clear();
  inline_.clear();
}

std::uint8_t* MerklePatriciaTrie::BatchHasher::append(NodeId id, std::size_t size) {
  const std::size_t offset = encodings_.size();
  encodings_.resize(offset + size);
  file(id, offset);
  return encodings_.data() + offset;
}

// Files node `id`, whose encoding starts at `offset` and ends the buffer so far (an append()ed
// one is not written yet: only its size is read here).
void MerklePatriciaTrie::BatchHasher::file(NodeId id, std::size_t offset) {
  const std::size_t size = encodings_.size() - offset;
  if (size < 32) {  // inline in the parent: no hash; the reference is taken in finish_level()
    inline_.push_back({static_cast<std::uint32_t>(size), static_cast<std::uint32_t>(offset), id});
    return;
  }
  hashed_.push_back({static_cast<std::uint32_t>(size), static_cast<std::uint32_t>(offset), id});
}

void MerklePatriciaTrie::BatchHasher::finish_level() {
  for (const Encoded& node : inline_)
    trie_->mutable_ref(node.id) =
        NodeRef::of_encoding({encodings_.data() + node.offset, node.size});
  const std::vector<Encoded>& ordered = order_by_blocks();
  messages_.clear();
  for (const Encoded& node : ordered)
    messages_.emplace_back(encodings_.data() + node.offset, node.size);
  digests_.resize(ordered.size());
  keccak256_each(messages_, digests_.data());
  for (std::size_t i = 0; i < ordered.size(); ++i)
    trie_->mutable_ref(ordered[i].id) = NodeRef::of_hash(digests_[i]);
}

// hashed_ ordered by Keccak block count, so that the messages hashed side by side need the same
// number of permutations. A stable counting sort into by_blocks_: there are only a few distinct
// counts (anything of kMaxBlocks blocks or more shares the last bucket), and within a count the
// nodes keep their pool order. A level of one count (account leaves: one block) is hashed_.
const std::vector<MerklePatriciaTrie::BatchHasher::Encoded>&
MerklePatriciaTrie::BatchHasher::order_by_blocks() {
  constexpr std::size_t kRate = 136, kMaxBlocks = 16;
  const auto bucket = [](const Encoded& node) {
    return std::min<std::size_t>(node.size / kRate, kMaxBlocks - 1);
  };
  std::array<std::size_t, kMaxBlocks> start{};
  for (const Encoded& node : hashed_) ++start[bucket(node)];
  if (hashed_.empty() || start[bucket(hashed_.front())] == hashed_.size()) return hashed_;
  std::size_t position = 0;
  for (std::size_t& first : start) position += std::exchange(first, position);
  by_blocks_.resize(hashed_.size());
  for (const Encoded& node : hashed_) by_blocks_[start[bucket(node)]++] = node;
  return by_blocks_;
}

void MerklePatriciaTrie::BatchHasher::prefetch_node(NodeId id) const noexcept {
  if (pool_of(id) == Pool::short_node) prefetch(&trie_->shorts_[index_of(id)]);
  if (pool_of(id) == Pool::branch) prefetch(&trie_->branches_[index_of(id)]);
}

// What encode(id) reads besides the node itself. Precondition: a node of the trie.
void MerklePatriciaTrie::BatchHasher::prefetch_payload(NodeId id) const noexcept {
  if (pool_of(id) == Pool::short_node) {
    const ShortNode& node = trie_->shorts_[index_of(id)];
    prefetch(trie_->nibbles_.data() + node.path_begin);
    if (node.child == kEmpty) prefetch(trie_->values_.data() + node.value_begin);
    return;
  }
  for (const NodeId child : trie_->branches_[index_of(id)].children)
    if (child != kEmpty) prefetch_node(child);
}

void MerklePatriciaTrie::hash(NodeId id) {
  BatchHasher::for_this_thread().run(*this, id);
}

}  // namespace merkleforge::mpt
