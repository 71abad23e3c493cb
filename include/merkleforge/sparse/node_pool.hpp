// Storage of the nodes of SparseMerkleTree in memory.
//
// Nodes live in chunked pools and refer to each other by 32-bit references, which keeps a node
// small (an interior node is its two child hashes, two references, a version and a store id: 80
// bytes) and
// lets parallel batch updates allocate while other tasks read: chunks never move. An interior
// node stores the hashes of its children (not its own), so a proof reads each sibling hash from
// the node on the path without visiting the sibling.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/large_pages.hpp"

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

struct InternalNode {
  std::array<Digest32, 2> child_hash;  // left ‖ right: the message of this node's own hash
  std::array<NodeRef, 2> child;
  std::uint32_t version;   // the version that created this node (copy-on-write boundary)
  std::uint32_t store_id;  // with version, names the node in a NodeStore (store_layout.hpp)
};

/// A value stored inline when it fits in 32 bytes (the common case: hashes, small accounts),
/// otherwise in one heap block owned by the leaf.
class LeafValue {
 public:
  static constexpr std::size_t kInline = 32;

  LeafValue() noexcept = default;
  LeafValue(const LeafValue&) = delete;
  LeafValue& operator=(const LeafValue&) = delete;
  ~LeafValue() { reset(); }

  void assign(ByteSpan value);
  void reset() noexcept;
  ByteSpan view() const noexcept {
    return {size_ <= kInline ? storage_.bytes : storage_.heap, size_};
  }

 private:
  union Storage {
    std::uint8_t bytes[kInline];
    std::uint8_t* heap;
  };
  std::uint32_t size_ = 0;
  Storage storage_{};
};

struct LeafNode {
  Digest32 key_hash;
  std::uint32_t version;
  std::uint32_t store_id;
  LeafValue value;
};

/// A pool of T addressed by 32-bit indices, grown in chunks so that references to existing
/// elements stay valid while others are allocated (from several threads).
///
/// The first chunks are small (an empty or small tree costs little); later ones each fill one
/// 2 MiB block advised as a transparent huge page (core/large_pages.hpp). A large tree is mostly
/// outside the cache and every level of a walk lands on another page: with 4 KiB pages each of
/// those loads also misses the TLB, with 2 MiB pages the TLB covers the pool's pages.
template <class T>
class ChunkedPool {
 public:
  static constexpr std::size_t kSmallChunk = 1024;
  static constexpr std::size_t kSmallChunks = 32;
  static constexpr std::size_t kSmallElements = kSmallChunk * kSmallChunks;
  static constexpr std::size_t kLargeChunkBytes = std::size_t{2} << 20;
  static constexpr std::size_t kLargeChunk = kLargeChunkBytes / sizeof(T);
  static constexpr std::size_t kMaxElements = std::size_t{1} << 31;
  static constexpr std::size_t kMaxChunks =
      kSmallChunks + (kMaxElements - kSmallElements) / kLargeChunk + 1;

  ChunkedPool() { chunks_.reserve(kMaxChunks); }  // address space only, touched as chunks come
  ChunkedPool(const ChunkedPool&) = delete;
  ChunkedPool& operator=(const ChunkedPool&) = delete;
  ~ChunkedPool() {
    for (std::size_t chunk = 0; chunk < chunks_.size(); ++chunk) {
      std::destroy_n(chunks_[chunk], chunk_size(chunk));
      detail::deallocate_large(chunks_[chunk], chunk_bytes(chunk), alignof(T));
    }
  }

  T& operator[](std::uint32_t index) noexcept { return *locate(index); }
  const T& operator[](std::uint32_t index) const noexcept { return *locate(index); }

  /// Index of an unused element (its content is whatever release() left). Thread-safe.
  std::uint32_t allocate() {
    std::lock_guard lock(mutex_);
    ++live_;
    if (!free_.empty()) {
      const std::uint32_t index = free_.back();
      free_.pop_back();
      return index;
    }
    if (next_ == capacity_) add_chunk();
    return next_++;
  }

  /// Returns an element to the pool. Thread-safe.
  void release(std::uint32_t index) {
    std::lock_guard lock(mutex_);
    --live_;
    free_.push_back(index);
  }

  std::size_t live() const noexcept { return live_; }
  /// Bytes held by the pool (chunks, huge-page blocks counted whole, and free list), not counting
  /// what elements own elsewhere.
  std::size_t capacity_bytes() const noexcept {
    std::size_t bytes = free_.capacity() * sizeof(std::uint32_t);
    for (std::size_t chunk = 0; chunk < chunks_.size(); ++chunk) bytes += chunk_bytes(chunk);
    return bytes;
  }

 private:
  static std::size_t chunk_size(std::size_t chunk) noexcept {
    return chunk < kSmallChunks ? kSmallChunk : kLargeChunk;
  }
  static std::size_t chunk_bytes(std::size_t chunk) noexcept {
    return chunk < kSmallChunks ? kSmallChunk * sizeof(T) : kLargeChunkBytes;
  }

  T* locate(std::uint32_t index) const noexcept {
    if (index < kSmallElements) return chunks_[index / kSmallChunk] + index % kSmallChunk;
    const std::size_t rest = index - kSmallElements;
    return chunks_[kSmallChunks + rest / kLargeChunk] + rest % kLargeChunk;
  }

  void add_chunk() {
    const std::size_t chunk = chunks_.size();
    if (chunk == kMaxChunks || capacity_ + chunk_size(chunk) > kMaxElements)
      throw std::length_error("sparse tree: node pool is full");
    void* memory = detail::allocate_large(chunk_bytes(chunk), alignof(T));
    chunks_.push_back(
        std::uninitialized_value_construct_n(static_cast<T*>(memory), chunk_size(chunk)) -
        chunk_size(chunk));
    capacity_ += static_cast<std::uint32_t>(chunk_size(chunk));
  }

  std::vector<T*> chunks_;  // reserved up front: never reallocates
  std::vector<std::uint32_t> free_;
  std::uint32_t next_ = 0;
  std::uint32_t capacity_ = 0;  // elements in chunks_
  std::size_t live_ = 0;
  std::mutex mutex_;
};

}  // namespace merkleforge::sparse_detail
