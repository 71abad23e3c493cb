// The field types: B128's product (b128_mul, through the POLYVAL basis) against the tower's
// reference product, B128P's arithmetic against the canonical tower through the conversions, and
// the in-place basis changes the provers use on large buffers.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/binius/tower.hpp"

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

}  // namespace
}  // namespace merkleforge::binius
