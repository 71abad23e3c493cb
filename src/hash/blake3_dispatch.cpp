// Run-time choice of the BLAKE3 kernel (hash/kernel.hpp): the best the CPU supports, or the one
// MERKLEFORGE_KERNEL / Blake3::set_kernel names.
#include <algorithm>
#include <atomic>

#include "hash/blake3_kernel.hpp"
#include "merkleforge/hash/blake3.hpp"

namespace merkleforge {
namespace {

constexpr blake3::Kernel kKernels[] = {
    {Isa::portable, 1, blake3::compress_in_place_portable, blake3::compress_xof_portable,
     blake3::hash_many_portable},
    {Isa::sse41, 4, blake3::compress_in_place_sse41, blake3::compress_xof_sse41,
     blake3::hash_many_sse41},
    // AVX2 has no wider single compression than the SSE4.1 rows.
    {Isa::avx2, 8, blake3::compress_in_place_sse41, blake3::compress_xof_sse41,
     blake3::hash_many_avx2},
    {Isa::avx512, 16, blake3::compress_in_place_avx512, blake3::compress_xof_avx512,
     blake3::hash_many_avx512},
};

constexpr auto kImplemented = [] {
  std::array<Isa, std::size(kKernels)> isas{};
  for (std::size_t i = 0; i < isas.size(); ++i) isas[i] = kKernels[i].isa;
  return isas;
}();

const blake3::Kernel& kernel_for(Isa isa) noexcept {
  const auto* found = std::find_if(std::begin(kKernels), std::end(kKernels),
                                   [isa](const blake3::Kernel& k) { return k.isa == isa; });
  return found != std::end(kKernels) ? *found : kKernels[0];
}

std::atomic<const blake3::Kernel*>& current() noexcept {
  static std::atomic<const blake3::Kernel*> selected{&kernel_for(default_kernel(kImplemented))};
  return selected;
}

}  // namespace

const blake3::Kernel& blake3::kernel() noexcept {
  return *current().load(std::memory_order_relaxed);
}

std::vector<Isa> Blake3::available_kernels() {
  std::vector<Isa> usable;
  for (Isa isa : kImplemented) {
    if (cpu_supports(isa)) usable.push_back(isa);
  }
  return usable;
}

Isa Blake3::active_kernel() noexcept {
  return blake3::kernel().isa;
}

Status Blake3::set_kernel(Isa isa) {
  Status checked = check_kernel_request(kName, kImplemented, isa);
  if (checked) current().store(&kernel_for(isa), std::memory_order_relaxed);
  return checked;
}

}  // namespace merkleforge
