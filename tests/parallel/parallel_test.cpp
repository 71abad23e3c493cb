// The parallel module (include/merkleforge/parallel/parallel.hpp): its loop, invoke, reduction
// and sort against serial computations, at the edges of the grain policy (no items, one range,
// an uneven last block) and with exceptions.
#include "merkleforge/parallel/parallel.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <functional>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace merkleforge {
namespace {

using Range = std::pair<std::size_t, std::size_t>;

// --- parallel_for --------------------------------------------------------------------------------

TEST(ParallelFor, NoItemsNoCall) {
  bool called = false;
  parallel_for(0, 4, [&](std::size_t, std::size_t) { called = true; });
  EXPECT_FALSE(called);
}

TEST(ParallelFor, AtMostAGrainIsOneRangeOnTheCallingThread) {
  for (const std::size_t count : {std::size_t{1}, std::size_t{7}, std::size_t{8}}) {
    std::vector<Range> ranges;
    std::thread::id thread;
    parallel_for(count, 8, [&](std::size_t begin, std::size_t end) {
      ranges.emplace_back(begin, end);  // one range: no lock needed
      thread = std::this_thread::get_id();
    });
    EXPECT_EQ(ranges, (std::vector<Range>{{0, count}}));
    EXPECT_EQ(thread, std::this_thread::get_id());
  }
}

TEST(ParallelFor, RangesCoverEveryIndexOnceAndHoldHalfAGrain) {
  for (const auto& [count, grain] : std::vector<Range>{
           {1000, 1}, {1000, 0}, {1000, 7}, {1000, 64}, {1001, 1000}, {100000, 256}}) {
    std::vector<std::atomic<int>> seen(count);
    std::mutex lock;
    std::vector<Range> ranges;
    parallel_for(count, grain, [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) seen[i].fetch_add(1);
      const std::lock_guard guard(lock);
      ranges.emplace_back(begin, end);
    });
    for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << count << " " << i;
    for (const auto& [begin, end] : ranges) {
      EXPECT_LT(begin, end);
      EXPECT_GE(end - begin, (std::max<std::size_t>(grain, 1) + 1) / 2) << count << " " << grain;
    }
  }
}

TEST(ParallelFor, ExceptionPropagates) {
  EXPECT_THROW(parallel_for(10000, 16,
                            [](std::size_t begin, std::size_t end) {
                              if (begin <= 5000 && 5000 < end) throw std::runtime_error("5000");
                            }),
               std::runtime_error);
  EXPECT_THROW(parallel_for(3, 16, [](std::size_t, std::size_t) { throw std::logic_error("one"); }),
               std::logic_error);
}

// --- parallel_invoke -----------------------------------------------------------------------------

TEST(ParallelInvoke, RunsBoth) {
  int a = 0, b = 0;
  parallel_invoke([&] { a = 1; }, [&] { b = 2; });
  EXPECT_EQ(a, 1);
  EXPECT_EQ(b, 2);
}

TEST(ParallelInvoke, NestsAndPropagates) {
  // A recursive sum by halves, as a divide-and-conquer caller uses it.
  const auto sum = [](auto& self, std::uint64_t begin, std::uint64_t end) -> std::uint64_t {
    if (end - begin <= 100) {
      std::uint64_t s = 0;
      for (std::uint64_t i = begin; i < end; ++i) s += i;
      return s;
    }
    const std::uint64_t middle = begin + (end - begin) / 2;
    std::uint64_t low = 0, high = 0;
    parallel_invoke([&] { low = self(self, begin, middle); },
                    [&] { high = self(self, middle, end); });
    return low + high;
  };
  EXPECT_EQ(sum(sum, 0, 100000), std::uint64_t{100000} * 99999 / 2);
  EXPECT_THROW(parallel_invoke([] {}, [] { throw std::runtime_error("second"); }),
               std::runtime_error);
}

// --- parallel_reduce -----------------------------------------------------------------------------

std::uint64_t sum_of_squares(std::size_t begin, std::size_t end, std::uint64_t acc) {
  for (std::size_t i = begin; i < end; ++i) acc += std::uint64_t{i} * i;
  return acc;
}

TEST(ParallelReduce, NoItemsIsTheIdentity) {
  bool called = false;
  const int result = parallel_reduce(
      0, 8, 42,
      [&](std::size_t, std::size_t, int acc) {
        called = true;
        return acc;
      },
      [](int a, int b) { return a + b; });
  EXPECT_EQ(result, 42);
  EXPECT_FALSE(called);
}

