#include "merkleforge/verkle/trie.hpp"

#include <algorithm>
#include <bit>
#include <bitset>
#include <span>
#include <utility>
#include <vector>

#include "batch_kernels.hpp"
#include "leaf_values.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "trie_empty_code.hpp"
#include "trie_nodes.hpp"
#include "wide_crs_tables.hpp"

namespace merkleforge::verkle {

namespace {

using detail::InternalNode;
using detail::LeafNode;
using detail::Node;
using detail::value_scalars;

Stem stem_of(const TreeKey& key) {
  Stem stem;
  std::copy(key.begin(), key.begin() + 31, stem.begin());
  return stem;
}

/// Updates of many commitments, gathered as terms of fixed-base sums and added together: one group
/// of terms per target, summed side by side by the batch kernel (batch_kernels.hpp; with IFMA one
/// target per lane), then each target += its group's sum.
class CommitmentUpdates {
 public:
  /// Starts the group of terms added to `target` (which must outlive apply()).
  void begin(Element& target) {
    close_group();
    b_.targets.push_back(&target);
  }
  /// Adds scalar·CRS[index] to the current group (16-bit-window tables where they cover it).
  void add(std::size_t index, const Fr& scalar) {
    std::array<detail::SignedPoint, detail::kMaxCrsTerms> terms;
    const std::size_t count = detail::write_crs_terms_wide(index, scalar, terms.data());
    b_.terms.insert(b_.terms.end(), terms.begin(), terms.begin() + count);
  }
  /// Adds a precomputed point to the current group.
  void add(const AffinePoint& point) { b_.terms.push_back({&point, false}); }
  /// Adds (fresh - included)·CRS[index] and records fresh as included.
  void update_slot(std::size_t index, Fr& included, const Fr& fresh) {
    if (fresh == included) return;
    add(index, fresh - included);
    included = fresh;
  }
  /// Adds every group's sum to its target (targets of empty groups stay as they are).
  void apply() {
    close_group();
    b_.sums.resize(b_.targets.size());
    detail::sum_point_groups(b_.terms, b_.ends, b_.sums);
    for (std::size_t g = 0; g < b_.targets.size(); ++g) {
      const std::uint32_t begin = g == 0 ? 0 : b_.ends[g - 1];
      if (b_.ends[g] != begin) *b_.targets[g] += b_.sums[g];
    }
  }

