// BLAKE3 internals shared by the hasher, the tree code and the instruction-set kernels.
//
// A kernel is a set of three primitives, each with a portable and possibly SIMD implementations:
//   compress_in_place  one compression, the chaining value replaced by the output (chunk blocks)
//   compress_xof       one compression giving all 64 output bytes (root output, extendable output)
//   hash_many          the same chain of compressions over many equally-shaped inputs at once:
//                      whole chunks of a large input, pairs of chaining values (parent nodes), or
//                      independent short messages (Blake3::hash_many)
// The dispatcher (blake3_dispatch.cpp) picks one kernel for the process.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "merkleforge/hash/kernel.hpp"

namespace merkleforge::blake3 {

inline constexpr std::size_t kBlockLen = 64;
inline constexpr std::size_t kChunkLen = 1024;
inline constexpr std::size_t kBlocksPerChunk = kChunkLen / kBlockLen;
inline constexpr std::size_t kOutLen = 32;
/// The widest hash_many of any kernel (AVX-512: 16 lanes).
inline constexpr std::size_t kMaxDegree = 16;

inline constexpr std::array<std::uint32_t, 8> kIv = {
    0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19};

/// Domain flags (the last word of the compression input).
enum Flag : std::uint8_t {
  kChunkStart = 1 << 0,
  kChunkEnd = 1 << 1,
  kParent = 1 << 2,
  kRoot = 1 << 3,
  kKeyedHash = 1 << 4,
  kDeriveKeyContext = 1 << 5,
  kDeriveKeyMaterial = 1 << 6,
};

/// Message word order of each of the 7 rounds: round 0 takes the words in order, each next round
/// applies the fixed BLAKE3 permutation to the previous order.
inline constexpr auto kMsgSchedule = [] {
  constexpr std::array<std::uint8_t, 16> kPermutation = {2, 6,  3,  10, 7, 0,  4,  13,
                                                         1, 11, 12, 5,  9, 14, 15, 8};
  std::array<std::array<std::uint8_t, 16>, 7> schedule{};
  for (std::uint8_t i = 0; i < 16; ++i) schedule[0][i] = i;
  for (std::size_t r = 1; r < 7; ++r) {
    for (std::size_t i = 0; i < 16; ++i) schedule[r][i] = schedule[r - 1][kPermutation[i]];
  }
  return schedule;
}();

inline std::uint32_t load_le32(const std::uint8_t* p) noexcept {
  return static_cast<std::uint32_t>(p[0]) | static_cast<std::uint32_t>(p[1]) << 8 |
         static_cast<std::uint32_t>(p[2]) << 16 | static_cast<std::uint32_t>(p[3]) << 24;
}

inline void store_le32(std::uint8_t* p, std::uint32_t w) noexcept {
  p[0] = static_cast<std::uint8_t>(w);
  p[1] = static_cast<std::uint8_t>(w >> 8);
  p[2] = static_cast<std::uint8_t>(w >> 16);
  p[3] = static_cast<std::uint8_t>(w >> 24);
}

inline void store_cv(std::uint8_t out[kOutLen], const std::uint32_t cv[8]) noexcept {
  for (std::size_t i = 0; i < 8; ++i) store_le32(out + 4 * i, cv[i]);
}

inline void load_cv(std::uint32_t cv[8], const std::uint8_t in[kOutLen]) noexcept {
  for (std::size_t i = 0; i < 8; ++i) cv[i] = load_le32(in + 4 * i);
}

/// Shape shared by all inputs of one hash_many call. Input i is `blocks` consecutive 64-byte
/// blocks (the last one zero-padded beyond `last_block_len`), hashed from `key` with block counter
/// `counter + i` (increment_counter, chunks of one input) or `counter` (parents, independent
/// messages).
struct ManyParams {
  const std::uint32_t* key;  ///< 8 words
  std::uint64_t counter;
  bool increment_counter;
  std::uint8_t flags;           ///< on every block
  std::uint8_t flags_start;     ///< added on the first block
  std::uint8_t flags_end;       ///< added on the last block
  std::uint8_t last_block_len;  ///< 0..64; 64 except for short messages
};

using CompressInPlaceFn = void (*)(std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                                   std::uint8_t block_len, std::uint64_t counter,
                                   std::uint8_t flags);
using CompressXofFn = void (*)(const std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                               std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags,
                               std::uint8_t out[2 * kOutLen]);
/// Writes the 32-byte chaining value of input i at out + 32 i. `blocks` >= 1.
using HashManyFn = void (*)(const std::uint8_t* const* inputs, std::size_t count,
                            std::size_t blocks, const ManyParams& params, std::uint8_t* out);

struct Kernel {
  Isa isa;
  std::size_t degree;  ///< inputs hash_many processes in parallel (a power of two)
  CompressInPlaceFn compress_in_place;
  CompressXofFn compress_xof;
  HashManyFn hash_many;
};

/// The kernel in use (see Blake3::set_kernel).
const Kernel& kernel() noexcept;

// Implementations, one per file blake3_<isa>.cpp; call only those the CPU supports.
void compress_in_place_portable(std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                                std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags);
void compress_xof_portable(const std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                           std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags,
                           std::uint8_t out[2 * kOutLen]);
void hash_many_portable(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                        const ManyParams& params, std::uint8_t* out);

void compress_in_place_sse41(std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                             std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags);
void compress_xof_sse41(const std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                        std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags,
                        std::uint8_t out[2 * kOutLen]);
/// 4 lanes; remainders go to the portable kernel.
void hash_many_sse41(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                     const ManyParams& params, std::uint8_t* out);

/// 8 lanes; remainders go to SSE4.1 (every AVX2 CPU has it).
void hash_many_avx2(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                    const ManyParams& params, std::uint8_t* out);

void compress_in_place_avx512(std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                              std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags);
void compress_xof_avx512(const std::uint32_t cv[8], const std::uint8_t block[kBlockLen],
                         std::uint8_t block_len, std::uint64_t counter, std::uint8_t flags,
                         std::uint8_t out[2 * kOutLen]);
/// 16 lanes; remainders go to AVX2 (every AVX-512 CPU has it).
void hash_many_avx512(const std::uint8_t* const* inputs, std::size_t count, std::size_t blocks,
                      const ManyParams& params, std::uint8_t* out);

}  // namespace merkleforge::blake3
