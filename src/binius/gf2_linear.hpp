// Internal: GF(2)-linear maps on 128-bit vectors — solving by elimination, and applying a map
// fast through per-byte tables.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>

#include "merkleforge/binius/tower.hpp"

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

}  // namespace merkleforge::binius::detail
