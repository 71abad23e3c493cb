// BinaryTrie::root: deferred, batched and parallel rehashing of the stale nodes.
//
// A write marks stale every node on its path, so the stale nodes form a subtree at the root:
// collecting them is a walk that turns back at the first current node. The stale stems are hashed
// together, level by level across stems (leaves with one hash_many of 32-byte messages, then the
// eight subtree levels and the stem nodes with hash_many of 64-byte messages), then the stale
// internal nodes depth by depth, deepest first. A big update is split at kParallelDepth into
// subtrees hashed side by side on the pool (merkleforge::parallel_for), each range of them with
// its own scratch buffers.
#include <algorithm>
#include <cstring>

#include "merkleforge/bintrie/trie.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::bintrie {

using detail::is_internal;
using detail::is_stem;
using detail::kEmpty;
using detail::kStemBit;

namespace {

/// Subtrees at this depth (up to 64) are hashed in parallel...
constexpr unsigned kParallelDepth = 6;
/// ...when the tree has at least this many stems (below, a thread costs more than it saves).
constexpr std::size_t kParallelStems = 8192;
/// Stems hashed per batch: the scratch buffers stay in the L2 cache.
constexpr std::size_t kStemBatch = 1024;
/// Below this many messages one-shot digests beat hash_many's batch set-up (measured: a
/// 1-message hash_many of 64 bytes costs about 3 digests).
constexpr std::size_t kMinBatch = 8;

/// out[i] = H(messages[i * size, (i + 1) * size)).
template <class H>
void hash_messages(const std::uint8_t* messages, std::size_t size, std::size_t count,
                   Digest32* out) {
  if (count < kMinBatch) {
    for (std::size_t i = 0; i < count; ++i) out[i] = H::digest(ByteSpan(messages + i * size, size));
  } else {
    H::hash_many(ByteSpan{}, messages, size, count, out);
  }
}

/// A node of a stem's 8-level subtree during batch hashing: which stem of the batch, and its
/// position within its level.
struct SubtreeNode {
  std::uint32_t stem;
  std::uint32_t position;
};

}  // namespace

template <class H>
class BinaryTrie<H>::Hasher {
 public:
  explicit Hasher(BinaryTrie& trie) : trie_(trie) {}

  /// Files the stale nodes under `ref` (at `depth`). With a frontier, stale nodes at
  /// kParallelDepth go there instead, their subtrees left for other hashers.
  void collect(std::uint32_t ref, unsigned depth, std::vector<std::uint32_t>* frontier) {
    if (ref == kEmpty) return;
    if (is_stem(ref)) {
      if (trie_.stems_[ref & ~kStemBit].stale) stems_.push_back(ref & ~kStemBit);
      return;
    }
    if (!trie_.internals_[ref].stale) return;
    if (frontier != nullptr && depth == kParallelDepth) {
      frontier->push_back(ref);
      return;
    }
    if (by_depth_.size() <= depth) by_depth_.resize(depth + 1);
    by_depth_[depth].push_back(ref);
    collect(trie_.internals_[ref].child[0], depth + 1, frontier);
    collect(trie_.internals_[ref].child[1], depth + 1, frontier);
  }

  /// Hashes everything collected; the nodes below it must be current.
  void hash_collected() {
    for (std::size_t first = 0; first < stems_.size(); first += kStemBatch) {
      hash_stems(std::span(stems_).subspan(first, std::min(kStemBatch, stems_.size() - first)));
    }
    for (std::size_t depth = by_depth_.size(); depth-- > 0;) hash_internals(by_depth_[depth]);
    stems_.clear();
    for (auto& level : by_depth_) level.clear();
  }

