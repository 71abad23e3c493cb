#include "merkleforge/core/large_pages.hpp"

#include <sys/mman.h>

#include <cstdlib>

namespace merkleforge::detail {

namespace {

constexpr std::size_t kHugePage = std::size_t{2} << 20;

bool uses_huge_pages(std::size_t bytes) noexcept {
  return bytes >= kHugePage;
}

std::size_t round_to_huge_pages(std::size_t bytes) noexcept {
  return (bytes + kHugePage - 1) / kHugePage * kHugePage;
}

}  // namespace

void* allocate_large(std::size_t bytes, std::size_t alignment) {
  if (!uses_huge_pages(bytes)) return ::operator new (bytes, std::align_val_t{alignment});
  const std::size_t rounded = round_to_huge_pages(bytes);
  void* pointer = std::aligned_alloc(kHugePage, rounded);
  if (pointer == nullptr) throw std::bad_alloc();
  // A hint: where transparent huge pages are off (or not Linux) this fails and nothing changes.
  (void)::madvise(pointer, rounded, MADV_HUGEPAGE);
  return pointer;
}

void deallocate_large(void* pointer, std::size_t bytes, std::size_t alignment) noexcept {
  if (!uses_huge_pages(bytes)) {
    ::operator delete (pointer, std::align_val_t{alignment});
    return;
  }
  std::free(pointer);
}

}  // namespace merkleforge::detail
