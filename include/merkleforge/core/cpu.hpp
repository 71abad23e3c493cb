// CPU feature detection (CPUID + XGETBV), read once per process.
#pragma once

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
  bool avx512vbmi2 = false;
  bool gfni = false;
  bool vaes = false;
  bool vpclmulqdq = false;
};

const CpuFeatures& cpu_features() noexcept;

}  // namespace merkleforge
