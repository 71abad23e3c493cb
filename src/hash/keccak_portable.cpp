// Portable Keccak-f[1600]: the reference every SIMD kernel is tested against.
#include "keccak_kernel.hpp"
#include "keccak_round.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::detail::keccak {

void permute_portable(std::uint64_t* state) noexcept {
  permute_scalar(state);
}

}  // namespace merkleforge::detail::keccak

namespace merkleforge {

void keccak_f1600(std::array<std::uint64_t, 25>& state) noexcept {
  detail::keccak::permute_scalar(state.data());
}

std::span<const std::uint64_t, 24> keccak_round_constants() noexcept {
  return detail::keccak::kRoundConstants;
}

}  // namespace merkleforge
