// The code hash of an account without code, keccak256(""), sits at suffix 1 of most account stems
// (every externally owned account). Its contribution to the stem's C1 is therefore always the same
// point, computed once: a leaf's first commit adds that point instead of two scalar
// multiplications (go-verkle caches the same point, EmptyCodeHashPoint).
#pragma once

#include <cstdint>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/verkle/banderwagon.hpp"

namespace merkleforge::verkle::detail {

/// True when `value` at `suffix` is the code hash of empty code at its EIP-6800 place.
bool is_empty_code_hash_slot(std::uint8_t suffix, const Digest32& value);

/// lo·CRS[2] + hi·CRS[3] for (lo, hi) = value_scalars(keccak256("")): that slot's term of C1.
const AffinePoint& empty_code_hash_term();

}  // namespace merkleforge::verkle::detail
