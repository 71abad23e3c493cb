// AVX-512 kernels: eight Keccak-f[1600] states side by side in zmm registers (one 64-bit lane per
// message) for batches; vprolq rotates and vpternlogq does theta's three-way XOR and chi in one
// instruction each.
#include <immintrin.h>

#include "keccak_bytes.hpp"
#include "keccak_kernel.hpp"
#include "keccak_round.hpp"

namespace merkleforge::detail::keccak {
namespace {

// vpternlogq truth tables over (a, b, c) = (0xF0, 0xCC, 0xAA).
constexpr int kXor3 = 0x96;
constexpr int kChi = 0xD2;  // a ^ (~b & c)

struct Avx512Ops {
  static __m512i xor2(__m512i a, __m512i b) noexcept { return _mm512_xor_si512(a, b); }
  static __m512i xor3(__m512i a, __m512i b, __m512i c) noexcept {
    return _mm512_ternarylogic_epi64(a, b, c, kXor3);
  }
  static __m512i chi(__m512i a, __m512i b, __m512i c) noexcept {
    return _mm512_ternarylogic_epi64(a, b, c, kChi);
  }
  template <int N>
  static __m512i rotl(__m512i a) noexcept {
    if constexpr (N == 0) {
      return a;
    } else {
      // Full-mask maskz form: see permute() below.
      return _mm512_maskz_rol_epi64(0xFF, a, N);
    }
  }
  static __m512i xor_constant(__m512i a, std::uint64_t c) noexcept {
    return _mm512_xor_si512(a, _mm512_set1_epi64(static_cast<long long>(c)));
  }
};

constexpr std::size_t kLanes = 8;

}  // namespace

void absorb_lanes_avx512(std::uint64_t* states, const std::uint8_t* const* blocks) noexcept {
  // The blocks are transposed through memory (word w of lane i at [w * kLanes + i]).
  alignas(64) std::uint64_t block[kRateWords * kLanes];
  for (std::size_t w = 0; w < kRateWords; ++w) {
    for (std::size_t i = 0; i < kLanes; ++i) block[w * kLanes + i] = load_le64(blocks[i] + 8 * w);
  }
  __m512i a[kStateWords];
  for (std::size_t w = 0; w < kStateWords; ++w) a[w] = _mm512_loadu_si512(states + w * kLanes);
  for (std::size_t w = 0; w < kRateWords; ++w) {
    a[w] = _mm512_xor_si512(a[w], _mm512_loadu_si512(block + w * kLanes));
  }
  keccak_f1600<Avx512Ops>(a);
  for (std::size_t w = 0; w < kStateWords; ++w) _mm512_storeu_si512(states + w * kLanes, a[w]);
}

// Single state: the 5x5 lanes as five zmm registers (slots 5..7 are never stored and never feed
// slots 0..4). theta wants rows in registers (column parities are XORs of registers); after rho,
// pi sends row y to column x' = y, which is one in-register permutation per row; chi then wants
// columns in registers (x-neighbours are neighbouring registers). So each round runs theta and rho
// on rows, pi lands in column form, chi works there, and a 5x5 transpose returns to rows.
namespace {

// Full-mask maskz forms compile to the plain instructions; GCC 12 flags the unmasked intrinsics'
// internal undefined operand under -Wuninitialized.
__m512i permute(__m512i index, __m512i a) noexcept {
  return _mm512_maskz_permutexvar_epi64(0xFF, index, a);
}
__m512i rotate_each(__m512i a, __m512i counts) noexcept {
  return _mm512_maskz_rolv_epi64(0xFF, a, counts);
}

__m512i indices(int i0, int i1, int i2, int i3, int i4, int i5, int i6, int i7) noexcept {
  return _mm512_setr_epi64(i0, i1, i2, i3, i4, i5, i6, i7);
}

/// Columns (v[x] slot y = lane (x, y)) to rows (r[y] slot x), with two-source permutations.
struct Transpose {
  __m512i interleave_low = indices(0, 8, 1, 9, 2, 10, 3, 11);
  __m512i interleave_high = indices(4, 12, 5, 13, 6, 14, 7, 15);
  __m512i pairs_low = indices(0, 1, 8, 9, 2, 3, 10, 11);
  __m512i pairs_high = indices(4, 5, 12, 13, 6, 7, 14, 15);
  // Row y: four lanes gathered from x = 0..3, then lane (4, y).
  __m512i finish[5] = {indices(0, 1, 2, 3, 8, 0, 0, 0), indices(4, 5, 6, 7, 9, 0, 0, 0),
                       indices(0, 1, 2, 3, 10, 0, 0, 0), indices(4, 5, 6, 7, 11, 0, 0, 0),
                       indices(0, 1, 2, 3, 12, 0, 0, 0)};

