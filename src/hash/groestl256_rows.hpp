// Internal: Grøstl-256's P and Q in the row layout of the AES-round kernels, written once over a
// vector type of one (AES-NI, xmm) or two (VAES, ymm) independent 128-bit lanes. Included only by
// groestl256_aesni.cpp and groestl256_vaes.cpp (internal linkage, as keccak_round.hpp: each copy
// is compiled with its file's ISA flags).
//
// Layout of one lane: register i holds row i of P's state in its low 8 bytes and row i of Q's in
// its high 8 (column j at byte j of each half), so one instruction serves both permutations:
//   AddRoundConstant  one XOR per register (P's constants in row 0, Q's in all rows and row 7)
//   ShiftBytes        one pshufb per register (each half rotated by its own σ)
//   SubBytes          aesenclast with a zero key: ShiftRows then the AES S-box; the pshufb mask is
//                     composed with ShiftRows⁻¹ so that only the S-box remains
//   MixBytes          row i ← Σ_d c_d · row (i + d): with c = 2,2,3,4,5,3,5,7 that is
//                     X1 ⊕ 2·(X2 ⊕ 2·X4), each X an XOR of rows, and 2· a byte-wise doubling
// States arrive column-major (the specification's byte order); an 8×8 byte transposition turns
// columns into rows and back.
#pragma once

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
    for (unsigned r = 0; r < 4; ++r) {
      gather[r + 4 * c] = static_cast<std::uint8_t>(r + 4 * ((c + r) % 4));
    }
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

inline __m128i shift_mask(unsigned i) noexcept {
  return _mm_load_si128(reinterpret_cast<const __m128i*>(kShiftMasks[i].data()));
}

/// The vector operations the round needs, on every 128-bit lane alike.
struct Xmm {
  using V = __m128i;
  static V broadcast(__m128i lane) noexcept { return lane; }
  static V xor2(V a, V b) noexcept { return _mm_xor_si128(a, b); }
  static V and2(V a, V b) noexcept { return _mm_and_si128(a, b); }
  static V add8(V a, V b) noexcept { return _mm_add_epi8(a, b); }
  static V negative8(V a) noexcept { return _mm_cmpgt_epi8(_mm_setzero_si128(), a); }
  static V shuffle8(V a, V mask) noexcept { return _mm_shuffle_epi8(a, mask); }
  static V sub_bytes_after_shift_rows(V a) noexcept {
    return _mm_aesenclast_si128(a, _mm_setzero_si128());
  }
  static V unpacklo16(V a, V b) noexcept { return _mm_unpacklo_epi16(a, b); }
  static V unpackhi16(V a, V b) noexcept { return _mm_unpackhi_epi16(a, b); }
  static V unpacklo32(V a, V b) noexcept { return _mm_unpacklo_epi32(a, b); }
  static V unpackhi32(V a, V b) noexcept { return _mm_unpackhi_epi32(a, b); }
  static V unpacklo64(V a, V b) noexcept { return _mm_unpacklo_epi64(a, b); }
  static V unpackhi64(V a, V b) noexcept { return _mm_unpackhi_epi64(a, b); }
};

template <class Ops>
inline typename Ops::V xor3(typename Ops::V a, typename Ops::V b, typename Ops::V c) noexcept {
  return Ops::xor2(Ops::xor2(a, b), c);
}

// 2·v byte-wise in the Rijndael field.
template <class Ops>
inline typename Ops::V times2(typename Ops::V v) noexcept {
  const auto reduce = Ops::broadcast(_mm_set1_epi8(0x1b));
  return Ops::xor2(Ops::add8(v, v), Ops::and2(Ops::negative8(v), reduce));
}

// One MixBytes: ones of the coefficients at row distances d = 2,4,5,6,7, twos at 0,1,2,5,7,
// fours at 3,4,6,7.
template <class Ops>
inline void mix_bytes(typename Ops::V* x) noexcept {
  using V = typename Ops::V;
  V in[8];
  for (unsigned i = 0; i < 8; ++i) in[i] = x[i];
#pragma GCC unroll 8
  for (unsigned i = 0; i < 8; ++i) {
    const auto row = [&](unsigned d) { return in[(i + d) % 8]; };
    const V x1 = Ops::xor2(xor3<Ops>(row(2), row(4), row(5)), Ops::xor2(row(6), row(7)));
    const V x2 = Ops::xor2(xor3<Ops>(row(0), row(1), row(2)), Ops::xor2(row(5), row(7)));
    const V x4 = Ops::xor2(Ops::xor2(row(3), row(4)), Ops::xor2(row(6), row(7)));
    x[i] = Ops::xor2(x1, times2<Ops>(Ops::xor2(x2, times2<Ops>(x4))));
  }
}

