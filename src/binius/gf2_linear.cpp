#include "gf2_linear.hpp"

#include <bit>

namespace merkleforge::binius::detail {
namespace {

unsigned lowest_bit(uint128 x) noexcept {
  const auto low = static_cast<std::uint64_t>(x);
  return low != 0
             ? static_cast<unsigned>(std::countr_zero(low))
             : 64 + static_cast<unsigned>(std::countr_zero(static_cast<std::uint64_t>(x >> 64)));
}

}  // namespace

// Inserting each (image, source) pair clears its lowest bit against the pivot owning that bit
// until it finds a free one; the pivot's lowest bit is its own, so every step raises the lowest
// bit and the loop ends (a pair reduced to zero is a kernel vector and is dropped).
Gf2LinearSolver::Gf2LinearSolver(const std::array<uint128, 128>& images_of_units) {
  for (unsigned i = 0; i < 128; ++i) {
    Pivot pair{images_of_units[i], uint128{1} << i};
    while (pair.image != 0) {
      Pivot& owner = pivot_by_lowest_bit_[lowest_bit(pair.image)];
      if (owner.image == 0) {
        owner = pair;
        break;
      }
      pair.image ^= owner.image;
      pair.source ^= owner.source;
    }
  }
}

std::optional<uint128> Gf2LinearSolver::preimage(uint128 target) const {
  uint128 source = 0;
  while (target != 0) {
    const Pivot& owner = pivot_by_lowest_bit_[lowest_bit(target)];
    if (owner.image == 0) return std::nullopt;
    target ^= owner.image;
    source ^= owner.source;
  }
  return source;
}

Gf2ByteTables::Gf2ByteTables(const std::array<uint128, 128>& images_of_units) {
  for (unsigned byte = 0; byte < 16; ++byte) {
    for (unsigned value = 1; value < 256; ++value) {
      // Each entry extends the entry without its lowest set bit by that bit's image.
      const auto bit = static_cast<unsigned>(std::countr_zero(value));
      tables_[byte][value] = tables_[byte][value & (value - 1)] ^ images_of_units[8 * byte + bit];
    }
  }
}

Gf2AffineBlocks::Gf2AffineBlocks(const std::array<uint128, 128>& images_of_units) {
  for (unsigned j = 0; j < 16; ++j) {
    for (unsigned i = 0; i < 16; ++i) {
      std::uint64_t block = 0;
      for (unsigned a = 0; a < 8; ++a) {
        std::uint64_t row = 0;  // output bit 8i + a from input bits 8j + c
        for (unsigned c = 0; c < 8; ++c) {
          row |= static_cast<std::uint64_t>((images_of_units[8 * j + c] >> (8 * i + a)) & 1) << c;
        }
        block |= row << (8 * (7 - a));
      }
      by_input[j][i] = block;
    }
  }
}

}  // namespace merkleforge::binius::detail
