// Helpers shared by the Verkle proof tests (Lagrange, IPA, multiproof): vector parsing, random
// inputs.
#pragma once

#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>

#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/lagrange.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle::test {

using merkleforge::test::hex_bytes;
using merkleforge::test::load_vectors;

inline Element point_from_hex(const std::string& hex) {
  auto point = Element::from_bytes(hex_bytes(hex));
  if (!point) throw std::runtime_error("test vector point does not decode: " + hex);
  return *point;
}

inline Fr scalar_from_hex(const std::string& hex) {
  auto scalar = Fr::from_bytes_le(hex_bytes(hex));
  if (!scalar) throw std::runtime_error("test vector scalar is not canonical: " + hex);
  return *scalar;
}

inline Polynomial polynomial_from_json(const nlohmann::json& values) {
  if (values.size() != kDomainSize) throw std::runtime_error("polynomial needs 256 values");
  Polynomial polynomial;
  for (std::size_t i = 0; i < kDomainSize; ++i) {
    polynomial[i] = Fr::from_u64(values.at(i).get<std::uint64_t>());
  }
  return polynomial;
}

inline Fr random_scalar(std::mt19937_64& rng) {
  std::array<std::uint8_t, 64> bytes;
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return Fr::from_bytes_le_reduced(bytes);
}

inline Polynomial random_polynomial(std::mt19937_64& rng) {
  Polynomial polynomial;
  for (Fr& value : polynomial) value = random_scalar(rng);
  return polynomial;
}

}  // namespace merkleforge::verkle::test