 private:
  void close_group() {
    if (b_.ends.size() < b_.targets.size()) {
      b_.ends.push_back(static_cast<std::uint32_t>(b_.terms.size()));
    }
  }
  detail::SumScratch scratch_;
  detail::SumScratch::Buffers& b_ = scratch_.get();
};

/// The nodes whose commitments a commit must bring up to date: dirty leaves, and internal nodes
/// with dirty slots grouped by depth (a node's children are final before the node itself).
struct DirtyNodes {
  std::vector<LeafNode*> leaves;
  std::vector<std::vector<InternalNode*>> internal_by_depth;
};

void collect_dirty(InternalNode& node, std::size_t depth, DirtyNodes& out) {
  if (node.dirty.none()) return;
  if (out.internal_by_depth.size() <= depth) out.internal_by_depth.resize(depth + 1);
  out.internal_by_depth[depth].push_back(&node);
  for (std::size_t i = 0; i < 256; ++i) {
    Node* child = node.dirty.test(i) ? node.children[i].get() : nullptr;
    if (child == nullptr) continue;
    if (!child->is_leaf) {
      collect_dirty(static_cast<InternalNode&>(*child), depth + 1, out);
    } else if (static_cast<LeafNode*>(child)->dirty) {
      out.leaves.push_back(static_cast<LeafNode*>(child));
    }
  }
}

/// work(begin, end) over blocks of [0, count), in parallel: each block gathers its nodes' updates
/// and sums them at once, so a block must hold enough nodes to fill the batch kernel's lanes.
template <class Work>
void for_each_block(std::size_t count, Work&& work) {
  // Below this many nodes the work is shorter than handing it to another thread.
  constexpr std::size_t kGrain = 16;
  if (count < 2 * kGrain) {
    work(std::size_t{0}, count);
    return;
  }
  parallel_for(count, kGrain, work);
}

/// map_to_scalar_field of every point: blocks of points on several threads, one field inversion
/// per block (a few hundred points make the inversion negligible per point).
std::vector<Fr> map_to_scalars(std::span<const Element> points) {
  constexpr std::size_t kBlock = 512;  // the grain: ranges of at least 256 points
  std::vector<Fr> out(points.size());
  parallel_for(points.size(), kBlock, [&](std::size_t begin, std::size_t end) {
    const std::vector<Fr> block =
        Element::batch_map_to_scalar_field(points.subspan(begin, end - begin));
    std::copy(block.begin(), block.end(), out.begin() + static_cast<std::ptrdiff_t>(begin));
  });
  return out;
}

/// Gathers the terms of one half of a leaf (C1: suffixes below 128, C2: the rest): from its values
/// on the first commit, else from the changes since; returns true when there was any.
bool gather_half(LeafNode& leaf, bool upper, CommitmentUpdates& updates) {
  updates.begin(upper ? leaf.c2 : leaf.c1);
  const auto in_half = [&](std::uint8_t suffix) { return (suffix >= 128) == upper; };
  const auto slot = [](std::uint8_t suffix) { return 2 * static_cast<std::size_t>(suffix % 128); };
  bool changed = false;
  if (leaf.fresh) {
    for (const auto& [suffix, value] : leaf.values) {
      if (!in_half(suffix)) continue;
      changed = true;
      if (detail::is_empty_code_hash_slot(suffix, value)) {
        updates.add(detail::empty_code_hash_term());
        continue;
      }
      const auto [lo, hi] = value_scalars(value);
      updates.add(slot(suffix), lo);
      updates.add(slot(suffix) + 1, hi);
    }
    return changed;
  }
  for (const auto& [suffix, old_value] : leaf.committed_before) {
    if (!in_half(suffix)) continue;
    changed = true;
    const auto [old_lo, old_hi] = value_scalars(old_value);
    const auto [new_lo, new_hi] = value_scalars(leaf.get(suffix));
    updates.add(slot(suffix), new_lo - old_lo);
    updates.add(slot(suffix) + 1, new_hi - old_hi);
  }
  return changed;
}

/// Brings C1 and C2 of leaves [begin, end) up to date (and a fresh leaf's C by its stem terms; the
/// C1/C2 terms follow once their hashes are known); changed[i]: bit 0 C1, bit 1 C2.
void commit_halves(std::span<LeafNode* const> leaves, std::span<unsigned> changed) {
  CommitmentUpdates updates;
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    LeafNode& leaf = *leaves[i];
    if (leaf.fresh) {
      updates.begin(leaf.commitment);
      updates.add(0, Fr::one());
      updates.add(1, detail::stem_scalar(leaf.stem));
    }
    changed[i] = (gather_half(leaf, false, updates) ? 1u : 0u) |
                 (gather_half(leaf, true, updates) ? 2u : 0u);
    leaf.fresh = false;
    leaf.committed_before.clear();
  }
  updates.apply();
}

void commit_leaves(const std::vector<LeafNode*>& leaves) {
  std::vector<unsigned> changed(leaves.size());
  for_each_block(leaves.size(), [&](std::size_t begin, std::size_t end) {
    commit_halves(std::span(leaves).subspan(begin, end - begin),
                  std::span(changed).subspan(begin, end - begin));
  });
  // C1 and C2 of all leaves mapped to scalars together, then folded into each leaf's C.
  std::vector<std::size_t> first_half(leaves.size());
  std::size_t half_count = 0;
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    first_half[i] = half_count;
    half_count += static_cast<std::size_t>(std::popcount(changed[i]));
  }
  std::vector<Element> halves;
  halves.reserve(half_count);
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    if (changed[i] & 1u) halves.push_back(leaves[i]->c1);
    if (changed[i] & 2u) halves.push_back(leaves[i]->c2);
  }
  const std::vector<Fr> half_hashes = map_to_scalars(halves);
  for_each_block(leaves.size(), [&](std::size_t begin, std::size_t end) {
    CommitmentUpdates updates;
    for (std::size_t i = begin; i < end; ++i) {
      LeafNode& leaf = *leaves[i];
      std::size_t next = first_half[i];
      updates.begin(leaf.commitment);
      if (changed[i] & 1u) updates.update_slot(2, leaf.c1_hash, half_hashes[next++]);
      if (changed[i] & 2u) updates.update_slot(3, leaf.c2_hash, half_hashes[next]);
    }
    updates.apply();
  });
  std::vector<Element> commitments(leaves.size());
  for (std::size_t i = 0; i < leaves.size(); ++i) commitments[i] = leaves[i]->commitment;
  const std::vector<Fr> hashes = map_to_scalars(commitments);
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    leaves[i]->hash = hashes[i];
    leaves[i]->dirty = false;
  }
}

