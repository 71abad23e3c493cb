// The skip round's kernel with AVX-512 (F, BW, VBMI) and GFNI (skip_kernel.hpp). Per chunk of 8
// words: one VPERMB per column turns the 8 words into byte slices (qword p: byte p of each word);
// each slice, broadcast, meets in GF2P8AFFINEQB the matrices of 8 points at once (lane q: point
// 8g + q), so 8 products give X̂ at 8 points × 8 words; GF2P8MULB forms Â·B̂ and weighs the words
// by the pinned eq weights, three shifts sum each lane's 8 words, and a VPERMB gathers the sums.
// GCC 12 reports the intrinsics' deliberately undefined pass-through operands as uninitialized
// once they are inlined; the warning concerns the compiler's own header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <cstring>

#include "skip_kernel.hpp"

namespace merkleforge::boolean::detail {
namespace {

/// VPERMB indices: `transpose`, result byte 8p + j = source byte 8j + p; `low_bytes`, result byte
/// q < 8 = source byte 8q (each qword's low byte).
struct Permutations {
  alignas(64) std::array<std::uint8_t, 64> transpose{};
  alignas(64) std::array<std::uint8_t, 64> low_bytes{};
  constexpr Permutations() {
    for (unsigned p = 0; p < 8; ++p) {
      for (unsigned j = 0; j < 8; ++j) transpose[8 * p + j] = static_cast<std::uint8_t>(8 * j + p);
      low_bytes[p] = static_cast<std::uint8_t>(8 * p);
    }
  }
};
constexpr Permutations kPermutations;

void chunk_values_gfni512(const SkipTables& tables, const std::uint64_t* a, const std::uint64_t* b,
                          const std::uint64_t* z, std::size_t first, std::size_t count,
                          std::uint8_t* values) noexcept {
  const __m512i transpose = _mm512_load_si512(kPermutations.transpose.data());
  const __m512i low_bytes = _mm512_load_si512(kPermutations.low_bytes.data());
  std::uint64_t weights_qword;
  std::memcpy(&weights_qword, tables.pinned_weights.data(), 8);
  const __m512i weights = _mm512_set1_epi64(static_cast<long long>(weights_qword));
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t h = first + i;
    const __m512i sa = _mm512_permutexvar_epi8(transpose, _mm512_loadu_si512(a + 8 * h));
    const __m512i sb = _mm512_permutexvar_epi8(transpose, _mm512_loadu_si512(b + 8 * h));
    const __m512i sz = _mm512_permutexvar_epi8(transpose, _mm512_loadu_si512(z + 8 * h));
    __m512i ea[8], eb[8], ez[8];
    for (unsigned g = 0; g < 8; ++g) ea[g] = eb[g] = ez[g] = _mm512_setzero_si512();
    for (unsigned p = 0; p < 8; ++p) {
      const __m512i lane = _mm512_set1_epi64(p);
      const __m512i xa = _mm512_permutexvar_epi64(lane, sa);
      const __m512i xb = _mm512_permutexvar_epi64(lane, sb);
      const __m512i xz = _mm512_permutexvar_epi64(lane, sz);
      for (unsigned g = 0; g < 8; ++g) {
        const __m512i m = _mm512_load_si512(tables.matrices[g][p].data());
        ea[g] = _mm512_xor_si512(ea[g], _mm512_gf2p8affine_epi64_epi8(xa, m, 0));
        eb[g] = _mm512_xor_si512(eb[g], _mm512_gf2p8affine_epi64_epi8(xb, m, 0));
        ez[g] = _mm512_xor_si512(ez[g], _mm512_gf2p8affine_epi64_epi8(xz, m, 0));
      }
    }
    for (unsigned g = 0; g < 8; ++g) {
      __m512i c = _mm512_xor_si512(_mm512_gf2p8mul_epi8(ea[g], eb[g]), ez[g]);
      c = _mm512_gf2p8mul_epi8(c, weights);
      c = _mm512_xor_si512(c, _mm512_srli_epi64(c, 32));
      c = _mm512_xor_si512(c, _mm512_srli_epi64(c, 16));
      c = _mm512_xor_si512(c, _mm512_srli_epi64(c, 8));
      _mm_storel_epi64(reinterpret_cast<__m128i*>(values + kValuesPerChunk * i + 8 * g),
                       _mm512_castsi512_si128(_mm512_permutexvar_epi8(low_bytes, c)));
    }
  }
}

}  // namespace

const SkipKernel kSkipGfni512 = {&chunk_values_gfni512};

}  // namespace merkleforge::boolean::detail
