// DigestArray behaves as a std::vector on both sides of the huge-page threshold (2 MiB); freed
// huge arrays are reused through the pool, up to its limit, and released on request.
#include "merkleforge/core/large_pages.hpp"

#include <gtest/gtest.h>

#include <cstdint>

namespace merkleforge {
namespace {

Digest32 numbered(std::size_t i) {
  Digest32 digest{};
  for (int b = 0; b < 8; ++b) digest[b] = static_cast<std::uint8_t>(i >> (8 * b));
  return digest;
}

void expect_numbered(const DigestArray& array, std::size_t count) {
  ASSERT_EQ(array.size(), count);
  for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(array[i], numbered(i)) << i;
}

TEST(LargePages, SmallAndHugeArraysHoldWhatIsWritten) {
  for (std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{1000}, std::size_t{65536},
                            std::size_t{200000}}) {
    DigestArray array(count);
    for (std::size_t i = 0; i < count; ++i) array[i] = numbered(i);
    expect_numbered(array, count);
    const DigestArray copy = array;  // copies cross the same threshold
    expect_numbered(copy, count);
  }
}

TEST(LargePages, GrowingAcrossTheThresholdKeepsTheContents) {
  DigestArray array;
  for (std::size_t i = 0; i < 150000; ++i) array.push_back(numbered(i));  // 4.8 MB
  expect_numbered(array, 150000);
  array.resize(10);
  array.shrink_to_fit();
  expect_numbered(array, 10);
}

TEST(LargePages, ValuesGivenAtConstructionAreKept) {
  const Digest32 fill = numbered(77);
  const DigestArray array(100000, fill);  // only DigestArray(n) leaves the digests unset
  for (const Digest32& digest : array) ASSERT_EQ(digest, fill);
}

struct Zeroed {
  std::uint64_t value = 0;
};

TEST(LargePages, FreedHugeArraysAreReusedWithFreshValues) {
  release_large_page_pool();
  const void* first = nullptr;
  {
    LargeVector<std::uint64_t> scribbled(std::size_t{1} << 20, ~std::uint64_t{0});  // 8 MiB
    first = scribbled.data();
  }
  EXPECT_EQ(large_page_pool_bytes(), std::size_t{8} << 20);
  const LargeVector<Zeroed> reused(std::size_t{1} << 20);  // the same size: the same block
  EXPECT_EQ(static_cast<const void*>(reused.data()), first);
  EXPECT_EQ(large_page_pool_bytes(), 0u);
  for (const Zeroed& z : reused) ASSERT_EQ(z.value, 0u);  // member initialisers still run
}

TEST(LargePages, PoolKeepsAtMostItsLimitAndReleasesOnRequest) {
  release_large_page_pool();
  LargePageAllocator<char> allocator;
  const std::size_t big = kLargePagePoolBytes / 2 + (std::size_t{2} << 20);  // two do not fit
  char* a = allocator.allocate(big);  // untouched: no memory is committed
  char* b = allocator.allocate(big);
  allocator.deallocate(a, big);
  allocator.deallocate(b, big);  // freed: the pool is full
  EXPECT_EQ(large_page_pool_bytes(), big);
  EXPECT_EQ(allocator.allocate(big), a);
  allocator.deallocate(a, big);
  release_large_page_pool();
  EXPECT_EQ(large_page_pool_bytes(), 0u);
}

}  // namespace
}  // namespace merkleforge
