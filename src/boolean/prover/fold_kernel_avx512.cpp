// fold_kernel.hpp's avx512 kernel: a word's 64 field elements are 16 registers of four; each
// nibble of the word selects, through a byte of 8 qword lanes, the elements that take the weight.
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

#include <array>
#include <cstring>

#include "fold_kernel.hpp"

namespace merkleforge::boolean::detail {
namespace {

/// Nibble → qword-lane mask: bit i of the nibble selects lanes 2i and 2i + 1 (element i).
constexpr std::array<__mmask8, 16> kLanes = [] {
  std::array<__mmask8, 16> masks{};
  for (unsigned nibble = 0; nibble < 16; ++nibble) {
    unsigned mask = 0;
    for (unsigned i = 0; i < 4; ++i) {
      if ((nibble >> i) & 1) mask |= 3u << (2 * i);
    }
    masks[nibble] = static_cast<__mmask8>(mask);
  }
  return masks;
}();

void add_words_avx512(const std::uint64_t* words, std::size_t count, binius::B128P weight,
                      binius::B128P* folded) noexcept {
  __m128i lane;
  std::memcpy(&lane, &weight, sizeof lane);
  const __m512i weights = _mm512_broadcast_i32x4(lane);
  for (std::size_t w = 0; w < count; ++w) {
    const std::uint64_t bits = words[w];
    if (bits == 0) continue;
    auto* out = reinterpret_cast<unsigned char*>(folded + 64 * w);
    for (unsigned k = 0; k < 16; ++k) {
      const __mmask8 mask = kLanes[(bits >> (4 * k)) & 15];
      void* at = out + 64 * k;
      _mm512_storeu_si512(
          at, _mm512_mask_xor_epi64(_mm512_loadu_si512(at), mask, _mm512_loadu_si512(at), weights));
    }
  }
}

}  // namespace

const FoldKernel kFoldAvx512 = {&add_words_avx512};

}  // namespace merkleforge::boolean::detail
