// Internal: parallel basis conversion.
#pragma once

#include <span>

#include "merkleforge/binius/kernels.hpp"

namespace merkleforge::binius::detail {

/// In-place canonical <-> POLYVAL conversion, split across the pool when large.
void parallel_to_polyval(std::span<uint128> data);
void parallel_from_polyval(std::span<uint128> data);

}  // namespace merkleforge::binius::detail