TEST(ParallelReduce, AtMostAGrainIsOneBodyOnTheCallingThread) {
  for (const std::size_t count : {std::size_t{1}, std::size_t{5}, std::size_t{64}}) {
    std::vector<Range> calls;
    std::thread::id thread;
    bool combined = false;
    const std::uint64_t result = parallel_reduce(
        count, 64, std::uint64_t{7},
        [&](std::size_t begin, std::size_t end, std::uint64_t acc) {
          calls.emplace_back(begin, end);
          thread = std::this_thread::get_id();
          return sum_of_squares(begin, end, acc);
        },
        [&](std::uint64_t a, std::uint64_t b) {
          combined = true;
          return a + b;
        });
    EXPECT_EQ(result, sum_of_squares(0, count, 7));  // the identity enters once
    EXPECT_EQ(calls, (std::vector<Range>{{0, count}}));
    EXPECT_EQ(thread, std::this_thread::get_id());
    EXPECT_FALSE(combined);
  }
}

TEST(ParallelReduce, MatchesTheSerialSum) {
  for (const auto& [count, grain] : std::vector<Range>{
           {1000, 64}, {1000, 1}, {1000, 0}, {1000, 999}, {65, 64}, {123457, 1000}}) {
    const std::uint64_t result =
        parallel_reduce(count, grain, std::uint64_t{0}, sum_of_squares,
                        [](std::uint64_t a, std::uint64_t b) { return a + b; });
    EXPECT_EQ(result, sum_of_squares(0, count, 0)) << count << " " << grain;
  }
}

TEST(ParallelReduce, FixedBlocksCombinedInOrder) {
  // A non-commutative combine (concatenation) sees the blocks of `grain` items in order, the
  // last one shorter, each reduced from the identity.
  const std::size_t count = 1000, grain = 64;
  const std::vector<Range> result = parallel_reduce(
      count, grain, std::vector<Range>{},
      [](std::size_t begin, std::size_t end, std::vector<Range> acc) {
        EXPECT_TRUE(acc.empty());
        acc.emplace_back(begin, end);
        return acc;
      },
      [](std::vector<Range> a, const std::vector<Range>& b) {
        a.insert(a.end(), b.begin(), b.end());
        return a;
      });
  std::vector<Range> expected;
  for (std::size_t begin = 0; begin < count; begin += grain) {
    expected.emplace_back(begin, std::min(count, begin + grain));
  }
  EXPECT_EQ(expected.back(), (Range{960, 1000}));  // uneven last block
  EXPECT_EQ(result, expected);
}

TEST(ParallelReduce, FloatingPointSumIsReproducible) {
  // Rounding depends on the order of the additions: the blocks' sums added left to right give
  // the same bits on every run.
  std::mt19937_64 random(1);
  std::uniform_real_distribution<double> value(-1e6, 1e6);
  std::vector<double> values(100003);
  for (double& v : values) v = value(random) * std::pow(10.0, static_cast<double>(random() % 12));
  const std::size_t grain = 1000;
  const auto block_sum = [&](std::size_t begin, std::size_t end, double acc) {
    for (std::size_t i = begin; i < end; ++i) acc += values[i];
    return acc;
  };
  double expected = 0;
  for (std::size_t begin = 0; begin < values.size(); begin += grain) {
    const double block = block_sum(begin, std::min(values.size(), begin + grain), 0.0);
    expected = begin == 0 ? block : expected + block;
  }
  for (int run = 0; run < 20; ++run) {
    const double result = parallel_reduce(values.size(), grain, 0.0, block_sum,
                                          [](double a, double b) { return a + b; });
    ASSERT_EQ(result, expected) << run;  // bit for bit
  }
}

TEST(ParallelReduce, BoolValues) {
  // One value per block (not std::vector<bool>'s shared words).
  std::vector<int> values(50000, 0);
  values[31337] = 1;
  const auto any = [&](std::size_t begin, std::size_t end, bool acc) {
    for (std::size_t i = begin; i < end; ++i) acc = acc || values[i] != 0;
    return acc;
  };
  EXPECT_TRUE(parallel_reduce(values.size(), 7, false, any, [](bool a, bool b) { return a || b; }));
  values[31337] = 0;
  EXPECT_FALSE(
      parallel_reduce(values.size(), 7, false, any, [](bool a, bool b) { return a || b; }));
}

TEST(ParallelReduce, ExceptionPropagates) {
  const auto throwing = [](std::size_t begin, std::size_t end, int acc) {
    if (begin <= 777 && 777 < end) throw std::out_of_range("777");
    return acc + static_cast<int>(end - begin);
  };
  const auto add = [](int a, int b) { return a + b; };
  EXPECT_THROW(parallel_reduce(10000, 10, 0, throwing, add), std::out_of_range);
  EXPECT_THROW(parallel_reduce(1000, 1000, 0, throwing, add), std::out_of_range);  // serial
  EXPECT_EQ(parallel_reduce(700, 10, 0, throwing, add), 700);
}

// --- parallel_sort -------------------------------------------------------------------------------

