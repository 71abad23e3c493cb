// put_batch into an empty trie: the trie built top-down from its keys in increasing order.
//
// In key order the keys under any node form one contiguous run, and the run alone determines the
// node: one key is a leaf; several keys are a branch at the depth where they first diverge (under
// an extension if that lies below the node's depth), whose children are the sub-runs sharing
// the next nibble. So one recursive pass over the sorted keys builds the trie, each node written
// once, with none of the root-to-leaf descents (and node splits) of one put per key.
//
// The first 8 key bytes kept by the sort decide every split in the first 16 nibbles without
// reading the key; a key and its value are read once, to copy them (prefetched a few keys ahead).
//
// Storage: a first pass counts the nodes, nibbles and value bytes of each subtrie under the
// first branch (from the nibbles each key shares with the one before: see count()); the pools and
// arenas are sized once, each subtrie gets its own slice of them, and a second pass writes the
// subtries into their slices — side by side on the pool (merkleforge::parallel_for), since no
// slice is shared and nothing grows.
//
// Hashing: the recursion knows each node's height (a leaf 0, a branch one above its highest
// child, an extension one above its branch), so the writer files every node it writes by height
// and each subtrie is hashed level by level as soon as it is written, while it is still in cache
// and on its own thread — root_hash() then has nothing to walk, sort or hash. Within a level the
// ids increase (post-order visits nodes of equal height in allocation order), as the batch
// hasher wants them. Leaves, the bulk of the work, are encoded as they are written, from the
// caller's key bytes while they are in cache (leaf_from_key.hpp), not from the stored nibbles.
#include <stdexcept>

#include "batch_hasher.hpp"
#include "key_path.hpp"
#include "leaf_from_key.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "sorted_builder.hpp"
#include "trie_tags.hpp"

namespace merkleforge::mpt {

using detail::make_id;
using detail::Pool;

namespace {

constexpr std::size_t kPrefetchAhead = 8;
constexpr std::size_t kHeadNibbles = 16;

}  // namespace

// Node and arena slots of a subtrie: counted by count() (the top: by Counter), then the first
// free slot of a Writer.
struct MerklePatriciaTrie::SortedBuilder::Extent {
  std::size_t shorts = 0, branches = 0, nibbles = 0, values = 0;
  bool operator==(const Extent&) const = default;
};

// A node written by the builder and its height (0: a leaf).
struct MerklePatriciaTrie::SortedBuilder::Built {
  NodeId id;
  std::size_t height;
};

// A subtrie under the first branch: keys [first, last) from nibble `depth` on.
struct MerklePatriciaTrie::SortedBuilder::Part {
  std::size_t first, last, depth;
  Extent at, end;  // its slots: from `at` up to `end`
  Built root{kEmpty, 0};
};

// What the top of the trie needs (the nodes above the first branch), without reading keys or
// values; the subtries under the branch are counted by count().
class MerklePatriciaTrie::SortedBuilder::Counter {
 public:
  explicit Counter(std::span<const detail::KeyEntry> keys) : keys_(keys) {}

  NodeId leaf(std::size_t i, std::size_t depth) {
    ++extent.shorts;
    extent.nibbles += 2 * std::size_t{keys_[i].key_size} - depth;
    extent.values += keys_[i].value_size;
    return kEmpty;
  }
  NodeId extension(std::size_t, std::size_t from, std::size_t to, NodeId) {
    ++extent.shorts;
    extent.nibbles += to - from;
    return kEmpty;
  }
  NodeId branch() {
    ++extent.branches;
    return kEmpty;
  }
  void set_child(NodeId, std::uint8_t, NodeId) {}
  void set_value(NodeId, std::size_t i) { extent.values += keys_[i].value_size; }
  Built record(NodeId id, std::size_t height) { return {id, height}; }

  Extent extent;

