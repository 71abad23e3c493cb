// Internal: what the grand-product prover and verifier share.
#pragma once

#include <algorithm>
#include <string>

#include "merkleforge/zk/composition.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "rounds.hpp"

namespace merkleforge::zk::detail {

inline Status check_grand_product_vars(std::span<const unsigned> n_vars) {
  if (n_vars.empty() ||
      std::any_of(n_vars.begin(), n_vars.end(), [](unsigned n) { return n > kMaxColumnVars; })) {
    return make_error(Errc::invalid_argument,
                      "grand product: no products or more than 40 variables");
  }
  return Ok{};
}

/// Errors: invalid_argument unless there are products, one value each, z has `low` coordinates and
/// no column passes kMaxColumnVars.
inline Status check_partial_products(const PartialProductStatement& statement) {
  const auto& high = statement.high_vars;
  if (high.empty() || statement.values.size() != high.size() ||
      statement.z.size() != statement.low ||
      std::any_of(high.begin(), high.end(), [&](unsigned m) {
        return m == 0 || statement.low + m > kMaxColumnVars;
      })) {
    return make_error(Errc::invalid_argument,
                      "partial product: a statement of " + std::to_string(high.size()) +
                          " products, " + std::to_string(statement.values.size()) +
                          " values and a point of " + std::to_string(statement.z.size()) +
                          " coordinates for " + std::to_string(statement.low) + " variables");
  }
  return Ok{};
}

template <class Transcript>
void begin_partial_products(Transcript& transcript, const PartialProductStatement& statement) {
  transcript.begin_phase("zk/partial_product");
  absorb_u64(transcript, statement.low);
  absorb_u64(transcript, statement.high_vars.size());
  for (unsigned m : statement.high_vars) absorb_u64(transcript, m);
}

template <class Transcript>
void begin_grand_products(Transcript& transcript, std::span<const unsigned> n_vars) {
  transcript.begin_phase("zk/grand_product");
  absorb_u64(transcript, n_vars.size());
  for (unsigned n : n_vars) absorb_u64(transcript, n);
}

/// The products that still have a layer below `layer`.
inline std::vector<std::size_t> active_products(std::span<const unsigned> n_vars, unsigned layer) {
  std::vector<std::size_t> active;
  for (std::size_t j = 0; j < n_vars.size(); ++j) {
    if (n_vars[j] > layer) active.push_back(j);
  }
  return active;
}

/// Σ_a alpha^a·L_a·R_a over columns (L_0, R_0, L_1, R_1, …).
inline Composition layer_composition(std::size_t count, B128 alpha) {
  std::vector<Composition> parts;
  for (std::size_t a = 0; a < count; ++a) {
    Composition part(2 * count);
    part.mul(part.column(2 * a), part.column(2 * a + 1));
    parts.push_back(std::move(part));
  }
  return Composition::batch(parts, alpha);
}

}  // namespace merkleforge::zk::detail
