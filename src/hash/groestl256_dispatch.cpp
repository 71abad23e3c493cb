// Run-time choice of the Grøstl-256 kernel (core/dispatch.hpp), fastest first.
#include "groestl256_kernel.hpp"
#include "hash_dispatch.hpp"
#include "merkleforge/hash/groestl256.hpp"

namespace merkleforge {
namespace detail::groestl {
namespace {

hash_dispatch::Dispatcher<Kernel>& dispatcher() {
  using hash_dispatch::candidate;
  static hash_dispatch::Dispatcher<Kernel> kernels(
      "groestl256",
      {candidate<Isa::vaes>(Kernel{Isa::vaes, p_aesni, q_aesni, compress_aesni, digest_pair_vaes}),
       candidate<Isa::aesni>(Kernel{Isa::aesni, p_aesni, q_aesni, compress_aesni, nullptr}),
       candidate<Isa::portable>(
           Kernel{Isa::portable, p_portable, q_portable, compress_portable, nullptr})});
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
