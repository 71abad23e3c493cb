// Grøstl-256 (final-round SHA-3 candidate, Gauravaram et al., specification of 2011-03-02): its
// permutations P and Q, the compression function, the output transformation and the hash.
//
// State: 64 bytes, an 8×8 byte matrix stored column-major as in the specification (byte k is row
// k mod 8 of column k div 8). Rounds (10 for the 256-bit variant): AddRoundConstant, SubBytes (the
// AES S-box), ShiftBytes (row i rotated left by 0…7 in P, by 1,3,5,7,0,2,4,6 in Q), MixBytes
// (circ(02,02,03,04,05,03,05,07) over the Rijndael field).
// Hash: h0 = IV (256 as a 64-bit big-endian integer in the last bytes), h_i = f(h_{i-1}, m_i) over
// the padded message (bit 1, zeros, the number of 64-byte blocks as 64-bit big-endian), digest =
// the last 32 bytes of Ω(h) = P(h) ⊕ h.
//
// Kernels (Groestl256::set_kernel, MERKLEFORGE_KERNEL):
//   portable  eight 2 KiB tables combining SubBytes and MixBytes, one 64-bit lookup per state
//             byte and round
//   aesni     AES-NI + SSE4.1: the rows of P's and Q's states side by side in 8 registers,
//             SubBytes by aesenclast, ShiftBytes by pshufb, MixBytes by byte-wise doublings
//   vaes      VAES + AVX2: hash_many hashes two messages at once, one per 128-bit lane of the
//             aesni layout (messages of up to 8 padded blocks; longer ones and everything else
//             run the aesni code)
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "merkleforge/hash/hasher.hpp"

namespace merkleforge {

/// A Grøstl-512-bit state (8×8 bytes, column-major: byte k = row k % 8, column k / 8).
using GroestlState = std::array<std::uint8_t, 64>;

/// state = P(state), the Grøstl-256 permutation P (10 rounds).
void groestl256_p(GroestlState& state) noexcept;
/// state = Q(state), the Grøstl-256 permutation Q (10 rounds).
void groestl256_q(GroestlState& state) noexcept;
/// chaining = f(chaining, block) = P(chaining ⊕ block) ⊕ Q(block) ⊕ chaining.
void groestl256_compress(GroestlState& chaining, const GroestlState& block) noexcept;
/// The last 32 bytes of Ω(x) = P(x) ⊕ x: the digest of a final chaining value x. (On x = l ‖ r it
/// is also Binius v0's 2-to-1 digest compression.)
Digest32 groestl256_output_transform(const GroestlState& x) noexcept;

/// Grøstl-256 as a Hasher (hasher.hpp): one-shot, incremental and batch digests.
class Groestl256 {
 public:
  static constexpr std::string_view kName = "groestl256";
  static constexpr std::size_t kBlockSize = 64;

  /// An empty incremental hash.
  Groestl256() noexcept;
  /// Absorbs `data` (any length, also empty); returns *this for chaining.
  Groestl256& update(ByteSpan data) noexcept;
  /// Digest of everything absorbed. Call once; the object is spent afterwards.
  Digest32 finalize() noexcept;

  /// One-shot digest of `data`.
  static Digest32 digest(ByteSpan data) noexcept;
  /// out[i] = Grøstl-256(prefix ‖ messages[i * message_size, (i + 1) * message_size)) for
  /// i < count; `messages` may be null when message_size or count is 0; `out` must not overlap it.
  static void hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                        std::size_t count, Digest32* out) noexcept;

  /// Families this CPU can run, portable first.
  static std::vector<Isa> available_kernels();
  static Isa active_kernel() noexcept;
  /// Switches every later call to family `isa`. Errors: unsupported when Grøstl-256 has no such
  /// kernel or the CPU cannot run it; the active kernel is then unchanged.
  static Status set_kernel(Isa isa);

 private:
  std::array<std::uint64_t, 8> chaining_;  // columns, row i in byte i (little-endian)
  std::array<std::uint8_t, kBlockSize> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t blocks_ = 0;  // blocks compressed so far
};

static_assert(Hasher<Groestl256>);

}  // namespace merkleforge
