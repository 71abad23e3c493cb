// The pshufb strategy for canonical B8 products (AVX2), 32 products per pass:
// a·b = Σ_j b_j·(a·β_j) over the bits b_j of b, β_j = 1 << j. Each map a ↦ a·β_j is GF(2)-linear,
// so it is the XOR of a lookup of a's low nibble and one of its high nibble (vpshufb, 16 entries);
// vpblendvb adds the image where b_j is set, b being shifted so that b_j sits in each byte's sign
// bit.
#include <immintrin.h>

#include <array>

#include "binius/packed_kernel.hpp"
#include "binius/packed_loops.hpp"

namespace merkleforge::binius::detail {
namespace {

/// For every bit j: the images of the low and the high nibble under a ↦ a·β_j, in both 128-bit
/// lanes (vpshufb looks up within each lane).
struct NibbleImages {
  __m256i low[8];
  __m256i high[8];
};

__m256i broadcast_table(const std::array<std::uint8_t, 16>& table) {
  return _mm256_broadcastsi128_si256(
      _mm_loadu_si128(reinterpret_cast<const __m128i*>(table.data())));
}

const NibbleImages& nibble_images() {
  static const NibbleImages images = [] {
    NibbleImages result{};
    for (unsigned j = 0; j < 8; ++j) {
      std::array<std::uint8_t, 16> low{}, high{};
      for (unsigned nibble = 0; nibble < 16; ++nibble) {
        low[nibble] = static_cast<std::uint8_t>(tower_mul(3, nibble, 1u << j));
        high[nibble] = static_cast<std::uint8_t>(tower_mul(3, nibble << 4, 1u << j));
      }
      result.low[j] = broadcast_table(low);
      result.high[j] = broadcast_table(high);
    }
    return result;
  }();
  return images;
}

__m256i mul_32_b8(const NibbleImages& images, __m256i a, __m256i b) {
  const __m256i nibble_mask = _mm256_set1_epi8(0x0f);
  const __m256i low = _mm256_and_si256(a, nibble_mask);
  const __m256i high = _mm256_and_si256(_mm256_srli_epi16(a, 4), nibble_mask);
  __m256i product = _mm256_setzero_si256();
  __m256i bits = b;  // bit j of b in the sign bit, from j = 7 down
  for (unsigned j = 8; j-- > 0;) {
    const __m256i image = _mm256_xor_si256(_mm256_shuffle_epi8(images.low[j], low),
                                           _mm256_shuffle_epi8(images.high[j], high));
    product = _mm256_blendv_epi8(product, _mm256_xor_si256(product, image), bits);
    bits = _mm256_add_epi8(bits, bits);
  }
  return product;
}

void mul_b8(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out, std::size_t n) {
  const NibbleImages& images = nibble_images();
  packed_mul_loop(a, b, out, n, [&](__m256i x, __m256i y) { return mul_32_b8(images, x, y); });
}

}  // namespace

const PackedKernel kPackedPshufb = {.mul_b8 = &mul_b8};

}  // namespace merkleforge::binius::detail
