#include "pcs/pcs_support.hpp"

#include <gtest/gtest.h>

namespace merkleforge::pcs::test {

using binius::uint128;

B128 reference_mul(B128 a, B128 b) {
  return B128(binius::tower_mul(7, a.value(), b.value()));
}

std::vector<B128> random_packed(std::mt19937_64& rng, const PolynomialShape& shape) {
  const unsigned bits = shape.n_vars + shape.tower_level;
  const std::size_t words = bits >= 7 ? std::size_t{1} << (bits - 7) : 1;
  std::vector<B128> packed(words);
  for (B128& word : packed) word = B128(binius::make_uint128(rng(), rng()));
  if (bits < 7) packed[0] = B128(packed[0].value() & ((uint128{1} << (1u << bits)) - 1));
  return packed;
}

B128 packed_value(const std::vector<B128>& packed, unsigned level, std::size_t i) {
  const std::size_t bit = i << level;
  const unsigned width = 1u << level;
  const uint128 word = packed[bit / 128].value() >> (bit % 128);
  return B128(width == 128 ? word : word & ((uint128{1} << width) - 1));
}

B128 naive_evaluate(const std::vector<B128>& packed, const PolynomialShape& shape,
                    const std::vector<B128>& point) {
  // eq(point, i) for all i by doubling: entry i + 2^k = entry i · r_k, entry i · (1 + r_k).
  std::vector<B128> eq{B128::one()};
  for (unsigned k = 0; k < shape.n_vars; ++k) {
    const B128 r = point[k];
    std::vector<B128> next(eq.size() * 2);
    for (std::size_t i = 0; i < eq.size(); ++i) {
      next[i + eq.size()] = reference_mul(eq[i], r);
      next[i] = reference_mul(eq[i], B128::one() + r);
    }
    eq = std::move(next);
  }
  B128 sum;
  for (std::size_t i = 0; i < eq.size(); ++i) {
    const B128 value = packed_value(packed, shape.tower_level, i);
    if (value == B128::one()) {
      sum += eq[i];
    } else if (value != B128::zero()) {
      sum += reference_mul(eq[i], value);
    }
  }
  return sum;
}

std::vector<B128> random_point(std::mt19937_64& rng, unsigned n) {
  std::vector<B128> point(n);
  for (B128& coordinate : point) coordinate = B128(binius::make_uint128(rng(), rng()));
  return point;
}

Instance make_instance(std::mt19937_64& rng, const std::vector<PolynomialShape>& shapes,
                       const PcsConfig& config, unsigned points_per_polynomial) {
  Instance instance;
  instance.shapes = shapes;
  std::vector<std::span<const B128>> views;
  for (const PolynomialShape& shape : shapes) instance.packed.push_back(random_packed(rng, shape));
  for (const auto& packed : instance.packed) views.emplace_back(packed);
  auto committed = pcs_commit(shapes, views, config);
  EXPECT_TRUE(committed.ok()) << (committed.ok() ? "" : committed.error().message);
  instance.committed = std::move(*committed);
  for (std::uint32_t j = 0; j < shapes.size(); ++j) {
    for (unsigned k = 0; k < points_per_polynomial; ++k) {
      EvaluationClaim claim;
      claim.polynomial = j;
      claim.point = random_point(rng, shapes[j].n_vars);
      claim.value = naive_evaluate(instance.packed[j], shapes[j], claim.point);
      instance.claims.push_back(std::move(claim));
    }
  }
  return instance;
}

}  // namespace merkleforge::pcs::test
