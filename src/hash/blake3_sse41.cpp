// BLAKE3 with SSE4.1: one compression as four 128-bit rows, and hash_many over 4 lanes.
#include <immintrin.h>

#include <cstring>

#include "blake3_kernel.hpp"
#include "blake3_lanes.hpp"
#include "blake3_rows.hpp"

namespace merkleforge::blake3 {
namespace {

// Rotations by whole bytes are byte shuffles; the others are two shifts.
inline __m128i rotr16_sse(__m128i x) {
  return _mm_shuffle_epi8(x, _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13));
}
inline __m128i rotr8_sse(__m128i x) {
  return _mm_shuffle_epi8(x, _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12));
}
template <int N>
inline __m128i rotr_shifts(__m128i x) {
  return _mm_or_si128(_mm_srli_epi32(x, N), _mm_slli_epi32(x, 32 - N));
}

/// out[j] = word j of a[0..3] (a 4x4 transpose of 32-bit words).
inline void transpose4(const __m128i a[4], __m128i out[4]) {
  const __m128i ab_lo = _mm_unpacklo_epi32(a[0], a[1]);
  const __m128i cd_lo = _mm_unpacklo_epi32(a[2], a[3]);
  const __m128i ab_hi = _mm_unpackhi_epi32(a[0], a[1]);
  const __m128i cd_hi = _mm_unpackhi_epi32(a[2], a[3]);
  out[0] = _mm_unpacklo_epi64(ab_lo, cd_lo);
  out[1] = _mm_unpackhi_epi64(ab_lo, cd_lo);
  out[2] = _mm_unpacklo_epi64(ab_hi, cd_hi);
  out[3] = _mm_unpackhi_epi64(ab_hi, cd_hi);
}

struct Sse41Rows {
  static __m128i rotr16(__m128i x) { return rotr16_sse(x); }
  static __m128i rotr12(__m128i x) { return rotr_shifts<12>(x); }
  static __m128i rotr8(__m128i x) { return rotr8_sse(x); }
  static __m128i rotr7(__m128i x) { return rotr_shifts<7>(x); }

  /// Without a cross-lane word permute, each round gathers its words from memory.
  class Messages {
   public:
    explicit Messages(const std::uint8_t* block) { std::memcpy(words_, block, sizeof words_); }
    template <std::size_t R>
    void round(__m128i x[4]) const {
      constexpr auto& o = kRowOrder[R];
      for (std::size_t i = 0; i < 4; ++i) {
        x[i] = _mm_setr_epi32(word(o[4 * i]), word(o[4 * i + 1]), word(o[4 * i + 2]),
                              word(o[4 * i + 3]));
      }
    }

   private:
    int word(std::size_t i) const { return static_cast<int>(words_[i]); }
    std::uint32_t words_[16];
  };
};

struct Sse41Lanes {
  using Vec = __m128i;
  static constexpr std::size_t kLanes = 4;
  static Vec add(Vec a, Vec b) { return _mm_add_epi32(a, b); }
  static Vec bitxor(Vec a, Vec b) { return _mm_xor_si128(a, b); }
  static Vec set1(std::uint32_t w) { return _mm_set1_epi32(static_cast<int>(w)); }
  static Vec load(const std::uint32_t* w) {
    return _mm_load_si128(reinterpret_cast<const __m128i*>(w));
  }
  static Vec rotr16(Vec x) { return rotr16_sse(x); }
  static Vec rotr12(Vec x) { return rotr_shifts<12>(x); }
  static Vec rotr8(Vec x) { return rotr8_sse(x); }
  static Vec rotr7(Vec x) { return rotr_shifts<7>(x); }

  static void load_message(const std::uint8_t* const* inputs, std::size_t offset, Vec m[16]) {
    for (std::size_t q = 0; q < 4; ++q) {
      Vec rows[4];
      for (std::size_t i = 0; i < 4; ++i) {
        rows[i] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(inputs[i] + offset + 16 * q));
      }
      transpose4(rows, m + 4 * q);
    }
  }

  static void store_cvs(const Vec h[8], std::uint8_t* out) {
    for (std::size_t half = 0; half < 2; ++half) {
      Vec lanes[4];
      transpose4(h + 4 * half, lanes);
      for (std::size_t i = 0; i < 4; ++i) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out + kOutLen * i + 16 * half), lanes[i]);
      }
    }
  }
};

}  // namespace

void compress_in_place_sse41(std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                             std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags) {
  compress_in_place_rows<Sse41Rows>(cv, block, block_len, counter, flags);
}

void compress_xof_sse41(const std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                        std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags,
                        std::uint8_t out[2 * kOutLen]) {
  compress_xof_rows<Sse41Rows>(cv, block, block_len, counter, flags, out);
}

void hash_many_sse41(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                     const ManyParams& params, std::uint8_t* out) {
  hash_many_lanes<Sse41Lanes>(inputs, count, blocks, params, out, hash_many_portable);
}

}  // namespace merkleforge::blake3
