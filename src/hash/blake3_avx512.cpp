// BLAKE3 with AVX-512 (F + VL): hash_many over 16 lanes with native rotates, and single
// compressions as 128-bit rows whose message words are permuted in one register per round.
// GCC 12 reports the intrinsics' deliberately undefined pass-through operands (`__m512i __Y = __Y`)
// as uninitialized once they are inlined; the warning concerns the compiler's own header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include "blake3_kernel.hpp"
#include "blake3_lanes.hpp"
#include "blake3_rows.hpp"

namespace merkleforge::blake3 {
namespace {

/// out[j] = word j of a[0..15] (a 16x16 transpose of 32-bit words).
inline void transpose16(const __m512i a[16], __m512i out[16]) {
  // quad[4 g + j], in 128-bit lane L, holds word 4 L + j of rows 4 g .. 4 g + 3.
  __m512i quad[16];
  for (std::size_t g = 0; g < 16; g += 4) {
    const __m512i ab_lo = _mm512_unpacklo_epi32(a[g], a[g + 1]);
    const __m512i ab_hi = _mm512_unpackhi_epi32(a[g], a[g + 1]);
    const __m512i cd_lo = _mm512_unpacklo_epi32(a[g + 2], a[g + 3]);
    const __m512i cd_hi = _mm512_unpackhi_epi32(a[g + 2], a[g + 3]);
    quad[g + 0] = _mm512_unpacklo_epi64(ab_lo, cd_lo);
    quad[g + 1] = _mm512_unpackhi_epi64(ab_lo, cd_lo);
    quad[g + 2] = _mm512_unpacklo_epi64(ab_hi, cd_hi);
    quad[g + 3] = _mm512_unpackhi_epi64(ab_hi, cd_hi);
  }
  // Gather 128-bit lane L of quad[j], quad[4 + j], quad[8 + j], quad[12 + j] into out[4 L + j].
  for (std::size_t j = 0; j < 4; ++j) {
    const __m512i lanes01_of_rows0to7 = _mm512_shuffle_i32x4(quad[j], quad[4 + j], 0x44);
    const __m512i lanes23_of_rows0to7 = _mm512_shuffle_i32x4(quad[j], quad[4 + j], 0xEE);
    const __m512i lanes01_of_rows8to15 = _mm512_shuffle_i32x4(quad[8 + j], quad[12 + j], 0x44);
    const __m512i lanes23_of_rows8to15 = _mm512_shuffle_i32x4(quad[8 + j], quad[12 + j], 0xEE);
    out[j] = _mm512_shuffle_i32x4(lanes01_of_rows0to7, lanes01_of_rows8to15, 0x88);
    out[4 + j] = _mm512_shuffle_i32x4(lanes01_of_rows0to7, lanes01_of_rows8to15, 0xDD);
    out[8 + j] = _mm512_shuffle_i32x4(lanes23_of_rows0to7, lanes23_of_rows8to15, 0x88);
    out[12 + j] = _mm512_shuffle_i32x4(lanes23_of_rows0to7, lanes23_of_rows8to15, 0xDD);
  }
}

struct Avx512Rows {
  static __m128i rotr16(__m128i x) { return _mm_ror_epi32(x, 16); }
  static __m128i rotr12(__m128i x) { return _mm_ror_epi32(x, 12); }
  static __m128i rotr8(__m128i x) { return _mm_ror_epi32(x, 8); }
  static __m128i rotr7(__m128i x) { return _mm_ror_epi32(x, 7); }

  /// The whole block in one register; each round permutes it into row order.
  class Messages {
   public:
    explicit Messages(const std::uint8_t* block) : words_(_mm512_loadu_si512(block)) {}
    template <std::size_t R>
    void round(__m128i x[4]) const {
      const __m512i order = _mm512_loadu_si512(kRowOrder[R].data());
      const __m512i words = _mm512_permutexvar_epi32(order, words_);
      x[0] = _mm512_castsi512_si128(words);
      x[1] = _mm512_extracti32x4_epi32(words, 1);
      x[2] = _mm512_extracti32x4_epi32(words, 2);
      x[3] = _mm512_extracti32x4_epi32(words, 3);
    }

   private:
    __m512i words_;
  };
};

struct Avx512Lanes {
  using Vec = __m512i;
  static constexpr std::size_t kLanes = 16;
  static Vec add(Vec a, Vec b) { return _mm512_add_epi32(a, b); }
  static Vec bitxor(Vec a, Vec b) { return _mm512_xor_si512(a, b); }
  static Vec set1(std::uint32_t w) { return _mm512_set1_epi32(static_cast<int>(w)); }
  static Vec load(const std::uint32_t* w) { return _mm512_load_si512(w); }
  static Vec rotr16(Vec x) { return _mm512_ror_epi32(x, 16); }
  static Vec rotr12(Vec x) { return _mm512_ror_epi32(x, 12); }
  static Vec rotr8(Vec x) { return _mm512_ror_epi32(x, 8); }
  static Vec rotr7(Vec x) { return _mm512_ror_epi32(x, 7); }

  static void load_message(const std::uint8_t* const* inputs, std::size_t offset, Vec m[16]) {
    Vec rows[16];
    for (std::size_t i = 0; i < 16; ++i) rows[i] = _mm512_loadu_si512(inputs[i] + offset);
    transpose16(rows, m);
  }

  /// The 8 words of a lane end up in the low half of its transposed row.
  static void store_cvs(const Vec h[8], std::uint8_t* out) {
    const Vec rows[16] = {h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7],
                          h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]};
    Vec lanes[16];
    transpose16(rows, lanes);
    for (std::size_t i = 0; i < 16; ++i) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + kOutLen * i),
                          _mm512_castsi512_si256(lanes[i]));
    }
  }
};

}  // namespace

void compress_in_place_avx512(std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                              std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags) {
  compress_in_place_rows<Avx512Rows>(cv, block, block_len, counter, flags);
}

void compress_xof_avx512(const std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                         std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags,
                         std::uint8_t out[2 * kOutLen]) {
  compress_xof_rows<Avx512Rows>(cv, block, block_len, counter, flags, out);
}

void hash_many_avx512(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                      const ManyParams& params, std::uint8_t* out) {
  hash_many_lanes<Avx512Lanes>(inputs, count, blocks, params, out, hash_many_avx2);
}

}  // namespace merkleforge::blake3
