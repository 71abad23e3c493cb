// BinaryTrie structure: inserts (one by one and batched), lookups, deletes, height
// (include/merkleforge/bintrie/trie.hpp). Hashing: trie_hash.cpp; persistence: trie_store.cpp.
#include "merkleforge/bintrie/trie.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::bintrie {

using detail::is_internal;
using detail::is_stem;
using detail::kEmpty;
using detail::kStemBit;
using detail::stem_bit;

namespace {

bool same_stem(const std::uint8_t* a, const std::uint8_t* b) {
  return std::memcmp(a, b, sizeof(Stem)) == 0;
}

}  // namespace

/// Entries [begin, end) of a sorted batch share one stem.
template <class H>
struct BinaryTrie<H>::StemGroup {
  const std::uint8_t* stem;
  std::size_t begin;
  std::size_t end;
};

template <class H>
std::uint32_t BinaryTrie<H>::new_stem(const std::uint8_t* stem) {
  if (stems_.size() >= kStemBit - 1) throw std::length_error("binary trie: too many stems");
  StemNode node{};
  std::memcpy(node.stem.data(), stem, sizeof(Stem));
  node.stale = true;
  node.unsaved = true;
  node.first_slot = static_cast<std::uint32_t>(slots_.size());
  stems_.push_back(node);
  const auto index = static_cast<std::uint32_t>(stems_.size() - 1);
  unsaved_stems_.push_back(index);
  return index | kStemBit;
}

template <class H>
std::uint32_t BinaryTrie<H>::new_internal() {
  if (internals_.size() >= kStemBit - 1) throw std::length_error("binary trie: too many nodes");
  internals_.push_back(InternalNode{{kEmpty, kEmpty}, true});
  internal_hashes_.emplace_back();
  return static_cast<std::uint32_t>(internals_.size() - 1);
}

template <class H>
void BinaryTrie<H>::set_slot(std::uint32_t stem_ref, std::uint8_t suffix, const Digest32& value) {
  const std::uint32_t index = stem_ref & ~kStemBit;
  StemNode& node = stems_[index];
  node.stale = true;
  if (!node.unsaved) {
    node.unsaved = true;
    unsaved_stems_.push_back(index);
  }
  Slot* begin = slots_.data() + node.first_slot;
  Slot* end = begin + node.slot_count;
  Slot* at = std::lower_bound(begin, end, suffix,
                              [](const Slot& slot, std::uint8_t s) { return slot.suffix < s; });
  if (at != end && at->suffix == suffix) {
    at->value = value;
    return;
  }
  const auto position = static_cast<std::size_t>(at - begin);
  if (node.slot_count == node.slot_capacity) {
    // Moves the stem's slots to the end of the pool with twice the room; the old run stays as
    // garbage (at most the live slots again).
    const std::size_t capacity = std::min<std::size_t>(kStemWidth, 2u * node.slot_capacity + 1u);
    const std::size_t old_first = node.first_slot;
    node.first_slot = static_cast<std::uint32_t>(slots_.size());
    slots_.resize(slots_.size() + capacity);
    std::copy_n(slots_.begin() + static_cast<std::ptrdiff_t>(old_first), node.slot_count,
                slots_.begin() + node.first_slot);
    node.slot_capacity = static_cast<std::uint16_t>(capacity);
  }
  Slot* run = slots_.data() + node.first_slot;
  std::copy_backward(run + position, run + node.slot_count, run + node.slot_count + 1);
  run[position] = Slot{suffix, value};
  ++node.slot_count;
  ++size_;
}

