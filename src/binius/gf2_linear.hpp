// Internal: GF(2)-linear maps on 128-bit vectors — solving by elimination, and applying a map
// fast through per-byte tables, or to many vectors at once through GFNI's 8x8 affine products.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/cpu.hpp"

namespace merkleforge::binius::detail {

/// The images of the 128 unit vectors under a linear map L, reduced to an echelon basis so that
/// preimages can be found. Each pivot pairs an image v with a source s such that L(s) = v.
class Gf2LinearSolver {
 public:
  explicit Gf2LinearSolver(const std::array<uint128, 128>& images_of_units);

  /// Some s with L(s) = target, or nullopt when target is not in the image of L.
  std::optional<uint128> preimage(uint128 target) const;

 private:
  struct Pivot {
    uint128 image = 0;
    uint128 source = 0;
  };
  std::array<Pivot, 128> pivot_by_lowest_bit_{};  // image == 0: no pivot for that bit
};

/// A linear map applied as 16 lookups (one per input byte) of precomputed partial images.
class Gf2ByteTables {
 public:
  explicit Gf2ByteTables(const std::array<uint128, 128>& images_of_units);

  uint128 apply(uint128 x) const noexcept {
    // Bytes read from memory (not 128-bit shifts) and the two 64-bit halves XORed apart: about
    // twice as fast, the basis change being the largest cost of the B128 sumcheck provers.
    std::uint8_t bytes[16];
    std::memcpy(bytes, &x, sizeof bytes);
    std::uint64_t low = 0, high = 0;
    for (unsigned byte = 0; byte < 16; ++byte) {
      const uint128 entry = tables_[byte][bytes[byte]];
      low ^= static_cast<std::uint64_t>(entry);
      high ^= static_cast<std::uint64_t>(entry >> 64);
    }
    return make_uint128(high, low);
  }

 private:
  std::array<std::array<uint128, 256>, 16> tables_{};
};

/// The same map as 16 x 16 blocks of 8 x 8 bits, in the matrix layout of GF2P8AFFINEQB: block
/// (i, j) maps input byte j to its share of output byte i, and its qword's byte 7 - a holds the
/// row of output bit a (bit c: input bit c). by_input[j] lists the blocks of input byte j for
/// output bytes 0..7, then 8..15 (one 512-bit register each).
struct Gf2AffineBlocks {
  explicit Gf2AffineBlocks(const std::array<uint128, 128>& images_of_units);

  alignas(64) std::array<std::array<std::uint64_t, 16>, 16> by_input{};
};

/// Applies a map in place to `count` 16-byte little-endian values, in whole groups of the
/// kernel's width; returns how many leading values it mapped (the caller maps the rest).
struct Gf2BulkKernel {
  std::size_t (*apply)(const Gf2AffineBlocks& map, void* values, std::size_t count) noexcept;
};

#if MERKLEFORGE_X86_KERNELS
/// Groups of 8 values with AVX-512 (F, BW, VBMI) and GFNI (gf2_linear_gfni512.cpp).
extern const Gf2BulkKernel kGf2BulkGfni512;
#endif

}  // namespace merkleforge::binius::detail
