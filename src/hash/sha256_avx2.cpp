// AVX2 kernel: 8 messages side by side, word t of message i in lane i of one ymm register.
#include <immintrin.h>

#include "sha256_rounds.hpp"

namespace merkleforge::sha256_detail {
namespace {

struct Avx2Ops {
  using Vec = __m256i;
  static constexpr std::size_t kLanes = 8;

  static Vec set1(std::uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }
  static Vec add(Vec a, Vec b) { return _mm256_add_epi32(a, b); }
  static Vec xor3(Vec a, Vec b, Vec c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }
  template <int n>
  static Vec rotr(Vec x) {
    return _mm256_or_si256(_mm256_srli_epi32(x, n), _mm256_slli_epi32(x, 32 - n));
  }
  template <int n>
  static Vec shr(Vec x) {
    return _mm256_srli_epi32(x, n);
  }
  static Vec choose(Vec e, Vec f, Vec g) {
    return _mm256_xor_si256(g, _mm256_and_si256(e, _mm256_xor_si256(f, g)));
  }
  static Vec majority(Vec a, Vec b, Vec c) {
    return _mm256_or_si256(_mm256_and_si256(a, b), _mm256_and_si256(c, _mm256_or_si256(a, b)));
  }

  /// Transposes 8 blocks (rows of 16 big-endian words) into 16 vectors of word t, one half-block
  /// (8 words) at a time.
  static void load_words(const std::uint8_t* const* blocks, Vec w[16]) {
    const Vec byte_swap =
        _mm256_broadcastsi128_si256(_mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL));
    for (std::size_t half = 0; half < 2; ++half) {
      Vec rows[8];
      for (std::size_t i = 0; i < 8; ++i) {
        const auto* words = reinterpret_cast<const __m256i*>(blocks[i] + 32 * half);
        rows[i] = _mm256_shuffle_epi8(_mm256_loadu_si256(words), byte_swap);
      }
      // Within each 128-bit lane k, quad[g][m] holds word 4k+m of rows 4g .. 4g+3.
      Vec quad[2][4];
      for (std::size_t g = 0; g < 2; ++g) {
        const Vec* r = rows + 4 * g;
        const Vec ab_lo = _mm256_unpacklo_epi32(r[0], r[1]),
                  ab_hi = _mm256_unpackhi_epi32(r[0], r[1]);
        const Vec cd_lo = _mm256_unpacklo_epi32(r[2], r[3]),
                  cd_hi = _mm256_unpackhi_epi32(r[2], r[3]);
        quad[g][0] = _mm256_unpacklo_epi64(ab_lo, cd_lo);
        quad[g][1] = _mm256_unpackhi_epi64(ab_lo, cd_lo);
        quad[g][2] = _mm256_unpacklo_epi64(ab_hi, cd_hi);
        quad[g][3] = _mm256_unpackhi_epi64(ab_hi, cd_hi);
      }
      for (std::size_t m = 0; m < 4; ++m) {
        w[8 * half + m] = _mm256_permute2x128_si256(quad[0][m], quad[1][m], 0x20);
        w[8 * half + 4 + m] = _mm256_permute2x128_si256(quad[0][m], quad[1][m], 0x31);
      }
    }
  }

  static void store_lanes(Vec v, std::uint32_t lanes[8]) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(lanes), v);
  }
};

}  // namespace

void hash_lanes_avx2(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out) {
  Rounds<Avx2Ops>::hash_lanes(plan, messages, out);
}

}  // namespace merkleforge::sha256_detail
