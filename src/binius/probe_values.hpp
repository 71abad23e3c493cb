// Inputs for the kernel dispatchers' probes (core/dispatch.hpp: the measured choice).
#pragma once

#include <array>
#include <cstddef>
#include <type_traits>

#include "merkleforge/binius/tower.hpp"

namespace merkleforge::binius::detail {

inline constexpr std::size_t kProbeValues = 2048;

/// A fixed spread of words (std::uint8_t, std::uint32_t or uint128), or of field elements made
/// from them (T::from_bits). Any spread does: the vector kernels run in constant time, and the
/// same values go to every candidate.
template <class T>
const std::array<T, kProbeValues>& probe_values() {
  static const std::array<T, kProbeValues> values = [] {
    std::array<T, kProbeValues> out;
    uint128 x = make_uint128(0x9e3779b97f4a7c15ULL, 0xbf58476d1ce4e5b9ULL);
    for (T& value : out) {
      x = x * 0xd1342543de82ef95ULL + 1;
      if constexpr (std::is_integral_v<T> || std::is_same_v<T, uint128>) {
        value = static_cast<T>(x);
      } else {
        value = T::from_bits(x);
      }
    }
    return out;
  }();
  return values;
}

}  // namespace merkleforge::binius::detail