std::vector<std::uint64_t> random_values(std::size_t count, std::uint64_t range, unsigned seed) {
  std::mt19937_64 random(seed);
  std::vector<std::uint64_t> values(count);
  for (std::uint64_t& v : values) v = random() % range;
  return values;
}

TEST(ParallelSort, MatchesStdSort) {
  // Counts at, below and past the grain, grains of 0 and 1; values all equal, with many repeats,
  // and (almost) all distinct.
  for (const auto& [count, grain] : std::vector<Range>{{0, 16},
                                                       {1, 16},
                                                       {16, 16},
                                                       {17, 16},
                                                       {100, 1},
                                                       {1000, 0},
                                                       {1000, 100},
                                                       {1000, 250},
                                                       {4097, 512},
                                                       {100000, 1000},
                                                       {300001, 4096}}) {
    for (const std::uint64_t range : {std::uint64_t{1}, std::uint64_t{10}, ~std::uint64_t{0}}) {
      std::vector<std::uint64_t> values = random_values(count, range, 7);
      std::vector<std::uint64_t> expected = values;
      std::sort(expected.begin(), expected.end());
      parallel_sort(values.begin(), values.end(), grain, std::less<>());
      ASSERT_EQ(values, expected) << count << " " << grain << " " << range;
    }
  }
}

TEST(ParallelSort, AlreadySortedAndReversed) {
  std::vector<std::uint32_t> values(50000);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<std::uint32_t>(i);
  const std::vector<std::uint32_t> expected = values;
  parallel_sort(values.begin(), values.end(), 1000, std::less<>());
  EXPECT_EQ(values, expected);
  std::reverse(values.begin(), values.end());
  parallel_sort(values.begin(), values.end(), 1000, std::less<>());
  EXPECT_EQ(values, expected);
}

TEST(ParallelSort, EquivalentElementsInAFixedOrder) {
  // Sorted by key only: a permutation with the keys in order, the same on every run (the
  // pivots depend on the elements, not on the threads).
  std::vector<Range> items(20000);
  const std::vector<std::uint64_t> keys = random_values(items.size(), 50, 3);
  for (std::size_t i = 0; i < items.size(); ++i) items[i] = {keys[i], i};
  const auto by_key = [](const Range& a, const Range& b) { return a.first < b.first; };
  std::vector<Range> first = items;
  parallel_sort(first.begin(), first.end(), 500, by_key);
  EXPECT_TRUE(std::is_sorted(first.begin(), first.end(), by_key));
  std::vector<Range> all = first;  // each item once: the same set as the input
  std::sort(all.begin(), all.end());
  std::vector<Range> expected = items;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(all, expected);
  for (int run = 0; run < 5; ++run) {
    std::vector<Range> again = items;
    parallel_sort(again.begin(), again.end(), 500, by_key);
    ASSERT_EQ(again, first) << run;
  }
}

TEST(ParallelSort, MovesNonTrivialValues) {
  std::vector<std::string> values;
  for (const std::uint64_t v : random_values(5000, 1000000, 11)) {
    values.push_back(std::to_string(v) + std::string(20, 'x'));  // beyond the small-string buffer
  }
  std::vector<std::string> expected = values;
  std::sort(expected.begin(), expected.end());
  parallel_sort(values.begin(), values.end(), 100, std::less<>());
  EXPECT_EQ(values, expected);
}

TEST(ParallelSort, ExceptionPropagates) {
  std::vector<std::uint64_t> values = random_values(10000, 1000, 5);
  const auto throwing = [](std::uint64_t a, std::uint64_t b) {
    if (a == 999 || b == 999) throw std::runtime_error("999");
    return a < b;
  };
  ASSERT_NE(std::find(values.begin(), values.end(), 999), values.end());
  EXPECT_THROW(parallel_sort(values.begin(), values.end(), 100, throwing), std::runtime_error);
}

/// The threads that ran some range of a parallel_for of many small ranges.
std::size_t threads_used() {
  std::mutex mutex;
  std::vector<std::thread::id> ids;
  parallel_for(1 << 14, 1, [&](std::size_t, std::size_t) {
    const std::lock_guard lock(mutex);
    if (std::find(ids.begin(), ids.end(), std::this_thread::get_id()) == ids.end())
      ids.push_back(std::this_thread::get_id());
  });
  return ids.size();
}

TEST(ThreadLimit, OneThreadRunsEverythingOnTheCallerWhileItLives) {
  EXPECT_GE(default_threads(), 1u);
  {
    const ThreadLimit limit(1);
    EXPECT_EQ(threads_used(), 1u);
    ThreadLimit moved = ThreadLimit(0);  // 0 counts as 1; a moved limit still applies
    EXPECT_EQ(threads_used(), 1u);
  }
  const ThreadLimit two(2);  // not more than two, whatever the machine
  EXPECT_LE(threads_used(), 2u);
}

}  // namespace
}  // namespace merkleforge
