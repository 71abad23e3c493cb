// BLAKE3 with AVX2: hash_many over 8 lanes. Single compressions use the SSE4.1 rows.
#include <immintrin.h>

#include "blake3_kernel.hpp"
#include "blake3_lanes.hpp"

namespace merkleforge::blake3 {
namespace {

constexpr std::size_t kPrefetchDistance = 256;

/// out[j] = word j of a[0..7] (an 8x8 transpose of 32-bit words).
inline void transpose8(const __m256i a[8], __m256i out[8]) {
  // Within each 128-bit half: pairs of rows interleaved, then quads, giving words j and j + 4 of
  // four rows; the halves are then recombined across rows 0-3 and 4-7.
  __m256i quad[8];
  for (std::size_t g = 0; g < 8; g += 4) {
    const __m256i ab_lo = _mm256_unpacklo_epi32(a[g], a[g + 1]);
    const __m256i ab_hi = _mm256_unpackhi_epi32(a[g], a[g + 1]);
    const __m256i cd_lo = _mm256_unpacklo_epi32(a[g + 2], a[g + 3]);
    const __m256i cd_hi = _mm256_unpackhi_epi32(a[g + 2], a[g + 3]);
    quad[g + 0] = _mm256_unpacklo_epi64(ab_lo, cd_lo);  // words 0 | 4
    quad[g + 1] = _mm256_unpackhi_epi64(ab_lo, cd_lo);  // words 1 | 5
    quad[g + 2] = _mm256_unpacklo_epi64(ab_hi, cd_hi);  // words 2 | 6
    quad[g + 3] = _mm256_unpackhi_epi64(ab_hi, cd_hi);  // words 3 | 7
  }
  for (std::size_t j = 0; j < 4; ++j) {
    out[j] = _mm256_permute2x128_si256(quad[j], quad[4 + j], 0x20);
    out[j + 4] = _mm256_permute2x128_si256(quad[j], quad[4 + j], 0x31);
  }
}

struct Avx2Lanes {
  using Vec = __m256i;
  static constexpr std::size_t kLanes = 8;
  static Vec add(Vec a, Vec b) { return _mm256_add_epi32(a, b); }
  static Vec bitxor(Vec a, Vec b) { return _mm256_xor_si256(a, b); }
  static Vec set1(std::uint32_t w) { return _mm256_set1_epi32(static_cast<int>(w)); }
  static Vec load(const std::uint32_t* w) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(w));
  }
  // Rotations by whole bytes are byte shuffles; the others are two shifts.
  static Vec rotr16(Vec x) {
    return _mm256_shuffle_epi8(
        x, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7,
                            4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
  }
  static Vec rotr12(Vec x) {
    return _mm256_or_si256(_mm256_srli_epi32(x, 12), _mm256_slli_epi32(x, 20));
  }
  static Vec rotr8(Vec x) {
    return _mm256_shuffle_epi8(
        x, _mm256_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6,
                            7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
  }
  static Vec rotr7(Vec x) {
    return _mm256_or_si256(_mm256_srli_epi32(x, 7), _mm256_slli_epi32(x, 25));
  }

  static void load_message(const std::uint8_t* const* inputs, std::size_t offset, Vec m[16]) {
    for (std::size_t half = 0; half < 2; ++half) {
      Vec rows[8];
      for (std::size_t i = 0; i < 8; ++i) {
        const std::uint8_t* words = inputs[i] + offset + 32 * half;
        // Eight interleaved streams are more than the hardware prefetcher follows well.
        _mm_prefetch(reinterpret_cast<const char*>(words + kPrefetchDistance), _MM_HINT_T0);
        rows[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(words));
      }
      transpose8(rows, m + 8 * half);
    }
  }

  static void store_cvs(const Vec h[8], std::uint8_t* out) {
    Vec lanes[8];
    transpose8(h, lanes);
    for (std::size_t i = 0; i < 8; ++i) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + kOutLen * i), lanes[i]);
    }
  }
};

}  // namespace

void hash_many_avx2(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                    const ManyParams& params, std::uint8_t* out) {
  hash_many_lanes<Avx2Lanes>(inputs, count, blocks, params, out, hash_many_sse41);
}

}  // namespace merkleforge::blake3
