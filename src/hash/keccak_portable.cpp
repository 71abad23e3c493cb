// Portable Keccak-f[1600]: the reference every SIMD kernel is tested against.
#include "keccak_kernel.hpp"
#include "keccak_round.hpp"

namespace merkleforge::detail::keccak {

void permute_portable(std::uint64_t* state) noexcept {
  permute_scalar(state);
}

}  // namespace merkleforge::detail::keccak
