// Address space for the sparse tree's node pools (node_pool.hpp): reserved whole, made usable in
// steps, advised as transparent huge pages.
#include <sys/mman.h>

#include <cstdint>
#include <new>

#include "node_pool.hpp"

namespace merkleforge::sparse_detail {

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

}  // namespace

void* reserve_node_memory(std::size_t bytes) {
  // PROT_NONE and MAP_NORESERVE: address space only, no memory and no commit charge until
  // commit_node_memory. One huge page more than asked, so that the start can be aligned to one.
  const std::size_t mapped = bytes + kHugePage;
  void* mapping =
      ::mmap(nullptr, mapped, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (mapping == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(mapping);
  const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) ::munmap(mapping, aligned - start);
  const std::uintptr_t end = start + mapped;
  if (end > aligned + bytes)
    ::munmap(reinterpret_cast<void*>(aligned + bytes), end - aligned - bytes);
  // A hint: where transparent huge pages are off this fails and nothing changes.
  (void)::madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}

void commit_node_memory(void* base, std::size_t from, std::size_t to) {
  if (::mprotect(static_cast<char*>(base) + from, to - from, PROT_READ | PROT_WRITE) != 0)
    throw std::bad_alloc();
}

void release_node_memory(void* base, std::size_t bytes) noexcept {
  ::munmap(base, bytes);
}

}  // namespace merkleforge::sparse_detail
