// Vision Mark-32 (Ashur et al., eprint 2024/633) exactly as Binius v0 instantiates it
// (IrreducibleOSS/binius @ 9922dbc1, crates/hash/src/vision.rs and vision_constants.rs): the
// permutation of 24 B32 elements and the fixed-length sponge hash over it.
//
// Elements are canonical B32 values (tower.hpp), in v0's order. The permutation:
//   s += RK[0]; for r in 0..7: s = MDS(B⁻¹(s⁻¹)) + RK[1 + 2r]; s = MDS(B(s⁻¹)) + RK[2 + 2r]
// where s⁻¹ inverts each element (0 stays 0), B is v0's F2-affine B-box (the linearized polynomial
// c0·y + c1·y² + c2·y⁴ plus a constant), and MDS is v0's modified 24×24 matrix over B8.
//
// Hash (v0's Vision32b<BinaryField32b>, a fixed-length sponge in overwrite mode): the state starts
// at zero with the message length in bytes (4 per element) as a 64-bit integer in elements 16
// (low half) and 17 (high half); element i overwrites state[i mod 16], and the state is permuted
// after every 16th; a partial last block is padded with zeros and permuted; the digest is
// state[0..8] written little-endian (32 bytes). The empty message hashes to 32 zero bytes (no
// permutation).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

inline constexpr std::size_t kVisionStateSize = 24;
inline constexpr std::size_t kVisionRate = 16;
/// Round pairs: 2 · 8 S-box layers and 2 · 8 + 1 round keys.
inline constexpr std::size_t kVisionRounds = 8;

/// A permutation state: 24 canonical B32 elements.
using VisionState = std::array<std::uint32_t, kVisionStateSize>;

/// v0's constants in the canonical tower, for the permutation and for circuits that arithmetise it.
struct VisionConstants {
  /// round_keys[k] is added after layer k (k = 0: before the first S-box layer).
  std::array<VisionState, 2 * kVisionRounds + 1> round_keys;
  /// out_i = sum_j mds[i][j] · in_j, the entries canonical B8 values (a B8 scalar times a B32 is
  /// byte-wise in the canonical tower).
  std::array<std::array<std::uint8_t, kVisionStateSize>, kVisionStateSize> mds;
  /// B(y) = XOR of forward_images[i] over the set bits i of y, XOR forward_constant.
  std::array<std::uint32_t, 32> forward_images;
  std::uint32_t forward_constant;
  /// B⁻¹ in the same form (the inverse affine map of B).
  std::array<std::uint32_t, 32> inverse_images;
  std::uint32_t inverse_constant;
};

/// The constants (built once, on first use).
const VisionConstants& vision32_constants() noexcept;

/// B(x⁻¹): the S-box of the second layer of each round pair (0⁻¹ = 0).
std::uint32_t vision32_sbox_forward(std::uint32_t x) noexcept;
/// B⁻¹(x⁻¹): the S-box of the first layer of each round pair (0⁻¹ = 0).
std::uint32_t vision32_sbox_inverse(std::uint32_t x) noexcept;
/// state = MDS · state.
void vision32_mds(VisionState& state) noexcept;
/// state = Vision Mark-32 permutation of state.
void vision32_permute(VisionState& state) noexcept;

/// Digest of a message of B32 elements (canonical values).
Digest32 vision32_hash(std::span<const std::uint32_t> elements) noexcept;
/// Digest of a message given as bytes, each 4 read as a little-endian element (v0's test
/// convention). Errors: wrong_size unless the size is a multiple of 4.
Result<Digest32> vision32_hash_bytes(ByteSpan message);

/// The incremental form: the element count is committed up front (it is hashed first), then the
/// elements arrive in any number of update() calls.
class Vision32Hasher {
 public:
  /// Errors: invalid_argument when 4 · num_elements overflows 64 bits.
  static Result<Vision32Hasher> create(std::uint64_t num_elements);

  /// Absorbs elements; past the committed count they are only counted (finalize then fails).
  void update(std::span<const std::uint32_t> elements) noexcept;
  /// The digest. Errors: wrong_size unless exactly the committed count was absorbed.
  /// Call once; the object is spent afterwards.
  Result<Digest32> finalize();

 private:
  explicit Vision32Hasher(std::uint64_t num_elements) noexcept;

  VisionState state_{};
  std::uint64_t committed_;
  std::uint64_t absorbed_ = 0;
};

}  // namespace merkleforge::binius
