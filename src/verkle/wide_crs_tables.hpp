// 16-bit-window tables of CRS[1..4], the points behind the hottest scalar multiplications of the
// trie (not an API of its own):
//   - every tree key commits to four 16-byte chunks at CRS[1..4] (tree_key_tables.hpp);
//   - every leaf commitment adds stem·CRS[1] and hash(C1)·CRS[2], full-width scalars;
//   - the first values of a stem sit at CRS[0..4] of C1 (basic data, code hash), halves of 128
//     bits (129 with the marker of the low half).
// A 16-bit window costs one mixed addition where the 8-bit tables of pedersen.cpp need two, so
// CRS[1] and CRS[2] get tables over the whole scalar (16 windows) and CRS[3], CRS[4] over 129 bits
// (9 windows): (2·16 + 2·9)·2^15 affine points, 150 MiB, which with the 96 MiB of pedersen.cpp
// stays within the 256 MiB budget of fixed-base tables.
#pragma once

#include <cstddef>

#include "batch_kernels.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle::detail {

/// accumulator += scalar·CRS[index]: through the 16-bit-window tables where they cover the term
/// (CRS[1] and CRS[2] any scalar, at most 16 additions; CRS[3] and CRS[4] scalars below 2^129, at
/// most 9), otherwise through add_crs_multiple (pedersen.hpp, at most 32). Zero costs nothing.
/// Precondition: index < 256 (std::invalid_argument otherwise, as add_crs_multiple).
void add_crs_multiple_wide(Element& accumulator, std::size_t index, const Fr& scalar);

/// The most terms one scalar contributes through either kind of table.
inline constexpr std::size_t kMaxCrsTerms = 32;

/// Writes the terms of scalar·CRS[index] through the 8-bit tables of pedersen.cpp to `out` (room
/// for kMaxCrsTerms) and returns how many (none for zero). Precondition: index < 256
/// (std::invalid_argument otherwise).
std::size_t write_crs_terms(std::size_t index, const Fr& scalar, SignedPoint* out);

/// The same through the 16-bit-window tables where they cover the term (as add_crs_multiple_wide).
std::size_t write_crs_terms_wide(std::size_t index, const Fr& scalar, SignedPoint* out);

/// Bytes held by the 16-bit-window tables (built on first use, or by this call).
std::size_t wide_crs_table_bytes();

}  // namespace merkleforge::verkle::detail
