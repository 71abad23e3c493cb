// Keccak-256 (Ethereum: original Keccak padding 0x01) and SHA3-256 (FIPS 202: padding 0x06), both
// on Keccak-f[1600] with a 136-byte rate.
//
// Kernels (shared by both hashes, see KeccakKernels):
//   portable  scalar permutation; hash_many hashes one message at a time
//   avx2      AVX2 + BMI2: hash_many permutes 4 messages side by side in ymm registers; single
//             messages use the scalar permutation compiled for BMI2
//   avx512    AVX-512 F/VL/BW/DQ + BMI2: hash_many permutes 8 messages side by side in zmm
//             registers; single messages use the scalar permutation compiled for BMI2 (faster
//             than a one-state permutation in zmm registers, see keccak_avx512.cpp)
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/hash/hasher.hpp"

namespace merkleforge {

namespace detail {

/// Keccak sponge with capacity 512 bits and a 32-byte output; `Pad` is the domain byte.
/// absorb() any number of times, then squeeze() once (the sponge is spent afterwards).
/// hash_many: out[i] = digest(prefix ‖ messages[i * message_size, (i + 1) * message_size)) for
/// i < count; `messages` may be null when message_size or count is 0; `out` must not overlap it.
template <std::uint8_t Pad>
class KeccakSponge256 {
 public:
  static constexpr std::size_t kRate = 136;

  KeccakSponge256() noexcept = default;
  void absorb(ByteSpan data) noexcept;
  Digest32 squeeze() noexcept;

  static Digest32 digest(ByteSpan data) noexcept;
  static void hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                        std::size_t count, Digest32* out) noexcept;

 private:
  std::array<std::uint64_t, 25> state_{};
  std::size_t position_ = 0;  // bytes absorbed into the current block
};

}  // namespace detail

/// Keccak-f[1600] (FIPS 202 §3) on 25 lanes, lane x + 5y holding bits z as a little-endian u64;
/// the portable permutation every kernel is tested against (circuits check traces with it).
void keccak_f1600(std::array<std::uint64_t, 25>& state) noexcept;

/// The 24 round constants of ι, round 0 first.
std::span<const std::uint64_t, 24> keccak_round_constants() noexcept;

/// Shared kernel control of the Keccak-f[1600] permutation (both hashes use the same kernels).
/// available_kernels(): the kernels this CPU can run, in increasing order of preference (portable
/// first). set_kernel(): Errc::unsupported for a family without a Keccak kernel (sse41, shani) or
/// one the CPU cannot run; the active kernel is unchanged then. Not thread-safe against concurrent
/// hashing (call at start-up or in tests).
struct KeccakKernels {
  static std::vector<Isa> available_kernels();
  static Isa active_kernel() noexcept;
  /// The permutation of one message in that family: the scalar BMI2 one (rotations and ANDN)
  /// where the CPU has BMI2 — one state has no parallelism for the vector families — else portable.
  static std::string_view stream_kernel() noexcept;
  static Status set_kernel(Isa isa);
};

template <std::uint8_t Pad, const std::string_view& Name>
class KeccakHash : public KeccakKernels {
 public:
  static constexpr std::string_view kName = Name;

  /// Absorbs `data` (any length, also empty); returns *this for chaining.
  KeccakHash& update(ByteSpan data) noexcept {
    sponge_.absorb(data);
    return *this;
  }
  /// Digest of everything absorbed. Call once; the object is spent afterwards.
  Digest32 finalize() noexcept { return sponge_.squeeze(); }

  /// One-shot digest of `data`.
  static Digest32 digest(ByteSpan data) noexcept {
    return detail::KeccakSponge256<Pad>::digest(data);
  }
  /// out[i] = digest(prefix ‖ messages[i * message_size, (i + 1) * message_size)) for i < count
  /// (Hasher concept); `messages` may be null when message_size or count is 0; `out` must not
  /// overlap it.
  static void hash_many(ByteSpan prefix, const std::uint8_t* messages, std::size_t message_size,
                        std::size_t count, Digest32* out) noexcept {
    detail::KeccakSponge256<Pad>::hash_many(prefix, messages, message_size, count, out);
  }

 private:
  detail::KeccakSponge256<Pad> sponge_;
};

inline constexpr std::string_view kKeccak256Name = "keccak256";
inline constexpr std::string_view kSha3_256Name = "sha3-256";

using Keccak256 = KeccakHash<0x01, kKeccak256Name>;
using Sha3_256 = KeccakHash<0x06, kSha3_256Name>;

/// out[i] = keccak256(messages[i]) for every i, for messages of any lengths, on the active kernel.
/// hash_many wants messages of one size stored back to back; this serves callers that hash
/// records of many sizes where they lie (the Patricia trie's nodes, proof nodes). Messages share a
/// multi-state permutation (4 lanes with AVX2, 8 with AVX-512); a lane takes the next message as
/// soon as its own ends, and the last message left finishes on the one-state permutation, so
/// ordering messages longest first leaves the fewest lanes idle. `out` must hold
/// messages.size() digests and must not overlap the messages.
void keccak256_each(std::span<const ByteSpan> messages, Digest32* out) noexcept;

extern template class detail::KeccakSponge256<0x01>;
extern template class detail::KeccakSponge256<0x06>;

static_assert(Hasher<Keccak256>);
static_assert(Hasher<Sha3_256>);

}  // namespace merkleforge
