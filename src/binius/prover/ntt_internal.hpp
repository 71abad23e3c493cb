// Internal: parallel basis conversion and the loop that spreads field work over the pool.
#pragma once

#include <functional>
#include <span>

#include "merkleforge/binius/kernels.hpp"

namespace merkleforge::binius::detail {

/// In-place canonical <-> POLYVAL conversion, split across the TBB pool when large.
void parallel_to_polyval(std::span<uint128> data);
void parallel_from_polyval(std::span<uint128> data);

/// Calls work(begin, end) over [0, count) in chunks of at least `grain`, on the TBB pool when the
/// job touches enough `values` (B128 elements) to pay for it.
void parallel_chunks(std::size_t count, std::size_t grain, std::size_t values,
                     const std::function<void(std::size_t, std::size_t)>& work);

}  // namespace merkleforge::binius::detail
