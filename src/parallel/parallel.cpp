#include "merkleforge/parallel/parallel.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

namespace merkleforge::detail {

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

}  // namespace merkleforge::detail
