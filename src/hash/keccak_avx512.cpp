// AVX-512 kernel: eight Keccak-f[1600] states side by side in zmm registers (one 64-bit lane per
// message) for batches; vprolq rotates and vpternlogq does theta's three-way XOR and chi in one
// instruction each. A single state goes through the scalar BMI2 permutation (keccak_avx2.cpp): a
// one-state permutation in five zmm registers (rows, with a transpose per round) measured 1.24x
// slower than it on AMD EPYC with AVX-512 (single-block digest 312 vs 252 ns), and was removed.
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
      // Full-mask maskz form: it compiles to the plain instruction, and GCC 12 flags the
      // unmasked intrinsic's internal undefined operand under -Wuninitialized.
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

}  // namespace merkleforge::detail::keccak
