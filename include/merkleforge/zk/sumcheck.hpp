// Batched sumcheck over composite polynomials (binius.md §3.3; docs/binius-protocols.md).
//
// Claim j: Σ_{v ∈ {0,1}^n_j} C_j(M_j,0(v), ..., M_j,k(v)) = s_j for multilinears M_j,c given by
// their hypercube values (column.hpp). The claims are batched by powers of one B128 challenge α
// and run front-loaded: every claim starts in round 0, claim j takes part in rounds 0 … n_j − 1
// and then leaves with the evaluations of its multilinears at the first n_j challenges, which the
// prover sends and the verifier takes off the running claim as α^j·C_j(evaluations).
//
// Transcript, in order (phase "zk/sumcheck"): absorbed as public values: the number of claims and
// per claim n_j, deg C_j, s_j; challenge α; claims with n_j = 0 leave (their evaluations written);
// then per round i: the batched round polynomial of degree D_i = max deg C_j over the claims still
// in, written as c_0 … c_(D_i − 1) (top coefficient truncated, rounds.hpp), challenge r_i, and the
// evaluations of each claim leaving after round i (in claim order, one message per claim).
//
// The compositions themselves are the circuit: the caller binds them through the statement digest
// of the transcript. Every evaluation claim returned is what the PCS must then open.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/zk/column.hpp"
#include "merkleforge/zk/composition.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::zk {

struct SumcheckClaim {
  unsigned n_vars;          ///< <= kMaxColumnVars
  Composition composition;  ///< degree >= 1
  B128 sum;
};

/// The reduced statement: claim j's columns take the values evals[j] at point.first(n_j).
struct EvaluationClaims {
  std::vector<B128> point;               ///< r_0 … r_(n_max − 1)
  std::vector<std::vector<B128>> evals;  ///< evals[j][c]: column c of claim j
};

/// Verifies the batch against the caller's claims. Errors: invalid_argument for a statement
/// prove_sumcheck rejects; malformed_input when the transcript ends early; corrupt_data when the
/// proof is inconsistent with the claims (the batched claim left over at the end is not zero).
Result<EvaluationClaims> verify_sumcheck(std::span<const SumcheckClaim> claims,
                                         VerifierTranscript& transcript);

}  // namespace merkleforge::zk
