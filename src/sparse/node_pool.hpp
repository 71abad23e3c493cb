// Storage of the nodes of SparseMerkleTree in memory.
//
// Nodes live in pools and refer to each other by 32-bit references, which keeps a node small and
// lets parallel batch updates allocate while other tasks read: nodes never move. An interior
// node stores the hashes of its children (not its own), so a proof reads each sibling hash from
// the node on the path without visiting the sibling.
//
// Interior nodes are split in two parts indexed alike: the child references (8 bytes, the only
// thing a walk down the tree must wait for at each level) in one array, the child hashes,
// version and store id (72 bytes) in another. At 1M keys the references are ~11.5 MB, which
// stays in the L3 cache, so the walk's chain of dependent loads mostly hits it; the hashes a
// walk needs do not depend on each other and their loads overlap.
// Internal to the sparse tree (src/sparse), not installed.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::sparse_detail {

/// 0: empty subtree; top bit set: leaf (index in the low 31 bits); otherwise interior node + 1.
using NodeRef = std::uint32_t;
inline constexpr NodeRef kEmptyRef = 0;
inline constexpr NodeRef kLeafTag = NodeRef{1} << 31;

inline bool is_leaf(NodeRef ref) noexcept {
  return (ref & kLeafTag) != 0;
}
inline bool is_internal(NodeRef ref) noexcept {
  return ref != kEmptyRef && !is_leaf(ref);
}
inline std::uint32_t leaf_index(NodeRef ref) noexcept {
  return ref & ~kLeafTag;
}
inline std::uint32_t internal_index(NodeRef ref) noexcept {
  return ref - 1;
}
inline NodeRef leaf_ref(std::uint32_t index) noexcept {
  return index | kLeafTag;
}
inline NodeRef internal_ref(std::uint32_t index) noexcept {
  return index + 1;
}

/// The cold part of an interior node: what a walk reads only on the nodes it visits, after it
/// knows them.
struct InternalNode {
  std::array<Digest32, 2> child_hash;  // left ‖ right: the message of this node's own hash
  std::uint32_t version;   // the version that created this node (copy-on-write boundary)
  std::uint32_t store_id;  // with version, names the node in a NodeStore (store_layout.hpp)
};
static_assert(sizeof(InternalNode) == 72);

/// The hot part of an interior node: its children, left and right, in their own array.
struct ChildRefs {
  std::array<NodeRef, 2> child;
};
static_assert(sizeof(ChildRefs) == 8);

/// A value stored inline when it fits in 32 bytes (the common case: hashes, small accounts),
/// otherwise in one heap block owned by the leaf. The block's address is kept in the inline bytes
/// (copied in and out), not in a pointer member, so that the value is 4-byte aligned: 36 bytes
/// instead of 40, and a leaf 76 bytes instead of 80 (4 bytes per key).
class LeafValue {
 public:
  static constexpr std::size_t kInline = 32;

  LeafValue() noexcept = default;
  LeafValue(const LeafValue&) = delete;
  LeafValue& operator=(const LeafValue&) = delete;
  ~LeafValue() { reset(); }

  void assign(ByteSpan value);
  void reset() noexcept;
  ByteSpan view() const noexcept { return {size_ <= kInline ? bytes_ : heap(), size_}; }

 private:
  std::uint8_t* heap() const noexcept {
    std::uint8_t* block;
    std::memcpy(&block, bytes_, sizeof block);
    return block;
  }
  void set_heap(std::uint8_t* block) noexcept { std::memcpy(bytes_, &block, sizeof block); }

  std::uint32_t size_ = 0;
  std::uint8_t bytes_[kInline] = {};  // the value, or the address of its heap block
};
static_assert(sizeof(LeafValue) == 36 && alignof(LeafValue) == 4);

struct LeafNode {
  Digest32 key_hash;
  std::uint32_t version;
  std::uint32_t store_id;
  LeafValue value;
};
static_assert(sizeof(LeafNode) == 76);

/// Address space of `bytes` bytes (2 MiB aligned, advised as transparent huge pages) that uses
/// no memory until committed. Throws std::bad_alloc when the system refuses it.
void* reserve_node_memory(std::size_t bytes);
/// Makes bytes [from, to) of a reservation usable (page-aligned bounds). Throws std::bad_alloc.
void commit_node_memory(void* base, std::size_t from, std::size_t to);
void release_node_memory(void* base, std::size_t bytes) noexcept;

/// An array of up to 2^31 T in address space reserved up front (no memory) and committed as it
/// grows, so an element is at base + index * sizeof(T) and never moves.
template <class T>
class NodeArray {
 public:
  static constexpr std::size_t kMaxElements = std::size_t{1} << 31;
  static constexpr std::size_t kReservedBytes = kMaxElements * sizeof(T);

  NodeArray() : base_(static_cast<T*>(reserve_node_memory(kReservedBytes))) {}
  NodeArray(const NodeArray&) = delete;
  NodeArray& operator=(const NodeArray&) = delete;
  ~NodeArray() {
    std::destroy_n(base_, size_);
    release_node_memory(base_, kReservedBytes);
  }

  T& operator[](std::uint32_t index) noexcept { return base_[index]; }
  const T& operator[](std::uint32_t index) const noexcept { return base_[index]; }

