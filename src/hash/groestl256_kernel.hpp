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

/// The digests of two messages already padded to `blocks` 64-byte blocks each (IV, compressions,
/// output transformation): digests[i] receives the 32 bytes of padded[i].
using DigestPairFn = void (*)(const std::uint8_t* const padded[2], std::size_t blocks,
                              std::uint8_t* const digests[2]) noexcept;

struct Kernel {
  Isa isa;
  PermuteFn p;
  PermuteFn q;
  CompressFn compress;
  DigestPairFn digest_pair;  // nullptr: batches go one message at a time
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
// groestl256_vaes.cpp: two messages in the two 128-bit lanes of the same registers.
void digest_pair_vaes(const std::uint8_t* const padded[2], std::size_t blocks,
                      std::uint8_t* const digests[2]) noexcept;

}  // namespace merkleforge::detail::groestl
