// Internal: the Grøstl-256 kernels and the run-time choice among them.
//
// A kernel works on states held as 8 column words: column j in word j, row i in byte i
// (little-endian), which is the specification's column-major byte order loaded 8 bytes at a time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "merkleforge/hash/kernel.hpp"

namespace merkleforge::detail::groestl {

inline constexpr std::size_t kColumns = 8;
inline constexpr std::size_t kRounds = 10;

/// Permutes one state (kColumns words) in place.
using PermuteFn = void (*)(std::uint64_t* state) noexcept;
/// chaining = f(chaining, block) for each of `count` consecutive 64-byte blocks.
using CompressFn = void (*)(std::uint64_t* chaining, const std::uint8_t* blocks,
                            std::size_t count) noexcept;

struct Kernel {
  Isa isa;
  PermuteFn p;
  PermuteFn q;
  CompressFn compress;
};

/// The kernel Grøstl-256 currently uses (chosen once, changed only by Groestl256::set_kernel).
const Kernel& active_kernel() noexcept;

void p_portable(std::uint64_t* state) noexcept;
void q_portable(std::uint64_t* state) noexcept;
void compress_portable(std::uint64_t* chaining, const std::uint8_t* blocks,
                       std::size_t count) noexcept;
// groestl256_aesni.cpp: P and Q of a compression in the two halves of the same registers.
void p_aesni(std::uint64_t* state) noexcept;
void q_aesni(std::uint64_t* state) noexcept;
void compress_aesni(std::uint64_t* chaining, const std::uint8_t* blocks,
                    std::size_t count) noexcept;

}  // namespace merkleforge::detail::groestl