  /// Commits memory for at least `size` elements, in whole `granule`s (a multiple of the page
  /// size), and constructs the new ones; returns how many fit in what is now committed.
  std::size_t grow_to(std::size_t size, std::size_t granule) {
    const std::size_t wanted = size * sizeof(T);
    const std::size_t committed =
        std::min((wanted + granule - 1) / granule * granule, kReservedBytes);
    if (committed > committed_) commit_node_memory(base_, committed_, committed);
    committed_ = std::max(committed_, committed);
    const std::size_t fitting = committed_ / sizeof(T);
    std::uninitialized_value_construct(base_ + size_, base_ + fitting);
    size_ = fitting;
    return fitting;
  }
  std::size_t committed_bytes() const noexcept { return committed_; }

 private:
  T* const base_;
  std::size_t size_ = 0;       // elements constructed: [0, size_)
  std::size_t committed_ = 0;  // bytes of the reservation made usable
};

/// A pool of nodes addressed by 32-bit indices, thread-safe to allocate from while other threads
/// read: elements never move. A node is a T and, when `Parts` are given, one element of each of
/// those at the same index in arrays of their own (a node split into hot and cold parts).
///
/// Each array reserves address space for all 2^31 elements up front (no memory) and commits it
/// as the pool grows, so an element is at base + index * size: a walk from node to node costs one
/// dependent load per level. (Chunks of 2 MiB holding a non-power-of-two count of 80-byte nodes
/// cost a division and the load of a chunk pointer on top of it, ~15 cycles per level.) Memory
/// comes in steps of 1,024 elements while the pool is small (an empty or small tree costs
/// little), then in whole 2 MiB huge pages: a large tree is mostly outside the cache and every
/// level of a walk lands on another page, which with 4 KiB pages would also miss the TLB.
template <class T, class... Parts>
class NodePool {
 public:
  static constexpr std::size_t kMaxElements = NodeArray<T>::kMaxElements;
  static constexpr std::size_t kSmallStep = 1024;
  static constexpr std::size_t kSmallElements = 32 * kSmallStep;
  static constexpr std::size_t kPage = 4096;
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  NodePool() = default;
  NodePool(const NodePool&) = delete;
  NodePool& operator=(const NodePool&) = delete;

  T& operator[](std::uint32_t index) noexcept { return std::get<0>(arrays_)[index]; }
  const T& operator[](std::uint32_t index) const noexcept { return std::get<0>(arrays_)[index]; }
  /// The `Part` of node `index`.
  template <class Part>
  Part& part(std::uint32_t index) noexcept {
    return std::get<NodeArray<Part>>(arrays_)[index];
  }
  template <class Part>
  const Part& part(std::uint32_t index) const noexcept {
    return std::get<NodeArray<Part>>(arrays_)[index];
  }

  /// Index of an unused element (its content is whatever release() left). Thread-safe.
  std::uint32_t allocate() {
    std::lock_guard lock(mutex_);
    return allocate_alone();
  }
  /// Returns an element to the pool. Thread-safe.
  void release(std::uint32_t index) {
    std::lock_guard lock(mutex_);
    release_alone(index);
  }

  // For a caller that knows no other thread allocates or releases meanwhile (a tree's put and
  // erase, outside batches): the same without the lock, whose two locked instructions (full
  // barriers on x86) cost more than the rest of an allocation.

  std::uint32_t allocate_alone() {
    if (free_.empty() && next_ == capacity_) grow();
    ++live_;
    if (!free_.empty()) {
      const std::uint32_t index = free_.back();
      free_.pop_back();
      return index;
    }
    return next_++;
  }
  void release_alone(std::uint32_t index) {
    --live_;
    free_.push_back(index);
  }

  std::size_t live() const noexcept { return live_; }
  /// Bytes held by the pool (committed memory of every array, huge pages counted whole, and the
  /// free list), not counting what elements own elsewhere.
  std::size_t capacity_bytes() const noexcept {
    const std::size_t committed =
        std::apply([](const auto&... array) { return (array.committed_bytes() + ...); }, arrays_);
    return committed + free_.capacity() * sizeof(std::uint32_t);
  }

 private:
  /// Room for kSmallStep more elements, or once large for at least one: the first array (the
  /// largest part) up to its next huge page boundary, the other parts as far as needed.
  void grow() {
    if (capacity_ == kMaxElements) throw std::length_error("sparse tree: node pool is full");
    const bool small = capacity_ < kSmallElements;
    const std::size_t granule = small ? kPage : kHugePage;
    const std::size_t capacity = std::min(
        std::get<0>(arrays_).grow_to(capacity_ + (small ? kSmallStep : 1), granule), kMaxElements);
    std::apply([&](auto&, auto&... parts) { (parts.grow_to(capacity, granule), ...); }, arrays_);
    capacity_ = static_cast<std::uint32_t>(capacity);
  }

  std::tuple<NodeArray<T>, NodeArray<Parts>...> arrays_;
  std::vector<std::uint32_t> free_;
  std::uint32_t next_ = 0;
  std::uint32_t capacity_ = 0;  // elements usable in every array: [0, capacity_)
  std::size_t live_ = 0;
  std::mutex mutex_;
};

}  // namespace merkleforge::sparse_detail
