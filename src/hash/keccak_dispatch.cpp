// Run-time choice of the Keccak-f[1600] kernel shared by Keccak-256 and SHA3-256
// (core/dispatch.hpp).
#include "hash_dispatch.hpp"
#include "keccak_kernel.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge {
namespace detail::keccak {
namespace {

/// Fastest first; the instruction-set kernels exist on x86-64 only (core/cpu.hpp).
std::vector<hash_dispatch::Candidate<Kernel>> kernels_best_first() {
  using hash_dispatch::candidate;
  std::vector<hash_dispatch::Candidate<Kernel>> kernels;
#if MERKLEFORGE_X86_KERNELS
  kernels = {candidate<Isa::avx512>(Kernel{Isa::avx512, "bmi2", permute_bmi2,
                                           absorb_clearing_fresh_lanes<absorb_lanes_avx512, 8>, 8}),
             candidate<Isa::avx2>(Kernel{Isa::avx2, "bmi2", permute_bmi2, absorb_lanes_avx2, 4})};
#endif
  kernels.push_back(
      candidate<Isa::portable>(Kernel{Isa::portable, "portable", permute_portable, nullptr, 1}));
  return kernels;
}

hash_dispatch::Dispatcher<Kernel>& dispatcher() {
  static hash_dispatch::Dispatcher<Kernel> kernels("keccak", kernels_best_first());
  return kernels;
}

}  // namespace

const Kernel& active_kernel() noexcept {
  return dispatcher().active().table;
}

}  // namespace detail::keccak

std::vector<Isa> KeccakKernels::available_kernels() {
  return detail::keccak::dispatcher().available();
}

Isa KeccakKernels::active_kernel() noexcept {
  return detail::keccak::active_kernel().isa;
}

std::string_view KeccakKernels::stream_kernel() noexcept {
  return detail::keccak::active_kernel().stream;
}

Status KeccakKernels::set_kernel(Isa isa) {
  return detail::keccak::dispatcher().select(isa_name(isa));
}

}  // namespace merkleforge
