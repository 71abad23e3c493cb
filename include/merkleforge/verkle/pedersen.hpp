// Pedersen vector commitments over the CRS (the commitment of every Verkle node):
// commit(v) = Σ v[i]·CRS[i], through fixed-base tables.
//
// Tables: for each of the 256 CRS points and each of the 32 windows of 8 scalar bits, the
// multiples 1..128 of 2^(8·window)·CRS[i] as affine points with d·x·y precomputed. Scalars are
// recoded to signed digits in [-127, 128] (negation is free), so one scalar costs at most 32 mixed
// additions and zero digits cost nothing. Memory: 256·32·128·96 B = 96 MiB, built on first use in
// parallel (TBB); see fixed_base_table_bytes().
#pragma once

#include <cstddef>
#include <span>

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle {

/// Σ values[i]·CRS[i]. At most 256 values (std::invalid_argument otherwise: a programming error);
/// fewer values mean the rest are zero. Zero values cost nothing.
Element commit(std::span<const Fr> values);

/// The commitment after values[index] changes from old_value to new_value:
/// old + (new_value - old_value)·CRS[index]. index < 256 (std::invalid_argument otherwise).
Element commit_delta(const Element& old, std::size_t index, const Fr& old_value,
                     const Fr& new_value);

/// Adds scalar·CRS[index] to accumulator (the building block of sparse commitments such as tree
/// keys). index < 256 (std::invalid_argument otherwise).
void add_crs_multiple(Element& accumulator, std::size_t index, const Fr& scalar);

/// Bytes held by the fixed-base tables once built (they are built by the first call of any
/// function above, or by this one).
std::size_t fixed_base_table_bytes();

}  // namespace merkleforge::verkle
