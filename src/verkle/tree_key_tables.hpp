// The commitment behind a tree key (not an API of its own; get_tree_key and get_tree_keys share
// it). get_tree_key commits to a 64-byte input: its CRS[0] scalar is the constant 2 + 256·64, and
// its other four scalars are 16-byte chunks (below 2^128), which the 16-bit-window tables of
// wide_crs_tables.hpp cover in 9 additions at most (the 8-bit tables of pedersen.cpp need 16).
#pragma once

#include "batch_kernels.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/tree_key.hpp"
#include "wide_crs_tables.hpp"

namespace merkleforge::verkle::detail {

/// The most terms of one tree key's commitment (the constant and four chunks).
inline constexpr std::size_t kMaxTreeKeyTerms = 1 + 4 * kMaxCrsTerms;

/// Writes the terms of tree_key_point(address, tree_index) to `out` (room for kMaxTreeKeyTerms)
/// and returns how many, so that many keys' terms can be summed side by side.
std::size_t write_tree_key_terms(const Address32& address, const TreeIndex& tree_index,
                                 SignedPoint* out);

/// The pedersen_hash point of address32 ‖ LE32(tree_index), before the map to Fr: the constant
/// CRS[0] term (computed once), then the non-zero 16-byte chunks (two of the address, two of the
/// index) through the wide-window tables.
Element tree_key_point(const Address32& address, const TreeIndex& tree_index);

}  // namespace merkleforge::verkle::detail
