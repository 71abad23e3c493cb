// Run-time choice of the Keccak-f[1600] kernel shared by Keccak-256 and SHA3-256.
#include <algorithm>
#include <array>
#include <atomic>

#include "keccak_kernel.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge {
namespace detail::keccak {
namespace {

// In increasing order of preference.
constexpr std::array kKernels = {
    Kernel{Isa::portable, permute_portable, nullptr, 1},
    Kernel{Isa::avx2, permute_bmi2, absorb_lanes_avx2, 4},
    Kernel{Isa::avx512, permute_bmi2, absorb_clearing_fresh_lanes<absorb_lanes_avx512, 8>, 8},
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

}  // namespace detail::keccak

std::vector<Isa> KeccakKernels::available_kernels() {
  std::vector<Isa> available;
  for (Isa isa : detail::keccak::kImplemented) {
    if (cpu_supports(isa)) available.push_back(isa);
  }
  return available;
}

Isa KeccakKernels::active_kernel() noexcept {
  return detail::keccak::active_kernel().isa;
}

Status KeccakKernels::set_kernel(Isa isa) {
  Status allowed = check_kernel_request("keccak", detail::keccak::kImplemented, isa);
  if (allowed) {
    detail::keccak::active_slot().store(&detail::keccak::kernel_for(isa),
                                        std::memory_order_relaxed);
  }
  return allowed;
}

}  // namespace merkleforge
