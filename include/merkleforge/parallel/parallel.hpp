// The library's parallel loops, on oneTBB's pool; oneTBB stays private to the parallel module
// (src/parallel/parallel.cpp), so a header of another module can run a loop in parallel without
// exposing oneTBB to its users.
//
// One grain policy for every call: a job of at most `grain` items runs on the calling thread,
// without the pool (so a caller makes a job serial by passing a grain of at least its count); a
// larger one is split, and a part is split no further once it holds at most `grain` items
// (parallel_reduce: blocks of exactly `grain`). Each call site documents its grain.
// parallel_reduce's blocks and parallel_sort's pivots depend on the input and the grain only,
// never on the number of threads or the scheduling, so their results do not either.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace merkleforge {

namespace detail {
void parallel_for_ranges(std::size_t count, std::size_t grain,
                         void (*call)(void* body, std::size_t begin, std::size_t end), void* body);
}  // namespace detail

/// Calls body(begin, end) on ranges that together cover [0, count), on the pool's threads;
/// returns when every range is done. The calling thread takes part; when count <= grain it runs
/// body(0, count) alone, without the pool (nothing when count is 0). Otherwise a range is halved
/// only while it holds more than `grain` items (a grain of 0 counts as 1), so each holds at least
/// ceil(grain / 2), and the scheduler may leave larger ones. Exceptions from `body` propagate (the
/// first one thrown; ranges not yet started are then skipped).
template <class Body>
void parallel_for(std::size_t count, std::size_t grain, Body&& body) {
  detail::parallel_for_ranges(
      count, grain,
      [](void* context, std::size_t begin, std::size_t end) {
        (*static_cast<std::remove_reference_t<Body>*>(context))(begin, end);
      },
      &body);
}

/// Runs first() and second(), possibly at once on two of the pool's threads; returns when both
/// are done. Exceptions propagate as from parallel_for.
template <class First, class Second>
void parallel_invoke(First&& first, Second&& second) {
  parallel_for(2, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) i == 0 ? first() : second();
  });
}

/// Reduces [0, count) in blocks: block k is [k·grain, min((k + 1)·grain, count)) (a grain of 0
/// counts as 1; the last block may be shorter), its value body(begin, end, identity), computed
/// on the pool; the blocks' values are then combined left to right on the calling thread,
/// combine(combine(v0, v1), v2)… When count <= grain the result is body(0, count, identity) on
/// the calling thread; when count is 0, `identity`. The blocks depend on count and grain only,
/// so the result is the same on any number of threads, whatever the combine (floating-point
/// sums, non-commutative products). `body` must be callable from several threads at once.
/// Exceptions from `body` propagate as from parallel_for (`combine` runs on the calling thread).
template <class T, class Body, class Combine>
T parallel_reduce(std::size_t count, std::size_t grain, T identity, Body&& body,
                  Combine&& combine) {
  if (count == 0) return identity;
  const std::size_t block = std::max<std::size_t>(grain, 1);
  if (count <= block) return body(std::size_t{0}, count, std::move(identity));
  const std::size_t blocks = (count - 1) / block + 1;
  std::vector<std::optional<T>> values(blocks);  // one element per block: no shared bits
  parallel_for(blocks, 1, [&](std::size_t first, std::size_t last) {
    for (std::size_t k = first; k < last; ++k) {
      values[k].emplace(body(k * block, std::min(count, (k + 1) * block), T(identity)));
    }
  });
  T result = std::move(*values[0]);
  for (std::size_t k = 1; k < blocks; ++k)
    result = combine(std::move(result), std::move(*values[k]));
  return result;
}

namespace detail {

/// parallel_sort's quicksort: [first, last) split around a pivot (the median of three medians of
/// three of nine evenly spaced elements) into the elements below it, the pivot (and, when it is
/// the least, every element equivalent to it) and the rest; the two sides sorted at once.
template <class RandomIt, class Less>
void parallel_sort_range(RandomIt first, RandomIt last, std::size_t grain, Less& less,
                         unsigned depth_left) {
  const auto count = static_cast<std::size_t>(last - first);
  if (count <= grain || depth_left == 0) {  // introsort's depth limit: std::sort is O(n log n)
    std::sort(first, last, less);
    return;
  }
  const auto median = [&](RandomIt a, RandomIt b, RandomIt c) {
    if (less(*a, *b)) return less(*b, *c) ? b : (less(*a, *c) ? c : a);
    return less(*c, *b) ? b : (less(*c, *a) ? c : a);
  };
  const std::size_t step = count / 8;
  const RandomIt pivot = median(median(first, first + step, first + 2 * step),
                                median(first + 3 * step, first + 4 * step, first + 5 * step),
                                median(first + 6 * step, first + 7 * step, last - 1));
  std::iter_swap(first, pivot);  // the pivot waits at `first`, then goes between the sides
  RandomIt middle = std::partition(first + 1, last, [&](const auto& x) { return less(x, *first); });
  std::iter_swap(first, middle - 1);
  RandomIt right = middle;
  if (middle - 1 == first) {  // the pivot is the least: its equivalents join it
    right = std::partition(middle, last, [&](const auto& x) { return !less(*first, x); });
  }
  parallel_invoke([&] { parallel_sort_range(first, middle - 1, grain, less, depth_left - 1); },
                  [&] { parallel_sort_range(right, last, grain, less, depth_left - 1); });
}

}  // namespace detail

/// Sorts [first, last) by `less` (a strict weak order, callable from several threads at once) as
/// std::sort does, not stably, on the pool: a quicksort whose two sides run at once, each part of
/// at most `grain` elements sorted by std::sort (and every part past introsort's depth limit).
/// When count <= grain it is std::sort on the calling thread. The pivots depend on the elements
/// only, so the order of equivalent elements depends on the input and the grain alone (and is
/// unique when `less` is a total order). If `less` throws, the exception propagates and the
/// range holds its elements in an unspecified order.
template <class RandomIt, class Less>
void parallel_sort(RandomIt first, RandomIt last, std::size_t grain, Less less) {
  const auto count = static_cast<std::size_t>(last - first);
  unsigned depth = 0;
  for (std::size_t n = count; n > 1; n /= 2) depth += 2;
  detail::parallel_sort_range(first, last, std::max<std::size_t>(grain, 1), less, depth);
}

/// Threads the pool runs by default on this machine (its hardware threads, or the process's CPU
/// affinity when that is narrower).
std::size_t default_threads() noexcept;

/// While it lives, the pool uses at most `threads` threads, the calling one included (for
/// benchmarks and a CLI's --threads); 0 counts as 1. Limits nest: the smallest of those alive
/// applies. Movable, so a function can return one.
class ThreadLimit {
 public:
  explicit ThreadLimit(std::size_t threads);
  ~ThreadLimit();
  ThreadLimit(ThreadLimit&&) noexcept;
  ThreadLimit& operator=(ThreadLimit&&) noexcept;

 private:
  struct Control;  // oneTBB's global_control, private to the parallel module
  std::unique_ptr<Control> control_;
};

}  // namespace merkleforge
