// Internal: the additive NTT on data already in the POLYVAL basis (so Reed–Solomon encoding can
// convert a message once for all its cosets), and parallel basis conversion.
#pragma once

#include <functional>
#include <span>

#include "merkleforge/binius/additive_ntt.hpp"

namespace merkleforge::binius::detail {

/// Precondition: check_ntt_shape(data.size(), shape) passed; data in Montgomery POLYVAL form.
void ntt_forward_polyval(std::span<uint128> data, const NttShape& shape);
void ntt_inverse_polyval(std::span<uint128> data, const NttShape& shape);

/// In-place canonical <-> POLYVAL conversion, split across the TBB pool when large.
void parallel_to_polyval(std::span<uint128> data);
void parallel_from_polyval(std::span<uint128> data);

/// Calls work(begin, end) over [0, count) in chunks of at least `grain`, on the TBB pool when the
/// job touches enough `values` (B128 elements) to pay for it.
void parallel_chunks(std::size_t count, std::size_t grain, std::size_t values,
                     const std::function<void(std::size_t, std::size_t)>& work);

}  // namespace merkleforge::binius::detail
