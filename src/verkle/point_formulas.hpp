// The Banderwagon group law in extended coordinates (HWCD formulas with a = -5), written once over
// the type of the coordinates: Fp for the portable path (banderwagon.cpp), the inline-assembly
// field of banderwagon_adx.cpp for the MULX/ADX one. Not an API of its own. F provides +, -
// (binary and unary), *, dbl() and square().
#pragma once

namespace merkleforge::verkle::detail {

/// (X : Y : T : Z) with x = X/Z, y = Y/Z, T = XY/Z.
template <class F>
struct Extended {
  F x, y, t, z;
};

/// -a·v = 5·v, by additions.
template <class F>
F times_five(const F& v) {
  return v.dbl().dbl() + v;
}

/// p + q (add-2008-hwcd, 10 multiplications); d is the curve's coefficient.
template <class F>
Extended<F> add(const Extended<F>& p, const Extended<F>& q, const F& d) {
  const F a = p.x * q.x;
  const F b = p.y * q.y;
  const F c = d * p.t * q.t;
  const F zz = p.z * q.z;
  const F e = (p.x + p.y) * (q.x + q.y) - a - b;
  const F f = zz - c;
  const F g = zz + c;
  const F h = b + times_five(a);
  return {e * f, g * h, e * h, f * g};
}

/// p + (x, y) with d_xy = d·x·y precomputed (madd-2008-hwcd, 8 multiplications).
template <class F>
Extended<F> add_affine(const Extended<F>& p, const F& x, const F& y, const F& d_xy) {
  const F a = p.x * x;
  const F b = p.y * y;
  const F c = p.t * d_xy;
  const F e = (p.x + p.y) * (x + y) - a - b;
  const F f = p.z - c;
  const F g = p.z + c;
  const F h = b + times_five(a);
  return {e * f, g * h, e * h, f * g};
}

/// 2p (dbl-2008-hwcd).
template <class F>
Extended<F> dbl(const Extended<F>& p) {
  const F a = p.x.square();
  const F b = p.y.square();
  const F c = p.z.square().dbl();
  const F d = -times_five(a);
  const F e = (p.x + p.y).square() - a - b;
  const F g = d + b;
  const F f = g - c;
  const F h = d - b;
  return {e * f, g * h, e * h, f * g};
}

}  // namespace merkleforge::verkle::detail