 private:
  std::span<const detail::KeyEntry> keys_;
};

// The second pass: writes nodes, paths and values into the slots from `at` on (the pools and
// arenas are already sized; default-constructed nodes are empty), files them by height, and
// hands the leaves' encodings to `hasher` as one level.
class MerklePatriciaTrie::SortedBuilder::Writer {
 public:
  Writer(MerklePatriciaTrie& trie, const SortedBuilder& builder, Extent at, BatchHasher& hasher)
      : trie_(trie), builder_(builder), at_(at), hasher_(hasher) {
    hasher_.begin_level(trie_);
  }

  NodeId leaf(std::size_t i, std::size_t depth) {
    // Keys are visited in order but the caller's pairs, keys and values lie anywhere: the pair is
    // fetched twice as far ahead as its key and value, which need the pair's pointers. (Written
    // here, not in a helper: g++ treats a function that only prefetches as free of effects and
    // drops the call.)
    const auto keys = builder_.keys_;
    if (i + 2 * kPrefetchAhead < keys.size())
      __builtin_prefetch(&builder_.pairs_[keys[i + 2 * kPrefetchAhead].index]);
    if (i + kPrefetchAhead < keys.size()) {
      const KeyValue& ahead = builder_.pair(i + kPrefetchAhead);
      __builtin_prefetch(ahead.key.data());
      __builtin_prefetch(ahead.value.data());
    }
    const KeyValue& pair = builder_.pair(i);
    const Slice path = write_nibbles(pair.key, depth, 2 * pair.key.size());
    const NodeId id = write_short(path, write_value(pair.value), kEmpty);
    const detail::LeafFromKey encoding(pair.key, depth, pair.value);
    encoding.write(hasher_.append(id, encoding.size()));
    return id;
  }
  NodeId extension(std::size_t i, std::size_t from, std::size_t to, NodeId child) {
    return write_short(write_nibbles(builder_.pair(i).key, from, to), {}, child);
  }
  NodeId branch() { return make_id(Pool::branch, static_cast<NodeId>(at_.branches++)); }
  void set_child(NodeId branch, std::uint8_t nibble, NodeId child) {
    trie_.branches_[detail::index_of(branch)].children[nibble] = child;
  }
  void set_value(NodeId branch, std::size_t i) {
    const Slice value = write_value(builder_.pair(i).value);
    BranchNode& node = trie_.branches_[detail::index_of(branch)];
    node.value_begin = value.begin;
    node.value_size = value.size;
  }
  Built record(NodeId id, std::size_t height) {
    if (levels.size() <= height) levels.resize(height + 1);
    if (height > 0) levels[height].push_back(id);  // leaves went to the hasher when written
    return {id, height};
  }

  /// The first slots not written yet.
  const Extent& next_slots() const noexcept { return at_; }

  /// Hashes what was written: the leaves' level, then the levels above.
  void hash() {
    hasher_.finish_level();
    hasher_.hash_levels(trie_, levels, 1);
  }

  NodeLevels levels;  // the nodes written, by height (leaves: none)

 private:
  // Nibbles [from, to) of `key`, one per byte.
  Slice write_nibbles(ByteSpan key, std::size_t from, std::size_t to) {
    const Slice path{static_cast<std::uint32_t>(at_.nibbles),
                     static_cast<std::uint32_t>(to - from)};
    detail::write_key_nibbles(key, from, to, trie_.nibbles_.data() + at_.nibbles);
    at_.nibbles += to - from;
    return path;
  }
  Slice write_value(ByteSpan value) {
    const Slice slice{static_cast<std::uint32_t>(at_.values),
                      static_cast<std::uint32_t>(value.size())};
    std::copy(value.begin(), value.end(), trie_.values_.data() + at_.values);
    at_.values += value.size();
    return slice;
  }
  NodeId write_short(Slice path, Slice value, NodeId child) {
    ShortNode& node = trie_.shorts_[at_.shorts];
    node.path_begin = path.begin;
    node.path_size = path.size;
    node.value_begin = value.begin;
    node.value_size = value.size;
    node.child = child;
    return make_id(Pool::short_node, static_cast<NodeId>(at_.shorts++));
  }

