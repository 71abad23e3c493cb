// The pshufb strategy (AVX2) for canonical products, 32 bytes of elements per pass.
//
// B8: a·b = Σ_j b_j·(a·β_j) over the bits b_j of b, β_j = 1 << j. Each map a ↦ a·β_j is
// GF(2)-linear, so it is the XOR of a lookup of a's low nibble and one of its high nibble
// (vpshufb, 16 entries); vpblendvb adds the image where b_j is set, b being shifted so that b_j
// sits in each byte's sign bit. B32: tower Karatsuba over those B8 products
// (packed_karatsuba.hpp), alpha = X2 = β_4 being one more pair of lookups.
#include <immintrin.h>

#include <array>

#include "packed_karatsuba.hpp"
#include "packed_kernel.hpp"
#include "packed_loops.hpp"

namespace merkleforge::binius::detail {
namespace {

/// T3 arithmetic of the canonical tower through nibble lookups. For every bit j: the images of
/// the low and the high nibble under a ↦ a·β_j, in both 128-bit lanes (vpshufb looks up within
/// each lane).
class NibbleLeaf {
 public:
  NibbleLeaf() {
    for (unsigned j = 0; j < 8; ++j) {
      std::array<std::uint8_t, 16> low_images{}, high_images{};
      for (unsigned nibble = 0; nibble < 16; ++nibble) {
        low_images[nibble] = static_cast<std::uint8_t>(tower_mul(3, nibble, 1u << j));
        high_images[nibble] = static_cast<std::uint8_t>(tower_mul(3, nibble << 4, 1u << j));
      }
      low_[j] = broadcast_table(low_images);
      high_[j] = broadcast_table(high_images);
    }
  }

  __m256i mul(__m256i a, __m256i b) const {
    const Nibbles n = nibbles(a);
    __m256i product = _mm256_setzero_si256();
    __m256i bits = b;  // bit j of b in the sign bit, from j = 7 down
    for (unsigned j = 8; j-- > 0;) {
      product = _mm256_blendv_epi8(product, _mm256_xor_si256(product, times_basis(j, n)), bits);
      bits = _mm256_add_epi8(bits, bits);
    }
    return product;
  }

  /// x·X2, X2 = β_4 being the T3 constant that builds T4.
  __m256i mul_alpha(__m256i x) const { return times_basis(4, nibbles(x)); }

 private:
  struct Nibbles {
    __m256i low, high;
  };

  static Nibbles nibbles(__m256i x) {
    const __m256i mask = _mm256_set1_epi8(0x0f);
    return {_mm256_and_si256(x, mask), _mm256_and_si256(_mm256_srli_epi16(x, 4), mask)};
  }

  static __m256i broadcast_table(const std::array<std::uint8_t, 16>& table) {
    return _mm256_broadcastsi128_si256(
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(table.data())));
  }

  /// x·β_j lane-wise.
  __m256i times_basis(unsigned j, Nibbles n) const {
    return _mm256_xor_si256(_mm256_shuffle_epi8(low_[j], n.low),
                            _mm256_shuffle_epi8(high_[j], n.high));
  }

  __m256i low_[8];
  __m256i high_[8];
};

const NibbleLeaf& nibble_leaf() {
  static const NibbleLeaf leaf;
  return leaf;
}

template <unsigned Level, class T>
void mul(const T* a, const T* b, T* out, std::size_t n) {
  const NibbleLeaf& leaf = nibble_leaf();
  packed_mul_loop(a, b, out, n,
                  [&](__m256i x, __m256i y) { return karatsuba_mul<Level>(leaf, x, y); });
}

}  // namespace

// No B128: Karatsuba down to these B8 products (16 per register) measured 14 M/s against 23 M/s
// for the polyval strategy (docs/binius.md).
const PackedKernel kPackedPshufb = {.mul_b8 = &mul<3, std::uint8_t>,
                                    .mul_b32 = &mul<5, std::uint32_t>};

}  // namespace merkleforge::binius::detail
