// Run-time choice of the Grøstl-256 kernel (core/dispatch.hpp), fastest first.
#include "groestl256_kernel.hpp"
#include "hash_dispatch.hpp"
#include "merkleforge/hash/groestl256.hpp"

namespace merkleforge {
namespace detail::groestl {
namespace {

/// Fastest first; the instruction-set kernels exist on x86-64 only (core/cpu.hpp).
std::vector<hash_dispatch::Candidate<Kernel>> kernels_best_first() {
  using hash_dispatch::candidate;
  std::vector<hash_dispatch::Candidate<Kernel>> kernels;
#if MERKLEFORGE_X86_KERNELS
  kernels = {
      candidate<Isa::vaes>(Kernel{Isa::vaes, p_aesni, q_aesni, compress_aesni, digest_pair_vaes}),
      candidate<Isa::aesni>(Kernel{Isa::aesni, p_aesni, q_aesni, compress_aesni, nullptr})};
#endif
  kernels.push_back(candidate<Isa::portable>(
      Kernel{Isa::portable, p_portable, q_portable, compress_portable, nullptr}));
  return kernels;
}

hash_dispatch::Dispatcher<Kernel>& dispatcher() {
  static hash_dispatch::Dispatcher<Kernel> kernels("groestl256", kernels_best_first());
  return kernels;
}

}  // namespace

const Kernel& active_kernel() noexcept {
  return dispatcher().active().table;
}

}  // namespace detail::groestl

std::vector<Isa> Groestl256::available_kernels() {
  return detail::groestl::dispatcher().available();
}

Isa Groestl256::active_kernel() noexcept {
  return detail::groestl::active_kernel().isa;
}

Status Groestl256::set_kernel(Isa isa) {
  return detail::groestl::dispatcher().select(isa_name(isa));
}

}  // namespace merkleforge
