// BLAKE3: hash, keyed_hash, derive_key and extendable output over the full chunk tree.
// Kernels: portable, SSE4.1, AVX2 and AVX-512 (many chunks or many independent messages per call).
//
// update() hashes whole power-of-two subtrees of its input many chunks at a time (and merges their
// parents many at a time); feeding large pieces (>= 16 KiB) is what makes it fast. The hasher is a
// plain value (about 1.9 KiB, no allocation): copy it to fork a common prefix.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/hasher.hpp"

namespace merkleforge {

class Blake3 {
 public:
  static constexpr std::string_view kName = "blake3";
  static constexpr std::size_t kKeySize = 32;
  static constexpr std::size_t kChunkSize = 1024;
  using Key = std::array<std::uint8_t, kKeySize>;

  /// Default (unkeyed) hash mode.
  Blake3() noexcept;
  /// keyed_hash mode.
  static Blake3 keyed(const Key& key) noexcept;
  /// derive_key mode: the hasher absorbs key material; `context` should be a hard-coded,
  /// globally unique, application-specific string.
  static Blake3 derive_key(std::string_view context) noexcept;

  /// Absorbs `data` (any length, also empty); returns *this for chaining.
  Blake3& update(ByteSpan data) noexcept;

  // One input hashed in parts, on as many threads as there are parts (BLAKE3's tree allows it):
  // part k, S chunks starting at chunk k·S (S a power of two), goes to part(k·S) and yields
  // subtree_chaining_value(); the whole-input hasher takes the values in order through
  // append_subtree(value, S), then absorbs the rest of the input with update().
  using ChainingValue = std::array<std::uint32_t, 8>;
  /// A hasher in this hasher's mode and key for the part of an input that starts at chunk
  /// `first_chunk` (byte first_chunk·kChunkSize).
  Blake3 part(std::uint64_t first_chunk) const noexcept;
  /// The chaining value of a part that holds exactly 2^k whole chunks, its first chunk a multiple
  /// of 2^k. Errors: invalid_argument for any other amount of input.
  Result<ChainingValue> subtree_chaining_value() const;
  /// Appends a subtree of `chunks` (a power of two) chunks hashed elsewhere. Errors:
  /// invalid_argument unless `chunks` is a power of two and this hasher is at a chunk boundary that
  /// is a multiple of it (nothing is changed then).
  Status append_subtree(const ChainingValue& value, std::uint64_t chunks);
  /// The first 32 bytes of the output; does not change the hasher's state (more input may follow).
  Digest32 finalize() const noexcept;
  /// Any number of output bytes (extendable output), starting at output offset `seek`: writes
  /// bytes [seek, seek + out.size()) of the output stream. Does not change the hasher's state.
  void finalize_xof(std::span<std::uint8_t> out, std::uint64_t seek = 0) const noexcept;

  /// One-shot 32-byte digest of `data` (default mode).
  static Digest32 digest(ByteSpan data) noexcept;
  /// One-shot 32-byte keyed_hash of `data` under `key`.
  static Digest32 keyed_digest(const Key& key, ByteSpan data) noexcept;

  /// Batch of independent messages (Hasher concept). Fast when prefix + message fits one chunk
  /// (1 KiB): then messages are spread across SIMD lanes.
  static void hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                        std::size_t count, Digest32* out) noexcept;
  /// Same in keyed_hash mode.
  static void keyed_hash_many(const Key& key, ByteSpan prefix, const std::uint8_t* messages,
                              std::size_t message_size, std::size_t count, Digest32* out) noexcept;

  /// Kernel families this CPU can run, slowest first (portable first, the default last).
  static std::vector<Isa> available_kernels();
  /// The family every call uses now.
  static Isa active_kernel() noexcept;
  /// Switches every later call to family `isa` (not thread-safe against concurrent hashing).
  /// Errors: unsupported when BLAKE3 has no such kernel (shani) or the CPU cannot run it.
  static Status set_kernel(Isa isa);

 private:
  struct Internals;  // helpers, in src/hash/blake3.cpp
  Blake3(const std::array<std::uint32_t, 8>& key_words, std::uint8_t flags) noexcept;

  std::array<std::uint32_t, 8> key_words_;
  std::uint8_t flags_ = 0;  // mode flag: none, keyed_hash or derive_key_material
  // The chunk being absorbed: its chaining value so far, its index in the input, and its newest
  // block, kept back until more input shows whether it is the chunk's last.
  std::array<std::uint32_t, 8> chunk_cv_;
  std::uint64_t chunk_counter_ = 0;
  std::array<std::uint8_t, 64> block_{};
  std::uint8_t block_len_ = 0;
  std::uint8_t blocks_compressed_ = 0;
  // Chaining values of completed subtrees, oldest (largest) first. Merged lazily, only once more
  // input proves they are not the root's children: 54 levels cover 2^64 bytes, plus one pending.
  std::array<std::array<std::uint32_t, 8>, 55> cv_stack_;
  std::uint8_t cv_stack_len_ = 0;
  // The chunk this hasher's input starts at: 0, or a part's first chunk (the stack's merges count
  // chunks from there).
  std::uint64_t first_chunk_ = 0;
};

static_assert(Hasher<Blake3>);

}  // namespace merkleforge
