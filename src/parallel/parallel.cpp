#include "merkleforge/parallel/parallel.hpp"

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>

#include <algorithm>

namespace merkleforge {

namespace detail {

void parallel_for_ranges(std::size_t count, std::size_t grain,
                         void (*call)(void* body, std::size_t begin, std::size_t end), void* body) {
  if (count == 0) return;
  if (count <= grain) {  // one range: no work for the pool
    call(body, 0, count);
    return;
  }
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, grain == 0 ? 1 : grain),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      call(body, range.begin(), range.end());
                    });
}

}  // namespace detail

std::size_t default_threads() noexcept {
  return static_cast<std::size_t>(tbb::info::default_concurrency());
}

struct ThreadLimit::Control {
  explicit Control(std::size_t threads)
      : control(tbb::global_control::max_allowed_parallelism, std::max<std::size_t>(threads, 1)) {}
  tbb::global_control control;
};

ThreadLimit::ThreadLimit(std::size_t threads) : control_(std::make_unique<Control>(threads)) {}
ThreadLimit::~ThreadLimit() = default;
ThreadLimit::ThreadLimit(ThreadLimit&&) noexcept = default;
ThreadLimit& ThreadLimit::operator=(ThreadLimit&&) noexcept = default;

}  // namespace merkleforge
