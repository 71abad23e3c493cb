// Modular inversion by Bernstein–Yang divsteps ("safegcd"), variable time: the inverse behind
// PrimeField::inverse (not an API of its own).
#pragma once

#include "merkleforge/verkle/montgomery.hpp"

namespace merkleforge::verkle::detail {

/// value^-1 mod modulus. Preconditions: modulus odd and below 2^256 - 2^62, 0 < value < modulus,
/// gcd(value, modulus) = 1 (always true for a prime modulus). Time depends on the value (public
/// data only).
Limbs inverse_mod(const Limbs& value, const Limbs& modulus);

}  // namespace merkleforge::verkle::detail
