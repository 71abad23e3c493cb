// The field types: B128's product (b128_mul, through the POLYVAL basis) against the tower's
// reference product, B128P's arithmetic against the canonical tower through the conversions, and
// the in-place basis changes the provers use on large buffers, with every bulk kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/cpu.hpp"

namespace merkleforge::binius {
namespace {

B128 random_b128(std::mt19937_64& rng) {
  return B128(make_uint128(rng(), rng()));
}

/// Elements that exercise the edges: 0, 1, the tower generators, all-ones, and random values.
std::vector<B128> samples() {
  std::vector<B128> out = {B128::zero(), B128::one(), B128(~uint128{0})};
  for (unsigned level = 1; level <= kMaxTowerLevel; ++level)
    out.push_back(B128(tower_alpha(level)));
  std::mt19937_64 rng(128);
  for (int i = 0; i < 64; ++i) out.push_back(random_b128(rng));
  return out;
}

TEST(BasisTypes, B128ProductIsTheTowerProduct) {
  for (PolyvalIsa isa : polyval_available_isas()) {
    ASSERT_TRUE(polyval_set_isa(isa).ok());
    for (B128 a : samples()) {
      for (B128 b : samples()) {
        ASSERT_EQ((a * b).value(), tower_mul(7, a.value(), b.value())) << polyval_isa_name(isa);
      }
    }
  }
  ASSERT_TRUE(polyval_set_isa(polyval_available_isas().back()).ok());
}

TEST(BasisTypes, PolyvalArithmeticIsTheImageOfTheTowers) {
  EXPECT_EQ(to_canonical(B128P::one()), B128::one());
  EXPECT_EQ(to_polyval(B128::zero()), B128P::zero());
  for (B128 a : samples()) {
    EXPECT_EQ(to_canonical(to_polyval(a)), a);
    const B128P inverse = to_polyval(a).inverse();
    EXPECT_EQ(to_canonical(inverse).value(), tower_inverse(7, a.value()));
    if (a != B128::zero()) {
      EXPECT_EQ(to_polyval(a) * inverse, B128P::one());
    }
    for (B128 b : samples()) {
      const B128P pa = to_polyval(a), pb = to_polyval(b);
      EXPECT_EQ(to_canonical(pa * pb).value(), tower_mul(7, a.value(), b.value()));
      EXPECT_EQ(to_canonical(pa + pb).value(), a.value() ^ b.value());
    }
  }
}

TEST(BasisTypes, SpanConversionsMatchTheScalarOnes) {
  const std::vector<B128> values = samples();
  const std::vector<B128P> images = to_polyval(values);
  ASSERT_EQ(images.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(images[i], to_polyval(values[i]));
  EXPECT_EQ(to_canonical(images), values);
}

TEST(BasisTypes, InPlaceConversionsReuseTheStorage) {
  const std::vector<B128> values = samples();
  std::vector<B128> buffer = values;
  const std::span<B128P> images = to_polyval_in_place(buffer);
  ASSERT_EQ(static_cast<void*>(images.data()), static_cast<void*>(buffer.data()));
  ASSERT_EQ(images.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(images[i], to_polyval(values[i]));
  const std::span<B128> back = to_canonical_in_place(images);
  ASSERT_EQ(static_cast<void*>(back.data()), static_cast<void*>(buffer.data()));
  for (std::size_t i = 0; i < values.size(); ++i) EXPECT_EQ(back[i], values[i]);
}

// Every bulk kernel against the scalar conversions (byte tables): lengths around the gfni512
// kernel's groups of 8, an unaligned start, in place, into new vectors and into the caller's
// spans, both directions.
TEST(BasisTypes, BulkKernelsMatchTheScalarConversions) {
  const std::string saved(basis_change_active_kernel());
  std::vector<B128> values = samples();
  std::mt19937_64 rng(129);
  while (values.size() < 1001) values.push_back(random_b128(rng));
  std::vector<B128P> images;
  for (const B128& v : values) images.push_back(to_polyval(v));
  for (std::string_view kernel : basis_change_kernels()) {
    SCOPED_TRACE(std::string(kernel));
    ASSERT_TRUE(basis_change_select(kernel).ok());
    for (std::size_t offset : {0u, 1u}) {
      for (std::size_t n : {0u, 1u, 7u, 8u, 9u, 16u, 63u, 64u, 65u, 1000u}) {
        SCOPED_TRACE("offset " + std::to_string(offset) + " length " + std::to_string(n));
        const std::span<const B128> in(values.data() + offset, n);
        const std::span<const B128P> expected(images.data() + offset, n);
        const std::vector<B128P> forward = to_polyval(in);
        EXPECT_TRUE(std::equal(forward.begin(), forward.end(), expected.begin(), expected.end()));
        const std::vector<B128> backward = to_canonical(expected);
        EXPECT_TRUE(std::equal(backward.begin(), backward.end(), in.begin(), in.end()));
        std::vector<B128P> forward_into(n);
        to_polyval(in, std::span<B128P>(forward_into));
        EXPECT_TRUE(std::equal(forward_into.begin(), forward_into.end(), expected.begin()));
        std::vector<B128> backward_into(n);
        to_canonical(expected, std::span<B128>(backward_into));
        EXPECT_TRUE(std::equal(backward_into.begin(), backward_into.end(), in.begin()));
        std::vector<B128> buffer(values.begin(),
                                 values.begin() + static_cast<std::ptrdiff_t>(offset + n));
        const auto mapped = to_polyval_in_place(std::span<B128>(buffer).subspan(offset));
        EXPECT_TRUE(std::equal(mapped.begin(), mapped.end(), expected.begin(), expected.end()));
        const auto back = to_canonical_in_place(mapped);
        EXPECT_TRUE(std::equal(back.begin(), back.end(), in.begin(), in.end()));
      }
    }
  }
  ASSERT_TRUE(basis_change_select(saved).ok());
}

// gfni512 is offered exactly where it can run: on CPUs with GFNI and AVX-512 F/BW/VBMI, and in
// the SIMDe-emulated test build (tests/emulated_isa defines MERKLEFORGE_TEST_EXPECTS_GFNI512
// there), which must not silently test only the table kernel.
TEST(BasisTypes, Gfni512OfferedWhereItRuns) {
  const CpuFeatures& cpu = cpu_features();
  const auto kernels = basis_change_kernels();
  EXPECT_EQ(kernels.front(), "table");
  const bool listed = std::find(kernels.begin(), kernels.end(), "gfni512") != kernels.end();
#if !defined(__x86_64__)
  EXPECT_FALSE(listed);
#elif defined(MERKLEFORGE_TEST_EXPECTS_GFNI512)
  EXPECT_TRUE(listed);
#else
  EXPECT_EQ(listed, cpu.gfni && cpu.avx512f && cpu.avx512bw && cpu.avx512vbmi);
#endif
  (void)cpu;
}

}  // namespace
}  // namespace merkleforge::binius
