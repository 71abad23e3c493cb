// Internal: the one-lane PCLMULQDQ Montgomery product, shared by the pclmul kernel and the tails
// of the vpclmul kernel. Include only from *_pclmul.cpp / *_vpclmul.cpp files.
#pragma once

#include <immintrin.h>

#include <cstddef>

#include "polyval_kernel.hpp"

namespace merkleforge::binius::detail {

struct PclmulOps {
  using Vec = __m128i;
  static constexpr std::size_t kLanes = 1;
  static Vec load(const B128P* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
  static void store(B128P* p, Vec v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  static Vec broadcast(B128P x) { return load(&x); }
  static Vec add(Vec a, Vec b) { return _mm_xor_si128(a, b); }

  // Schoolbook 256-bit product hi:lo, then two folds by the reduction constant (see
  // polyval_portable.cpp): swapping the 64-bit halves moves the word being cleared up by 64 bits.
  static Vec dot(Vec a, Vec b) {
    const __m128i lo = _mm_clmulepi64_si128(a, b, 0x00);
    const __m128i hi = _mm_clmulepi64_si128(a, b, 0x11);
    const __m128i mid =
        _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x01), _mm_clmulepi64_si128(a, b, 0x10));
    const __m128i low_half = _mm_xor_si128(lo, _mm_slli_si128(mid, 8));
    const __m128i high_half = _mm_xor_si128(hi, _mm_srli_si128(mid, 8));
    const __m128i constant = _mm_set_epi64x(0, static_cast<long long>(kPolyvalReductionConstant));
    __m128i folded = _mm_xor_si128(_mm_shuffle_epi32(low_half, 0x4e),
                                   _mm_clmulepi64_si128(low_half, constant, 0x00));
    folded = _mm_xor_si128(_mm_shuffle_epi32(folded, 0x4e),
                           _mm_clmulepi64_si128(folded, constant, 0x00));
    return _mm_xor_si128(high_half, folded);
  }
};

}  // namespace merkleforge::binius::detail