template <class H>
void BinaryTrie<H>::insert(const TreeKey& key, const Digest32& value) {
  const std::uint8_t* stem = key.data();
  std::uint32_t parent = kEmpty;  // kEmpty: the reference being replaced is root_
  unsigned side = 0;
  const auto link = [&](std::uint32_t child) {
    if (parent == kEmpty) {
      root_ = child;
    } else {
      internals_[parent].child[side] = child;
    }
  };
  std::uint32_t ref = root_;
  for (unsigned depth = 0;; ++depth) {
    if (ref == kEmpty) {
      const std::uint32_t created = new_stem(stem);
      set_slot(created, key[31], value);
      link(created);
      return;
    }
    if (is_internal(ref)) {
      internals_[ref].stale = true;
      parent = ref;
      side = stem_bit(stem, depth);
      ref = internals_[ref].child[side];
      continue;
    }
    const Stem existing = stems_[ref & ~kStemBit].stem;
    if (same_stem(existing.data(), stem)) {
      set_slot(ref, key[31], value);
      return;
    }
    // Split: one internal node per bit the stems share from here, then one where they part.
    while (stem_bit(existing.data(), depth) == stem_bit(stem, depth)) {
      const std::uint32_t chain = new_internal();
      link(chain);
      parent = chain;
      side = stem_bit(stem, depth);
      ++depth;
    }
    const std::uint32_t fork = new_internal();
    link(fork);
    const std::uint32_t created = new_stem(stem);
    set_slot(created, key[31], value);
    const unsigned new_side = stem_bit(stem, depth);
    internals_[fork].child[new_side] = created;
    internals_[fork].child[1 - new_side] = ref;
    return;
  }
}

template <class H>
std::uint32_t BinaryTrie<H>::merge(std::uint32_t ref, unsigned depth,
                                   std::span<const StemGroup> groups,
                                   std::span<const Entry> entries) {
  if (groups.empty()) return ref;
  if (is_stem(ref) && groups.size() == 1 &&
      same_stem(stems_[ref & ~kStemBit].stem.data(), groups[0].stem)) {
    for (std::size_t i = groups[0].begin; i < groups[0].end; ++i) {
      set_slot(ref, entries[i].key[31], entries[i].value);
    }
    return ref;
  }
  if (ref == kEmpty && groups.size() == 1) {
    const std::uint32_t created = new_stem(groups[0].stem);
    for (std::size_t i = groups[0].begin; i < groups[0].end; ++i) {
      set_slot(created, entries[i].key[31], entries[i].value);
    }
    return created;
  }
  // Groups are sorted by stem: those with bit `depth` clear come first.
  const auto split =
      std::partition_point(groups.begin(), groups.end(),
                           [depth](const StemGroup& g) { return stem_bit(g.stem, depth) == 0; });
  const auto left = groups.subspan(0, static_cast<std::size_t>(split - groups.begin()));
  const auto right = groups.subspan(left.size());
  std::uint32_t node = ref;
  std::uint32_t children[2] = {kEmpty, kEmpty};
  if (is_internal(ref)) {
    children[0] = internals_[ref].child[0];
    children[1] = internals_[ref].child[1];
  } else {
    // An existing stem among new ones (or several new stems): a fresh internal node here, the
    // existing stem one level down on its side.
    node = new_internal();
    if (ref != kEmpty) children[stem_bit(stems_[ref & ~kStemBit].stem.data(), depth)] = ref;
  }
  const std::uint32_t merged_left = merge(children[0], depth + 1, left, entries);
  const std::uint32_t merged_right = merge(children[1], depth + 1, right, entries);
  internals_[node].child[0] = merged_left;
  internals_[node].child[1] = merged_right;
  internals_[node].stale = true;
  return node;
}