 private:
  void hash_stems(std::span<const std::uint32_t> stems) {
    nodes_.clear();
    messages_.clear();
    for (std::size_t i = 0; i < stems.size(); ++i) {
      for (const Slot& slot : trie_.slots(trie_.stems_[stems[i]])) {
        nodes_.push_back({static_cast<std::uint32_t>(i), slot.suffix});
        messages_.insert(messages_.end(), slot.value.begin(), slot.value.end());
      }
    }
    digests_.resize(nodes_.size());
    hash_messages<H>(messages_.data(), 32, nodes_.size(), digests_.data());
    for (int level = 0; level < 8; ++level) {
      // Each parent with a non-zero child: H(left ‖ right), a missing child as 32 zero bytes
      // (a parent of two zero children is zero and simply not listed).
      parents_.clear();
      messages_.clear();
      for (std::size_t i = 0; i < nodes_.size(); ++i) {
        const SubtreeNode node = nodes_[i];
        const std::size_t at = messages_.size();
        messages_.resize(at + 64, 0);
        const bool pair = (node.position & 1) == 0 && i + 1 < nodes_.size() &&
                          nodes_[i + 1].stem == node.stem &&
                          nodes_[i + 1].position == node.position + 1;
        std::memcpy(messages_.data() + at + 32 * (node.position & 1), digests_[i].data(), 32);
        if (pair) {
          std::memcpy(messages_.data() + at + 32, digests_[i + 1].data(), 32);
          ++i;
        }
        parents_.push_back({node.stem, node.position >> 1});
      }
      nodes_.swap(parents_);
      parent_digests_.resize(nodes_.size());
      hash_messages<H>(messages_.data(), 64, nodes_.size(), parent_digests_.data());
      digests_.swap(parent_digests_);
    }
    // Every stem has a slot, so each now has exactly one node: its subtree root.
    messages_.assign(64 * nodes_.size(), 0);
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      std::uint8_t* message = messages_.data() + 64 * i;
      std::memcpy(message, trie_.stems_[stems[nodes_[i].stem]].stem.data(), sizeof(Stem));
      std::memcpy(message + 32, digests_[i].data(), 32);
    }
    parent_digests_.resize(nodes_.size());
    hash_messages<H>(messages_.data(), 64, nodes_.size(), parent_digests_.data());
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      StemNode& stem = trie_.stems_[stems[nodes_[i].stem]];
      stem.hash = parent_digests_[i];
      stem.stale = false;
    }
  }

  void hash_internals(const std::vector<std::uint32_t>& level) {
    messages_.resize(64 * level.size());
    for (std::size_t i = 0; i < level.size(); ++i) {
      const InternalNode& node = trie_.internals_[level[i]];
      const Digest32 left = trie_.node_hash(node.child[0]);
      const Digest32 right = trie_.node_hash(node.child[1]);
      std::memcpy(messages_.data() + 64 * i, left.data(), 32);
      std::memcpy(messages_.data() + 64 * i + 32, right.data(), 32);
    }
    digests_.resize(level.size());
    hash_messages<H>(messages_.data(), 64, level.size(), digests_.data());
    for (std::size_t i = 0; i < level.size(); ++i) {
      trie_.internal_hashes_[level[i]] = digests_[i];
      trie_.internals_[level[i]].stale = false;
    }
  }

  BinaryTrie& trie_;
  std::vector<std::uint32_t> stems_;                  // stale stems (indices)
  std::vector<std::vector<std::uint32_t>> by_depth_;  // stale internal nodes by depth
  std::vector<SubtreeNode> nodes_, parents_;
  std::vector<Digest32> digests_, parent_digests_;
  Bytes messages_;
};

template <class H>
Digest32 BinaryTrie<H>::root() {
  if (root_ == kEmpty) return Digest32{};
  Hasher top(*this);
  if (stems_.size() < kParallelStems) {
    top.collect(root_, 0, nullptr);
  } else {
    std::vector<std::uint32_t> frontier;
    top.collect(root_, 0, &frontier);
    // Grain 1: each frontier node (at most 64) is a whole subtree, ~1/64 of the stale stems.
    parallel_for(frontier.size(), 1, [&](std::size_t begin, std::size_t end) {
      Hasher below(*this);
      for (std::size_t i = begin; i < end; ++i) below.collect(frontier[i], kParallelDepth, nullptr);
      below.hash_collected();
    });
  }
  top.hash_collected();
  return node_hash(root_);
}

template Digest32 BinaryTrie<Sha256>::root();
template Digest32 BinaryTrie<Blake3>::root();

}  // namespace merkleforge::bintrie
