// The group law on the MULX/ADX kernel (banderwagon_adx.cpp). Precondition of each: kMulxAdx.
#pragma once

#include "merkleforge/verkle/banderwagon.hpp"

namespace merkleforge::verkle::detail {

Element add_adx(const Element& p, const Element& q);
Element add_affine_adx(const Element& p, const AffinePoint& q);
Element dbl_adx(const Element& p);

}  // namespace merkleforge::verkle::detail
