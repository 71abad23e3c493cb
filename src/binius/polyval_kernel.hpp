// Internal: the POLYVAL-basis kernels (binius/kernels.hpp) behind polyval.hpp and the additive NTT,
// one per instruction set (polyval_portable.cpp, polyval_pclmul.cpp, polyval_vpclmul.cpp,
// polyval_vpclmul512.cpp).
#pragma once

#include <cstddef>

#include "merkleforge/binius/kernels.hpp"

namespace merkleforge::binius::detail {

/// dot(a, b) without carry-less multiply instructions: the portable kernel's product.
uint128 polyval_dot_portable(uint128 a, uint128 b) noexcept;

extern const PolyvalKernel kPolyvalPortable;
extern const PolyvalKernel kPolyvalPclmul;
extern const PolyvalKernel kPolyvalVpclmul;
extern const PolyvalKernel kPolyvalVpclmul512;

/// Shift-xor constant of the Montgomery reduction: x^63 + x^62 + x^57, i.e. the POLYVAL
/// polynomial's terms x^127 + x^126 + x^121 divided by x^64.
inline constexpr std::uint64_t kPolyvalReductionConstant = 0xc200000000000000ULL;

}  // namespace merkleforge::binius::detail
