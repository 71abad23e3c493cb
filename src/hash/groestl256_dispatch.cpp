// Run-time choice of the Grøstl-256 kernel (the shape of keccak_dispatch.cpp).
#include <array>
#include <atomic>

#include "groestl256_kernel.hpp"
#include "merkleforge/hash/groestl256.hpp"

namespace merkleforge {
namespace detail::groestl {
namespace {

// In increasing order of preference.
constexpr std::array kKernels = {
    Kernel{Isa::portable, p_portable, q_portable, compress_portable, nullptr},
    Kernel{Isa::aesni, p_aesni, q_aesni, compress_aesni, nullptr},
    Kernel{Isa::vaes, p_aesni, q_aesni, compress_aesni, digest_pair_vaes},
};

constexpr std::array<Isa, kKernels.size()> implemented_isas() {
  std::array<Isa, kKernels.size()> isas{};
  for (std::size_t i = 0; i < kKernels.size(); ++i) isas[i] = kKernels[i].isa;
  return isas;
}
constexpr auto kImplemented = implemented_isas();

const Kernel& kernel_for(Isa isa) noexcept {
  for (const Kernel& kernel : kKernels) {
    if (kernel.isa == isa) return kernel;
  }
  return kKernels[0];
}

std::atomic<const Kernel*>& active_slot() noexcept {
  static std::atomic<const Kernel*> slot{&kernel_for(default_kernel(kImplemented))};
  return slot;
}

}  // namespace

const Kernel& active_kernel() noexcept {
  return *active_slot().load(std::memory_order_relaxed);
}

}  // namespace detail::groestl

std::vector<Isa> Groestl256::available_kernels() {
  std::vector<Isa> available;
  for (Isa isa : detail::groestl::kImplemented) {
    if (cpu_supports(isa)) available.push_back(isa);
  }
  return available;
}

Isa Groestl256::active_kernel() noexcept {
  return detail::groestl::active_kernel().isa;
}

Status Groestl256::set_kernel(Isa isa) {
  Status allowed = check_kernel_request(kName, detail::groestl::kImplemented, isa);
  if (allowed) {
    detail::groestl::active_slot().store(&detail::groestl::kernel_for(isa),
                                         std::memory_order_relaxed);
  }
  return allowed;
}

}  // namespace merkleforge
