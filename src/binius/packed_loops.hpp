// Internal: the element-wise loop shared by the 256-bit packed kernels, written once over the
// kernel's product of two registers. A ragged end is padded with zeros into one more register.
// Include only from kernel files (*_avx2.cpp, *_gfni.cpp), so the loop is compiled with that
// file's instruction-set flags (or against SIMDe in the emulated test variant).
#pragma once

#include <immintrin.h>

#include <cstddef>
#include <cstring>

namespace merkleforge::binius::detail {

/// out[i] = mul(a, b) register by register; `mul` maps two __m256i of packed T values to their
/// products. out may alias a or b: each register is loaded before its result is stored.
template <class T, class Mul>
void packed_mul_loop(const T* a, const T* b, T* out, std::size_t n, Mul mul) {
  constexpr std::size_t kLanes = sizeof(__m256i) / sizeof(T);
  std::size_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    const __m256i va = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
    const __m256i vb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b + i));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i), mul(va, vb));
  }
  if (i == n) return;
  T ta[kLanes] = {}, tb[kLanes] = {}, to[kLanes];
  std::memcpy(ta, a + i, (n - i) * sizeof(T));
  std::memcpy(tb, b + i, (n - i) * sizeof(T));
  const __m256i va = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(ta));
  const __m256i vb = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(tb));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(to), mul(va, vb));
  std::memcpy(out + i, to, (n - i) * sizeof(T));
}

}  // namespace merkleforge::binius::detail
