// The group law of banderwagon.cpp with every field operation inlined from the MULX/ADX assembly
// (montgomery_asm.hpp): compiled with BMI2 and ADX, called only when the field's dispatcher chose
// "mulx-adx" (kMulxAdx). The formulas are point_formulas.hpp's.
#include "banderwagon_adx.hpp"

#include "montgomery_asm.hpp"
#include "point_formulas.hpp"
#include "raw_access.hpp"

namespace merkleforge::verkle::detail {

namespace {

using Asm = MontgomeryAsm<FpModulus::kValue>;

/// An Fp element in Montgomery form whose operations are the inline assembly.
struct AsmFp {
  Limbs v;

  static AsmFp of(const Fp& value) { return {RawAccess::montgomery(value)}; }
  Fp to_fp() const { return RawAccess::from_montgomery<Fp>(v); }

  AsmFp operator+(const AsmFp& o) const { return {Asm::add(v, o.v)}; }
  AsmFp operator-(const AsmFp& o) const { return {Asm::sub(v, o.v)}; }
  AsmFp operator-() const { return {Asm::sub(Limbs{}, v)}; }
  AsmFp operator*(const AsmFp& o) const { return {Asm::mul(v, o.v)}; }
  AsmFp dbl() const { return *this + *this; }
  AsmFp square() const { return *this * *this; }
};

Extended<AsmFp> load(const Element& p) {
  const Extended<Fp> c = RawAccess::coordinates(p);
  return {AsmFp::of(c.x), AsmFp::of(c.y), AsmFp::of(c.t), AsmFp::of(c.z)};
}

Element store(const Extended<AsmFp>& p) {
  return RawAccess::element(p.x.to_fp(), p.y.to_fp(), p.t.to_fp(), p.z.to_fp());
}

}  // namespace

Element add_adx(const Element& p, const Element& q) {
  return store(add(load(p), load(q), AsmFp::of(Element::curve_d())));
}

Element add_affine_adx(const Element& p, const AffinePoint& q) {
  return store(add_affine(load(p), AsmFp::of(q.x), AsmFp::of(q.y), AsmFp::of(q.d_xy)));
}

Element dbl_adx(const Element& p) {
  return store(dbl(load(p)));
}

}  // namespace merkleforge::verkle::detail
