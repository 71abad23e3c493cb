// Storage for large arrays of hashes (tree levels, node pools) that are filled right after they
// are allocated.
//
// On this kind of workload a fresh 32 MiB array costs more in page faults than the hashing that
// fills it is worth discounting: one fault per 4 KiB page, several microseconds each on a virtual
// machine (measured: 35 ms per 32 MiB here, against 6–12 ms with 2 MiB pages). So arrays of
// 2 MiB and more are placed on 2 MiB-aligned memory advised as transparent huge pages (a hint the
// kernel may ignore; nothing depends on it), and elements are default-initialised: a level of
// digests is written by the hash kernel before it is read, so zeroing it first is wasted work.
//
// Freed arrays of 2 MiB and more go to a pool (at most kLargePagePoolBytes) and serve the next
// allocation of the same size rounded to 2 MiB: a prover makes and drops tables of a few sizes
// over and over, and each fresh mapping would be zeroed by the kernel again. The pool's memory
// stays with the process until release_large_page_pool().
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>
#include <vector>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge {

/// Most bytes the pool of freed huge blocks keeps: 8 GiB, as the Boolean engine's MUL check at
/// 1,000,000 u32 products drops tables of 0.5–1 GiB (with 1 GiB the kernel's zeroing of fresh pages
/// took twice the system time; Keccak-f and SHA-256's peaks grew by 2 %). 1 GiB on 32-bit targets.
inline constexpr std::size_t kLargePagePoolBytes =
    sizeof(std::size_t) >= 8 ? static_cast<std::size_t>(std::uint64_t{1} << 33)
                             : std::size_t{1} << 30;

/// Returns the pool's blocks to the system (e.g. after a proof, before other work). Thread-safe.
void release_large_page_pool() noexcept;
/// Bytes the pool holds now. Thread-safe.
std::size_t large_page_pool_bytes();

namespace detail {
/// Allocates `bytes` bytes aligned to `alignment`, on huge pages when large; never returns null.
void* allocate_large(std::size_t bytes, std::size_t alignment);
/// Frees what allocate_large(bytes, alignment) returned, with the same arguments.
void deallocate_large(void* pointer, std::size_t bytes, std::size_t alignment) noexcept;
}  // namespace detail

/// A std::allocator replacement with the two properties above. Stateless: all instances are
/// interchangeable.
template <class T>
class LargePageAllocator {
 public:
  using value_type = T;

  LargePageAllocator() noexcept = default;
  template <class U>
  LargePageAllocator(const LargePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t count) {
    if (count > std::size_t(-1) / sizeof(T)) throw std::bad_array_new_length();
    return static_cast<T*>(detail::allocate_large(count * sizeof(T), alignof(T)));
  }
  void deallocate(T* pointer, std::size_t count) noexcept {
    detail::deallocate_large(pointer, count * sizeof(T), alignof(T));
  }

  /// Default-initialises (no zeroing) when no value is given; otherwise constructs as usual.
  template <class U, class... Args>
  void construct(U* pointer, Args&&... args) {
    if constexpr (sizeof...(Args) == 0) {
      ::new (static_cast<void*>(pointer)) U;
    } else {
      ::new (static_cast<void*>(pointer)) U(std::forward<Args>(args)...);
    }
  }

  template <class U>
  bool operator==(const LargePageAllocator<U>&) const noexcept {
    return true;
  }
};

/// A growable array on LargePageAllocator: for buffers of megabytes that are written soon after
/// they are made (codewords, fold buffers, tables). Elements are default-initialised, so a class
/// with member initialisers (the field elements) still starts at its default value.
template <class T>
using LargeVector = std::vector<T, LargePageAllocator<T>>;

/// Frees `v`'s storage now: `v = {}` and `v.clear()` keep its capacity (the initializer-list
/// assignment clears in place), which for a table of gigabytes is the difference that matters.
template <class Vector>
void free_storage(Vector& v) noexcept {
  Vector().swap(v);
}

/// A growable array of digests on LargePageAllocator: `DigestArray(n)` leaves the n digests
/// uninitialised, to be written before they are read.
using DigestArray = LargeVector<Digest32>;

}  // namespace merkleforge
