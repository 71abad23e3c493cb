// The replaceable global operator new and delete, counting. In a file of their own so that no
// caller sees (and inlines) the replacements. libstdc++'s array and nothrow forms call these two
// operator new forms, so replacing them counts those too; the deletes are replaced to pair with
// the allocation functions used here.
#include "verkle_trie/allocation_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {

std::atomic<std::uint64_t> g_bytes{0};
std::atomic<std::uint64_t> g_calls{0};

void count(std::size_t size) noexcept {
  g_bytes.fetch_add(size, std::memory_order_relaxed);
  g_calls.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

AllocationTotals allocation_totals() noexcept {
  return {g_bytes.load(std::memory_order_relaxed), g_calls.load(std::memory_order_relaxed)};
}

void* operator new(std::size_t size) {
  count(size);
  if (void* pointer = std::malloc(size == 0 ? 1 : size)) return pointer;
  throw std::bad_alloc();
}

void* operator new(std::size_t size, std::align_val_t alignment) {
  count(size);
  const auto align = static_cast<std::size_t>(alignment);
  // aligned_alloc wants a size that is a multiple of the alignment.
  const std::size_t rounded = (size + align - 1) / align * align;
  if (void* pointer = std::aligned_alloc(align, rounded == 0 ? align : rounded)) return pointer;
  throw std::bad_alloc();
}

void operator delete(void* pointer) noexcept {
  std::free(pointer);
}
void operator delete(void* pointer, std::size_t) noexcept {
  std::free(pointer);
}
void operator delete(void* pointer, std::align_val_t) noexcept {
  std::free(pointer);
}
void operator delete(void* pointer, std::size_t, std::align_val_t) noexcept {
  std::free(pointer);
}
