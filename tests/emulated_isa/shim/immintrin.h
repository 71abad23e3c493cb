// Stand-in for <immintrin.h> seen only by the *_avx512.cpp, *_ifma.cpp, *_gfni.cpp, *_gfni512.cpp,
// *_vpclmul.cpp and *_vpclmul512.cpp kernels of merkleforge_emulated_isa (src/CMakeLists.txt,
// EMULATE): the AVX-512, GFNI, (V)PCLMULQDQ (and narrower) intrinsic names and vector types map
// onto SIMDe's portable implementations (IFMA and a few 512-bit shuffles, which SIMDe 0.7.4
// lacks, onto ours below), so the kernels' source runs unchanged on CPUs without those
// instruction sets. SIMDe's aliases are macros and typedefs, which is why the real header must not
// be read in the same translation unit: its own __m512i would clash with SIMDe's.
#pragma once

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#include <simde/x86/clmul.h>
#include <simde/x86/gfni.h>

// General-purpose intrinsics (BMI2 _bzhi/_pdep, popcnt, ...) are not vector ISA and stay native;
// this GCC header declares them without the vector types.
#include <x86gprintrin.h>

#include <cstdint>
#include <cstring>

// Gaps in SIMDe 0.7.4 (Debian 12), filled from the Intel Intrinsics Guide definitions. Newer
// SIMDe versions that provide the intrinsics win (their aliases are macros).

// Mask types: SIMDe has simde__mmask*, but no native-alias names for them. Re-declaring a
// typedef to the same type is allowed, should a later SIMDe add them.
typedef simde__mmask8 __mmask8;
typedef simde__mmask16 __mmask16;
typedef simde__mmask32 __mmask32;
typedef simde__mmask64 __mmask64;

namespace merkleforge_emulated_isa {

// Masked-off lanes are neither read nor written: the kernels rely on it at buffer ends.
inline simde__m512i maskz_loadu_epi64(simde__mmask8 k, const void* mem) {
  std::uint64_t lanes[8] = {};
  for (int i = 0; i < 8; ++i) {
    if ((k >> i) & 1) std::memcpy(&lanes[i], static_cast<const unsigned char*>(mem) + 8 * i, 8);
  }
  return simde_mm512_loadu_si512(lanes);
}

inline void mask_storeu_epi64(void* mem, simde__mmask8 k, simde__m512i a) {
  std::uint64_t lanes[8];
  simde_mm512_storeu_si512(lanes, a);
  for (int i = 0; i < 8; ++i) {
    if ((k >> i) & 1) std::memcpy(static_cast<unsigned char*>(mem) + 8 * i, &lanes[i], 8);
  }
}

// VPMADD52LUQ / VPMADD52HUQ (AVX-512 IFMA): a + the low / high 52 bits of the 104-bit product of
// the low 52 bits of b and c, per 64-bit lane.
template <bool high>
inline simde__m512i madd52_epu64(simde__m512i a, simde__m512i b, simde__m512i c) {
  __extension__ typedef unsigned __int128 u128;
  constexpr std::uint64_t kMask52 = (std::uint64_t{1} << 52) - 1;
  std::uint64_t sum[8], x[8], y[8];
  simde_mm512_storeu_si512(sum, a);
  simde_mm512_storeu_si512(x, b);
  simde_mm512_storeu_si512(y, c);
  for (int i = 0; i < 8; ++i) {
    const u128 product = static_cast<u128>(x[i] & kMask52) * (y[i] & kMask52);
    sum[i] += static_cast<std::uint64_t>(high ? product >> 52 : product) & kMask52;
  }
  return simde_mm512_loadu_si512(sum);
}

// VPSRAQ with an immediate: arithmetic right shift of each 64-bit lane.
inline simde__m512i srai_epi64(simde__m512i a, unsigned count) {
  std::int64_t lanes[8];
  simde_mm512_storeu_si512(lanes, a);
  for (auto& lane : lanes) lane >>= (count > 63 ? 63 : count);
  return simde_mm512_loadu_si512(lanes);
}

// VSHUFI64X2: 128-bit blocks 0 and 1 from a, 2 and 3 from b, each chosen by two bits of imm.
inline simde__m512i shuffle_i64x2(simde__m512i a, simde__m512i b, int imm) {
  std::uint64_t x[8], y[8], out[8];
  simde_mm512_storeu_si512(x, a);
  simde_mm512_storeu_si512(y, b);
  for (int block = 0; block < 4; ++block) {
    const std::uint64_t* source = block < 2 ? x : y;
    const int chosen = (imm >> (2 * block)) & 3;
    out[2 * block] = source[2 * chosen];
    out[2 * block + 1] = source[2 * chosen + 1];
  }
  return simde_mm512_loadu_si512(out);
}

// VPSLLDQ / VPSRLDQ on 512-bit registers: each 128-bit block moved by `count` bytes towards its
// high (left) or low (right) end, zeros shifted in; a count over 15 clears the block.
template <bool left>
inline simde__m512i byte_shift_epi128(simde__m512i a, int count) {
  unsigned char in[64], out[64] = {};
  simde_mm512_storeu_si512(in, a);
  const int shift = (count & 0xff) > 15 ? 16 : (count & 0xff);
  for (int block = 0; block < 64; block += 16) {
    for (int i = shift; i < 16; ++i) {
      if (left) {
        out[block + i] = in[block + i - shift];
      } else {
        out[block + i - shift] = in[block + i];
      }
    }
  }
  return simde_mm512_loadu_si512(out);
}

// VPSHUFD on 512-bit registers: dword i of each 128-bit block is dword (imm >> 2i) & 3 of the same
// block.
inline simde__m512i shuffle_epi32(simde__m512i a, int imm) {
  std::uint32_t in[16], out[16];
  simde_mm512_storeu_si512(in, a);
  for (int block = 0; block < 16; block += 4) {
    for (int i = 0; i < 4; ++i) out[block + i] = in[block + ((imm >> (2 * i)) & 3)];
  }
  return simde_mm512_loadu_si512(out);
}

}  // namespace merkleforge_emulated_isa

