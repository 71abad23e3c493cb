// SparseMerkleTree<H>'s implementation (sparse_merkle_tree.hpp declares it, tree_state.hpp its
// state), compiled once for each hash the library offers: the explicit instantiations at the end.
#include "merkleforge/sparse/sparse_merkle_tree.hpp"

#include <string>
#include <tuple>

#include "batch_order.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "tree_state.hpp"

namespace merkleforge {

// --- the public operations: each forwards to the state ---------------------------------------

template <Hasher H>
SparseMerkleTree<H>::SparseMerkleTree() : state_(std::make_unique<State>()) {}

template <Hasher H>
SparseMerkleTree<H>::~SparseMerkleTree() = default;

template <Hasher H>
Digest32 SparseMerkleTree<H>::root_hash() const noexcept {
  return state_->root_hash();
}

template <Hasher H>
std::size_t SparseMerkleTree<H>::size() const noexcept {
  return state_->size();
}

template <Hasher H>
std::optional<Bytes> SparseMerkleTree<H>::get(const Digest32& key_hash) const {
  return state_->get(key_hash);
}

template <Hasher H>
SparseProof SparseMerkleTree<H>::prove(const Digest32& key_hash) const {
  return state_->prove(key_hash);
}

template <Hasher H>
SparseMultiproof SparseMerkleTree<H>::prove_many(std::span<const Digest32> key_hashes) const {
  return state_->prove_many(key_hashes);
}

template <Hasher H>
SparseMultiproof SparseMerkleTree<H>::prove_range(const Digest32& first,
                                                  const Digest32& last) const {
  return state_->prove_range(first, last);
}

template <Hasher H>
void SparseMerkleTree<H>::put(const Digest32& key_hash, ByteSpan value) {
  state_->put(key_hash, value);
}

template <Hasher H>
void SparseMerkleTree<H>::erase(const Digest32& key_hash) {
  state_->erase(key_hash);
}

template <Hasher H>
void SparseMerkleTree<H>::apply_batch(std::vector<SparseUpdate> batch) {
  state_->apply_batch(std::move(batch));
}

template <Hasher H>
auto SparseMerkleTree<H>::open(NodeStore& store) -> Result<std::unique_ptr<SparseMerkleTree>> {
  auto tree = std::make_unique<SparseMerkleTree>();
  Status loaded = tree->state_->open(store);
  if (!loaded) return loaded.error();
  return tree;
}

template <Hasher H>
auto SparseMerkleTree<H>::commit() -> Result<Version> {
  return state_->commit();
}

template <Hasher H>
auto SparseMerkleTree<H>::latest_version() const noexcept -> std::optional<Version> {
  return state_->latest_version();
}

template <Hasher H>
auto SparseMerkleTree<H>::oldest_version() const noexcept -> std::optional<Version> {
  return state_->oldest_version();
}

template <Hasher H>
Result<Digest32> SparseMerkleTree<H>::root_hash_at(Version version) const {
  return state_->root_hash_at(version);
}

template <Hasher H>
Result<std::optional<Bytes>> SparseMerkleTree<H>::get_at(Version version,
                                                         const Digest32& key_hash) const {
  return state_->get_at(version, key_hash);
}

template <Hasher H>
Result<SparseProof> SparseMerkleTree<H>::prove_at(Version version, const Digest32& key_hash) const {
  return state_->prove_at(version, key_hash);
}

template <Hasher H>
Result<SparseMultiproof> SparseMerkleTree<H>::prove_many_at(
    Version version, std::span<const Digest32> key_hashes) const {
  return state_->prove_many_at(version, key_hashes);
}

template <Hasher H>
Result<SparseMultiproof> SparseMerkleTree<H>::prove_range_at(Version version, const Digest32& first,
                                                             const Digest32& last) const {
  return state_->prove_range_at(version, first, last);
}

template <Hasher H>
Status SparseMerkleTree<H>::prune(Version keep_from) {
  return state_->prune(keep_from);
}

template <Hasher H>
auto SparseMerkleTree<H>::memory_usage() const noexcept -> MemoryUsage {
  return state_->memory_usage();
}

// --- the state ------------------------------------------------------------------------------

template <Hasher H>
void SparseMerkleTree<H>::State::apply_batch(std::vector<SparseUpdate> batch) {
  const std::vector<SparseUpdate> updates = sparse_detail::last_update_per_key(std::move(batch));
  if (updates.size() <= kWarmGroup) warm_paths(working_, 0, updates);
  sparse_detail::LevelHasher<H> hasher;
  sparse_detail::NewLeafHashes<H> new_leaves(updates);
  deferred_ = &hasher;
  new_leaves_ = &new_leaves;
  working_ = update_in_parallel(working_, 0, updates);
  deferred_ = nullptr;
  new_leaves_ = nullptr;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::root_at(Version version) const -> Result<Subtree> {
  for (const VersionRoot& entry : versions_) {
    if (entry.version == version) return entry.root;
  }
  return make_error(Errc::not_found, "sparse tree: version " + std::to_string(version) +
                                         " was never committed or has been pruned");
}

template <Hasher H>
auto SparseMerkleTree<H>::State::find(NodeRef ref, const Digest32& key_hash) const
    -> std::optional<Bytes> {
  for (unsigned depth = 0; sparse_detail::is_internal(ref); ++depth) {
    ref = children(ref)[key_bit(key_hash, depth)];
  }
  if (!sparse_detail::is_leaf(ref)) return std::nullopt;
  const LeafNode& leaf = leaves_[sparse_detail::leaf_index(ref)];
  if (leaf.key_hash != key_hash) return std::nullopt;
  const ByteSpan value = leaf.value.view();
  return Bytes(value.begin(), value.end());
}

template <Hasher H>
auto SparseMerkleTree<H>::State::walk_proof(NodeRef ref, const Digest32& key_hash) const
    -> SparseProof {
  SparseProof proof;
  proof.hash = *hash_from_name(H::kName);
  proof.siblings.reserve(kProofReserve);
  std::array<NodeRef, kSparseKeyBits> interior;
  const auto [depth, end] = walk(ref, 0, key_hash, interior.data());
  for (unsigned d = 0; d < depth; ++d)
    proof.siblings.push_back(hashes_of(interior[d])[key_bit(key_hash, d) ^ 1]);
  if (sparse_detail::is_leaf(end)) {
    const LeafNode& leaf = leaves_[sparse_detail::leaf_index(end)];
    proof.leaf = SparseProofLeaf{leaf.key_hash, Hashing::value_hash(leaf.value.view())};
  }
  return proof;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::multiproof_of(const Subtree& root,
                                               std::span<const Digest32> key_hashes) const
    -> SparseMultiproof {
  std::vector<Digest32> keys(key_hashes.begin(), key_hashes.end());
  std::sort(keys.begin(), keys.end());
  return partial_tree(root, sparse_detail::SortedKeysQuery<Digest32>{keys});
}

template <Hasher H>
auto SparseMerkleTree<H>::State::range_proof_of(const Subtree& root, const Digest32& first,
                                                const Digest32& last) const -> SparseMultiproof {
  return partial_tree(root, sparse_detail::RangeQuery{&first, &last});
}

template <Hasher H>
template <class Query>
auto SparseMerkleTree<H>::State::partial_tree(const Subtree& root, const Query& query) const
    -> SparseMultiproof {
  SparseMultiproof proof;
  proof.hash = *hash_from_name(H::kName);
  append_partial(root, 0, sparse_detail::KeyInterval::all(), query, proof.nodes);
  return proof;
}

template <Hasher H>
template <class Query>
auto SparseMerkleTree<H>::State::append_partial(const Subtree& node, unsigned depth,
                                                const sparse_detail::KeyInterval& interval,
                                                const Query& query,
                                                std::vector<SparseProofNode>& out) const -> void {
  if (node.ref == sparse_detail::kEmptyRef) {
    out.push_back({SparseNodeKind::empty, {}, {}});
  } else if (!query.reaches(interval)) {
    out.push_back({SparseNodeKind::hash, node.hash, {}});
  } else if (sparse_detail::is_leaf(node.ref)) {
    const LeafNode& leaf = leaves_[sparse_detail::leaf_index(node.ref)];
    out.push_back(
        {SparseNodeKind::leaf, {}, {leaf.key_hash, Hashing::value_hash(leaf.value.view())}});
  } else {
    out.push_back({SparseNodeKind::interior, {}, {}});
    const std::array<Query, 2> below = query.children(depth);
    for (unsigned side = 0; side < 2; ++side) {
      append_partial(child_of(node, side), depth + 1, interval.child(depth, side), below[side],
                     out);
    }
  }
}

template <Hasher H>
auto SparseMerkleTree<H>::State::walk(NodeRef ref, unsigned depth, const Digest32& key_hash,
                                      NodeRef* interior) const noexcept
    -> std::pair<unsigned, NodeRef> {
  while (sparse_detail::is_internal(ref)) {
    prefetch_object(&internals_[sparse_detail::internal_index(ref)], sizeof(InternalNode));
    interior[depth] = ref;
    ref = children(ref)[key_bit(key_hash, depth++)];
  }
  if (sparse_detail::is_leaf(ref))
    prefetch_object(&leaves_[sparse_detail::leaf_index(ref)], sizeof(LeafNode));
  return {depth, ref};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::prefetch_object(const void* object, std::size_t size) noexcept
    -> void {
  constexpr std::uintptr_t kLine = 64;
  const auto first = reinterpret_cast<std::uintptr_t>(object) & ~(kLine - 1);
  const auto last = reinterpret_cast<std::uintptr_t>(object) + size - 1;
  for (std::uintptr_t line = first; line <= last; line += kLine)
    __builtin_prefetch(reinterpret_cast<const void*>(line));
}

template <Hasher H>
auto SparseMerkleTree<H>::State::hashes_of(NodeRef ref) const noexcept
    -> const std::array<Digest32, 2>& {
  return internals_[sparse_detail::internal_index(ref)].child_hash;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::descend(const Subtree& start, unsigned depth,
                                         const Digest32& key_hash) const -> KeyPath {
  KeyPath path;
  path.top = path.depth = depth;
  path.start = start;
  std::tie(path.depth, path.end.ref) = walk(start.ref, depth, key_hash, path.interior.data());
  for (unsigned d = path.top; d < path.depth; ++d) {
    path.siblings[d] = hashes_of(path.interior[d])[key_bit(key_hash, d) ^ 1];
  }
  path.end.hash = path.depth == path.top
                      ? start.hash
                      : hashes_of(path.interior[path.depth - 1])[key_bit(key_hash, path.depth - 1)];
  return path;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::put_at_end(const KeyPath& path, const Digest32& key_hash,
                                            ByteSpan value, const Digest32* known_leaf_hash)
    -> Subtree {
  const auto leaf_hash = [&] {
    return known_leaf_hash ? *known_leaf_hash : Hashing::leaf(key_hash, Hashing::value_hash(value));
  };
  if (path.end.ref == sparse_detail::kEmptyRef) {
    add_to_size(1);
    return store_leaf(key_hash, value, leaf_hash());
  }
  // The leaf found is one more dependent load, mostly a cache miss in a large tree (the walk
  // started it): the new leaf's hash is computed while it is under way (wasted only when the
  // value is unchanged), before anything waits for it (the locked instructions of the pools and
  // the size count would).
  const LeafNode& found = leaves_[sparse_detail::leaf_index(path.end.ref)];
  const Digest32 fresh_hash = leaf_hash();
  if (found.key_hash == key_hash) {
    const ByteSpan stored = found.value.view();
    if (std::equal(stored.begin(), stored.end(), value.begin(), value.end())) return path.end;
    discard(path.end.ref);
    return store_leaf(key_hash, value, fresh_hash);
  }
  // Another key's leaf: both leaves go below an interior node where the keys part, reached
  // from `path.depth` through interior nodes with one empty side.
  const unsigned split = common_prefix_bits(found.key_hash, key_hash);
  const Subtree moved = move_leaf(path.end);
  add_to_size(1);
  const Subtree fresh = store_leaf(key_hash, value, fresh_hash);
  Subtree below =
      key_bit(key_hash, split) ? new_internal(moved, fresh) : new_internal(fresh, moved);
  for (unsigned depth = split; depth-- > path.depth;)
    below = key_bit(key_hash, depth) ? new_internal({}, below) : new_internal(below, {});
  return below;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::erase_at_end(const KeyPath& path, const Digest32& key_hash)
    -> Subtree {
  if (!sparse_detail::is_leaf(path.end.ref) ||
      leaves_[sparse_detail::leaf_index(path.end.ref)].key_hash != key_hash) {
    return path.end;
  }
  add_to_size(-1);
  discard(path.end.ref);
  return {};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::rehash_path(const KeyPath& path, const Digest32& key_hash,
                                             Subtree end) -> Subtree {
  if (end.ref == path.end.ref && end.hash == path.end.hash) return path.start;
  // Bottom levels that collapse (after an erase): the leaf or nothing moves up, no hashing.
  unsigned interior_depth = path.depth;
  for (; interior_depth > path.top; --interior_depth) {
    const Subtree& sibling = path_sibling(path, key_hash, interior_depth - 1);
    const unsigned bit = key_bit(key_hash, interior_depth - 1);
    const Subtree collapsed = bit ? collapse(sibling, end) : collapse(end, sibling);
    if (collapsed.ref == sparse_detail::kEmptyRef && !is_empty(sibling, end)) break;
    discard(path.interior[interior_depth - 1]);
    end = collapsed;
  }
  if (deferred_) return relink_path(path, key_hash, interior_depth, end);
  return rebuild_interior_path(path, key_hash, interior_depth, end);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::path_sibling(const KeyPath& path, const Digest32& key_hash,
                                              unsigned depth) const -> Subtree {
  return child_of({path.interior[depth]}, key_bit(key_hash, depth) ^ 1);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::rebuild_interior_path(const KeyPath& path,
                                                       const Digest32& key_hash, unsigned depth,
                                                       Subtree end) -> Subtree {
  std::array<Digest32, kSparseKeyBits> hashes;
  Hashing::fold_path(end.hash, std::span(path.siblings.data(), depth), key_hash, hashes.data());
  for (unsigned d = depth; d-- > 0;) {
    end = {with_child(path.interior[d], key_bit(key_hash, d), end), hashes[d]};
  }
  return end;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::relink_path(const KeyPath& path, const Digest32& key_hash,
                                             unsigned depth, Subtree end) -> Subtree {
  for (unsigned d = depth; d-- > path.top;) {
    const unsigned side = key_bit(key_hash, d);
    const NodeRef target = with_child(path.interior[d], side, end);
    defer_hash(end, internals_[sparse_detail::internal_index(target)].child_hash[side]);
    end = {target, {}, end.unhashed_height + 1};
  }
  return end;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::with_child(NodeRef ref, unsigned side, const Subtree& child)
    -> NodeRef {
  if (internals_[sparse_detail::internal_index(ref)].version != working_tag()) {
    const std::uint32_t index = take(internals_);
    InternalNode& copy = internals_[index];
    copy = internals_[sparse_detail::internal_index(ref)];
    copy.version = working_tag();
    copy.store_id = index;
    children(sparse_detail::internal_ref(index)) = children(ref);
    discard(ref);
    ref = sparse_detail::internal_ref(index);
  }
  children(ref)[side] = child.ref;
  internals_[sparse_detail::internal_index(ref)].child_hash[side] = child.hash;
  return ref;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::warm_paths(const Subtree& start, unsigned depth,
                                            Updates updates) const -> void {
  std::array<NodeRef, kWarmGroup> at;
  at.fill(start.ref);
  for (std::size_t walking = updates.size(); walking != 0; ++depth) {
    walking = 0;
    for (std::size_t lane = 0; lane < updates.size(); ++lane) {
      if (!sparse_detail::is_internal(at[lane])) continue;
      at[lane] = children(at[lane])[key_bit(updates[lane].key_hash, depth)];
      prefetch_node(at[lane]);
      walking += sparse_detail::is_internal(at[lane]) ? 1 : 0;
    }
  }
}

template <Hasher H>
auto SparseMerkleTree<H>::State::prefetch_node(NodeRef ref) const noexcept -> void {
  if (ref == sparse_detail::kEmptyRef) return;
  if (sparse_detail::is_leaf(ref)) {
    prefetch_object(&leaves_[sparse_detail::leaf_index(ref)], sizeof(LeafNode));
  } else {
    __builtin_prefetch(&children(ref));
    prefetch_object(&internals_[sparse_detail::internal_index(ref)], sizeof(InternalNode));
  }
  // GCC counts a prefetch as no effect, so it found this function, and warm_paths which only
  // loads and calls it, pure, and deleted their calls (no warming happened at all). The fence
  // emits no instruction but is an effect: the prefetches and the walk stay.
  std::atomic_signal_fence(std::memory_order_seq_cst);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::update_subtree(Subtree node, unsigned depth, Updates updates)
    -> Subtree {
  if (updates.empty()) return node;
  if (node.ref == sparse_detail::kEmptyRef) return build(depth, updates, nullptr, 0);
  if (sparse_detail::is_leaf(node.ref)) return build(depth, updates, &node, depth);
  if (updates.size() == 1) return update_one(node, depth, updates.front());
  return update_internal(node, depth, updates);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::update_one(const Subtree& node, unsigned depth,
                                            const SparseUpdate& update) -> Subtree {
  const KeyPath path = descend(node, depth, update.key_hash);
  const Subtree end =
      update.value ? put_at_end(path, update.key_hash, *update.value, &new_leaves_->of(update))
                   : erase_at_end(path, update.key_hash);
  return rehash_path(path, update.key_hash, end);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::update_in_parallel(const Subtree& node, unsigned depth,
                                                    Updates updates) -> Subtree {
  const auto [low, high] = split(updates, depth);
  if (sparse_detail::is_leaf(node.ref) || low.size() < kParallelUpdates / 2 ||
      high.size() < kParallelUpdates / 2) {
    return update_piece(node, depth, updates);
  }
  const Subtree old_left = child_of(node, 0), old_right = child_of(node, 1);
  Subtree left, right;
  // Init-captures: clang 14 cannot capture structured bindings (the C API's sparse tree is
  // compiled by clang in the fuzz preset).
  parallel_invoke(
      [&, low_half = low] { left = update_in_parallel(old_left, depth + 1, low_half); },
      [&, high_half = high] { right = update_in_parallel(old_right, depth + 1, high_half); });
  return hashed_now(with_children(node, old_left, old_right, left, right));
}

template <Hasher H>
auto SparseMerkleTree<H>::State::update_piece(const Subtree& node, unsigned depth, Updates updates)
    -> Subtree {
  new_leaves_->hash(updates);
  Subtree updated;  // its hash is deferred too: it stays here until the piece has run
  deferred_->run_piece([&] {
    updated = update_subtree(node, depth, updates);
    defer_hash(updated, updated.hash);
  });
  updated.unhashed_height = 0;
  return updated;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::child_of(const Subtree& node, unsigned side) const -> Subtree {
  if (node.ref == sparse_detail::kEmptyRef) return {};
  return {children(node.ref)[side],
          internals_[sparse_detail::internal_index(node.ref)].child_hash[side]};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::children(NodeRef ref) noexcept -> std::array<NodeRef, 2>& {
  return internals_.template part<ChildRefs>(sparse_detail::internal_index(ref)).child;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::children(NodeRef ref) const noexcept
    -> const std::array<NodeRef, 2>& {
  return internals_.template part<ChildRefs>(sparse_detail::internal_index(ref)).child;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::hashed_now(Subtree node) const -> Subtree {
  if (node.unhashed_height == 0) return node;
  node.hash = Hashing::internal(internals_[sparse_detail::internal_index(node.ref)].child_hash);
  node.unhashed_height = 0;
  return node;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::update_internal(Subtree node, unsigned depth, Updates updates)
    -> Subtree {
  Subtree left = child_of(node, 0), right = child_of(node, 1);
  const Subtree old_left = left, old_right = right;
  update_children(left, right, depth, updates);
  return with_children(node, old_left, old_right, left, right);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::with_children(const Subtree& node, const Subtree& old_left,
                                               const Subtree& old_right, const Subtree& left,
                                               const Subtree& right) -> Subtree {
  if (left.ref == old_left.ref && right.ref == old_right.ref && left.hash == old_left.hash &&
      right.hash == old_right.hash && left.unhashed_height == 0 && right.unhashed_height == 0) {
    return node;
  }
  return replace_children(node.ref, left, right);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::replace_children(NodeRef ref, const Subtree& left,
                                                  const Subtree& right) -> Subtree {
  const Subtree collapsed = collapse(left, right);
  if (collapsed.ref != sparse_detail::kEmptyRef || is_empty(left, right)) {
    if (ref != sparse_detail::kEmptyRef) discard(ref);
    return collapsed;
  }
  return make_internal(writable_internal(ref), left, right);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::update_children(Subtree& left, Subtree& right, unsigned depth,
                                                 Updates updates) -> void {
  // A group small enough to warm starts here: fetch its paths before updating them.
  const auto update = [&](Subtree& child, Updates group) {
    if (updates.size() > kWarmGroup && group.size() <= kWarmGroup)
      warm_paths(child, depth + 1, group);
    child = update_subtree(child, depth + 1, group);
  };
  const auto [low, high] = split(updates, depth);
  update(left, low);
  update(right, high);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::is_empty(const Subtree& left, const Subtree& right) noexcept
    -> bool {
  return left.ref == sparse_detail::kEmptyRef && right.ref == sparse_detail::kEmptyRef;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::collapse(const Subtree& left, const Subtree& right) -> Subtree {
  if (left.ref == sparse_detail::kEmptyRef && sparse_detail::is_leaf(right.ref))
    return move_leaf(right);
  if (right.ref == sparse_detail::kEmptyRef && sparse_detail::is_leaf(left.ref))
    return move_leaf(left);
  return {};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::build(unsigned depth, Updates updates, const Subtree* carried,
                                       unsigned carried_depth) -> Subtree {
  const SparseUpdate* override = carried ? find_update(updates, carried_key(*carried)) : nullptr;
  const bool keep_carried = carried && (!override || same_value(*override, *carried));
  const std::size_t entries =
      count_inserts_up_to_two(updates, keep_carried ? override : nullptr) + (keep_carried ? 1 : 0);
  if (entries >= 2) return build_internal(depth, updates, carried, carried_depth);
  if (keep_carried) return depth == carried_depth ? *carried : move_leaf(*carried);
  if (carried) {  // erased (override has no value) or replaced by override's value
    if (!override->value) add_to_size(-1);
    discard(carried->ref);
  }
  if (entries == 0) return {};
  const SparseUpdate& insert = *std::find_if(
      updates.begin(), updates.end(), [](const SparseUpdate& u) { return u.value.has_value(); });
  if (&insert != override) add_to_size(1);
  return store_leaf(insert.key_hash, *insert.value, new_leaves_->of(insert));
}

template <Hasher H>
auto SparseMerkleTree<H>::State::build_internal(unsigned depth, Updates updates,
                                                const Subtree* carried, unsigned carried_depth)
    -> Subtree {
  const bool carried_high = carried && key_bit(carried_key(*carried), depth) == 1;
  const auto [low, high] = split(updates, depth);
  const Subtree left = build(depth + 1, low, carried_high ? nullptr : carried, carried_depth);
  const Subtree right = build(depth + 1, high, carried_high ? carried : nullptr, carried_depth);
  return new_internal(left, right);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::split(Updates updates, unsigned depth)
    -> std::pair<Updates, Updates> {
  const auto middle =
      std::partition_point(updates.begin(), updates.end(),
                           [&](const SparseUpdate& u) { return key_bit(u.key_hash, depth) == 0; });
  return {Updates(updates.begin(), middle), Updates(middle, updates.end())};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::carried_key(const Subtree& leaf) const noexcept
    -> const Digest32& {
  return leaves_[sparse_detail::leaf_index(leaf.ref)].key_hash;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::find_update(Updates updates, const Digest32& key) noexcept
    -> const SparseUpdate* {
  const auto it =
      std::lower_bound(updates.begin(), updates.end(), key,
                       [](const SparseUpdate& u, const Digest32& k) { return u.key_hash < k; });
  return it != updates.end() && it->key_hash == key ? &*it : nullptr;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::same_value(const SparseUpdate& update,
                                            const Subtree& leaf) const noexcept -> bool {
  if (!update.value) return false;
  const ByteSpan stored = leaves_[sparse_detail::leaf_index(leaf.ref)].value.view();
  return std::equal(stored.begin(), stored.end(), update.value->begin(), update.value->end());
}

template <Hasher H>
auto SparseMerkleTree<H>::State::count_inserts_up_to_two(Updates updates,
                                                         const SparseUpdate* absorbed) noexcept
    -> std::size_t {
  std::size_t count = 0;
  for (const SparseUpdate& update : updates) {
    if (update.value && &update != absorbed && ++count == 2) break;
  }
  return count;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::store_leaf(const Digest32& key_hash, ByteSpan value,
                                            const Digest32& leaf_hash) -> Subtree {
  const std::uint32_t index = take(leaves_);
  LeafNode& leaf = leaves_[index];
  leaf.key_hash = key_hash;
  leaf.version = working_tag();
  leaf.store_id = index;
  leaf.value.assign(value);
  if (value.size() > sparse_detail::LeafValue::kInline) out_of_line_bytes_ += value.size();
  return {sparse_detail::leaf_ref(index), leaf_hash};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::new_internal(const Subtree& left, const Subtree& right)
    -> Subtree {
  return make_internal(sparse_detail::internal_ref(take(internals_)), left, right);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::make_internal(NodeRef target, const Subtree& left,
                                               const Subtree& right) -> Subtree {
  InternalNode& node = write_internal(target, left, right);
  if (!deferred_) return {target, Hashing::internal(node.child_hash)};
  defer_hash(left, node.child_hash[0]);
  defer_hash(right, node.child_hash[1]);
  return {target, {}, std::max(left.unhashed_height, right.unhashed_height) + 1};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::write_internal(NodeRef target, const Subtree& left,
                                                const Subtree& right) -> InternalNode& {
  InternalNode& node = internals_[sparse_detail::internal_index(target)];
  children(target) = {left.ref, right.ref};
  node.child_hash = {left.hash, right.hash};
  node.version = working_tag();
  node.store_id = sparse_detail::internal_index(target);
  return node;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::defer_hash(const Subtree& node, Digest32& out) -> void {
  if (node.unhashed_height == 0) return;
  const InternalNode& internal = internals_[sparse_detail::internal_index(node.ref)];
  deferred_->defer(node.unhashed_height, &internal.child_hash, &out);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::move_leaf(const Subtree& leaf) -> Subtree {
  const LeafNode& old = leaves_[sparse_detail::leaf_index(leaf.ref)];
  if (old.version == working_tag()) return leaf;
  const std::uint32_t index = take(leaves_);
  LeafNode& copy = leaves_[index];
  copy.key_hash = old.key_hash;
  copy.version = working_tag();
  copy.store_id = index;
  copy.value.assign(old.value.view());
  if (old.value.view().size() > sparse_detail::LeafValue::kInline)
    out_of_line_bytes_ += old.value.view().size();
  discard(leaf.ref);
  return {sparse_detail::leaf_ref(index), leaf.hash};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::writable_internal(NodeRef ref) -> NodeRef {
  if (ref != sparse_detail::kEmptyRef) {
    if (internals_[sparse_detail::internal_index(ref)].version == working_tag()) return ref;
    discard(ref);
  }
  return sparse_detail::internal_ref(take(internals_));
}

template <Hasher H>
auto SparseMerkleTree<H>::State::discard(NodeRef ref) -> void {
  if (node_version(ref) == working_tag()) {
    free_node(ref);
    return;
  }
  std::unique_lock lock(stale_mutex_, std::defer_lock);
  if (!alone()) lock.lock();
  stale_.push_back(StaleNode{working_version_, ref});
}

template <Hasher H>
auto SparseMerkleTree<H>::State::alone() const noexcept -> bool {
  return deferred_ == nullptr;
}

template <Hasher H>
template <class Pool>
auto SparseMerkleTree<H>::State::take(Pool& pool) -> std::uint32_t {
  return alone() ? pool.allocate_alone() : pool.allocate();
}

template <Hasher H>
template <class Pool>
auto SparseMerkleTree<H>::State::give_back(Pool& pool, std::uint32_t index) -> void {
  if (alone()) {
    pool.release_alone(index);
  } else {
    pool.release(index);
  }
}

template <Hasher H>
auto SparseMerkleTree<H>::State::add_to_size(std::int64_t delta) -> void {
  if (alone()) {
    size_.store(size_.load(std::memory_order_relaxed) + delta, std::memory_order_relaxed);
  } else {
    size_.fetch_add(delta, std::memory_order_relaxed);
  }
}

template <Hasher H>
auto SparseMerkleTree<H>::State::working_tag() const noexcept -> std::uint32_t {
  return static_cast<std::uint32_t>(working_version_);
}

template <Hasher H>
auto SparseMerkleTree<H>::State::node_version(NodeRef ref) const noexcept -> std::uint32_t {
  return sparse_detail::is_leaf(ref) ? leaves_[sparse_detail::leaf_index(ref)].version
                                     : internals_[sparse_detail::internal_index(ref)].version;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::free_node(NodeRef ref) -> void {
  if (sparse_detail::is_leaf(ref)) {
    LeafNode& leaf = leaves_[sparse_detail::leaf_index(ref)];
    if (leaf.value.view().size() > sparse_detail::LeafValue::kInline)
      out_of_line_bytes_ -= leaf.value.view().size();
    leaf.value.reset();
    give_back(leaves_, sparse_detail::leaf_index(ref));
  } else {
    give_back(internals_, sparse_detail::internal_index(ref));
  }
}

template <Hasher H>
auto SparseMerkleTree<H>::State::stored_kind(NodeRef ref) const noexcept
    -> sparse_detail::StoredKind {
  if (ref == sparse_detail::kEmptyRef) return sparse_detail::StoredKind::empty;
  return sparse_detail::is_leaf(ref) ? sparse_detail::StoredKind::leaf
                                     : sparse_detail::StoredKind::interior;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::store_id(NodeRef ref) const noexcept -> std::uint32_t {
  return sparse_detail::is_leaf(ref) ? leaves_[sparse_detail::leaf_index(ref)].store_id
                                     : internals_[sparse_detail::internal_index(ref)].store_id;
}

template <Hasher H>
auto SparseMerkleTree<H>::State::stored_child(const Subtree& node) const
    -> sparse_detail::StoredChild {
  if (node.ref == sparse_detail::kEmptyRef)
    return {sparse_detail::StoredKind::empty, 0, 0, node.hash};
  return {stored_kind(node.ref), node_version(node.ref), store_id(node.ref), node.hash};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::stored_key(NodeRef ref) const -> Bytes {
  return sparse_detail::stored_node_key(stored_kind(ref), node_version(ref), store_id(ref));
}

template <Hasher H>
auto SparseMerkleTree<H>::State::collect_new_nodes(NodeRef ref, WriteBatch& batch) const -> void {
  if (ref == sparse_detail::kEmptyRef || node_version(ref) != working_tag()) return;
  if (sparse_detail::is_leaf(ref)) {
    const LeafNode& leaf = leaves_[sparse_detail::leaf_index(ref)];
    batch.put(stored_key(ref), sparse_detail::encode_stored_leaf(leaf.key_hash, leaf.value.view()));
    return;
  }
  Bytes record = {'I'};
  for (unsigned side = 0; side < 2; ++side) {
    const Subtree child = child_of({ref}, side);
    sparse_detail::append_child(record, stored_child(child));
    collect_new_nodes(child.ref, batch);
  }
  batch.put(stored_key(ref), std::move(record));
}

template <Hasher H>
auto SparseMerkleTree<H>::State::load_versions() -> Status {
  std::vector<std::pair<Version, sparse_detail::StoredChild>> roots;
  std::optional<Error> failure;
  Status scanned =
      store_->scan_prefix(sparse_detail::stored_root_prefix(), [&](ByteSpan key, ByteSpan value) {
        Result<Version> version = sparse_detail::decode_root_key(key);
        Result<sparse_detail::StoredChild> root = sparse_detail::decode_stored_root(value);
        if (!version || !root) failure = version ? root.error() : version.error();
        if (failure) return false;
        roots.emplace_back(*version, *root);
        return true;
      });
  if (!scanned) return scanned.error();
  if (failure) return *failure;
  if (roots.empty()) return Ok{};
  const Version latest = roots.back().first;
  Loader loader{*this, latest, {}, {}};
  for (auto it = roots.rbegin(); it != roots.rend(); ++it) {
    Result<NodeRef> root = loader.load(it->second, it->first);
    if (!root) return root.error();
    versions_.push_front(VersionRoot{it->first, Subtree{*root, it->second.hash}});
  }
  working_ = versions_.back().root;
  working_version_ = latest + 1;
  size_ = static_cast<std::int64_t>(count_leaves(working_.ref));
  return Ok{};
}

template <Hasher H>
auto SparseMerkleTree<H>::State::count_leaves(NodeRef ref) const -> std::size_t {
  if (ref == sparse_detail::kEmptyRef) return 0;
  if (sparse_detail::is_leaf(ref)) return 1;
  return count_leaves(children(ref)[0]) + count_leaves(children(ref)[1]);
}

template class SparseMerkleTree<Sha256>;
template class SparseMerkleTree<Keccak256>;
template class SparseMerkleTree<Sha3_256>;
template class SparseMerkleTree<Blake3>;

}  // namespace merkleforge
