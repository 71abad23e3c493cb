// What the batch kernels need beneath the public types: a field element's Montgomery limbs, and an
// element built from projective coordinates (not an API of its own).
#pragma once

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"
#include "point_formulas.hpp"

namespace merkleforge::verkle::detail {

struct RawAccess {
  /// The Montgomery form of `value` (value·2^256 mod the modulus, fully reduced).
  template <class Field>
  static const Limbs& montgomery(const Field& value) {
    return value.mont_;
  }
  /// The element whose Montgomery form is `limbs`. Precondition: limbs < the modulus.
  template <class Field>
  static Field from_montgomery(const Limbs& limbs) {
    return Field::from_montgomery(limbs);
  }
  /// The point (x : y : t : z) in extended coordinates. Precondition: a point of the prime-order
  /// subgroup with x·y = t·z (any common scale of the four coordinates is the same point).
  static Element element(const Fp& x, const Fp& y, const Fp& t, const Fp& z) {
    return Element(x, y, t, z);
  }
  static Element element(const Extended<Fp>& p) { return Element(p.x, p.y, p.t, p.z); }
  /// The point's extended coordinates.
  static Extended<Fp> coordinates(const Element& p) { return {p.x_, p.y_, p.t_, p.z_}; }
};

}  // namespace merkleforge::verkle::detail
