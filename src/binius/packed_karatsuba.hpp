// Internal: tower Karatsuba on 256-bit registers of packed T(Level) elements, all lanes at once,
// written once over the T3 arithmetic of a kernel (its "Leaf"):
//
//   Leaf::mul(a, b)        32 lane-wise T3 products
//   Leaf::mul_alpha(x)     32 lane-wise products by the T3 constant that builds T4
//
// With a = [a0, a1] and b = [b0, b1] (T(Level-1) halves of every lane):
//   zz = a·b lane-wise in T(Level-1)            = [a0·b0, a1·b1]
//   z1 = (a + swap a)·(b + swap b) likewise     = (a0 + a1)·(b0 + b1) in both halves
//   a·b = [z0 + z2, z1 + z0 + z2 + alpha·z2]    = (zz + swap zz) + high half of (z1 + alpha·zz)
// so each level costs two half-width products: 2^(Level-3) leaf products per register. The
// recurrence is the canonical one (tower.hpp) and also the AES tower's (aes_tower.hpp): only the
// leaf differs. Include only from kernel files (their instruction-set flags apply).
#pragma once

#include <immintrin.h>

namespace merkleforge::binius::detail {

/// Exchanges the two T(Level-1) halves of every T(Level) lane.
template <unsigned Level>
__m256i swap_halves(__m256i x) {
  static_assert(Level >= 4 && Level <= 7);
  if constexpr (Level == 4) {
    return _mm256_or_si256(_mm256_slli_epi16(x, 8), _mm256_srli_epi16(x, 8));
  } else if constexpr (Level == 5) {
    return _mm256_or_si256(_mm256_slli_epi32(x, 16), _mm256_srli_epi32(x, 16));
  } else if constexpr (Level == 6) {
    return _mm256_shuffle_epi32(x, 0xB1);
  } else {
    return _mm256_shuffle_epi32(x, 0x4E);
  }
}

/// All ones in the high T(Level-1) half of every T(Level) lane.
template <unsigned Level>
__m256i high_halves() {
  static_assert(Level >= 4 && Level <= 7);
  if constexpr (Level == 4) {
    return _mm256_set1_epi16(static_cast<short>(0xFF00));
  } else if constexpr (Level == 5) {
    return _mm256_set1_epi32(static_cast<int>(0xFFFF0000));
  } else if constexpr (Level == 6) {
    return _mm256_set1_epi64x(static_cast<long long>(0xFFFFFFFF00000000ULL));
  } else {
    return _mm256_set_epi64x(-1, 0, -1, 0);
  }
}

/// Every T(Level) lane times the constant X(Level-1) (tower_mul_alpha in tower.hpp): for x = [x0,
/// x1], x·X = [x1, x0 + x1·X(Level-2)].
template <unsigned Level, class Leaf>
__m256i karatsuba_mul_alpha(const Leaf& leaf, __m256i x) {
  if constexpr (Level == 3) {
    return leaf.mul_alpha(x);
  } else {
    return _mm256_xor_si256(
        swap_halves<Level>(x),
        _mm256_and_si256(high_halves<Level>(), karatsuba_mul_alpha<Level - 1>(leaf, x)));
  }
}

/// Lane-wise products in T(Level), 3 <= Level <= 7.
template <unsigned Level, class Leaf>
__m256i karatsuba_mul(const Leaf& leaf, __m256i a, __m256i b) {
  if constexpr (Level == 3) {
    return leaf.mul(a, b);
  } else {
    const __m256i zz = karatsuba_mul<Level - 1>(leaf, a, b);
    const __m256i z1 = karatsuba_mul<Level - 1>(leaf, _mm256_xor_si256(a, swap_halves<Level>(a)),
                                                _mm256_xor_si256(b, swap_halves<Level>(b)));
    const __m256i sum = _mm256_xor_si256(zz, swap_halves<Level>(zz));
    const __m256i high = _mm256_xor_si256(z1, karatsuba_mul_alpha<Level - 1>(leaf, zz));
    return _mm256_xor_si256(sum, _mm256_and_si256(high_halves<Level>(), high));
  }
}

}  // namespace merkleforge::binius::detail
