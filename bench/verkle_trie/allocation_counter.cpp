// The replaceable global operator new, counting bytes. In a file of its own so that no caller
// sees (and inlines) the replacement.
#include "verkle_trie/allocation_counter.hpp"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> g_allocated{0};
}

std::size_t allocated_bytes() noexcept {
  return g_allocated.load(std::memory_order_relaxed);
}

void* operator new(std::size_t size) {
  g_allocated.fetch_add(size, std::memory_order_relaxed);
  if (void* pointer = std::malloc(size == 0 ? 1 : size)) return pointer;
  throw std::bad_alloc();
}
void operator delete(void* pointer) noexcept {
  std::free(pointer);
}
void operator delete(void* pointer, std::size_t) noexcept {
  std::free(pointer);
}
