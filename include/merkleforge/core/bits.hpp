// Bit-matrix helpers shared by the modules that lay data out as bit columns (cs, circuits).
#pragma once

#include <cstdint>

namespace merkleforge {

/// Transposes a 64×64 bit matrix in place: afterwards bit c of rows[r] is what bit r of rows[c]
/// was. Swaps of ever smaller blocks: 6 passes over 32 word pairs instead of 4,096 single bits.
void transpose64(std::uint64_t rows[64]) noexcept;

}  // namespace merkleforge
