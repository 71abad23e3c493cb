// Polynomials of degree < 256 in evaluation (Lagrange) form over the domain {0, 1, ..., 255} of Fr,
// the form every Verkle commitment uses: a vector of 256 values is the polynomial through (i, v_i).
//
// With A(X) = Π_j (X − j) and A'(i) = Π_{j≠i} (i − j):
//   f(z) = A(z) · Σ_i f_i / (A'(i) · (z − i))          for z outside the domain (barycentric form)
//   q(X) = (f(X) − f(m)) / (X − m)                      for m inside the domain, itself of degree <
//   255: q_i  = (f_i − f_m) / (i − m)  (i ≠ m),   q_m = −Σ_{i≠m} (A'(m) / A'(i)) · q_i
// (the last line is q_m = f'(m) written through the other q_i, which avoids derivatives).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle {

inline constexpr std::size_t kDomainSize = 256;

/// The values f(0), ..., f(255) of a polynomial of degree < 256.
using Polynomial = std::array<Fr, kDomainSize>;

/// Inner product Σ a_i · b_i of two vectors of the same length (checked by the caller).
Fr inner_product(std::span<const Fr> a, std::span<const Fr> b);

/// The domain's precomputed constants: A'(i), 1/A'(i) and the inverses of ±1..±255. One immutable
/// instance is built on first use (thread-safe) and shared.
class LagrangeDomain {
 public:
  /// The shared instance (built on first call).
  static const LagrangeDomain& instance();

  /// b with f(z) = Σ_i f_i · b_i for every f: the barycentric weights A(z) / (A'(i) · (z − i)) when
  /// z is outside the domain, the unit vector e_z when z is one of 0..255.
  Polynomial barycentric_coefficients(const Fr& z) const;

  /// f(z) for any z (f_z itself when z is in the domain).
  Fr evaluate(std::span<const Fr, kDomainSize> f, const Fr& z) const;

  /// The quotient (f(X) − f(m)) / (X − m) in evaluation form.
  Polynomial divide_on_domain(std::span<const Fr, kDomainSize> f, std::uint8_t m) const;

  /// 1 / (i − m) for two different domain points.
  const Fr& inverse_of_difference(std::size_t i, std::size_t m) const {
    return i > m ? inverses_[i - m] : negated_inverses_[m - i];
  }

 private:
  LagrangeDomain();

  Polynomial derivative_at_;          // A'(i)
  Polynomial inverse_derivative_at_;  // 1 / A'(i)
  Polynomial inverses_;               // 1 / k for k = 1..255; entry 0 unused (zero)
  Polynomial negated_inverses_;       // −1 / k, same indexing
};

}  // namespace merkleforge::verkle
