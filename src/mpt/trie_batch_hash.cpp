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

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "mpt/id_sort.hpp"
#include "mpt/trie_tags.hpp"

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

// One encoded node of the current height, in BatchHasher::encodings_.
struct Encoded {
  std::uint32_t size;
  std::uint32_t offset;
  std::uint32_t id;
};

}  // namespace

// Buffers reused across calls (one hasher per thread): nothing is allocated in steady state.
class MerklePatriciaTrie::BatchHasher {
 public:
  void run(MerklePatriciaTrie& trie, NodeId top) {
    trie_ = &trie;
    for (auto& level : levels_) level.clear();
    const std::size_t height = collect(top);
    for (std::size_t level = 0; level < height; ++level) {
      detail::sort_ids(levels_[level], sort_scratch_);
      hash_level(levels_[level]);
    }
  }

 private:
  // Files every unhashed node under `id` by its height (0: no unhashed child); returns the
  // number of heights it spans.
  std::size_t collect(NodeId id) {
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

  void hash_level(const std::vector<NodeId>& ids) {
    encodings_.clear();
    hashed_.clear();
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (i + kPrefetchDistance < ids.size()) prefetch_node(ids[i + kPrefetchDistance]);
      if (i + kPrefetchDistance / 2 < ids.size()) prefetch_payload(ids[i + kPrefetchDistance / 2]);
      const NodeId id = ids[i];
      const std::size_t offset = encodings_.size();
      trie_->encode(id, encodings_);
      const std::size_t size = encodings_.size() - offset;
      if (size < 32) {  // inline in the parent: no hash
        trie_->mutable_ref(id) = NodeRef::of_encoding({encodings_.data() + offset, size});
        encodings_.resize(offset);
        continue;
      }
      hashed_.push_back({static_cast<std::uint32_t>(size), static_cast<std::uint32_t>(offset), id});
    }
    order_by_blocks();
    messages_.clear();
    for (const Encoded& node : by_blocks_)
      messages_.emplace_back(encodings_.data() + node.offset, node.size);
    digests_.resize(by_blocks_.size());
    keccak256_each(messages_, digests_.data());
    for (std::size_t i = 0; i < by_blocks_.size(); ++i) set_hash(by_blocks_[i].id, digests_[i]);
  }

  // by_blocks_ = hashed_ ordered by Keccak block count, so that the messages hashed side by side
  // need the same number of permutations. A stable counting sort: there are only a few distinct
  // counts (anything of kMaxBlocks blocks or more shares the last bucket), and within a count
  // the nodes keep their pool order.
  void order_by_blocks() {
    constexpr std::size_t kRate = 136, kMaxBlocks = 16;
    const auto bucket = [](const Encoded& node) {
      return std::min<std::size_t>(node.size / kRate, kMaxBlocks - 1);
    };
    std::array<std::size_t, kMaxBlocks> start{};
    for (const Encoded& node : hashed_) ++start[bucket(node)];
    std::size_t position = 0;
    for (std::size_t& first : start) position += std::exchange(first, position);
    by_blocks_.resize(hashed_.size());
    for (const Encoded& node : hashed_) by_blocks_[start[bucket(node)]++] = node;
  }

  void prefetch_node(NodeId id) const noexcept {
    if (pool_of(id) == Pool::short_node) prefetch(&trie_->shorts_[index_of(id)]);
    if (pool_of(id) == Pool::branch) prefetch(&trie_->branches_[index_of(id)]);
  }

  // What encode(id) reads besides the node itself. Precondition: a node of the trie.
  void prefetch_payload(NodeId id) const noexcept {
    if (pool_of(id) == Pool::short_node) {
      const ShortNode& node = trie_->shorts_[index_of(id)];
      prefetch(trie_->nibbles_.data() + node.path_begin);
      if (node.child == kEmpty) prefetch(trie_->values_.data() + node.value_begin);
      return;
    }
    for (const NodeId child : trie_->branches_[index_of(id)].children) prefetch_node(child);
  }

  void set_hash(NodeId id, const Digest32& hash) {
    trie_->mutable_ref(id) = NodeRef::of_hash(hash);
  }

  MerklePatriciaTrie* trie_ = nullptr;
  std::vector<std::vector<NodeId>> levels_;
  std::vector<NodeId> sort_scratch_;
  Bytes encodings_;
  std::vector<Encoded> hashed_;
  std::vector<Encoded> by_blocks_;
  std::vector<ByteSpan> messages_;
  std::vector<Digest32> digests_;
};

void MerklePatriciaTrie::hash(NodeId id) {
  thread_local BatchHasher hasher;
  hasher.run(*this, id);
}

}  // namespace merkleforge::mpt
