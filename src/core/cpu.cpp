#include "merkleforge/core/cpu.hpp"

#include <cstdint>

#if MERKLEFORGE_X86_KERNELS
#include <cpuid.h>
#endif

namespace merkleforge {
namespace {

#if MERKLEFORGE_X86_KERNELS
bool bit(unsigned value, int index) {
  return (value >> index) & 1u;
}

std::uint64_t read_xcr0() {
  std::uint32_t eax = 0, edx = 0;
  __asm__("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<std::uint64_t>(edx) << 32) | eax;
}

CpuFeatures detect() {
  CpuFeatures f;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return f;
  f.sse41 = bit(ecx, 19);
  f.pclmul = bit(ecx, 1);
  f.aes = bit(ecx, 25);
  const bool osxsave = bit(ecx, 27);
  const bool avx = bit(ecx, 28);
  const std::uint64_t xcr0 = osxsave ? read_xcr0() : 0;
  const bool ymm_state = (xcr0 & 0x6) == 0x6;    // SSE + AVX state saved by the OS
  const bool zmm_state = (xcr0 & 0xe6) == 0xe6;  // + opmask and ZMM state

  if (__get_cpuid_max(0, nullptr) < 7) return f;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  f.bmi1 = bit(ebx, 3);
  f.bmi2 = bit(ebx, 8);
  f.adx = bit(ebx, 19);
  f.sha = bit(ebx, 29);
  f.avx2 = avx && ymm_state && bit(ebx, 5);
  f.gfni = bit(ecx, 8);
  f.vaes = avx && ymm_state && bit(ecx, 9);
  f.vpclmulqdq = avx && ymm_state && bit(ecx, 10);
  if (zmm_state) {
    f.avx512f = bit(ebx, 16);
    f.avx512dq = bit(ebx, 17);
    f.avx512ifma = bit(ebx, 21);
    f.avx512bw = bit(ebx, 30);
    f.avx512vl = bit(ebx, 31);
    f.avx512vbmi = bit(ecx, 1);
    f.avx512vbmi2 = bit(ecx, 6);
  }
  return f;
}
#else
CpuFeatures detect() {
  return {};  // no x86 instruction set: the portable kernels
}
#endif

CpuFeatures with_emulated_isas(CpuFeatures f) {
#if defined(MERKLEFORGE_EMULATED_AVX512)
  // Test-only library variant (tests/emulated_isa): its *_avx512.cpp kernels are compiled against
  // SIMDe, which implements the intrinsics with baseline instructions, so they run on any CPU.
  f.avx512f = f.avx512vl = f.avx512bw = f.avx512dq = true;
#endif
#if defined(MERKLEFORGE_EMULATED_IFMA)
  // The *_ifma.cpp kernels, against SIMDe and the shim's VPMADD52 (tests/emulated_isa/shim).
  f.avx512f = f.avx512vl = f.avx512bw = f.avx512dq = f.avx512ifma = true;
#endif
#if defined(MERKLEFORGE_EMULATED_GFNI)
  f.gfni = true;  // likewise for the *_gfni.cpp kernels
#endif
  return f;
}

}  // namespace

const CpuFeatures& cpu_features() noexcept {
  static const CpuFeatures features = with_emulated_isas(detect());
  return features;
}

std::vector<std::string_view> requested_kernels(std::string_view spec, std::string_view primitive) {
  std::vector<std::string_view> specific;
  std::vector<std::string_view> general;
  while (!spec.empty()) {
    const std::size_t comma = spec.find(',');
    const std::string_view entry = spec.substr(0, comma);
    spec = comma == std::string_view::npos ? std::string_view{} : spec.substr(comma + 1);
    const std::size_t colon = entry.find(':');
    if (colon == std::string_view::npos) {
      if (!entry.empty()) general.push_back(entry);
    } else if (entry.substr(0, colon) == primitive && colon + 1 < entry.size()) {
      specific.push_back(entry.substr(colon + 1));
    }
  }
  specific.insert(specific.end(), general.begin(), general.end());
  return specific;
}

}  // namespace merkleforge
