// DigestArray behaves as a std::vector on both sides of the huge-page threshold (2 MiB).
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

}  // namespace
}  // namespace merkleforge
