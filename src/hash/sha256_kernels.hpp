// Internal contract between the SHA-256 dispatcher (sha256.cpp) and its kernels.
//
// A kernel family (portable, shani, avx2, avx512) provides
//   - a single-stream compression function for digest() / update(), and
//   - lane kernels for hash_many(): each hashes a fixed number of messages of one BatchPlan at
//   once.
// Each ISA's functions live in sha256_<isa>.cpp and are only called after cpu_supports(isa).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/hash/kernel.hpp"

namespace merkleforge::sha256_detail {

using State = std::array<std::uint32_t, 8>;

inline constexpr State kInitialState = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

inline constexpr std::array<std::uint32_t, 64> kRoundConstants = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

/// Message schedule of one block with the round constants already added: W[t] + K[t].
using Schedule = std::array<std::uint32_t, 64>;

/// Compresses `block_count` consecutive 64-byte blocks into `state`.
using CompressFn = void (*)(State& state, const std::uint8_t* blocks, std::size_t block_count);

/// Compresses `block_count` blocks (the last ones of a padded message) into a copy of `state` and
/// writes the digest, big-endian, to `out` (32 bytes): the end of every digest, one kernel call.
using FinishFn = void (*)(const State& state, const std::uint8_t* blocks, std::size_t block_count,
                          std::uint8_t* out);

/// SHA-256(prefix ‖ left ‖ right) for a 16-byte prefix given as its four message words and the
/// state after the four rounds over them (kernels may start there or from the IV).
using PairFn = void (*)(const std::uint32_t* prefix_words, const State& after_prefix,
                        const std::uint8_t* left, const std::uint8_t* right, std::uint8_t* out);

/// Such pairs for `count` nodes: out[i] = the pair hash of children[i][0], children[i][1].
using PairsFn = void (*)(const std::uint32_t* prefix_words, const State& after_prefix,
                         const std::array<Digest32, 2>* const* children, std::size_t count,
                         Digest32* const* out);

/// The root of a Merkle path of such pairs (Sha256::fold_path): `start` hashed with siblings[i]
/// for i = count - 1 down to 0, on the side bit i of `path` (MSB of byte 0 first) gives; each
/// level's node is also written to nodes[i] unless `nodes` is null.
using FoldFn = void (*)(const std::uint32_t* prefix_words, const State& after_prefix,
                        const std::uint8_t* start, const Digest32* siblings, std::size_t count,
                        const std::uint8_t* path, Digest32* nodes, std::uint8_t* out);

class BatchPlan;

/// Hashes `lanes` messages of `plan` at once: out[i] = digest of messages[i] under the plan.
/// `messages` holds `lanes` pointers, which may repeat.
using LanesFn = void (*)(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out);

/// The widest lane kernel (AVX-512).
inline constexpr std::size_t kMaxLanes = 16;

struct LaneKernel {
  std::size_t lanes;
  LanesFn hash;
};

/// Everything the dispatcher needs from one kernel family.
struct KernelSet {
  Isa isa;
  Isa stream;  ///< the kernel of one message (compress, finish, pair, fold): shani or portable
  CompressFn compress;
  FinishFn finish;
  PairFn pair;
  PairsFn pairs;
  FoldFn fold;
  LaneKernel wide;    ///< bulk of a hash_many call
  LaneKernel narrow;  ///< the remaining count % wide.lanes messages (lanes == 1)
};

// Portable (sha256_portable.cpp).
void compress_portable(State& state, const std::uint8_t* blocks, std::size_t block_count);
void finish_portable(const State& state, const std::uint8_t* blocks, std::size_t block_count,
                     std::uint8_t* out);
void hash_lanes_portable(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out);
Schedule expand_schedule(const std::uint8_t* block);
void hash_pair_portable(const std::uint32_t* prefix_words, const State& after_prefix,
                        const std::uint8_t* left, const std::uint8_t* right, std::uint8_t* out);
void hash_pairs_portable(const std::uint32_t* prefix_words, const State& after_prefix,
                         const std::array<Digest32, 2>* const* children, std::size_t count,
                         Digest32* const* out);
void fold_path_portable(const std::uint32_t* prefix_words, const State& after_prefix,
                        const std::uint8_t* start, const Digest32* siblings, std::size_t count,
                        const std::uint8_t* path, Digest32* nodes, std::uint8_t* out);
/// The state after rounds 0-3 from the IV over message words `words`.
State first_four_rounds(const std::uint32_t* words);

// SHA-NI (sha256_shani.cpp): single stream and two interleaved streams.
void compress_shani(State& state, const std::uint8_t* blocks, std::size_t block_count);
void finish_shani(const State& state, const std::uint8_t* blocks, std::size_t block_count,
                  std::uint8_t* out);
void hash_lanes_shani_x1(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out);
void hash_lanes_shani_x2(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out);
void hash_pair_shani(const std::uint32_t* prefix_words, const State& after_prefix,
                     const std::uint8_t* left, const std::uint8_t* right, std::uint8_t* out);
void hash_pairs_shani(const std::uint32_t* prefix_words, const State& after_prefix,
                      const std::array<Digest32, 2>* const* children, std::size_t count,
                      Digest32* const* out);
void fold_path_shani(const std::uint32_t* prefix_words, const State& after_prefix,
                     const std::uint8_t* start, const Digest32* siblings, std::size_t count,
                     const std::uint8_t* path, Digest32* nodes, std::uint8_t* out);

// AVX2, 8 messages per vector (sha256_avx2.cpp).
void hash_lanes_avx2(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out);

// AVX-512, 16 messages per vector (sha256_avx512.cpp).
void hash_lanes_avx512(const BatchPlan& plan, const std::uint8_t* const* messages, Digest32* out);

}  // namespace merkleforge::sha256_detail
