// Pippenger MSM against the sum of independent scalar multiplications.
#include "merkleforge/verkle/msm.hpp"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>
#include <vector>

namespace merkleforge::verkle {
namespace {

Fr random_scalar(std::mt19937_64& rng) {
  std::array<std::uint8_t, 48> bytes{};
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
  return Fr::from_bytes_le_reduced(bytes);
}

Element naive_msm(std::span<const Element> bases, std::span<const Fr> scalars) {
  Element sum;
  for (std::size_t i = 0; i < bases.size(); ++i) sum += bases[i] * scalars[i];
  return sum;
}

TEST(VerkleMsm, MatchesNaiveSumForManyLengths) {
  std::mt19937_64 rng(7);
  std::vector<Element> bases;
  std::vector<Fr> scalars;
  Element base = Element::generator();
  for (std::size_t n : {0u, 1u, 2u, 5u, 17u, 64u, 300u}) {
    while (bases.size() < n) {
      base = base.dbl() + Element::generator();
      bases.push_back(base);
      scalars.push_back(random_scalar(rng));
    }
    const std::span<const Element> b(bases.data(), n);
    const std::span<const Fr> s(scalars.data(), n);
    EXPECT_EQ(msm(b, s), naive_msm(b, s)) << n;
  }
}

TEST(VerkleMsm, LargeInputWithIdentityAndRepeatedBases) {
  // Long enough for affine bases and wide windows; the identity and a base repeated with opposite
  // scalars exercise buckets that cancel.
  std::mt19937_64 rng(11);
  std::vector<Element> bases;
  std::vector<Fr> scalars;
  Element base = Element::generator();
  for (std::size_t i = 0; i < 1500; ++i) {
    base = base.dbl() + Element::generator();
    bases.push_back(base);
    scalars.push_back(random_scalar(rng));
  }
  bases[10] = Element::identity();
  bases[20] = bases[21];
  scalars[20] = -scalars[21];
  scalars[30] = -Fr::one();
  EXPECT_EQ(msm(bases, scalars), naive_msm(bases, scalars));
}

TEST(VerkleMsm, EdgeScalars) {
  const std::vector<Element> bases = {Element::generator(), Element::generator().dbl(),
                                      Element::generator() * Fr::from_u64(99)};
  const std::vector<Fr> scalars = {Fr::zero(), -Fr::one(), Fr::one()};
  EXPECT_EQ(msm(bases, scalars), naive_msm(bases, scalars));
  const std::vector<Fr> zeros(3);
  EXPECT_TRUE(msm(bases, zeros).is_identity());
}

TEST(VerkleMsm, LengthMismatchIsAProgrammingError) {
  const std::vector<Element> bases(2);
  const std::vector<Fr> scalars(3);
  EXPECT_THROW((void)msm(bases, scalars), std::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::verkle
