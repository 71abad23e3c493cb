// One BLAKE3 compression with the 4x4 state held as four 128-bit rows, so the four G functions of
// a half-round run side by side. Included only by instruction-set files (blake3_sse41.cpp,
// blake3_avx512.cpp), each instantiating it with a file-local traits type providing
//
//   rotr16, rotr12, rotr8, rotr7(__m128i)     per-word rotate right
//   Messages(block), .round<R>(x[4])          the message words of round R in row order: x[0]
//                                             column G inputs mx, x[1] my, x[2] diagonal mx, x[3]
//                                             my
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <utility>

#include "blake3_kernel.hpp"

namespace merkleforge::blake3 {

/// Message word indices of each round in the order the rows consume them (see traits above).
inline constexpr auto kRowOrder = [] {
  std::array<std::array<std::uint32_t, 16>, 7> order{};
  for (std::size_t r = 0; r < 7; ++r) {
    for (std::size_t i = 0; i < 4; ++i) {
      order[r][i] = kMsgSchedule[r][2 * i];
      order[r][4 + i] = kMsgSchedule[r][2 * i + 1];
      order[r][8 + i] = kMsgSchedule[r][8 + 2 * i];
      order[r][12 + i] = kMsgSchedule[r][8 + 2 * i + 1];
    }
  }
  return order;
}();

template <class T>
[[gnu::always_inline]] inline void g_rows(__m128i row[4], __m128i mx, __m128i my) {
  row[0] = _mm_add_epi32(_mm_add_epi32(row[0], row[1]), mx);
  row[3] = T::rotr16(_mm_xor_si128(row[3], row[0]));
  row[2] = _mm_add_epi32(row[2], row[3]);
  row[1] = T::rotr12(_mm_xor_si128(row[1], row[2]));
  row[0] = _mm_add_epi32(_mm_add_epi32(row[0], row[1]), my);
  row[3] = T::rotr8(_mm_xor_si128(row[3], row[0]));
  row[2] = _mm_add_epi32(row[2], row[3]);
  row[1] = T::rotr7(_mm_xor_si128(row[1], row[2]));
}

/// (Templates over the traits, like everything here, so that each instruction-set file gets its
/// own copy.) Rotates rows 1..3 left by 1..3 words so the diagonals line up as columns (and back).
template <class T>
[[gnu::always_inline]] inline void diagonalize(__m128i row[4]) {
  row[1] = _mm_shuffle_epi32(row[1], _MM_SHUFFLE(0, 3, 2, 1));
  row[2] = _mm_shuffle_epi32(row[2], _MM_SHUFFLE(1, 0, 3, 2));
  row[3] = _mm_shuffle_epi32(row[3], _MM_SHUFFLE(2, 1, 0, 3));
}

template <class T>
[[gnu::always_inline]] inline void undiagonalize(__m128i row[4]) {
  row[1] = _mm_shuffle_epi32(row[1], _MM_SHUFFLE(2, 1, 0, 3));
  row[2] = _mm_shuffle_epi32(row[2], _MM_SHUFFLE(1, 0, 3, 2));
  row[3] = _mm_shuffle_epi32(row[3], _MM_SHUFFLE(0, 3, 2, 1));
}

/// The four rows after the 7 rounds, before the output feed-forward.
template <class T>
[[gnu::always_inline]] inline void compress_rows(__m128i row[4], const std::uint32_t cv[8],
                                                 const std::uint8_t block[kBlockLen],
                                                 std::uint8_t block_len, std::uint64_t counter,
                                                 std::uint8_t flags) {
  row[0] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cv));
  row[1] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cv + 4));
  row[2] = _mm_set_epi32(static_cast<int>(kIv[3]), static_cast<int>(kIv[2]),
                         static_cast<int>(kIv[1]), static_cast<int>(kIv[0]));
  row[3] =
      _mm_set_epi32(flags, block_len, static_cast<int>(counter >> 32), static_cast<int>(counter));
  const typename T::Messages messages(block);
  [&]<std::size_t... R>(std::index_sequence<R...>) {
    (
        [&] {
          __m128i m[4];
          messages.template round<R>(m);
          g_rows<T>(row, m[0], m[1]);
          diagonalize<T>(row);
          g_rows<T>(row, m[2], m[3]);
          undiagonalize<T>(row);
        }(),
        ...);
  }
  (std::make_index_sequence<7>{});
}

template <class T>
void compress_in_place_rows(std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                            std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags) {
  __m128i row[4];
  compress_rows<T>(row, cv, block, block_len, counter, flags);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(cv), _mm_xor_si128(row[0], row[2]));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(cv + 4), _mm_xor_si128(row[1], row[3]));
}

template <class T>
void compress_xof_rows(const std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                       std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags,
                       std::uint8_t out[2 * kOutLen]) {
  __m128i row[4];
  compress_rows<T>(row, cv, block, block_len, counter, flags);
  auto* words = reinterpret_cast<__m128i*>(out);
  const __m128i cv0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cv));
  const __m128i cv1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cv + 4));
  _mm_storeu_si128(words + 0, _mm_xor_si128(row[0], row[2]));
  _mm_storeu_si128(words + 1, _mm_xor_si128(row[1], row[3]));
  _mm_storeu_si128(words + 2, _mm_xor_si128(row[2], cv0));
  _mm_storeu_si128(words + 3, _mm_xor_si128(row[3], cv1));
}

}  // namespace merkleforge::blake3
