// NodePool: elements stay where they are while the pool grows (also from several threads), freed
// elements are reused, a node's parts share its index, and memory is committed in the documented
// steps.
#include "sparse/node_pool.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace merkleforge::sparse_detail {
namespace {

/// The size of the tree's nodes, so the pool's steps are those the tree sees.
struct Element {
  std::uint64_t words[10];
};
static_assert(sizeof(Element) == 80);

constexpr std::size_t kHugePage = std::size_t{2} << 20;

TEST(SparseNodePool, ElementsKeepTheirAddressesAndContentsWhileThePoolGrows) {
  NodePool<Element> pool;
  const std::uint32_t first = pool.allocate();
  const Element* first_address = &pool[first];
  pool[first].words[0] = 12345;
  std::vector<std::uint32_t> indices;
  for (std::uint32_t i = 0; i < 100'000; ++i) {
    indices.push_back(pool.allocate());
    pool[indices.back()].words[9] = i;
  }
  EXPECT_EQ(&pool[first], first_address);
  EXPECT_EQ(pool[first].words[0], 12345u);
  for (std::uint32_t i = 0; i < indices.size(); ++i) ASSERT_EQ(pool[indices[i]].words[9], i);
  EXPECT_EQ(pool.live(), 100'001u);
}

TEST(SparseNodePool, ReleasedElementsAreReused) {
  NodePool<Element> pool;
  for (int i = 0; i < 10; ++i) pool.allocate();
  pool.release(3);
  pool.release(7);
  EXPECT_EQ(pool.live(), 8u);
  EXPECT_EQ(pool.allocate(), 7u);
  EXPECT_EQ(pool.allocate(), 3u);
  EXPECT_EQ(pool.allocate(), 10u);
}

TEST(SparseNodePool, AllocationWithoutTheLockSharesTheFreeListAndTheCount) {
  NodePool<Element> pool;
  for (int i = 0; i < 10; ++i) pool.allocate_alone();
  pool.release_alone(4);
  pool.release(6);
  EXPECT_EQ(pool.live(), 8u);
  EXPECT_EQ(pool.allocate(), 6u);
  EXPECT_EQ(pool.allocate_alone(), 4u);
  EXPECT_EQ(pool.allocate_alone(), 10u);
  EXPECT_EQ(pool.live(), 11u);
  // Growing past the first step works the same without the lock.
  for (int i = 0; i < 5'000; ++i) pool.allocate_alone();
  EXPECT_EQ(pool.live(), 5'011u);
  EXPECT_GE(pool.capacity_bytes(), 5'011 * sizeof(Element));
}

TEST(SparseNodePool, SmallPoolsStaySmallLargeOnesGrowByHugePages) {
  NodePool<Element> pool;
  pool.allocate();
  // The first step: 1,024 elements, rounded up to 4 KiB pages.
  EXPECT_EQ(pool.capacity_bytes(), (1024 * sizeof(Element) + 4095) / 4096 * 4096);
  for (int i = 1; i < 40'000; ++i) pool.allocate();
  // Past 32,768 elements: whole 2 MiB pages, at most one of them partly used.
  const std::size_t used = 40'000 * sizeof(Element);
  EXPECT_EQ(pool.capacity_bytes() % kHugePage, 0u);
  EXPECT_GE(pool.capacity_bytes(), used);
  EXPECT_LT(pool.capacity_bytes(), used + kHugePage);
}

TEST(SparseNodePool, APartLivesAtTheNodesIndexInItsOwnArrayAndGrowsWithThePool) {
  struct Hot {
    std::uint32_t words[2];
  };
  NodePool<Element, Hot> pool;
  std::vector<std::uint32_t> indices;
  for (std::uint32_t i = 0; i < 40'000; ++i) {
    indices.push_back(pool.allocate_alone());
    pool[indices.back()].words[0] = i;
    pool.part<Hot>(indices.back()).words[1] = i * 3;
  }
  const Hot* first_hot = &pool.part<Hot>(indices.front());
  for (std::uint32_t i = 0; i < 40'000; ++i) pool.allocate_alone();
  EXPECT_EQ(&pool.part<Hot>(indices.front()), first_hot);
  for (std::uint32_t i = 0; i < indices.size(); ++i) {
    ASSERT_EQ(pool[indices[i]].words[0], i);
    ASSERT_EQ(pool.part<Hot>(indices[i]).words[1], i * 3);
  }
  // The parts are contiguous by index (the walk's premise) and not inside the nodes' array.
  EXPECT_EQ(&pool.part<Hot>(1) - &pool.part<Hot>(0), 1);
  const auto* nodes = reinterpret_cast<const char*>(&pool[0]);
  const auto* hot = reinterpret_cast<const char*>(&pool.part<Hot>(0));
  EXPECT_TRUE(hot < nodes || hot >= nodes + 80'000 * sizeof(Element));
  // Memory: both arrays in whole huge pages, each with at most one partly used.
  const std::size_t used = 80'000 * (sizeof(Element) + sizeof(Hot));
  EXPECT_EQ(pool.capacity_bytes() % kHugePage, 0u);
  EXPECT_GE(pool.capacity_bytes(), used);
  EXPECT_LT(pool.capacity_bytes(), used + 2 * kHugePage);
}

TEST(SparseNodePool, ThreadsAllocateWhileOthersRead) {
  NodePool<Element> pool;
  const std::uint32_t shared = pool.allocate();
  pool[shared].words[0] = 42;
  std::vector<std::thread> threads;
  std::vector<std::vector<std::uint32_t>> taken(2);
  for (std::size_t t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      for (std::uint32_t i = 0; i < 50'000; ++i) {
        taken[t].push_back(pool.allocate());
        pool[taken[t].back()].words[1] = t;
        if (pool[shared].words[0] != 42) return;
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  std::vector<bool> seen(100'001);
  for (std::size_t t = 0; t < 2; ++t) {
    ASSERT_EQ(taken[t].size(), 50'000u);
    for (std::uint32_t index : taken[t]) {
      ASSERT_LT(index, seen.size());
      ASSERT_FALSE(seen[index]) << "index handed out twice";
      seen[index] = true;
      ASSERT_EQ(pool[index].words[1], t);
    }
  }
}

}  // namespace
}  // namespace merkleforge::sparse_detail
