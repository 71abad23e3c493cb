// AVX-512 kernel: 16 messages side by side, word t of message i in lane i of one zmm register.
// Rotations and the three-input functions are single instructions (vprord, vpternlogd).
// GCC 12 flags its own AVX-512 intrinsic wrappers (their _mm512_undefined_epi32() pass-through
// operand) as uninitialized once inlined (GCC bug 105593); the warning concerns the compiler's
// header, so it is silenced for this file, before the header is read.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include "sha256_rounds.hpp"

namespace merkleforge::sha256_detail {
namespace {

struct Avx512Ops {
  using Vec = __m512i;
  static constexpr std::size_t kLanes = 16;

  static Vec set1(std::uint32_t x) { return _mm512_set1_epi32(static_cast<int>(x)); }
  static Vec add(Vec a, Vec b) { return _mm512_add_epi32(a, b); }
  static Vec xor3(Vec a, Vec b, Vec c) { return _mm512_ternarylogic_epi32(a, b, c, 0x96); }
  template <int n>
  static Vec rotr(Vec x) {
    return _mm512_ror_epi32(x, n);
  }
  template <int n>
  static Vec shr(Vec x) {
    return _mm512_srli_epi32(x, n);
  }
  static Vec choose(Vec e, Vec f, Vec g) { return _mm512_ternarylogic_epi32(e, f, g, 0xCA); }
  static Vec majority(Vec a, Vec b, Vec c) { return _mm512_ternarylogic_epi32(a, b, c, 0xE8); }

  /// Transposes 16 blocks (rows of 16 big-endian words) into 16 vectors of word t.
  static void load_words(const std::uint8_t* const* blocks, Vec w[16]) {
    const Vec byte_swap =
        _mm512_broadcast_i32x4(_mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL));
    Vec rows[16];
    for (std::size_t i = 0; i < 16; ++i) {
      rows[i] = _mm512_shuffle_epi8(_mm512_loadu_si512(blocks[i]), byte_swap);
    }
    // Within each 128-bit lane k, quad[g][m] holds word 4k+m of rows 4g .. 4g+3.
    Vec quad[4][4];
    for (std::size_t g = 0; g < 4; ++g) {
      const Vec* r = rows + 4 * g;
      const Vec ab_lo = _mm512_unpacklo_epi32(r[0], r[1]),
                ab_hi = _mm512_unpackhi_epi32(r[0], r[1]);
      const Vec cd_lo = _mm512_unpacklo_epi32(r[2], r[3]),
                cd_hi = _mm512_unpackhi_epi32(r[2], r[3]);
      quad[g][0] = _mm512_unpacklo_epi64(ab_lo, cd_lo);
      quad[g][1] = _mm512_unpackhi_epi64(ab_lo, cd_lo);
      quad[g][2] = _mm512_unpacklo_epi64(ab_hi, cd_hi);
      quad[g][3] = _mm512_unpackhi_epi64(ab_hi, cd_hi);
    }
    // Then gather 128-bit lane k of quad[0..3][m] into word 4k+m.
    for (std::size_t m = 0; m < 4; ++m) {
      const Vec low01 = _mm512_shuffle_i32x4(quad[0][m], quad[1][m], 0x44);
      const Vec high01 = _mm512_shuffle_i32x4(quad[0][m], quad[1][m], 0xEE);
      const Vec low23 = _mm512_shuffle_i32x4(quad[2][m], quad[3][m], 0x44);
      const Vec high23 = _mm512_shuffle_i32x4(quad[2][m], quad[3][m], 0xEE);
      w[0 + m] = _mm512_shuffle_i32x4(low01, low23, 0x88);
      w[4 + m] = _mm512_shuffle_i32x4(low01, low23, 0xDD);
      w[8 + m] = _mm512_shuffle_i32x4(high01, high23, 0x88);
      w[12 + m] = _mm512_shuffle_i32x4(high01, high23, 0xDD);
    }
  }

  static void store_lanes(Vec v, std::uint32_t lanes[16]) { _mm512_storeu_si512(lanes, v); }
};

}  // namespace

void hash_lanes_avx512(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out) {
  Rounds<Avx512Ops>::hash_lanes(plan, messages, out);
}

}  // namespace merkleforge::sha256_detail
