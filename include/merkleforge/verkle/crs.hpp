// The Verkle common reference string: 256 Banderwagon generators derived from the seed
// "eth_verkle_oct_2021" (EIP-6800; go-ipa, rust-verkle, verkle-trie-ref), plus Q for the IPA.
#pragma once

#include <cstddef>
#include <span>

#include "merkleforge/verkle/banderwagon.hpp"

namespace merkleforge::verkle {

/// Number of CRS points (the width of a Verkle node).
inline constexpr std::size_t kCrsSize = 256;

/// The 256 generators, in order: try-and-increment over i = 0, 1, ...: x = SHA-256(seed ‖
/// u64_be(i)) read big-endian mod p, kept when x (as 32-byte big-endian) decodes as a Banderwagon
/// point with every check of Element::from_bytes. Derived once per process (thread-safe), ~1061
/// hashes.
std::span<const Element> crs_points();

/// Q, the inner-product point of the IPA: the group generator (not one of the 256 points).
const Element& crs_q();

}  // namespace merkleforge::verkle
