// Run-time choice of the BLAKE3 kernel (core/dispatch.hpp): the best the CPU runs, or the one
// MERKLEFORGE_KERNEL / Blake3::set_kernel names.
#include "blake3_kernel.hpp"
#include "hash_dispatch.hpp"
#include "merkleforge/hash/blake3.hpp"

namespace merkleforge {
namespace {

/// Fastest first; the instruction-set kernels exist on x86-64 only (core/cpu.hpp).
std::vector<hash_dispatch::Candidate<blake3::Kernel>> kernels_best_first() {
  using hash_dispatch::candidate;
  std::vector<hash_dispatch::Candidate<blake3::Kernel>> kernels;
#if MERKLEFORGE_X86_KERNELS
  kernels = {
      candidate<Isa::avx512>(blake3::Kernel{Isa::avx512, 16, blake3::compress_in_place_avx512,
                                            blake3::compress_xof_avx512, blake3::hash_many_avx512}),
      // AVX2 has no wider single compression than the SSE4.1 rows.
      candidate<Isa::avx2>(blake3::Kernel{Isa::avx2, 8, blake3::compress_in_place_sse41,
                                          blake3::compress_xof_sse41, blake3::hash_many_avx2}),
      candidate<Isa::sse41>(blake3::Kernel{Isa::sse41, 4, blake3::compress_in_place_sse41,
                                           blake3::compress_xof_sse41, blake3::hash_many_sse41})};
#endif
  kernels.push_back(candidate<Isa::portable>(
      blake3::Kernel{Isa::portable, 1, blake3::compress_in_place_portable,
                     blake3::compress_xof_portable, blake3::hash_many_portable}));
  return kernels;
}

hash_dispatch::Dispatcher<blake3::Kernel>& dispatcher() {
  static hash_dispatch::Dispatcher<blake3::Kernel> kernels(Blake3::kName, kernels_best_first());
  return kernels;
}

}  // namespace

const blake3::Kernel& blake3::kernel() noexcept {
  return dispatcher().active().table;
}

std::vector<Isa> Blake3::available_kernels() {
  return dispatcher().available();
}

Isa Blake3::active_kernel() noexcept {
  return blake3::kernel().isa;
}

Status Blake3::set_kernel(Isa isa) {
  return dispatcher().select(isa_name(isa));
}

}  // namespace merkleforge
