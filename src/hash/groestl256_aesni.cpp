// Grøstl-256 with AES-NI (and SSSE3 byte shuffles): P and Q of a compression run side by side.
//
// Layout: register i holds row i of P's state in its low 8 bytes and row i of Q's in its high 8
// (column j at byte j of each half), so one instruction serves both permutations:
//   AddRoundConstant  one XOR per register (P's constants in row 0, Q's in all rows and row 7)
//   ShiftBytes        one pshufb per register (each half rotated by its own σ)
//   SubBytes          aesenclast with a zero key: ShiftRows then the AES S-box; the pshufb mask is
//                     composed with ShiftRows⁻¹ so that only the S-box remains
//   MixBytes          row i ← Σ_d c_d · row (i + d): with c = 2,2,3,4,5,3,5,7 that is
//                     X1 ⊕ 2·(X2 ⊕ 2·X4), each X an XOR of rows, and 2· a byte-wise doubling
// States come in and go out column-major (the specification's byte order, kernel columns); an
// 8×8 byte transposition turns columns into rows and back.
#include <immintrin.h>

#include <array>
#include <cstdint>

#include "groestl256_kernel.hpp"

namespace merkleforge::detail::groestl {
namespace {

using Mask = std::array<std::uint8_t, 16>;

// AES ShiftRows as a gather (state byte r + 4c is row r, column c): output byte r + 4c takes
// input byte r + 4((c + r) mod 4).
constexpr Mask aes_shift_rows() {
  Mask gather{};
  for (unsigned c = 0; c < 4; ++c) {
    for (unsigned r = 0; r < 4; ++r)
      gather[r + 4 * c] = static_cast<std::uint8_t>(r + 4 * ((c + r) % 4));
  }
  return gather;
}

// The pshufb masks of the 8 row registers: ShiftBytes (column j of row i takes column
// j + σ[i]) for P in the low half and Q in the high half, composed with ShiftRows⁻¹: `final`
// satisfies ShiftRows(pshufb(x, final)) = pshufb(x, shift), i.e. final[SR[b]] = shift[b].
constexpr std::array<Mask, 8> make_shift_masks() {
  constexpr std::array<unsigned, 8> kShiftP = {0, 1, 2, 3, 4, 5, 6, 7};
  constexpr std::array<unsigned, 8> kShiftQ = {1, 3, 5, 7, 0, 2, 4, 6};
  const Mask rows = aes_shift_rows();
  std::array<Mask, 8> masks{};
  for (unsigned i = 0; i < 8; ++i) {
    Mask shift{};
    for (unsigned j = 0; j < 8; ++j) {
      shift[j] = static_cast<std::uint8_t>((j + kShiftP[i]) % 8);
      shift[8 + j] = static_cast<std::uint8_t>(8 + (j + kShiftQ[i]) % 8);
    }
    for (unsigned b = 0; b < 16; ++b) masks[i][rows[b]] = shift[b];
  }
  return masks;
}

alignas(16) constexpr std::array<Mask, 8> kShiftMasks = make_shift_masks();

inline __m128i load_mask(unsigned i) noexcept {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(kShiftMasks[i].data()));
}

// 2·v byte-wise in the Rijndael field.
inline __m128i times2(__m128i v) noexcept {
  const __m128i high_bits = _mm_cmpgt_epi8(_mm_setzero_si128(), v);  // 0xff where bit 7 is set
  return _mm_xor_si128(_mm_add_epi8(v, v), _mm_and_si128(high_bits, _mm_set1_epi8(0x1b)));
}

inline __m128i xor3(__m128i a, __m128i b, __m128i c) noexcept {
  return _mm_xor_si128(_mm_xor_si128(a, b), c);
}

// One MixBytes: ones of the coefficients at row distances d = 2,4,5,6,7, twos at 0,1,2,5,7,
// fours at 3,4,6,7.
inline void mix_bytes(__m128i* x) noexcept {
  __m128i in[8];
  for (unsigned i = 0; i < 8; ++i) in[i] = x[i];
#pragma GCC unroll 8
  for (unsigned i = 0; i < 8; ++i) {
    const auto row = [&](unsigned d) { return in[(i + d) % 8]; };
    const __m128i x1 = _mm_xor_si128(xor3(row(2), row(4), row(5)), _mm_xor_si128(row(6), row(7)));
    const __m128i x2 = _mm_xor_si128(xor3(row(0), row(1), row(2)), _mm_xor_si128(row(5), row(7)));
    const __m128i x4 = _mm_xor_si128(_mm_xor_si128(row(3), row(4)), _mm_xor_si128(row(6), row(7)));
    x[i] = _mm_xor_si128(x1, times2(_mm_xor_si128(x2, times2(x4))));
  }
}

// P on the low halves and Q on the high halves of the 8 row registers.
inline void permute_pq(__m128i* x) noexcept {
  constexpr std::uint64_t kColumnNibbles = 0x7060504030201000;  // byte j = j << 4
  constexpr std::uint64_t kRepeat = 0x0101010101010101;
  const __m128i row0 = _mm_set_epi64x(-1, static_cast<long long>(kColumnNibbles));
  const __m128i middle = _mm_set_epi64x(-1, 0);
  const __m128i row7 = _mm_set_epi64x(static_cast<long long>(~kColumnNibbles), 0);
  const __m128i zero = _mm_setzero_si128();
#pragma GCC unroll 2
  for (unsigned r = 0; r < kRounds; ++r) {
    const auto round = static_cast<long long>(kRepeat * r);
    x[0] = _mm_xor_si128(x[0], _mm_xor_si128(row0, _mm_set_epi64x(0, round)));
    for (unsigned i = 1; i < 7; ++i) x[i] = _mm_xor_si128(x[i], middle);
    x[7] = _mm_xor_si128(x[7], _mm_xor_si128(row7, _mm_set_epi64x(round, 0)));
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; ++i) {
      x[i] = _mm_aesenclast_si128(_mm_shuffle_epi8(x[i], load_mask(i)), zero);
    }
    mix_bytes(x);
  }
}

