// Internal: parallel basis conversion and the reuse of a buffer's storage across bases.
#pragma once

#include <new>
#include <span>

#include "merkleforge/binius/kernels.hpp"

namespace merkleforge::binius::detail {

/// In-place canonical <-> POLYVAL conversion (to_polyval_in_place, kernels.hpp), split across the
/// pool when large; returns the storage viewed as the new type.
std::span<B128P> parallel_to_polyval(std::span<B128> data);
std::span<B128> parallel_to_canonical(std::span<B128P> data);

/// The storage of `values` viewed as POLYVAL elements, for a buffer the caller overwrites before
/// reading (the encoder fills every codeword value, then converts the codeword back).
inline std::span<B128P> as_polyval_storage(std::span<B128> values) noexcept {
  return {std::launder(reinterpret_cast<B128P*>(values.data())), values.size()};
}

}  // namespace merkleforge::binius::detail
