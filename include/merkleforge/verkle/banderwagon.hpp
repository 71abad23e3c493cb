// Banderwagon: the prime-order quotient of the Bandersnatch curve used by Verkle trees
// (twisted Edwards a·x² + y² = 1 + d·x²·y² over Fp, a = -5), where (x, y) and (-x, -y) are the
// same element. Points are kept in extended coordinates (X : Y : T : Z), x = X/Z, y = Y/Z, T =
// XY/Z. Every Element is in the odd-order subgroup (decoding checks it), where the unified addition
// formulas have no exceptions.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle {

/// An affine point with d·x·y precomputed: the operand of the cheaper mixed addition, used by
/// fixed-base tables. Obtain one from Element::to_affine / batch_to_affine.
struct AffinePoint {
  Fp x;
  Fp y;
  Fp d_xy;  ///< d·x·y
};

class Element {
 public:
  /// The Bandersnatch generator G (go-ipa, rust-verkle; also the IPA point Q).
  static const Element& generator();
  /// The neutral element.
  static Element identity() { return Element(); }
  Element() : x_(Fp::zero()), y_(Fp::one()), t_(Fp::zero()), z_(Fp::one()) {}  ///< the identity

  /// Group law (extended twisted Edwards coordinates; complete, never fails).
  Element operator+(const Element& other) const;
  Element operator-(const Element& other) const { return *this + (-other); }
  Element operator-() const { return Element(-x_, y_, -t_, z_); }
  Element& operator+=(const Element& other) { return *this = *this + other; }
  Element& operator-=(const Element& other) { return *this = *this - other; }
  /// this + this (dedicated doubling).
  Element dbl() const;
  /// this + point (mixed addition: 8 multiplications instead of 10).
  Element add_affine(const AffinePoint& point) const;
  /// Variable-base scalar multiplication (4-bit windows).
  Element operator*(const Fr& scalar) const;

  /// Banderwagon equality: x1·y2 == x2·y1 (so (x, y) equals (-x, -y)).
  bool operator==(const Element& other) const { return x_ * other.y_ == other.x_ * y_; }
  /// True for the neutral element (x = 0, either sign of y).
  bool is_identity() const { return x_.is_zero(); }

  /// go-ipa's compressed serialisation: 32-byte big-endian x of the affine point, x negated when
  /// y is not lexicographically largest. The identity encodes as 32 zero bytes.
  std::array<std::uint8_t, 32> to_bytes() const;
  /// to_bytes of many elements with one field inversion.
  static std::vector<std::array<std::uint8_t, 32>> batch_to_bytes(std::span<const Element> points);

  /// Decodes untrusted bytes (go-ipa SetBytes). Errors: wrong_size unless 32 bytes;
  /// malformed_input when x is not below p, when no point has that x (not on the curve), or when
  /// the point is outside the prime-order subgroup (Legendre(1 - a·x²) != 1).
  static Result<Element> from_bytes(ByteSpan bytes);

  /// The commitment-to-scalar map of Verkle trees: X/Y in Fp, as 32 little-endian bytes, reduced
  /// mod r. The identity maps to 0.
  Fr map_to_scalar_field() const;
  /// map_to_scalar_field of many elements with one field inversion.
  static std::vector<Fr> batch_map_to_scalar_field(std::span<const Element> points);

  /// The affine coordinates (one field inversion).
  AffinePoint to_affine() const;
  /// to_affine of many elements with one field inversion.
  static std::vector<AffinePoint> batch_to_affine(std::span<const Element> points);

  /// The twisted Edwards coefficient d.
  static const Fp& curve_d();

 private:
  friend struct detail::RawAccess;
  Element(const Fp& x, const Fp& y, const Fp& t, const Fp& z) : x_(x), y_(y), t_(t), z_(z) {}
  static Element from_affine(const Fp& x, const Fp& y) { return Element(x, y, x * y, Fp::one()); }
  static std::array<std::uint8_t, 32> encode_affine(const Fp& x, const Fp& y);

  Fp x_, y_, t_, z_;
};

}  // namespace merkleforge::verkle