  void operator()(const __m512i* v, __m512i* r) const noexcept {
    const __m512i v01_low = _mm512_permutex2var_epi64(v[0], interleave_low, v[1]);
    const __m512i v01_high = _mm512_permutex2var_epi64(v[0], interleave_high, v[1]);
    const __m512i v23_low = _mm512_permutex2var_epi64(v[2], interleave_low, v[3]);
    const __m512i v23_high = _mm512_permutex2var_epi64(v[2], interleave_high, v[3]);
    const __m512i rows01 = _mm512_permutex2var_epi64(v01_low, pairs_low, v23_low);
    const __m512i rows23 = _mm512_permutex2var_epi64(v01_low, pairs_high, v23_low);
    const __m512i row4 = _mm512_permutex2var_epi64(v01_high, pairs_low, v23_high);
    r[0] = _mm512_permutex2var_epi64(rows01, finish[0], v[4]);
    r[1] = _mm512_permutex2var_epi64(rows01, finish[1], v[4]);
    r[2] = _mm512_permutex2var_epi64(rows23, finish[2], v[4]);
    r[3] = _mm512_permutex2var_epi64(rows23, finish[3], v[4]);
    r[4] = _mm512_permutex2var_epi64(row4, finish[4], v[4]);
  }
};

// pi moves lane (x, y) to (y, 2x + 3y): column y, slot Y, receives row y's lane x = 3Y + y.
__m512i pi_from_row(int y) noexcept {
  return indices(y % 5, (3 + y) % 5, (6 + y) % 5, (9 + y) % 5, (12 + y) % 5, 5, 6, 7);
}

__m512i rho_of_row(int y) noexcept {
  return indices(kRho[5 * y], kRho[5 * y + 1], kRho[5 * y + 2], kRho[5 * y + 3], kRho[5 * y + 4], 0,
                 0, 0);
}

}  // namespace

void permute_avx512(std::uint64_t* state) noexcept {
  constexpr __mmask8 kLanes5 = 0x1F;
  const __m512i previous_column = indices(4, 0, 1, 2, 3, 5, 6, 7);
  const __m512i next_column = indices(1, 2, 3, 4, 0, 5, 6, 7);
  const __m512i rho[5] = {rho_of_row(0), rho_of_row(1), rho_of_row(2), rho_of_row(3),
                          rho_of_row(4)};
  const __m512i pi[5] = {pi_from_row(0), pi_from_row(1), pi_from_row(2), pi_from_row(3),
                         pi_from_row(4)};
  const Transpose transpose;

  __m512i rows[5];
  for (int y = 0; y < 5; ++y) rows[y] = _mm512_maskz_loadu_epi64(kLanes5, state + 5 * y);
  for (std::uint64_t round_constant : kRoundConstants) {
    // theta: column parities C, then every lane ^= C[x - 1] ^ rotl(C[x + 1], 1).
    const __m512i parity = _mm512_ternarylogic_epi64(
        _mm512_ternarylogic_epi64(rows[0], rows[1], rows[2], kXor3), rows[3], rows[4], kXor3);
    const __m512i left = permute(previous_column, parity);
    const __m512i right = Avx512Ops::rotl<1>(permute(next_column, parity));
    __m512i columns[5];
    for (int y = 0; y < 5; ++y) {
      const __m512i lane = _mm512_ternarylogic_epi64(rows[y], left, right, kXor3);
      columns[y] = permute(pi[y], rotate_each(lane, rho[y]));  // rho, pi
    }
    // chi along x (x-neighbours are neighbouring registers now), then iota on lane (0, 0).
    __m512i mixed[5];
    for (int x = 0; x < 5; ++x) {
      mixed[x] =
          _mm512_ternarylogic_epi64(columns[x], columns[(x + 1) % 5], columns[(x + 2) % 5], kChi);
    }
    mixed[0] = _mm512_xor_si512(mixed[0],
                                _mm512_maskz_set1_epi64(1, static_cast<long long>(round_constant)));
    transpose(mixed, rows);
  }
  for (int y = 0; y < 5; ++y) _mm512_mask_storeu_epi64(state + 5 * y, kLanes5, rows[y]);
}

}  // namespace merkleforge::detail::keccak
