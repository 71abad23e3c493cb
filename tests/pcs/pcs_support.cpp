#include "pcs/pcs_support.hpp"

#include <gtest/gtest.h>

namespace merkleforge::pcs::test {

using binius::B128;

std::vector<uint128> random_packed(std::mt19937_64& rng, const PolynomialShape& shape) {
  const unsigned bits = shape.n_vars + shape.tower_level;
  const std::size_t words = bits >= 7 ? std::size_t{1} << (bits - 7) : 1;
  std::vector<uint128> packed(words);
  for (uint128& word : packed) word = binius::make_uint128(rng(), rng());
  if (bits < 7) packed[0] &= (uint128{1} << (1u << bits)) - 1;
  return packed;
}

uint128 packed_value(const std::vector<uint128>& packed, unsigned level, std::size_t i) {
  const std::size_t bit = i << level;
  const unsigned width = 1u << level;
  const uint128 word = packed[bit / 128] >> (bit % 128);
  return width == 128 ? word : word & ((uint128{1} << width) - 1);
}

uint128 naive_evaluate(const std::vector<uint128>& packed, const PolynomialShape& shape,
                       const std::vector<uint128>& point) {
  // eq(point, i) for all i by doubling: entry i + 2^k = entry i · r_k, entry i · (1 + r_k).
  std::vector<B128> eq{B128::one()};
  for (unsigned k = 0; k < shape.n_vars; ++k) {
    const B128 r(point[k]);
    std::vector<B128> next(eq.size() * 2);
    for (std::size_t i = 0; i < eq.size(); ++i) {
      next[i + eq.size()] = eq[i] * r;
      next[i] = eq[i] * (B128::one() + r);
    }
    eq = std::move(next);
  }
  B128 sum;
  for (std::size_t i = 0; i < eq.size(); ++i) {
    const uint128 value = packed_value(packed, shape.tower_level, i);
    if (value == 1) {
      sum += eq[i];
    } else if (value != 0) {
      sum += eq[i] * B128(value);
    }
  }
  return sum.value();
}

std::vector<uint128> random_point(std::mt19937_64& rng, unsigned n) {
  std::vector<uint128> point(n);
  for (uint128& coordinate : point) coordinate = binius::make_uint128(rng(), rng());
  return point;
}

Instance make_instance(std::mt19937_64& rng, const std::vector<PolynomialShape>& shapes,
                       const PcsConfig& config, unsigned points_per_polynomial) {
  Instance instance;
  instance.shapes = shapes;
  std::vector<std::span<const uint128>> views;
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
