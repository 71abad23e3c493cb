// The gfni strategy for canonical B8, B32 and B128 products, 32 bytes of elements per pass.
//
// The byte-wise isomorphism canonical -> AES tower (aes_tower.hpp) is one vgf2p8affineqb per
// operand, and its inverse one per result. In the AES tower, level-L Karatsuba runs on all lanes at
// once: with a = [a0, a1] and b = [b0, b1] (T(L-1) halves),
//   zz = a·b lane-wise in T(L-1)            = [a0·b0, a1·b1]
//   z1 = (a + swap a)·(b + swap b) likewise = (a0 + a1)·(b0 + b1) in both halves
//   a·b = [z0 + z2, z1 + z0 + z2 + alpha·z2] = (zz + swap zz) + high half of (z1 + alpha·zz),
// so each level costs two half-width products, down to vgf2p8mulb (Rijndael products) at T3.
#include <immintrin.h>

#include "binius/packed_kernel.hpp"
#include "binius/packed_loops.hpp"

namespace merkleforge::binius::detail {
namespace {

// vgf2p8affineqb matrices of the maps canonical <-> AES8 (Binius gfni_arithmetics.rs, checked
// against the basis images in aes_tower_test), and AES16's alpha: the image of canonical X2.
constexpr long long kTowerToAes = 0x31506AEA964E983E;
constexpr long long kAesToTower = static_cast<long long>(0xD1E8863E72A2700CULL);
constexpr char kAes8Alpha = static_cast<char>(0xD3);

__m256i to_aes(__m256i x) {
  return _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x(kTowerToAes), 0);
}
__m256i to_canonical(__m256i x) {
  return _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x(kAesToTower), 0);
}

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

/// Every T(Level) lane times the constant X(Level-1) (tower_mul_alpha): for x = [x0, x1],
/// x·X = [x1, x0 + x1·X(Level-2)].
template <unsigned Level>
__m256i mul_alpha(__m256i x) {
  if constexpr (Level == 3) {
    return _mm256_gf2p8mul_epi8(x, _mm256_set1_epi8(kAes8Alpha));
  } else {
    return _mm256_xor_si256(swap_halves<Level>(x),
                            _mm256_and_si256(high_halves<Level>(), mul_alpha<Level - 1>(x)));
  }
}

/// Lane-wise products in AES_(2^Level).
template <unsigned Level>
__m256i aes_mul(__m256i a, __m256i b) {
  if constexpr (Level == 3) {
    return _mm256_gf2p8mul_epi8(a, b);
  } else {
    const __m256i zz = aes_mul<Level - 1>(a, b);
    const __m256i z1 = aes_mul<Level - 1>(_mm256_xor_si256(a, swap_halves<Level>(a)),
                                          _mm256_xor_si256(b, swap_halves<Level>(b)));
    const __m256i sum = _mm256_xor_si256(zz, swap_halves<Level>(zz));
    const __m256i high = _mm256_xor_si256(z1, mul_alpha<Level - 1>(zz));
    return _mm256_xor_si256(sum, _mm256_and_si256(high_halves<Level>(), high));
  }
}

/// Lane-wise canonical T(Level) products through the AES tower.
template <unsigned Level>
__m256i canonical_mul(__m256i a, __m256i b) {
  return to_canonical(aes_mul<Level>(to_aes(a), to_aes(b)));
}

template <unsigned Level, class T>
void mul(const T* a, const T* b, T* out, std::size_t n) {
  packed_mul_loop(a, b, out, n, [](__m256i x, __m256i y) { return canonical_mul<Level>(x, y); });
}

}  // namespace

const PackedKernel kPackedGfni = {.mul_b8 = &mul<3, std::uint8_t>,
                                  .mul_b32 = &mul<5, std::uint32_t>,
                                  .mul_b128 = &mul<7, uint128>};

}  // namespace merkleforge::binius::detail
