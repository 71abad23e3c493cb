// Internal: the statement checks and absorbed items that the sumcheck prover and verifier share.
#pragma once

#include <string>

#include "merkleforge/zk/sumcheck.hpp"
#include "rounds.hpp"

namespace merkleforge::zk::detail {

inline constexpr std::string_view kSumcheckPhase = "zk/sumcheck";

inline Status check_sumcheck_statement(std::span<const SumcheckClaim> claims) {
  if (claims.empty()) return make_error(Errc::invalid_argument, "sumcheck: no claims");
  for (std::size_t j = 0; j < claims.size(); ++j) {
    const SumcheckClaim& claim = claims[j];
    if (claim.n_vars > kMaxColumnVars || claim.composition.empty() ||
        claim.composition.degree() == 0) {
      return make_error(Errc::invalid_argument,
                        "sumcheck: claim " + std::to_string(j) +
                            " has more than 40 variables or an empty or constant composition");
    }
  }
  return Ok{};
}

/// Absorbs the statement and samples the batching challenge α.
template <class Transcript>
B128 begin_sumcheck(Transcript& transcript, std::span<const SumcheckClaim> claims) {
  transcript.begin_phase(kSumcheckPhase);
  absorb_u64(transcript, claims.size());
  for (const SumcheckClaim& claim : claims) {
    absorb_u64(transcript, claim.n_vars);
    absorb_u64(transcript, claim.composition.degree());
    absorb_b128(transcript, claim.sum);
  }
  return transcript.sample_b128();
}

inline unsigned max_vars(std::span<const SumcheckClaim> claims) {
  unsigned n = 0;
  for (const SumcheckClaim& claim : claims) n = std::max(n, claim.n_vars);
  return n;
}

/// D_i: the largest degree among the claims with more than `round` variables.
inline unsigned round_degree(std::span<const SumcheckClaim> claims, unsigned round) {
  unsigned degree = 0;
  for (const SumcheckClaim& claim : claims) {
    if (claim.n_vars > round) degree = std::max(degree, claim.composition.degree());
  }
  return degree;
}

}  // namespace merkleforge::zk::detail