// P on the low halves and Q on the high halves of the 8 row registers, in every lane.
template <class Ops>
inline void permute_pq(typename Ops::V* x) noexcept {
  constexpr std::uint64_t kColumnNibbles = 0x7060504030201000;  // byte j = j << 4
  constexpr std::uint64_t kRepeat = 0x0101010101010101;
  const auto row0 = Ops::broadcast(_mm_set_epi64x(-1, static_cast<long long>(kColumnNibbles)));
  const auto middle = Ops::broadcast(_mm_set_epi64x(-1, 0));
  const auto row7 = Ops::broadcast(_mm_set_epi64x(static_cast<long long>(~kColumnNibbles), 0));
#pragma GCC unroll 2
  for (unsigned r = 0; r < kRounds; ++r) {
    const auto round = static_cast<long long>(kRepeat * r);
    x[0] = Ops::xor2(x[0], Ops::xor2(row0, Ops::broadcast(_mm_set_epi64x(0, round))));
    for (unsigned i = 1; i < 7; ++i) x[i] = Ops::xor2(x[i], middle);
    x[7] = Ops::xor2(x[7], Ops::xor2(row7, Ops::broadcast(_mm_set_epi64x(round, 0))));
#pragma GCC unroll 8
    for (unsigned i = 0; i < 8; ++i) {
      x[i] = Ops::sub_bytes_after_shift_rows(Ops::shuffle8(x[i], Ops::broadcast(shift_mask(i))));
    }
    mix_bytes<Ops>(x);
  }
}

// Transposes an 8×8 byte matrix held as 8 lines of 8 bytes, two per register ([l0 | l1] in
// v[0], ...), in place, in every lane.
template <class Ops>
inline void transpose(typename Ops::V* v) noexcept {
  const auto pair_lines =
      Ops::broadcast(_mm_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15));
  for (unsigned k = 0; k < 4; ++k) v[k] = Ops::shuffle8(v[k], pair_lines);  // word c: column c
  const auto low01 = Ops::unpacklo16(v[0], v[1]);  // dword c < 4: lines 0-3 at column c
  const auto high01 = Ops::unpackhi16(v[0], v[1]);
  const auto low23 = Ops::unpacklo16(v[2], v[3]);  // lines 4-7
  const auto high23 = Ops::unpackhi16(v[2], v[3]);
  v[0] = Ops::unpacklo32(low01, low23);
  v[1] = Ops::unpackhi32(low01, low23);
  v[2] = Ops::unpacklo32(high01, high23);
  v[3] = Ops::unpackhi32(high01, high23);
}

// h ⊕= P(h ⊕ m) ⊕ Q(m) on states held as rows (4 registers, two rows each, per lane).
template <class Ops>
inline void compress_rows(typename Ops::V* h, typename Ops::V* m) noexcept {
  typename Ops::V x[8];
  for (unsigned k = 0; k < 4; ++k) {  // P gets h ⊕ m, Q gets m
    const auto p = Ops::xor2(h[k], m[k]);
    x[2 * k] = Ops::unpacklo64(p, m[k]);
    x[2 * k + 1] = Ops::unpackhi64(p, m[k]);
  }
  permute_pq<Ops>(x);
  for (unsigned k = 0; k < 4; ++k) {
    h[k] = xor3<Ops>(h[k], Ops::unpacklo64(x[2 * k], x[2 * k + 1]),
                     Ops::unpackhi64(x[2 * k], x[2 * k + 1]));
  }
}

// rows = P(rows) (rows in the low halves; the Q halves compute on a copy and are dropped).
template <class Ops>
inline void permute_p_rows(typename Ops::V* rows) noexcept {
  typename Ops::V x[8];
  for (unsigned k = 0; k < 4; ++k) {
    x[2 * k] = rows[k];
    x[2 * k + 1] = Ops::unpackhi64(rows[k], rows[k]);
  }
  permute_pq<Ops>(x);
  for (unsigned k = 0; k < 4; ++k) rows[k] = Ops::unpacklo64(x[2 * k], x[2 * k + 1]);
}

}  // namespace
}  // namespace merkleforge::detail::groestl
