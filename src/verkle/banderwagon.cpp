// Banderwagon group law (HWCD extended-coordinate formulas with a = -5), encoding and decoding.
#include "merkleforge/verkle/banderwagon.hpp"

#include <algorithm>

#include "banderwagon_adx.hpp"
#include "merkleforge/core/hex.hpp"
#include "point_formulas.hpp"
#include "raw_access.hpp"

namespace merkleforge::verkle {

namespace {

Fp fp_from_be_hex(std::string_view hex) {
  Bytes bytes = from_hex(hex).value();
  std::reverse(bytes.begin(), bytes.end());
  return Fp::from_bytes_le(bytes).value();
}

}  // namespace

const Fp& Element::curve_d() {
  static const Fp d =
      fp_from_be_hex("6389c12633c267cbc66e3bf86be3b6d8cb66677177e54f92b369f2f5188d58e7");
  return d;
}

const Element& Element::generator() {
  static const Element g = from_affine(
      fp_from_be_hex("29c132cc2c0b34c5743711777bbe42f32b79c022ad998465e1e71866a252ae18"),
      fp_from_be_hex("2a6c669eda123e0f157d8b50badcd586358cad81eee464605e3167b6cc974166"));
  return g;
}

// The formulas of point_formulas.hpp, on the MULX/ADX kernel where the dispatcher chose it.
Element Element::operator+(const Element& other) const {
  if (detail::kMulxAdx) return detail::add_adx(*this, other);
  return detail::RawAccess::element(detail::add(detail::RawAccess::coordinates(*this),
                                                detail::RawAccess::coordinates(other), curve_d()));
}

Element Element::add_affine(const AffinePoint& point) const {
  if (detail::kMulxAdx) return detail::add_affine_adx(*this, point);
  return detail::RawAccess::element(
      detail::add_affine(detail::RawAccess::coordinates(*this), point.x, point.y, point.d_xy));
}

Element Element::dbl() const {
  if (detail::kMulxAdx) return detail::dbl_adx(*this);
  return detail::RawAccess::element(detail::dbl(detail::RawAccess::coordinates(*this)));
}

Element Element::operator*(const Fr& scalar) const {
  std::array<Element, 16> multiples;
  multiples[1] = *this;
  for (std::size_t i = 2; i < 16; ++i) multiples[i] = multiples[i - 1] + *this;
  const detail::Limbs limbs = scalar.to_canonical();
  Element result = identity();
  for (int window = 63; window >= 0; --window) {
    result = result.dbl().dbl().dbl().dbl();
    const auto digit = (limbs[static_cast<std::size_t>(window / 16)] >> (4 * (window % 16))) & 15;
    if (digit != 0) result += multiples[digit];
  }
  return result;
}

std::array<std::uint8_t, 32> Element::encode_affine(const Fp& x, const Fp& y) {
  const Fp signed_x = y.is_lexicographically_largest() ? x : -x;
  std::array<std::uint8_t, 32> bytes = signed_x.to_bytes_le();
  std::reverse(bytes.begin(), bytes.end());
  return bytes;
}

std::array<std::uint8_t, 32> Element::to_bytes() const {
  const Fp z_inverse = z_.inverse();
  return encode_affine(x_ * z_inverse, y_ * z_inverse);
}

std::vector<std::array<std::uint8_t, 32>> Element::batch_to_bytes(std::span<const Element> points) {
  std::vector<std::array<std::uint8_t, 32>> out;
  out.reserve(points.size());
  for (const AffinePoint& p : batch_to_affine(points)) out.push_back(encode_affine(p.x, p.y));
  return out;
}

Result<Element> Element::from_bytes(ByteSpan bytes) {
  if (bytes.size() != 32) {
    return make_error(Errc::wrong_size,
                      "banderwagon point: expected 32 bytes, got " + std::to_string(bytes.size()));
  }
  std::array<std::uint8_t, 32> little_endian{};
  std::reverse_copy(bytes.begin(), bytes.end(), little_endian.begin());
  const auto x = Fp::from_bytes_le(little_endian);
  if (!x) return make_error(Errc::malformed_input, "banderwagon point: x is not below p");

  // y² = (a·x² - 1) / (d·x² - 1); d is not a square, so the denominator is never zero.
  const Fp x2 = x->square();
  const Fp y2 = (-detail::times_five(x2) - Fp::one()) * (curve_d() * x2 - Fp::one()).inverse();
  auto y = y2.sqrt();
  if (!y) return make_error(Errc::malformed_input, "banderwagon point: x is not on the curve");
  if (!y->is_lexicographically_largest()) y = -*y;
  // The point is in the subgroup of order 2r iff 1 - a·x² is a square.
  if ((Fp::one() + detail::times_five(x2)).legendre() != 1) {
    return make_error(Errc::malformed_input, "banderwagon point: not in the prime-order subgroup");
  }
  return from_affine(*x, *y);
}

Fr Element::map_to_scalar_field() const {
  return Fr::from_bytes_le_reduced((x_ * y_.inverse()).to_bytes_le());
}

std::vector<Fr> Element::batch_map_to_scalar_field(std::span<const Element> points) {
  std::vector<Fp> y_inverses(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) y_inverses[i] = points[i].y_;
  Fp::batch_inverse(y_inverses);
  std::vector<Fr> out(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    out[i] = Fr::from_bytes_le_reduced((points[i].x_ * y_inverses[i]).to_bytes_le());
  }
  return out;
}

AffinePoint Element::to_affine() const {
  const Fp z_inverse = z_.inverse();
  const Fp x = x_ * z_inverse;
  const Fp y = y_ * z_inverse;
  return {x, y, curve_d() * x * y};
}

std::vector<AffinePoint> Element::batch_to_affine(std::span<const Element> points) {
  std::vector<Fp> z_inverses(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) z_inverses[i] = points[i].z_;
  Fp::batch_inverse(z_inverses);
  std::vector<AffinePoint> out(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Fp x = points[i].x_ * z_inverses[i];
    const Fp y = points[i].y_ * z_inverses[i];
    out[i] = {x, y, curve_d() * x * y};
  }
  return out;
}

}  // namespace merkleforge::verkle
