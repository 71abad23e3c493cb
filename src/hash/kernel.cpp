#include "merkleforge/hash/kernel.hpp"

#include "merkleforge/core/cpu.hpp"

namespace merkleforge {
namespace {

constexpr Isa kAllIsas[] = {Isa::portable, Isa::sse41, Isa::avx2, Isa::shani,
                            Isa::avx512,   Isa::aesni, Isa::vaes};

}  // namespace

std::string_view isa_name(Isa isa) noexcept {
  switch (isa) {
    case Isa::portable:
      return "portable";
    case Isa::sse41:
      return "sse41";
    case Isa::avx2:
      return "avx2";
    case Isa::shani:
      return "shani";
    case Isa::avx512:
      return "avx512";
    case Isa::aesni:
      return "aesni";
    case Isa::vaes:
      return "vaes";
  }
  return "unknown";
}

std::optional<Isa> isa_from_name(std::string_view name) noexcept {
  for (Isa isa : kAllIsas) {
    if (isa_name(isa) == name) return isa;
  }
  return std::nullopt;
}

bool cpu_supports(Isa isa) noexcept {
  const CpuFeatures& f = cpu_features();
  switch (isa) {
    case Isa::portable:
      return true;
    case Isa::sse41:
      return f.sse41;
    case Isa::avx2:
      return f.avx2 && f.bmi1 && f.bmi2;
    case Isa::shani:
      return f.sha && f.sse41;
    case Isa::avx512:
      return f.avx512f && f.avx512vl && f.avx512bw && f.avx512dq && f.bmi2;
    case Isa::aesni:
      return f.aes && f.sse41;
    case Isa::vaes:
      return f.vaes && f.avx2 && f.aes && f.sse41;
  }
  return false;
}

}  // namespace merkleforge
