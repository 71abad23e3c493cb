// Lagrange domain: evaluation outside the domain and division on it, checked against polynomials
// whose values and quotients are known in closed form (an independent derivation: the test computes
// them by plain arithmetic from the coefficients, not through the barycentric formulas).
#include "merkleforge/verkle/lagrange.hpp"

#include <gtest/gtest.h>

#include <random>

#include "ipa_test_support.hpp"

namespace merkleforge::verkle {
namespace {

using test::random_polynomial;
using test::random_scalar;

/// Σ_k c_k · x^k by Horner's rule.
Fr evaluate_coefficients(std::span<const Fr> coefficients, const Fr& x) {
  Fr value = Fr::zero();
  for (auto it = coefficients.rbegin(); it != coefficients.rend(); ++it) value = value * x + *it;
  return value;
}

Polynomial evaluations_of(std::span<const Fr> coefficients) {
  Polynomial f;
  for (std::size_t i = 0; i < kDomainSize; ++i) {
    f[i] = evaluate_coefficients(coefficients, Fr::from_u64(i));
  }
  return f;
}

const LagrangeDomain& domain() {
  return LagrangeDomain::instance();
}

TEST(VerkleLagrange, EvaluatesRandomPolynomialsOfFullDegreeOutsideTheDomain) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 4; ++trial) {
    std::vector<Fr> coefficients(kDomainSize);
    for (Fr& c : coefficients) c = random_scalar(rng);
    const Polynomial f = evaluations_of(coefficients);
    for (const Fr& z : {Fr::from_u64(256), Fr::from_u64(2101), -Fr::one(), random_scalar(rng)}) {
      EXPECT_EQ(domain().evaluate(f, z), evaluate_coefficients(coefficients, z));
    }
  }
}

TEST(VerkleLagrange, InsideTheDomainCoefficientsAreAUnitVector) {
  std::mt19937_64 rng(2);
  const Polynomial f = random_polynomial(rng);
  for (std::size_t z : {0u, 1u, 77u, 255u}) {
    const Polynomial b = domain().barycentric_coefficients(Fr::from_u64(z));
    for (std::size_t i = 0; i < kDomainSize; ++i) {
      EXPECT_EQ(b[i], i == z ? Fr::one() : Fr::zero());
    }
    EXPECT_EQ(domain().evaluate(f, Fr::from_u64(z)), f[z]);
  }
}

TEST(VerkleLagrange, BarycentricCoefficientsSumToOne) {
  // Σ_i b_i is the value of the constant polynomial 1.
  const Polynomial b = domain().barycentric_coefficients(Fr::from_u64(12345));
  Fr sum = Fr::zero();
  for (const Fr& weight : b) sum += weight;
  EXPECT_EQ(sum, Fr::one());
}

TEST(VerkleLagrange, DividesOnTheDomain) {
  // f(X) = c_0 + c_1 X + ... + c_d X^d; (f(X) − f(m)) / (X − m) = Σ_k c_k Σ_{j<k} X^j m^(k−1−j).
  std::mt19937_64 rng(3);
  for (std::size_t degree : {1u, 2u, 17u, 255u}) {
    std::vector<Fr> coefficients(degree + 1);
    for (Fr& c : coefficients) c = random_scalar(rng);
    const Polynomial f = evaluations_of(coefficients);
    for (std::uint8_t m :
         {std::uint8_t{0}, std::uint8_t{1}, std::uint8_t{128}, std::uint8_t{255}}) {
      const Fr point = Fr::from_u64(m);
      std::vector<Fr> quotient(degree, Fr::zero());  // synthetic division by (X − m)
      Fr carry = Fr::zero();
      for (std::size_t k = degree; k >= 1; --k) {
        carry = carry * point + coefficients[k];
        quotient[k - 1] = carry;
      }
      EXPECT_EQ(domain().divide_on_domain(f, m), evaluations_of(quotient))
          << "degree " << degree << ", m " << int{m};
    }
  }
}

}  // namespace
}  // namespace merkleforge::verkle
