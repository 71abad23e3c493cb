// POLYVAL kernel with VPCLMULQDQ on 256-bit registers: two Montgomery products per instruction
// group; ragged ends go through the PCLMULQDQ lane.
#include <immintrin.h>

#include "polyval_loops.hpp"
#include "polyval_pclmul_ops.hpp"

namespace merkleforge::binius::detail {
namespace {

struct VpclmulOps {
  using Vec = __m256i;
  static constexpr std::size_t kLanes = 2;
  static Vec load(const B128P* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static void store(B128P* p, Vec v) { _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v); }
  static Vec broadcast(B128P x) { return _mm256_broadcastsi128_si256(PclmulOps::load(&x)); }
  static Vec add(Vec a, Vec b) { return _mm256_xor_si256(a, b); }

  // PclmulOps::dot, lane by lane (VPCLMULQDQ and the shuffles act on each 128-bit lane).
  static Vec dot(Vec a, Vec b) {
    const __m256i lo = _mm256_clmulepi64_epi128(a, b, 0x00);
    const __m256i hi = _mm256_clmulepi64_epi128(a, b, 0x11);
    const __m256i mid = _mm256_xor_si256(_mm256_clmulepi64_epi128(a, b, 0x01),
                                         _mm256_clmulepi64_epi128(a, b, 0x10));
    const __m256i low_half = _mm256_xor_si256(lo, _mm256_slli_si256(mid, 8));
    const __m256i high_half = _mm256_xor_si256(hi, _mm256_srli_si256(mid, 8));
    const __m256i constant = _mm256_set1_epi64x(static_cast<long long>(kPolyvalReductionConstant));
    __m256i folded = _mm256_xor_si256(_mm256_shuffle_epi32(low_half, 0x4e),
                                      _mm256_clmulepi64_epi128(low_half, constant, 0x00));
    folded = _mm256_xor_si256(_mm256_shuffle_epi32(folded, 0x4e),
                              _mm256_clmulepi64_epi128(folded, constant, 0x00));
    return _mm256_xor_si256(high_half, folded);
  }
};

}  // namespace

const PolyvalKernel kPolyvalVpclmul = PolyvalLoops<VpclmulOps, PolyvalLoops<PclmulOps>>::kernel();

}  // namespace merkleforge::binius::detail
