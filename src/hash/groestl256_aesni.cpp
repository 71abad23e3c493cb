// Grøstl-256 with AES-NI (and SSSE3 byte shuffles): P and Q of a compression side by side in the
// two halves of 8 xmm registers (the row layout of groestl256_rows.hpp).
#include "groestl256_kernel.hpp"
#include "groestl256_rows.hpp"

namespace merkleforge::detail::groestl {
namespace {

void load_rows(const void* columns, __m128i* rows) noexcept {
  for (unsigned k = 0; k < 4; ++k) {
    rows[k] = _mm_loadu_si128(static_cast<const __m128i*>(columns) + k);
  }
  transpose<Xmm>(rows);
}

void store_rows(__m128i* rows, void* columns) noexcept {
  transpose<Xmm>(rows);
  for (unsigned k = 0; k < 4; ++k) _mm_storeu_si128(static_cast<__m128i*>(columns) + k, rows[k]);
}

}  // namespace

void p_aesni(std::uint64_t* state) noexcept {
  __m128i rows[4];
  load_rows(state, rows);
  permute_p_rows<Xmm>(rows);
  store_rows(rows, state);
}

void q_aesni(std::uint64_t* state) noexcept {
  __m128i rows[4];
  load_rows(state, rows);
  __m128i x[8];
  for (unsigned k = 0; k < 4; ++k) {  // rows 2k, 2k+1 in the high halves; P's halves unused
    x[2 * k] = _mm_unpacklo_epi64(rows[k], rows[k]);
    x[2 * k + 1] = _mm_unpackhi_epi64(rows[k], rows[k]);
  }
  permute_pq<Xmm>(x);
  for (unsigned k = 0; k < 4; ++k) rows[k] = _mm_unpackhi_epi64(x[2 * k], x[2 * k + 1]);
  store_rows(rows, state);
}

void compress_aesni(std::uint64_t* chaining, const std::uint8_t* blocks,
                    std::size_t count) noexcept {
  __m128i h[4];  // the chaining value as rows, across all blocks
  load_rows(chaining, h);
  for (std::size_t b = 0; b < count; ++b) {
    __m128i m[4];
    load_rows(blocks + 64 * b, m);
    compress_rows<Xmm>(h, m);
  }
  store_rows(h, chaining);
}

}  // namespace merkleforge::detail::groestl
