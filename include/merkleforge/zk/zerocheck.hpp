// Zerocheck (binius.md §3.4): every constraint C_k vanishes on the whole hypercube,
// C_k(M_0(v), …, M_m(v)) = 0 for all v ∈ {0,1}^n, over one table of n-variable columns.
//
// Reduction: the verifier samples z ∈ B128^n and α; then Σ_v eq(z, v)·Σ_k α^k·C_k(M(v)) = 0 is
// proved by an eq-weighted sumcheck of n rounds of degree d + 1 (d = max deg C_k), whose prover
// factors eq out (Gruen). A constraint that fails in one row leaves a non-zero multilinear
// Σ_v eq(z, v)·C(v) in z, which vanishes with probability at most n/2^128 (docs).
//
// Transcript (phase "zk/zerocheck"): public n, number of constraints, each degree; challenges
// z_0 … z_(n−1), α; the n round polynomials (c_0 … c_d each); the column evaluations at ρ.
// The plain (no univariate skip) variant.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/zk/sumcheck.hpp"

namespace merkleforge::zk {

struct ZerocheckStatement {
  unsigned n_vars;                       ///< <= kMaxColumnVars
  std::vector<Composition> constraints;  ///< >= 1, same column count, each of degree >= 1
};

/// Errors: invalid_argument (statement), malformed_input (short tape), corrupt_data when the
/// final evaluations are inconsistent with the constraints vanishing.
Result<EvaluationClaims> verify_zerocheck(const ZerocheckStatement& statement,
                                          VerifierTranscript& transcript);

/// The eq-weighted sumcheck Σ_v eq(z, v)·C(M(v)) = sum on its own, for a protocol that draws z
/// (or pins part of it) and the sum itself — the Boolean engine's univariate skip hands its
/// remaining variables over with the sum its first round left, and proves them with its own
/// prover. Transcript: the z.size() round polynomials of degree deg C + 1 (zk::detail's round
/// format: the coefficients c_0 … c_deg C of P_i·(1 + z_i + X)·q_i(X)), then the column
/// evaluations at ρ (nothing is absorbed or sampled before the first round).
struct EqSumcheckStatement {
  std::vector<B128> z;      ///< size <= kMaxColumnVars
  Composition composition;  ///< degree >= 1
  B128 sum;
};

/// Errors: invalid_argument (statement, or no commitment absorbed), malformed_input (short
/// tape), corrupt_data when the final evaluations do not give the last round's claim.
Result<EvaluationClaims> verify_eq_sumcheck(const EqSumcheckStatement& statement,
                                            VerifierTranscript& transcript);

}  // namespace merkleforge::zk
