// Helpers for the PCS tests: random packed polynomials and a naive evaluation written here from
// the definitions (reference tower arithmetic of tower.hpp, no POLYVAL, no kernel of src/pcs).
#pragma once

#include <random>
#include <vector>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/pcs/prover.hpp"
#include "merkleforge/pcs/verifier.hpp"

namespace merkleforge::pcs::test {

/// a·b by the tower's reference product (tower_mul), not B128's operator* (a POLYVAL kernel).
B128 reference_mul(B128 a, B128 b);

/// A random polynomial of this shape, packed (params.hpp layout): max(1, 2^(n + level − 7)) words.
std::vector<B128> random_packed(std::mt19937_64& rng, const PolynomialShape& shape);

/// Value i of the packed polynomial: bits [i·2^level, (i+1)·2^level) of the packed bit string.
B128 packed_value(const std::vector<B128>& packed, unsigned level, std::size_t i);

/// Σ_i value_i · Π_k eq(point_k, bit k of i), with B128 reference products.
B128 naive_evaluate(const std::vector<B128>& packed, const PolynomialShape& shape,
                    const std::vector<B128>& point);

/// A random point of n coordinates.
std::vector<B128> random_point(std::mt19937_64& rng, unsigned n);

/// Commits the polynomials and returns the commitment; fails the test on error.
struct Instance {
  std::vector<PolynomialShape> shapes;
  std::vector<std::vector<B128>> packed;
  PcsCommitted committed;
  std::vector<EvaluationClaim> claims;
};

/// Random polynomials of these shapes, committed, with `points_per_polynomial` true claims each
/// (values from naive_evaluate).
Instance make_instance(std::mt19937_64& rng, const std::vector<PolynomialShape>& shapes,
                       const PcsConfig& config, unsigned points_per_polynomial);

}  // namespace merkleforge::pcs::test
