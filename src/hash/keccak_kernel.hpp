// Internal: the Keccak-f[1600] kernels and the run-time choice among them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "merkleforge/hash/kernel.hpp"

namespace merkleforge::detail::keccak {

inline constexpr std::size_t kStateWords = 25;
inline constexpr std::size_t kRateWords = 17;  // 136-byte rate of the 256-bit-output hashes

/// Permutes one state in place.
using PermuteFn = void (*)(std::uint64_t* state) noexcept;

/// For `lanes` independent states stored transposed (word w of state i at [w * lanes + i]):
/// XORs lane i's 136-byte block `blocks[i]` (little-endian words, any alignment) into state i,
/// then permutes each. The kernel reads the blocks where they are, so the batch driver never
/// transposes them (a 4x4 word transpose in registers costs less than 68 scalar loads and stores).
using AbsorbLanesFn = void (*)(std::uint64_t* states, const std::uint8_t* const* blocks) noexcept;

struct Kernel {
  Isa isa;
  PermuteFn permute;
  AbsorbLanesFn absorb_lanes;  // nullptr: no multi-state kernel, batches go one message at a time
  std::size_t lanes;
};

/// The kernel every Keccak hash currently uses (chosen once, changed only by select_kernel).
const Kernel& active_kernel() noexcept;

void permute_portable(std::uint64_t* state) noexcept;
void permute_bmi2(std::uint64_t* state) noexcept;  // keccak_avx2.cpp
void absorb_lanes_avx2(std::uint64_t* states,
                       const std::uint8_t* const* blocks) noexcept;  // 4 lanes
void permute_avx512(std::uint64_t* state) noexcept;
void absorb_lanes_avx512(std::uint64_t* states,
                         const std::uint8_t* const* blocks) noexcept;  // 8 lanes

}  // namespace merkleforge::detail::keccak