/// Brings an internal node's commitment up to date with its children's hashes. A node with many
/// changed children (the top of the tree after a large batch) adds all its deltas as one
/// commitment, which pedersen's commit() spreads over threads; fewer join `updates`.
void update_internal(InternalNode& node, CommitmentUpdates& updates) {
  constexpr std::size_t kManyChanges = 64;
  const auto fresh_hash = [&](std::size_t i) {
    const Node* child = node.children[i].get();
    return child ? child->hash : Fr::zero();
  };
  if (node.dirty.count() < kManyChanges) {
    updates.begin(node.commitment);
    for (std::size_t i = 0; i < 256; ++i) {
      if (node.dirty.test(i)) updates.update_slot(i, node.slots[i], fresh_hash(i));
    }
  } else {
    std::array<Fr, 256> deltas{};
    for (std::size_t i = 0; i < 256; ++i) {
      if (!node.dirty.test(i)) continue;
      const Fr hash = fresh_hash(i);
      deltas[i] = hash - node.slots[i];
      node.slots[i] = hash;
    }
    node.commitment += commit(deltas);
  }
  node.dirty.reset();
}

void commit_internal_level(const std::vector<InternalNode*>& nodes) {
  for_each_block(nodes.size(), [&](std::size_t begin, std::size_t end) {
    CommitmentUpdates updates;
    for (std::size_t n = begin; n < end; ++n) update_internal(*nodes[n], updates);
    updates.apply();
  });
  std::vector<Element> commitments(nodes.size());
  for (std::size_t i = 0; i < nodes.size(); ++i) commitments[i] = nodes[i]->commitment;
  const std::vector<Fr> hashes = map_to_scalars(commitments);
  for (std::size_t i = 0; i < nodes.size(); ++i) nodes[i]->hash = hashes[i];
}

/// Brings every commitment below `root` up to date: dirty leaves first, then internal nodes
/// deepest level first; each stage runs its nodes in parallel and maps their commitments to
/// scalars with one field inversion per block of them.
void commit_tree(InternalNode& root) {
  DirtyNodes dirty;
  collect_dirty(root, 0, dirty);
  commit_leaves(dirty.leaves);
  for (auto level = dirty.internal_by_depth.rbegin(); level != dirty.internal_by_depth.rend();
       ++level) {
    commit_internal_level(*level);
  }
}

}  // namespace

VerkleTrie::VerkleTrie() : root_(std::make_unique<InternalNode>()) {}
VerkleTrie::~VerkleTrie() = default;
VerkleTrie::VerkleTrie(VerkleTrie&&) noexcept = default;
VerkleTrie& VerkleTrie::operator=(VerkleTrie&&) noexcept = default;

void VerkleTrie::insert_deferred(const TreeKeyRequest& request, const Digest32& value) {
  // A bounded queue: its memory stays small (and is reused), while each flush still derives keys
  // in blocks of many.
  constexpr std::size_t kMaxQueued = 4096;
  deferred_.push_back({request, value});
  if (deferred_.size() >= kMaxQueued) apply_deferred();
}

void VerkleTrie::apply_deferred() const {
  if (deferred_.empty()) return;
  // Consecutive writes to one stem (an account's fields) share its key: derive each stem once.
  std::vector<TreeKeyRequest> stems;
  stems.reserve(deferred_.size() / 2);  // an account writes at least two fields to its stem
  std::vector<std::uint32_t> stem_of_write(deferred_.size());
  for (std::size_t i = 0; i < deferred_.size(); ++i) {
    const TreeKeyRequest& r = deferred_[i].request;
    if (stems.empty() || stems.back().address != r.address ||
        stems.back().tree_index != r.tree_index) {
      stems.push_back({r.address, r.tree_index, 0});
    }
    stem_of_write[i] = static_cast<std::uint32_t>(stems.size() - 1);
  }
  const std::vector<TreeKey> keys = get_tree_keys(stems);
  std::vector<DeferredWrite> writes;
  writes.swap(deferred_);  // empty before the inserts, which would otherwise apply them again
  // Safe: only a non-const trie can have queued writes (see trie.hpp).
  auto& self = const_cast<VerkleTrie&>(*this);
  for (std::size_t i = 0; i < writes.size(); ++i) {
    TreeKey key = keys[stem_of_write[i]];
    key[31] = writes[i].request.sub_index;
    self.insert(key, writes[i].value);
  }
  writes.clear();
  deferred_.swap(writes);  // the queue keeps its capacity
}

