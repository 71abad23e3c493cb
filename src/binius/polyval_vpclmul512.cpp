// POLYVAL kernel with VPCLMULQDQ on 512-bit registers (AVX-512F/VL/BW): four Montgomery products
// per instruction group; ragged ends go through the PCLMULQDQ lane. On the 2-vCPU Zen 5 host it
// doubles the 256-bit kernel's product rate (docs/binius.md, "Current figures").
// GCC 12 reports the intrinsics' deliberately undefined pass-through operands (`__m512i __Y = __Y`)
// as uninitialized once they are inlined; the warning concerns the compiler's own header.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include "polyval_loops.hpp"
#include "polyval_pclmul_ops.hpp"

namespace merkleforge::binius::detail {
namespace {

struct Vpclmul512Ops {
  using Vec = __m512i;
  static constexpr std::size_t kLanes = 4;
  static Vec load(const B128P* p) { return _mm512_loadu_si512(p); }
  static void store(B128P* p, Vec v) { _mm512_storeu_si512(p, v); }
  static Vec broadcast(B128P x) { return _mm512_broadcast_i32x4(PclmulOps::load(&x)); }
  static Vec add(Vec a, Vec b) { return _mm512_xor_si512(a, b); }

  // PclmulOps::dot, lane by lane (VPCLMULQDQ and the shuffles act on each 128-bit lane).
  static Vec dot(Vec a, Vec b) {
    const __m512i lo = _mm512_clmulepi64_epi128(a, b, 0x00);
    const __m512i hi = _mm512_clmulepi64_epi128(a, b, 0x11);
    const __m512i mid = _mm512_xor_si512(_mm512_clmulepi64_epi128(a, b, 0x01),
                                         _mm512_clmulepi64_epi128(a, b, 0x10));
    const __m512i low_half = _mm512_xor_si512(lo, _mm512_bslli_epi128(mid, 8));
    const __m512i high_half = _mm512_xor_si512(hi, _mm512_bsrli_epi128(mid, 8));
    const __m512i constant = _mm512_set1_epi64(static_cast<long long>(kPolyvalReductionConstant));
    __m512i folded = _mm512_xor_si512(_mm512_shuffle_epi32(low_half, _MM_PERM_BADC),
                                      _mm512_clmulepi64_epi128(low_half, constant, 0x00));
    folded = _mm512_xor_si512(_mm512_shuffle_epi32(folded, _MM_PERM_BADC),
                              _mm512_clmulepi64_epi128(folded, constant, 0x00));
    return _mm512_xor_si512(high_half, folded);
  }
};

}  // namespace

const PolyvalKernel kPolyvalVpclmul512 =
    PolyvalLoops<Vpclmul512Ops, PolyvalLoops<PclmulOps>>::kernel();

}  // namespace merkleforge::binius::detail
