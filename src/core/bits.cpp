#include "merkleforge/core/bits.hpp"

namespace merkleforge {

void transpose64(std::uint64_t rows[64]) noexcept {
  std::uint64_t mask = 0x00000000FFFFFFFFull;
  for (unsigned j = 32; j != 0; j >>= 1, mask ^= mask << j) {
    for (unsigned k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      // Swap (row k, column p + j) with (row k + j, column p) for every p without bit j.
      const std::uint64_t t = ((rows[k] >> j) ^ rows[k | j]) & mask;
      rows[k] ^= t << j;
      rows[k | j] ^= t;
    }
  }
}

}  // namespace merkleforge
