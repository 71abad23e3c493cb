// Helpers of the Boolean engine's circuit tests: witnesses, the rows an assignment breaks, and
// the adjoint identity between the forward and backward walks.
#pragma once

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "merkleforge/boolean/circuit.hpp"

namespace merkleforge::boolean {

using Words = std::vector<std::uint64_t>;

namespace test {

inline Bytes random_bytes(std::size_t n, std::mt19937_64& rng) {
  Bytes bytes(n);
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

inline B128P random_element(std::mt19937_64& rng) {
  return B128P::from_bits(binius::make_uint128(rng(), rng()));
}

inline Words witness_of(const Circuit& circuit, ByteSpan input) {
  Words z(circuit.words());
  circuit.witness(input, z);
  return z;
}

inline bool bit(const Words& v, std::size_t j) {
  return (v[j / 64] >> (j % 64)) & 1;
}

/// The rows j whose constraint a_j·b_j = z_j fails.
inline std::vector<std::size_t> failing_rows(const Circuit& circuit, const Words& z) {
  Words a(z.size()), b(z.size());
  circuit.operands(z, a, b);
  std::vector<std::size_t> failing;
  for (std::size_t w = 0; w < z.size(); ++w) {
    for (std::uint64_t bad = (a[w] & b[w]) ^ z[w]; bad != 0; bad &= bad - 1) {
      failing.push_back(64 * w + static_cast<std::size_t>(std::countr_zero(bad)));
    }
  }
  return failing;
}

/// Σ_j wa_j·a_j + wb_j·b_j against Σ_i z_i·columns_i + constant on random weights: the forward
/// walk, evaluated, and the backward walk, written independently, must be each other's transpose.
inline void expect_adjoint(const Circuit& circuit, const Words& z, std::mt19937_64& rng) {
  const std::size_t n = std::size_t{1} << circuit.log_bits();
  std::vector<B128P> wa(n), wb(n), columns(n);
  for (std::size_t j = 0; j < n; ++j) wa[j] = random_element(rng), wb[j] = random_element(rng);
  Words a(z.size()), b(z.size());
  circuit.operands(z, a, b);
  B128P forward;
  for (std::size_t j = 0; j < n; ++j) {
    if (bit(a, j)) forward += wa[j];
    if (bit(b, j)) forward += wb[j];
  }
  B128P backward = circuit.transpose(wa, wb, columns);
  for (std::size_t i = 0; i < n; ++i) {
    if (bit(z, i)) backward += columns[i];
  }
  EXPECT_EQ(forward, backward) << circuit.name();
}

}  // namespace test
}  // namespace merkleforge::boolean
