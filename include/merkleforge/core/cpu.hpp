// CPU feature detection (CPUID + XGETBV), read once per process.
#pragma once

#include <string_view>
#include <vector>

// The instruction-set kernels (*_<isa>.cpp: SHA-NI, AVX2, AVX-512, GFNI, ...) exist on x86-64 only;
// elsewhere (wasm32, AArch64) the build leaves them out and every primitive runs its portable
// kernel. Dispatchers list an x86 kernel only `#if MERKLEFORGE_X86_KERNELS`.
#if defined(__x86_64__)
#define MERKLEFORGE_X86_KERNELS 1
#else
#define MERKLEFORGE_X86_KERNELS 0
#endif

namespace merkleforge {

/// Instruction-set features usable by this process: a flag is true only when the CPU has the
/// feature and the operating system saves the register state it needs.
struct CpuFeatures {
  bool sse41 = false;
  bool pclmul = false;
  bool aes = false;  ///< AES-NI (aesenc, aesenclast, ...)
  bool avx2 = false;
  bool bmi1 = false;
  bool bmi2 = false;
  bool adx = false;
  bool sha = false;  ///< SHA-NI (SHA-256 rounds)
  bool avx512f = false;
  bool avx512vl = false;
  bool avx512bw = false;
  bool avx512dq = false;
  bool avx512ifma = false;
  bool avx512vbmi = false;  ///< byte permutations across registers (VPERMB, VPERMT2B)
  bool avx512vbmi2 = false;
  bool gfni = false;
  bool vaes = false;
  bool vpclmulqdq = false;
};

/// This process's features, detected on first call (CPUID + XGETBV; all false off x86-64). Never
/// fails.
const CpuFeatures& cpu_features() noexcept;

/// The environment variable that overrides the run-time kernel choice of every primitive (the
/// hashes, the Verkle field, POLYVAL, the packed binius products): a comma-separated list whose
/// entries are `<kernel>` (every primitive that has a kernel of that name, e.g. "portable") or
/// `<primitive>:<kernel>` (e.g. "sha256:avx2,polyval:pclmul"). A request the primitive cannot
/// honour (no such kernel, or the CPU lacks it) is ignored; `mforge --version` names the choices.
inline constexpr const char* kKernelEnvironmentVariable = "MERKLEFORGE_KERNEL";

/// The kernel names `spec` (the syntax above) requests for `primitive`, in the order to try them:
/// its `<primitive>:<kernel>` entries first, then the bare `<kernel>` entries, each group in the
/// order written. Empty entries are skipped; the views point into `spec`. Never fails.
std::vector<std::string_view> requested_kernels(std::string_view spec, std::string_view primitive);

}  // namespace merkleforge