// Transposes an 8×8 byte matrix held as 8 lines of 8 bytes, two per register ([l0 | l1] in
// v[0], ...), in place.
inline void transpose(__m128i* v) noexcept {
  const __m128i pair_lines = _mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15);
  for (unsigned k = 0; k < 4; ++k) v[k] = _mm_shuffle_epi8(v[k], pair_lines);  // word c: lines' c
  const __m128i low01 = _mm_unpacklo_epi16(v[0], v[1]);  // dword c < 4: lines 0-3 at column c
  const __m128i high01 = _mm_unpackhi_epi16(v[0], v[1]);
  const __m128i low23 = _mm_unpacklo_epi16(v[2], v[3]);  // lines 4-7
  const __m128i high23 = _mm_unpackhi_epi16(v[2], v[3]);
  v[0] = _mm_unpacklo_epi32(low01, low23);
  v[1] = _mm_unpackhi_epi32(low01, low23);
  v[2] = _mm_unpacklo_epi32(high01, high23);
  v[3] = _mm_unpackhi_epi32(high01, high23);
}

inline void load_rows(const void* columns, __m128i* rows) noexcept {
  for (unsigned k = 0; k < 4; ++k) {
    rows[k] = _mm_loadu_si128(static_cast<const __m128i*>(columns) + k);
  }
  transpose(rows);
}

inline void store_rows(__m128i* rows, void* columns) noexcept {
  transpose(rows);
  for (unsigned k = 0; k < 4; ++k) _mm_storeu_si128(static_cast<__m128i*>(columns) + k, rows[k]);
}

}  // namespace

void p_aesni(std::uint64_t* state) noexcept {
  __m128i rows[4];
  load_rows(state, rows);
  __m128i x[8];
  for (unsigned k = 0; k < 4; ++k) {  // rows 2k, 2k+1 in the low halves; Q's halves unused
    x[2 * k] = rows[k];
    x[2 * k + 1] = _mm_unpackhi_epi64(rows[k], rows[k]);
  }
  permute_pq(x);
  for (unsigned k = 0; k < 4; ++k) rows[k] = _mm_unpacklo_epi64(x[2 * k], x[2 * k + 1]);
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
  permute_pq(x);
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
    __m128i x[8];
    for (unsigned k = 0; k < 4; ++k) {  // P gets h ⊕ m, Q gets m
      const __m128i p = _mm_xor_si128(h[k], m[k]);
      x[2 * k] = _mm_unpacklo_epi64(p, m[k]);
      x[2 * k + 1] = _mm_unpackhi_epi64(p, m[k]);
    }
    permute_pq(x);
    for (unsigned k = 0; k < 4; ++k) {  // h ⊕= P(h ⊕ m) ⊕ Q(m)
      h[k] = xor3(h[k], _mm_unpacklo_epi64(x[2 * k], x[2 * k + 1]),
                  _mm_unpackhi_epi64(x[2 * k], x[2 * k + 1]));
    }
  }
  store_rows(h, chaining);
}

}  // namespace merkleforge::detail::groestl
