#include "merkleforge/verkle/lagrange.hpp"

#include <optional>
#include <stdexcept>

namespace merkleforge::verkle {
namespace {

/// The domain index of z when z is one of 0..255 (its little-endian bytes above the first are
/// zero).
std::optional<std::uint8_t> domain_index(const Fr& z) {
  const auto bytes = z.to_bytes_le();
  for (std::size_t i = 1; i < bytes.size(); ++i) {
    if (bytes[i] != 0) return std::nullopt;
  }
  return bytes[0];
}

Fr domain_point(std::size_t i) {
  return Fr::from_u64(i);
}

}  // namespace

Fr inner_product(std::span<const Fr> a, std::span<const Fr> b) {
  if (a.size() != b.size()) throw std::logic_error("inner_product: lengths differ");
  Fr sum = Fr::zero();
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

LagrangeDomain::LagrangeDomain() {
  for (std::size_t i = 0; i < kDomainSize; ++i) {
    Fr product = Fr::one();
    for (std::size_t j = 0; j < kDomainSize; ++j) {
      if (j != i) product *= domain_point(i) - domain_point(j);
    }
    derivative_at_[i] = product;
  }
  inverse_derivative_at_ = derivative_at_;
  Fr::batch_inverse(inverse_derivative_at_);

  inverses_[0] = Fr::zero();
  for (std::size_t k = 1; k < kDomainSize; ++k) inverses_[k] = domain_point(k);
  Fr::batch_inverse(std::span<Fr>(inverses_).subspan(1));
  for (std::size_t k = 0; k < kDomainSize; ++k) negated_inverses_[k] = -inverses_[k];
}

const LagrangeDomain& LagrangeDomain::instance() {
  static const LagrangeDomain domain;
  return domain;
}

Polynomial LagrangeDomain::barycentric_coefficients(const Fr& z) const {
  Polynomial b;
  if (const auto index = domain_index(z)) {
    b.fill(Fr::zero());
    b[*index] = Fr::one();
    return b;
  }
  // b_i = A(z) / (A'(i) (z − i)): invert all denominators at once.
  Fr vanishing = Fr::one();  // A(z)
  for (std::size_t i = 0; i < kDomainSize; ++i) {
    const Fr difference = z - domain_point(i);
    vanishing *= difference;
    b[i] = derivative_at_[i] * difference;
  }
  Fr::batch_inverse(b);
  for (Fr& weight : b) weight *= vanishing;
  return b;
}

Fr LagrangeDomain::evaluate(std::span<const Fr, kDomainSize> f, const Fr& z) const {
  if (const auto index = domain_index(z)) return f[*index];
  const Polynomial b = barycentric_coefficients(z);
  return inner_product(f, b);
}

Polynomial LagrangeDomain::divide_on_domain(std::span<const Fr, kDomainSize> f,
                                            std::uint8_t m) const {
  Polynomial q;
  Fr weighted_sum = Fr::zero();  // Σ_{i≠m} q_i / A'(i)
  for (std::size_t i = 0; i < kDomainSize; ++i) {
    if (i == m) continue;
    q[i] = (f[i] - f[m]) * inverse_of_difference(i, m);
    weighted_sum += q[i] * inverse_derivative_at_[i];
  }
  q[m] = -(derivative_at_[m] * weighted_sum);
  return q;
}

}  // namespace merkleforge::verkle