  MerklePatriciaTrie& trie_;
  const SortedBuilder& builder_;
  Extent at_;
  BatchHasher& hasher_;
};

void MerklePatriciaTrie::SortedBuilder::build(MerklePatriciaTrie& trie,
                                              std::span<const KeyValue> pairs,
                                              std::span<const detail::KeyEntry> keys) {
  const SortedBuilder builder(pairs, keys);
  trie.shorts_.clear();
  trie.branches_.clear();
  trie.stubs_.clear();
  trie.free_shorts_.clear();
  trie.free_branches_.clear();
  trie.nibbles_.clear();
  trie.values_.clear();
  trie.root_ = kEmpty;
  if (keys.empty()) return;

  // The top of the trie (down to the first branch) is counted, and later written, by itself;
  // the subtries under it are the parts.
  std::vector<Part> parts;
  Counter top(keys);
  builder.node(top, 0, keys.size(), 0, [&](std::size_t first, std::size_t last, std::size_t depth) {
    parts.push_back({first, last, depth, {}, {}, {kEmpty, 0}});
    return Built{kEmpty, 0};  // counted, not built, here
  });
  const bool parallel = keys.size() >= trie.parallel_threshold_;
  // Grain 1 when parallel: a part is a whole subtrie under the first branch (up to 16); else a
  // grain of all the parts keeps them on the calling thread.
  const auto for_each_part = [&](auto work) {
    parallel_for(parts.size(), parallel ? 1 : parts.size(),
                 [&](std::size_t begin, std::size_t end) {
                   for (std::size_t j = begin; j < end; ++j) work(parts[j]);
                 });
  };
  for_each_part([&](Part& part) { part.at = builder.count(part.first, part.last, part.depth); });

  Extent end = top.extent;
  for (Part& part : parts) {
    const Extent size = part.at;
    part.at = end;
    end.shorts += size.shorts;
    end.branches += size.branches;
    end.nibbles += size.nibbles;
    end.values += size.values;
    part.end = end;
  }
  if (end.shorts > detail::kIndexMask || end.branches > detail::kIndexMask ||
      end.nibbles > 0xffffffffu || end.values > 0xffffffffu) {
    throw std::length_error("MerklePatriciaTrie pools exceed their 32-bit indices");
  }
  trie.shorts_.resize(end.shorts);
  trie.branches_.resize(end.branches);
  trie.nibbles_.resize(end.nibbles);
  trie.values_.resize(end.values);

  for_each_part([&](Part& part) {
    Writer writer(trie, builder, part.at, BatchHasher::for_this_thread());
    part.root = builder.subtrie(writer, part.first, part.last, part.depth);
    if (writer.next_slots() != part.end)  // count() and the writer disagree: a bug, not bad input
      throw std::logic_error("MerklePatriciaTrie::put_batch: a subtrie does not fill its slots");
    writer.hash();
  });
  Writer writer(trie, builder, Extent{}, BatchHasher::for_this_thread());
  std::size_t next_part = 0;
  trie.root_ =
      builder
          .node(writer, 0, keys.size(), 0,
                [&](std::size_t, std::size_t, std::size_t) { return parts[next_part++].root; })
          .id;
  writer.hash();
  trie.pending_changes_ = 0;
}

// The slots of the subtrie over keys [first, last) from nibble `depth` on, in one pass over the
// nibbles each key shares with the one before, without the writer's recursion. A key's leaf hangs
// from the deeper of the forks on either side of it, unless its key ends at the next fork (a
// branch's value). The forks inside [first, last) are the branches; a stack holds the depths of
// the branches still open (deepest last), so that a branch is counted when closed, with the
// extension between it and its parent (which forks at the shallower neighbouring depth).
MerklePatriciaTrie::SortedBuilder::Extent MerklePatriciaTrie::SortedBuilder::count(
    std::size_t first, std::size_t last, std::size_t depth) const {
  Extent extent;
  const auto shared = [&](std::size_t i) { return std::size_t{keys_[i].shared}; };
  for (std::size_t i = first; i < last; ++i) {
    extent.values += keys_[i].value_size;
    const std::size_t nibbles = 2 * std::size_t{keys_[i].key_size};
    if (i + 1 < last && shared(i + 1) == nibbles) continue;  // the value of the branch there
    const std::size_t previous_fork = i > first ? shared(i) : 0;
    const std::size_t next_fork = i + 1 < last ? shared(i + 1) : 0;
    const std::size_t leaf_depth =
        last - first == 1 ? depth : std::max(previous_fork, next_fork) + 1;
    ++extent.shorts;
    extent.nibbles += nibbles - leaf_depth;
  }
  std::vector<std::size_t> open;  // forks of the open branches, increasing
  const auto close = [&](std::size_t fork, std::size_t node_depth) {
    ++extent.branches;
    if (fork == node_depth) return;
    ++extent.shorts;  // the extension above the branch
    extent.nibbles += fork - node_depth;
  };
  for (std::size_t i = first + 1; i < last; ++i) {
    const std::size_t fork = shared(i);
    while (!open.empty() && open.back() > fork) {
      const std::size_t closed = open.back();
      open.pop_back();
      close(closed, std::max(open.empty() ? fork : open.back(), fork) + 1);
    }
    if (open.empty() || open.back() < fork) open.push_back(fork);
  }
  while (!open.empty()) {
    const std::size_t closed = open.back();
    open.pop_back();
    close(closed, open.empty() ? depth : open.back() + 1);
  }
  return extent;
}

// The node over keys [first, last) from nibble `depth` on; `child(first, last, depth)` gives each
// child of its branch.
template <class Out, class Child>
MerklePatriciaTrie::SortedBuilder::Built MerklePatriciaTrie::SortedBuilder::node(
    Out& out, std::size_t first, std::size_t last, std::size_t depth, Child child) const {
  if (last - first == 1) return out.record(out.leaf(first, depth), 0);
  const std::size_t fork = detail::shared_nibbles(pairs_, keys_[first], keys_[last - 1]);
  const NodeId branch = out.branch();
  if (2 * std::size_t{keys_[first].key_size} == fork) out.set_value(branch, first++);
  std::size_t height = 1;
  for_each_run(first, last, fork, [&](std::size_t begin, std::size_t end, std::uint8_t nibble) {
    const Built below = child(begin, end, fork + 1);
    out.set_child(branch, nibble, below.id);
    height = std::max(height, below.height + 1);
  });
  const Built built = out.record(branch, height);
  if (fork == depth) return built;
  return out.record(out.extension(first, depth, fork, branch), height + 1);
}

template <class Out>
MerklePatriciaTrie::SortedBuilder::Built MerklePatriciaTrie::SortedBuilder::subtrie(
    Out& out, std::size_t first, std::size_t last, std::size_t depth) const {
  return node(out, first, last, depth, [&](std::size_t begin, std::size_t end, std::size_t below) {
    return subtrie(out, begin, end, below);
  });
}

// Calls visit(begin, end, nibble) for each run of keys in [first, last) with the same nibble at
// `depth`. Precondition: the keys share their first `depth` nibbles and each has a nibble at
// `depth` (so a run ends where a key shares only `depth` nibbles with the one before).
template <class Visit>
void MerklePatriciaTrie::SortedBuilder::for_each_run(std::size_t first, std::size_t last,
                                                     std::size_t depth, Visit visit) const {
  while (first < last) {
    std::size_t end = first + 1;
    while (end < last && keys_[end].shared > depth) ++end;
    visit(first, end, nibble_at(first, depth));
    first = end;
  }
}

std::uint8_t MerklePatriciaTrie::SortedBuilder::nibble_at(std::size_t i,
                                                          std::size_t depth) const noexcept {
  if (depth < kHeadNibbles)
    return static_cast<std::uint8_t>(keys_[i].head >> (60 - 4 * depth) & 15);
  return key_nibble(pair(i).key, depth);
}

}  // namespace merkleforge::mpt
