// AVX2 + BMI kernels: four Keccak-f[1600] states side by side in ymm registers (one 64-bit lane
// per message) for batches, and the scalar permutation compiled with BMI1/BMI2 for single
// messages (chi's ~b & c is one andn, about 12 % off the one-state permutation with g++ 12; the
// rotations are rorx).
#include <immintrin.h>

#include "keccak_bytes.hpp"
#include "keccak_kernel.hpp"
#include "keccak_round.hpp"

namespace merkleforge::detail::keccak {
namespace {

struct Avx2Ops {
  static __m256i xor2(__m256i a, __m256i b) noexcept { return _mm256_xor_si256(a, b); }
  static __m256i xor3(__m256i a, __m256i b, __m256i c) noexcept {
    return _mm256_xor_si256(_mm256_xor_si256(a, b), c);
  }
  static __m256i chi(__m256i a, __m256i b, __m256i c) noexcept {
    return _mm256_xor_si256(a, _mm256_andnot_si256(b, c));
  }
  template <int N>
  static __m256i rotl(__m256i a) noexcept {
    if constexpr (N == 0) {
      return a;
    } else if constexpr (N == 8 || N == 56) {
      // Whole-byte rotations are one byte shuffle instead of two shifts and an or.
      constexpr int s = N / 8;
      const __m256i order = _mm256_setr_epi8(
          (8 - s) % 8, (9 - s) % 8, (10 - s) % 8, (11 - s) % 8, (12 - s) % 8, (13 - s) % 8,
          (14 - s) % 8, (15 - s) % 8, 8 + (8 - s) % 8, 8 + (9 - s) % 8, 8 + (10 - s) % 8,
          8 + (11 - s) % 8, 8 + (12 - s) % 8, 8 + (13 - s) % 8, 8 + (14 - s) % 8, 8 + (15 - s) % 8,
          (8 - s) % 8, (9 - s) % 8, (10 - s) % 8, (11 - s) % 8, (12 - s) % 8, (13 - s) % 8,
          (14 - s) % 8, (15 - s) % 8, 8 + (8 - s) % 8, 8 + (9 - s) % 8, 8 + (10 - s) % 8,
          8 + (11 - s) % 8, 8 + (12 - s) % 8, 8 + (13 - s) % 8, 8 + (14 - s) % 8, 8 + (15 - s) % 8);
      return _mm256_shuffle_epi8(a, order);
    } else {
      return _mm256_or_si256(_mm256_slli_epi64(a, N), _mm256_srli_epi64(a, 64 - N));
    }
  }
  static __m256i xor_constant(__m256i a, std::uint64_t c) noexcept {
    return _mm256_xor_si256(a, _mm256_set1_epi64x(static_cast<long long>(c)));
  }
};

constexpr std::size_t kLanes = 4;
static_assert(kRateWords % 4 == 1, "the rate is whole 4-word groups and one more word");

/// XORs words w..w+3 of the four lanes' blocks into a[0..3] (a[k] holds word w+k of every lane):
/// one 32-byte load per lane, then a 4x4 transpose of 64-bit words.
void xor_block_words(const std::uint8_t* const* blocks, std::size_t w, __m256i* a) noexcept {
  __m256i row[kLanes];
  for (std::size_t i = 0; i < kLanes; ++i)
    row[i] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(blocks[i] + 8 * w));
  const __m256i even01 = _mm256_unpacklo_epi64(row[0], row[1]);  // words 0, 2 of lanes 0, 1
  const __m256i odd01 = _mm256_unpackhi_epi64(row[0], row[1]);   // words 1, 3 of lanes 0, 1
  const __m256i even23 = _mm256_unpacklo_epi64(row[2], row[3]);
  const __m256i odd23 = _mm256_unpackhi_epi64(row[2], row[3]);
  a[0] = _mm256_xor_si256(a[0], _mm256_permute2x128_si256(even01, even23, 0x20));
  a[1] = _mm256_xor_si256(a[1], _mm256_permute2x128_si256(odd01, odd23, 0x20));
  a[2] = _mm256_xor_si256(a[2], _mm256_permute2x128_si256(even01, even23, 0x31));
  a[3] = _mm256_xor_si256(a[3], _mm256_permute2x128_si256(odd01, odd23, 0x31));
}

/// The rate's last word of each lane's block.
__m256i last_block_word(const std::uint8_t* const* blocks) noexcept {
  constexpr std::size_t offset = 8 * (kRateWords - 1);
  return _mm256_setr_epi64x(static_cast<long long>(load_le64(blocks[0] + offset)),
                            static_cast<long long>(load_le64(blocks[1] + offset)),
                            static_cast<long long>(load_le64(blocks[2] + offset)),
                            static_cast<long long>(load_le64(blocks[3] + offset)));
}

/// a[w] = word w of every lane's state, zero for the lanes set in `fresh` (new messages). When
/// every lane starts a message (batches of one-block messages), nothing is loaded.
void load_states(const std::uint64_t* states, unsigned fresh, __m256i* a) noexcept {
  constexpr unsigned kAllLanes = (1u << kLanes) - 1;
  if ((fresh & kAllLanes) == kAllLanes) {
    for (std::size_t w = 0; w < kStateWords; ++w) a[w] = _mm256_setzero_si256();
    return;
  }
  const __m256i lane_bits = _mm256_setr_epi64x(1, 2, 4, 8);
  const __m256i fresh_lanes = _mm256_cmpeq_epi64(
      _mm256_and_si256(_mm256_set1_epi64x(static_cast<long long>(fresh)), lane_bits), lane_bits);
  for (std::size_t w = 0; w < kStateWords; ++w) {
    const __m256i stored =
        _mm256_loadu_si256(reinterpret_cast<const __m256i*>(states + w * kLanes));
    a[w] = _mm256_andnot_si256(fresh_lanes, stored);
  }
}

}  // namespace

void permute_bmi2(std::uint64_t* state) noexcept {
  permute_scalar(state);
}

void absorb_lanes_avx2(std::uint64_t* states, const std::uint8_t* const* blocks,
                       unsigned fresh) noexcept {
  __m256i a[kStateWords];
  load_states(states, fresh, a);
  for (std::size_t w = 0; w + 4 <= kRateWords; w += 4) xor_block_words(blocks, w, a + w);
  a[kRateWords - 1] = _mm256_xor_si256(a[kRateWords - 1], last_block_word(blocks));
  keccak_f1600<Avx2Ops>(a);
  for (std::size_t w = 0; w < kStateWords; ++w) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(states + w * kLanes), a[w]);
  }
}

}  // namespace merkleforge::detail::keccak
