// GKR grand products (binius.md §3.1 step 4), batched over layers: for each column j of n_j
// variables, product_j = Π_i values_j[i], reduced to one evaluation claim on the column.
//
// Layers: V_(n_j) = the column; V_l(x) = V_(l+1)(x, 0)·V_(l+1)(x, 1) for l < n_j, the split being
// the highest variable, so V_0 is the product. A claim V_l(z) = c is the eq-weighted sumcheck
// Σ_x eq(z, x)·L(x)·R(x) = c over the halves L, R of V_(l+1) (degree 3 per round), after which
// the prover sends L(ρ), R(ρ), the verifier checks c' = eq(z, ρ)·L(ρ)·R(ρ), samples μ and
// continues with V_(l+1)(ρ, μ) = L(ρ) + μ·(R(ρ) − L(ρ)). All products are aligned at the root, so
// layer l has l variables in every product that reaches it; those run in one sumcheck, batched by
// powers of a fresh challenge α_l.
//
// Transcript (phase "zk/grand_product"): public count and n_j; the products; per layer l: α_l, the
// l round polynomials (c_0 … c_2 each), (L_j(ρ), R_j(ρ)) of every product still in, μ_l.
//
// Partial products are the same layers stopped at `low` variables: for a column of low + m
// variables, P(u) = Π_(j < 2^m) column(u + 2^low·j) for each u of the low cube (the split is still
// the highest variable, so layer l has low + l variables). A claim P̃(z) = value, z of `low`
// coordinates and the value the caller's, reduces layer by layer to one claim on the column;
// claims at one z are batched per layer as above. Transcript (phase "zk/partial_product"): low,
// count and m_j; then the layers.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/zk/column.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::zk {

struct GrandProductStatement {
  std::vector<unsigned> n_vars;  ///< one per product, each <= kMaxColumnVars; at least one
  /// Reject any product equal to zero (the non-zero check: every factor of the column non-zero).
  bool require_nonzero = false;
};

struct GrandProductClaims {
  std::vector<B128> products;
  std::vector<std::vector<B128>> points;  ///< points[j]: n_j coordinates
  std::vector<B128> evals;                ///< column j at points[j], to be opened by the PCS
};

/// Errors: invalid_argument (statement), malformed_input (short tape), corrupt_data when a layer
/// check fails or, with require_nonzero, a product is zero.
Result<GrandProductClaims> verify_grand_products(const GrandProductStatement& statement,
                                                 VerifierTranscript& transcript);

struct PartialProductStatement {
  unsigned low = 0;                 ///< the variables the products keep
  std::vector<unsigned> high_vars;  ///< m_j per product, low + m_j <= kMaxColumnVars; at least one
  std::vector<B128> z;              ///< the claims' point: `low` coordinates
  std::vector<B128> values;         ///< P̃_j(z), one per product
};

/// Returns the claims on the columns (`products` holds the statement's values). Errors:
/// invalid_argument (statement), malformed_input (short tape), corrupt_data when a layer check
/// fails.
Result<GrandProductClaims> verify_partial_products(const PartialProductStatement& statement,
                                                   VerifierTranscript& transcript);

}  // namespace merkleforge::zk
