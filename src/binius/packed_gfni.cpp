// The gfni strategy for canonical B8, B32 and B128 products, 32 bytes of elements per pass.
//
// The byte-wise isomorphism canonical -> AES tower (aes_tower.hpp) is one vgf2p8affineqb per
// operand, and its inverse one per result. In between, AES-tower Karatsuba (packed_karatsuba.hpp)
// whose leaves are vgf2p8mulb: 32 Rijndael products per instruction.
#include <immintrin.h>

#include "packed_karatsuba.hpp"
#include "packed_kernel.hpp"
#include "packed_loops.hpp"

namespace merkleforge::binius::detail {
namespace {

// vgf2p8affineqb matrices of the maps canonical <-> AES8 (Binius gfni_arithmetics.rs, checked
// against the basis images in aes_tower_test), and AES16's alpha: the image of canonical X2.
constexpr long long kTowerToAes = 0x31506AEA964E983E;
constexpr long long kAesToTower = static_cast<long long>(0xD1E8863E72A2700CULL);
constexpr char kAes8Alpha = static_cast<char>(0xD3);

/// T3 arithmetic of the AES tower: the Rijndael field.
struct AesLeaf {
  __m256i mul(__m256i a, __m256i b) const { return _mm256_gf2p8mul_epi8(a, b); }
  __m256i mul_alpha(__m256i x) const {
    return _mm256_gf2p8mul_epi8(x, _mm256_set1_epi8(kAes8Alpha));
  }
};

__m256i to_aes(__m256i x) {
  return _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x(kTowerToAes), 0);
}
__m256i to_canonical(__m256i x) {
  return _mm256_gf2p8affine_epi64_epi8(x, _mm256_set1_epi64x(kAesToTower), 0);
}

template <unsigned Level, class T>
void mul(const T* a, const T* b, T* out, std::size_t n) {
  packed_mul_loop(a, b, out, n, [](__m256i x, __m256i y) {
    return to_canonical(karatsuba_mul<Level>(AesLeaf{}, to_aes(x), to_aes(y)));
  });
}

}  // namespace

const PackedKernel kPackedGfni = {.mul_b8 = &mul<3, std::uint8_t>,
                                  .mul_b32 = &mul<5, std::uint32_t>,
                                  .mul_b128 = &mul<7, uint128>};

}  // namespace merkleforge::binius::detail
