// Every batch kernel this CPU runs (the IFMA one also under SIMDe emulation,
// test_verkle_emulated_ifma) against independent references: field products against the scalar
// Montgomery product (itself checked against OpenSSL in montgomery_test.cpp), point sums against
// one scalar multiplication by the sum of the terms' scalars.
#include "verkle/batch_kernels.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "merkleforge/core/cpu.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/crs.hpp"
#include "merkleforge/verkle/field.hpp"
#include "merkleforge/verkle/msm.hpp"
#include "merkleforge/verkle/pedersen.hpp"

namespace merkleforge::verkle {
namespace {

using detail::SignedPoint;

/// Runs `check` once per kernel this CPU offers, then restores the default.
template <class Check>
void for_each_kernel(Check check) {
  const std::string initial(batch_kernel_name());
  const auto kernels = detail::available_batch_kernels();
  ASSERT_FALSE(kernels.empty());
  for (const std::string_view name : kernels) {
    ASSERT_TRUE(detail::select_batch_kernel(name).ok()) << name;
    SCOPED_TRACE(std::string(name));
    check();
  }
  ASSERT_TRUE(detail::select_batch_kernel(initial).ok());
}

template <class Field>
Field random_element(std::mt19937_64& rng) {
  std::array<std::uint8_t, 48> bytes;
  for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
  return Field::from_bytes_le_reduced(bytes);
}

/// Random elements, with 0, 1 and -1 among them.
template <class Field>
std::vector<Field> sample(std::mt19937_64& rng, std::size_t n) {
  std::vector<Field> values(n);
  for (auto& v : values) v = random_element<Field>(rng);
  const Field edges[] = {Field::zero(), Field::one(), -Field::one(), -Field::one() - Field::one()};
  for (std::size_t i = 0; i < n && i < 4; ++i) values[(i * 7) % n] = edges[i];
  return values;
}

template <class Field>
void check_batch_mul() {
  std::mt19937_64 rng(7);
  for (const std::size_t n : {0u, 1u, 7u, 8u, 9u, 33u, 200u}) {
    const std::vector<Field> a = sample<Field>(rng, n), b = sample<Field>(rng, n);
    std::vector<Field> out(n);
    Field::batch_mul(out, a, b);
    for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(out[i], a[i] * b[i]) << "n " << n << " i " << i;
    // In place: out aliases the left operand.
    std::vector<Field> in_place = a;
    Field::batch_mul(in_place, in_place, b);
    EXPECT_EQ(in_place, out) << "n " << n;
  }
}

TEST(VerkleBatchKernels, FpProductsEqualTheScalarProduct) {
  for_each_kernel(check_batch_mul<Fp>);
}

TEST(VerkleBatchKernels, FrProductsEqualTheScalarProduct) {
  for_each_kernel(check_batch_mul<Fr>);
}

TEST(VerkleBatchKernels, BatchMulRefusesSpansOfDifferentLengths) {
  std::vector<Fp> a(3), b(4), out(3);
  EXPECT_THROW(Fp::batch_mul(out, a, b), std::invalid_argument);
}

TEST(VerkleBatchKernels, IfmaIsOfferedWhereTheCpuHasIt) {
  const auto kernels = detail::available_batch_kernels();
  const bool offered = std::find(kernels.begin(), kernels.end(), "ifma") != kernels.end();
#if defined(MERKLEFORGE_TEST_EXPECTS_IFMA)
  EXPECT_TRUE(offered) << "the emulated build must run the IFMA kernel";
#else
  const CpuFeatures& cpu = cpu_features();
  EXPECT_EQ(offered, cpu.avx512f && cpu.avx512vl && cpu.avx512dq && cpu.avx512bw && cpu.avx512ifma);
#endif
}

TEST(VerkleBatchKernels, SelectRefusesUnknownKernels) {
  EXPECT_FALSE(detail::select_batch_kernel("no-such-kernel").ok());
}

/// Table-like entries k·G (affine) with their scalars k.
struct Entries {
  std::vector<Fr> scalars;
  std::vector<AffinePoint> points;
};

Entries make_entries(std::mt19937_64& rng, std::size_t n) {
  Entries e;
  std::vector<Element> projective;
  for (std::size_t i = 0; i < n; ++i) {
    e.scalars.push_back(random_element<Fr>(rng));
    projective.push_back(Element::generator() * e.scalars.back());
  }
  e.points = Element::batch_to_affine(projective);
  return e;
}

TEST(VerkleBatchKernels, GroupSumsEqualOneScalarMultiplication) {
  std::mt19937_64 rng(11);
  const Entries entries = make_entries(rng, 64);
  // Group sizes around the lane count and the refill logic: empty groups, single terms, long runs.
  const std::vector<std::size_t> sizes = {0, 1, 5, 0, 8, 9, 40, 2, 0, 17, 3, 1, 30, 7, 0};
  std::vector<SignedPoint> terms;
  std::vector<std::uint32_t> ends;
  std::vector<Fr> expected_scalars;
  for (const std::size_t size : sizes) {
    Fr scalar = Fr::zero();
    for (std::size_t k = 0; k < size; ++k) {
      const std::size_t index = rng() % entries.points.size();
      const bool negate = rng() % 3 == 0;
      terms.push_back({&entries.points[index], negate});
      scalar += negate ? -entries.scalars[index] : entries.scalars[index];
    }
    ends.push_back(static_cast<std::uint32_t>(terms.size()));
    expected_scalars.push_back(scalar);
  }
  for_each_kernel([&] {
    std::vector<Element> sums(sizes.size());
    detail::sum_point_groups(terms, ends, sums);
    for (std::size_t g = 0; g < sizes.size(); ++g) {
      EXPECT_EQ(sums[g], Element::generator() * expected_scalars[g]) << "group " << g;
      // The sums are points the rest of the library can use: encoding, doubling.
      EXPECT_EQ(sums[g].dbl().to_bytes(),
                (Element::generator() * (expected_scalars[g] + expected_scalars[g])).to_bytes());
    }
  });
}

TEST(VerkleBatchKernels, SumOfManyTermsAddsToTheStart) {
  std::mt19937_64 rng(13);
  const Entries entries = make_entries(rng, 16);
  for (const std::size_t n : {0u, 3u, 23u, 24u, 25u, 100u}) {
    std::vector<SignedPoint> terms;
    Fr scalar = Fr::from_u64(5);  // the start, 5·G
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t index = k % entries.points.size();
      terms.push_back({&entries.points[index], k % 2 == 1});
      scalar += k % 2 == 1 ? -entries.scalars[index] : entries.scalars[index];
    }
    for_each_kernel([&] {
      const Element start = Element::generator() * Fr::from_u64(5);
      EXPECT_EQ(detail::sum_points(start, terms), Element::generator() * scalar) << "n " << n;
    });
  }
}

TEST(VerkleBatchKernels, GroupEndsMustMatchTheTerms) {
  std::vector<SignedPoint> terms;
  std::vector<std::uint32_t> ends = {1};
  std::vector<Element> sums(1);
  EXPECT_THROW(detail::sum_point_groups(terms, ends, sums), std::invalid_argument);
  const AffinePoint g = Element::generator().to_affine();
  const std::vector<SignedPoint> two = {{&g, false}, {&g, false}};
  const std::vector<std::uint32_t> decreasing = {2, 1, 2};
  std::vector<Element> three(3);
  EXPECT_THROW(detail::sum_point_groups(two, decreasing, three), std::invalid_argument);
}

TEST(VerkleBatchKernels, CommitmentsAgreeAcrossKernels) {
  std::mt19937_64 rng(17);
  std::vector<Fr> values(256);
  for (auto& v : values) v = random_element<Fr>(rng);
  values[3] = Fr::zero();
  // Pippenger's method over the CRS points: no fixed-base table, no batch kernel.
  const Element expected = msm(crs_points(), values);
  const Element expected_40 = msm(crs_points().first(40), std::span(values).first(40));
  for_each_kernel([&] {
    EXPECT_EQ(commit(values), expected);
    EXPECT_EQ(commit(std::span(values).first(40)), expected_40);
    Element one_term;
    add_crs_multiple(one_term, 200, values[200]);
    EXPECT_EQ(one_term, crs_points()[200] * values[200]);
  });
}

}  // namespace
}  // namespace merkleforge::verkle