std::size_t VerkleTrie::size() const {
  apply_deferred();
  return size_;
}

void VerkleTrie::insert(const TreeKey& key, const Digest32& value) {
  apply_deferred();
  const Stem stem = stem_of(key);
  InternalNode* node = root_.get();
  for (std::size_t depth = 0;; ++depth) {
    const std::uint8_t index = stem[depth];
    node->dirty.set(index);
    std::unique_ptr<Node>& slot = node->children[index];
    if (!slot) {
      auto leaf = std::make_unique<LeafNode>(stem);
      leaf->set(key[31], value);
      slot = std::move(leaf);
      ++size_;
      return;
    }
    if (!slot->is_leaf) {
      node = static_cast<InternalNode*>(slot.get());
      continue;
    }
    auto& leaf = static_cast<LeafNode&>(*slot);
    if (leaf.stem == stem) {
      if (leaf.set(key[31], value)) ++size_;
      return;
    }
    // Another stem shares this prefix: an internal node takes its place and holds it one level
    // down; the walk continues there until the two stems part.
    auto split = std::make_unique<InternalNode>();
    const std::uint8_t old_index = leaf.stem[depth + 1];
    split->dirty.set(old_index);
    split->children[old_index] = std::move(slot);
    slot = std::move(split);
    node = static_cast<InternalNode*>(slot.get());
  }
}

const LeafNode* VerkleTrie::find_leaf(const Stem& stem) const {
  const InternalNode* node = root_.get();
  for (std::size_t depth = 0;; ++depth) {
    const Node* child = node->children[stem[depth]].get();
    if (child == nullptr) return nullptr;
    if (child->is_leaf) {
      const auto* leaf = static_cast<const LeafNode*>(child);
      return leaf->stem == stem ? leaf : nullptr;
    }
    node = static_cast<const InternalNode*>(child);
  }
}

std::optional<Digest32> VerkleTrie::get(const TreeKey& key) const {
  apply_deferred();
  const LeafNode* leaf = find_leaf(stem_of(key));
  return leaf != nullptr ? leaf->get(key[31]) : std::nullopt;
}

bool VerkleTrie::erase(const TreeKey& key) {
  apply_deferred();
  const Stem stem = stem_of(key);
  std::vector<InternalNode*> path = {root_.get()};  // path[d]: the internal node at depth d
  for (std::size_t depth = 0;; ++depth) {
    InternalNode& node = *path.back();
    std::unique_ptr<Node>& slot = node.children[stem[depth]];
    if (!slot) return false;
    if (!slot->is_leaf) {
      path.push_back(static_cast<InternalNode*>(slot.get()));
      continue;
    }
    auto& leaf = static_cast<LeafNode&>(*slot);
    if (leaf.stem != stem || !leaf.remove(key[31])) return false;
    break;
  }
  --size_;
  for (std::size_t depth = 0; depth < path.size(); ++depth) path[depth]->dirty.set(stem[depth]);
  std::unique_ptr<Node>& leaf_slot = path.back()->children[stem[path.size() - 1]];
  if (!static_cast<LeafNode&>(*leaf_slot).values.empty()) return true;
  leaf_slot.reset();
  erased_stems_.insert(stem);
  // An internal node left with a single leaf below it is replaced by that leaf, up the path,
  // so the shape is the one the remaining stems alone would have.
  for (std::size_t depth = path.size() - 1; depth > 0; --depth) {
    InternalNode& node = *path[depth];
    if (node.child_count() != 1) break;
    const auto only = std::find_if(node.children.begin(), node.children.end(),
                                   [](const auto& c) { return c != nullptr; });
    if (!(*only)->is_leaf) break;
    std::unique_ptr<Node> moved = std::move(*only);
    path[depth - 1]->children[stem[depth - 1]] = std::move(moved);  // destroys `node`
  }
  return true;
}

const Element& VerkleTrie::root_commitment() {
  apply_deferred();
  commit_tree(*root_);
  return root_->commitment;
}

std::array<std::uint8_t, 32> VerkleTrie::root() {
  return root_commitment().to_bytes();
}

std::array<std::uint8_t, 32> VerkleTrie::root_hash_le() {
  apply_deferred();
  commit_tree(*root_);
  return root_->hash.to_bytes_le();
}

}  // namespace merkleforge::verkle
