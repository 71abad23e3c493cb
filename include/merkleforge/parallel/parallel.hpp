// The library's parallel loop, on oneTBB's pool; oneTBB stays private to the parallel module
// (src/parallel/parallel.cpp), so a header of another module can run a loop in parallel without
// exposing oneTBB to its users.
#pragma once

#include <cstddef>
#include <type_traits>
#include <utility>

namespace merkleforge {

namespace detail {
void parallel_for_ranges(std::size_t count, std::size_t grain,
                         void (*call)(void* body, std::size_t begin, std::size_t end), void* body);
}  // namespace detail

/// Calls body(begin, end) on ranges that together cover [0, count), each of at least `grain`
/// items (but the last), on the pool's threads; returns when every range is done. The calling
/// thread takes part; when count <= grain it runs body(0, count) alone, without the pool, so a
/// caller makes a job serial by passing a grain of at least its count. Exceptions from `body`
/// propagate (the first one thrown).
template <class Body>
void parallel_for(std::size_t count, std::size_t grain, Body&& body) {
  detail::parallel_for_ranges(
      count, grain,
      [](void* context, std::size_t begin, std::size_t end) {
        (*static_cast<std::remove_reference_t<Body>*>(context))(begin, end);
      },
      &body);
}

}  // namespace merkleforge
