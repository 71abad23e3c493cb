// Internal: the Keccak-f[1600] kernels and the run-time choice among them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "merkleforge/hash/kernel.hpp"

namespace merkleforge::detail::keccak {

inline constexpr std::size_t kStateWords = 25;
inline constexpr std::size_t kRateWords = 17;  // 136-byte rate of the 256-bit-output hashes

/// Permutes one state in place.
using PermuteFn = void (*)(std::uint64_t* state) noexcept;

/// For `lanes` independent states stored transposed (word w of state i at [w * lanes + i]):
/// XORs lane i's 136-byte block `blocks[i]` (little-endian words, any alignment) into state i,
/// then permutes each. A lane whose bit is set in `fresh` starts a new message: its state is
/// taken as zero whatever is stored there, so the batch driver never clears a lane with 25
/// strided stores (which the kernel's vector loads would then have to wait for), and a batch of
/// one-block messages never reads the stored states at all. The kernel reads the blocks where
/// they are, so the driver never transposes them (a 4x4 word transpose in registers costs less
/// than 68 scalar loads and stores).
using AbsorbLanesFn = void (*)(std::uint64_t* states, const std::uint8_t* const* blocks,
                               unsigned fresh) noexcept;

/// A kernel that reads every stored state (the AVX-512 one), as an AbsorbLanesFn: the fresh
/// lanes' states are zeroed in memory before it runs. (Internal linkage, like keccak_round.hpp:
/// a copy instantiated in an ISA-specific file must not serve the others.)
using AbsorbStoredLanesFn = void (*)(std::uint64_t* states,
                                     const std::uint8_t* const* blocks) noexcept;
namespace {
template <AbsorbStoredLanesFn absorb, std::size_t lanes>
void absorb_clearing_fresh_lanes(std::uint64_t* states, const std::uint8_t* const* blocks,
                                 unsigned fresh) noexcept {
  for (std::size_t i = 0; i < lanes; ++i) {
    if ((fresh >> i) & 1u) {
      for (std::size_t w = 0; w < kStateWords; ++w) states[w * lanes + i] = 0;
    }
  }
  absorb(states, blocks);
}
}  // namespace

struct Kernel {
  Isa isa;
  std::string_view stream;  ///< the name of `permute`, the kernel of one message
  PermuteFn permute;
  AbsorbLanesFn absorb_lanes;  // nullptr: no multi-state kernel, batches go one message at a time
  std::size_t lanes;
};

/// The kernel every Keccak hash currently uses (keccak_dispatch.cpp: chosen once, changed only by
/// KeccakKernels::set_kernel).
const Kernel& active_kernel() noexcept;

void permute_portable(std::uint64_t* state) noexcept;
void permute_bmi2(std::uint64_t* state) noexcept;  // keccak_avx2.cpp
void absorb_lanes_avx2(std::uint64_t* states, const std::uint8_t* const* blocks,
                       unsigned fresh) noexcept;  // 4 lanes
// 8 lanes; reads every stored state (dispatched through absorb_clearing_fresh_lanes)
void absorb_lanes_avx512(std::uint64_t* states, const std::uint8_t* const* blocks) noexcept;

}  // namespace merkleforge::detail::keccak
