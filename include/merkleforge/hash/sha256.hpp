// SHA-256 (FIPS 180-4). Kernels: portable, SHA-NI (single stream, and interleaved streams for
// batches), AVX2/AVX-512 multi-lane for batches.
//
// Kernel families (Isa): portable; shani (single stream for digest/update, two interleaved
// streams for hash_many); avx2 (8 messages per vector) and avx512 (16 messages per vector) for
// hash_many, with SHA-NI (or portable) for single streams and for a batch's last
// count % lanes messages. Unless MERKLEFORGE_KERNEL requests another (hash/kernel.hpp), the first
// family the CPU runs is chosen in this order: avx512 (measured 1.12-1.27x SHA-NI on batches),
// shani (~3x AVX2 on batches), avx2, portable.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "merkleforge/hash/hasher.hpp"

namespace merkleforge {

class Sha256 {
 public:
  static constexpr std::string_view kName = "sha256";
  static constexpr std::size_t kBlockSize = 64;

  /// An empty incremental hash.
  Sha256() noexcept;
  /// Absorbs `data` (any length, also empty); returns *this for chaining.
  Sha256& update(ByteSpan data) noexcept;
  /// Digest of everything absorbed. Call once; the object is spent afterwards.
  Digest32 finalize() noexcept;

  /// One-shot digest of `data`.
  static Digest32 digest(ByteSpan data) noexcept;

  /// The compression function of FIPS 180-4 §6.2.2 (steps 1–4, the feed-forward included):
  /// `state` (H0..H7) becomes the chaining value after the 64-byte `block`. The building block
  /// of circuits that prove SHA-256 (circuits/) and their tests.
  static void compress(std::array<std::uint32_t, 8>& state, const std::uint8_t* block) noexcept;
  /// The 64 round constants K_t of FIPS 180-4 §4.2.2 (for circuits that arithmetise the rounds).
  static const std::array<std::uint32_t, 64>& round_constants() noexcept;

  /// out[i] = SHA-256(prefix ‖ messages[i * message_size, (i + 1) * message_size)) for i < count.
  /// Any prefix length and message size (including 0) is accepted; `messages` may be null when
  /// count or message_size is 0. `out` must hold count digests and must not overlap `messages`
  /// or `prefix`. Whole 64-byte blocks of the prefix are compressed once for all messages.
  static void hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                        std::size_t count, Digest32* out) noexcept;

  /// A 16-byte message prefix (e.g. a Merkle tree's node domain tag) prepared for hash_pair:
  /// its four message words and the state after the four rounds they feed, computed once here.
  class PairPrefix {
   public:
    explicit PairPrefix(const std::array<std::uint8_t, 16>& prefix) noexcept;

   private:
    friend class Sha256;
    std::array<std::uint32_t, 4> words_;         // the prefix as big-endian message words
    std::array<std::uint32_t, 8> after_rounds_;  // state after rounds 0-3 from the IV
  };

  /// SHA-256(prefix ‖ left ‖ right): the fixed 80-byte (two-block) message of a Merkle node with a
  /// 16-byte domain tag, without the streaming front end (no buffering, no length logic) and
  /// starting after the prefix's rounds. Equal to digest() of the concatenation.
  static Digest32 hash_pair(const PairPrefix& prefix, const Digest32& left,
                            const Digest32& right) noexcept;

  /// out[i] = hash_pair(prefix, children[i][0], children[i][1]) for i < count: independent nodes
  /// (e.g. one level of a tree) hashed as interleaved streams, each node's children read and its
  /// digest written in place through the pointers. `children` and `out` hold count pointers; no
  /// out may overlap any children.
  static void hash_pairs(const PairPrefix& prefix, const std::array<Digest32, 2>* const* children,
                         std::size_t count, Digest32* const* out) noexcept;

  /// The root of a Merkle path of hash_pair nodes, folded bottom-up inside the kernel: node =
  /// start, then for i = count - 1 down to 0, node = hash_pair(prefix, node, siblings[i]) when bit
  /// i of `path` (most significant bit of byte 0 first) is 0, else hash_pair(prefix, siblings[i],
  /// node). `siblings` holds count entries; when `nodes` is not null it receives them all:
  /// nodes[i] = the node hashed with siblings[i] (nodes[0] is the root). Throws
  /// std::invalid_argument when count > 256 (the bits of `path`): a caller's bug, callers check
  /// untrusted counts first.
  static Digest32 fold_path(const PairPrefix& prefix, const Digest32& start,
                            const Digest32* siblings, std::size_t count, const Digest32& path,
                            Digest32* nodes = nullptr);

  /// Families this CPU can run, slowest first (portable first, the default last).
  static std::vector<Isa> available_kernels();
  /// The family every call uses now (its lanes hash hash_many's messages).
  static Isa active_kernel() noexcept;
  /// The kernel of one message (update, digest, pairs, paths) in that family: SHA-NI whenever the
  /// CPU has it (one SHA-NI stream outruns one lane of any vector family), else portable.
  static Isa stream_kernel() noexcept;
  /// Switches every later call to family `isa`. Errors: unsupported when SHA-256 has no such
  /// kernel (sse41) or the CPU cannot run it; the active kernel is then unchanged.
  static Status set_kernel(Isa isa);

 private:
  std::array<std::uint32_t, 8> state_;           // chaining value H0..H7
  std::array<std::uint8_t, kBlockSize> buffer_;  // pending bytes: length_ % kBlockSize of them
  std::uint64_t length_ = 0;                     // bytes absorbed so far
};

static_assert(Hasher<Sha256>);

}  // namespace merkleforge
