// Stand-in for <immintrin.h> seen only by the *_avx512.cpp and *_gfni.cpp kernels of
// merkleforge_emulated_isa (src/CMakeLists.txt, EMULATE): the AVX-512, GFNI (and narrower)
// intrinsic names and vector types map onto SIMDe's portable implementations, so the kernels'
// source runs unchanged on CPUs without those instruction sets. SIMDe's aliases are macros and
// typedefs, which is why the real header must not be read in the same translation unit: its own
// __m512i would clash with SIMDe's.
#pragma once

#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
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

}  // namespace merkleforge_emulated_isa

#if !defined(_mm512_maskz_loadu_epi64)
#define _mm512_maskz_loadu_epi64(k, mem) merkleforge_emulated_isa::maskz_loadu_epi64(k, mem)
#endif
#if !defined(_mm512_mask_storeu_epi64)
#define _mm512_mask_storeu_epi64(mem, k, a) merkleforge_emulated_isa::mask_storeu_epi64(mem, k, a)
#endif
