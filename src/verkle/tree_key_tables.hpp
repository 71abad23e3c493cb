// The terms of a tree-key commitment (not an API of its own). get_tree_key commits to a 64-byte
// input: its CRS[0] scalar is the constant 2 + 256·64, and its other four scalars are 16-byte
// chunks (below 2^128), which dedicated tables with 16-bit windows cover in 9 additions at most
// (the 8-bit tables of pedersen.cpp need 16).
#pragma once

#include <cstddef>

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle::detail {

/// (2 + 256·64)·CRS[0]: the first term of every get_tree_key commitment.
const Element& tree_key_constant_term();

/// accumulator += chunk·CRS[index]. Preconditions: 1 <= index <= 4, chunk below 2^128.
void add_tree_key_term(Element& accumulator, std::size_t index, const Fr& chunk);

/// Bytes held by the tables of add_tree_key_term (built on first use).
std::size_t tree_key_term_table_bytes();

}  // namespace merkleforge::verkle::detail