template <class H>
void BinaryTrie<H>::insert_batch(std::span<const Entry> entries) {
  // Sorts 16-byte handles (the key's first 8 bytes as a number, and the entry's index) rather
  // than the 64-byte entries; ties on the prefix fall back to the whole key, then to the index,
  // so equal keys stay in write order.
  struct Handle {
    std::uint64_t prefix;
    std::uint32_t index;
  };
  if (entries.size() >= kStemBit) throw std::length_error("binary trie: batch too large");
  std::vector<Handle> handles(entries.size());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    std::uint64_t prefix = 0;
    for (int b = 0; b < 8; ++b)
      prefix = (prefix << 8) | entries[i].key[static_cast<std::size_t>(b)];
    handles[i] = {prefix, static_cast<std::uint32_t>(i)};
  }
  // Grain 1024: parts of at most 1,024 handles (16 KiB, ~50 µs of std::sort) end on one thread.
  // The order is total, so the result is the one sorted order.
  parallel_sort(handles.begin(), handles.end(), 1024, [&entries](const Handle& a, const Handle& b) {
    if (a.prefix != b.prefix) return a.prefix < b.prefix;
    const int order = std::memcmp(entries[a.index].key.data(), entries[b.index].key.data(), 32);
    return order != 0 ? order < 0 : a.index < b.index;
  });
  // Of equal keys keep the last written.
  std::vector<Entry> sorted;
  sorted.reserve(handles.size());
  for (std::size_t i = 0; i < handles.size(); ++i) {
    if (i + 1 < handles.size() && handles[i + 1].prefix == handles[i].prefix &&
        entries[handles[i + 1].index].key == entries[handles[i].index].key) {
      continue;
    }
    sorted.push_back(entries[handles[i].index]);
  }
  std::vector<StemGroup> groups;
  for (std::size_t i = 0; i < sorted.size();) {
    std::size_t end = i + 1;
    while (end < sorted.size() && same_stem(sorted[end].key.data(), sorted[i].key.data())) ++end;
    groups.push_back(StemGroup{sorted[i].key.data(), i, end});
    i = end;
  }
  // Room for the new nodes at once (geometric, so that many small batches stay linear).
  const auto make_room = [](auto& pool, std::size_t more) {
    if (pool.size() + more > pool.capacity())
      pool.reserve(std::max(pool.size() + more, 2 * pool.capacity()));
  };
  make_room(internals_, groups.size() + groups.size() / 2);
  make_room(internal_hashes_, groups.size() + groups.size() / 2);
  make_room(stems_, groups.size());
  root_ = merge(root_, 0, groups, sorted);
}

template <class H>
std::uint32_t BinaryTrie<H>::find_stem(const std::uint8_t* stem) const {
  std::uint32_t ref = root_;
  for (unsigned depth = 0; ref != kEmpty && is_internal(ref); ++depth) {
    ref = internals_[ref].child[stem_bit(stem, depth)];
  }
  if (ref == kEmpty || !same_stem(stems_[ref & ~kStemBit].stem.data(), stem)) return kEmpty;
  return ref;
}

template <class H>
std::optional<Digest32> BinaryTrie<H>::get(const TreeKey& key) const {
  const std::uint32_t ref = find_stem(key.data());
  if (ref == kEmpty) return std::nullopt;
  const auto run = slots(stem_node(ref));
  const auto at =
      std::lower_bound(run.begin(), run.end(), key[31],
                       [](const Slot& slot, std::uint8_t s) { return slot.suffix < s; });
  if (at == run.end() || at->suffix != key[31]) return std::nullopt;
  return at->value;
}

template <class H>
bool BinaryTrie<H>::remove(const TreeKey& key) {
  if (!get(key)) return false;
  insert(key, Digest32{});
  return true;
}

template <class H>
std::size_t BinaryTrie<H>::height_of(std::uint32_t ref) const {
  if (ref == kEmpty) return 0;
  if (is_stem(ref)) return 1;
  return 1 + std::max(height_of(internals_[ref].child[0]), height_of(internals_[ref].child[1]));
}

template <class H>
std::size_t BinaryTrie<H>::height() const {
  return height_of(root_);
}

template <class H>
Digest32 BinaryTrie<H>::node_hash(std::uint32_t ref) const {
  if (ref == kEmpty) return Digest32{};
  if (is_stem(ref)) return stems_[ref & ~kStemBit].hash;
  return internal_hashes_[ref];
}

template class BinaryTrie<Sha256>;
template class BinaryTrie<Blake3>;

}  // namespace merkleforge::bintrie