#if !defined(_mm512_maskz_loadu_epi64)
#define _mm512_maskz_loadu_epi64(k, mem) merkleforge_emulated_isa::maskz_loadu_epi64(k, mem)
#endif
#if !defined(_mm512_madd52lo_epu64)
#define _mm512_madd52lo_epu64(a, b, c) merkleforge_emulated_isa::madd52_epu64<false>(a, b, c)
#endif
#if !defined(_mm512_madd52hi_epu64)
#define _mm512_madd52hi_epu64(a, b, c) merkleforge_emulated_isa::madd52_epu64<true>(a, b, c)
#endif
#if !defined(_mm512_srai_epi64)
#define _mm512_srai_epi64(a, count) merkleforge_emulated_isa::srai_epi64(a, count)
#endif
#if !defined(_mm512_shuffle_i64x2)
#define _mm512_shuffle_i64x2(a, b, imm) merkleforge_emulated_isa::shuffle_i64x2(a, b, imm)
#endif
#if !defined(_mm512_mask_storeu_epi64)
#define _mm512_mask_storeu_epi64(mem, k, a) merkleforge_emulated_isa::mask_storeu_epi64(mem, k, a)
#endif
#if !defined(_mm512_bslli_epi128)
#define _mm512_bslli_epi128(a, count) merkleforge_emulated_isa::byte_shift_epi128<true>(a, count)
#endif
#if !defined(_mm512_bsrli_epi128)
#define _mm512_bsrli_epi128(a, count) merkleforge_emulated_isa::byte_shift_epi128<false>(a, count)
#endif
// The kernels name VPSHUFD's selector by GCC's _MM_PERM_ENUM (letters A..D for dwords 0..3, the
// highest destination dword first), which SIMDe 0.7.4 lacks as well: only the selector they use,
// and only beside our intrinsic, since a SIMDe that has the intrinsic defines its own selectors.
#if !defined(_mm512_shuffle_epi32)
#define _mm512_shuffle_epi32(a, imm) merkleforge_emulated_isa::shuffle_epi32(a, imm)
#define _MM_PERM_BADC 0x4E
#endif
