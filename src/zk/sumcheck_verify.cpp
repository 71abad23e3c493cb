// The sumcheck verifier: scalar code only (no prover engine).
#include "merkleforge/zk/sumcheck.hpp"
#include "sumcheck_common.hpp"

namespace merkleforge::zk {

Result<EvaluationClaims> verify_sumcheck(std::span<const SumcheckClaim> claims,
                                         VerifierTranscript& transcript) {
  if (Status s = detail::check_sumcheck_statement(claims); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "sumcheck"); !s) return s.error();
  const B128 alpha = detail::begin_sumcheck(transcript, claims);
  std::vector<B128> coefficients(claims.size());
  B128 claim;
  B128 power = B128::one();
  for (std::size_t j = 0; j < claims.size(); ++j) {
    coefficients[j] = power;
    claim += power * (claims[j].sum);
    power = power * alpha;
  }
  EvaluationClaims out;
  out.evals.resize(claims.size());
  const unsigned n_max = detail::max_vars(claims);
  // Claims leaving once `rounds` challenges are known: read their evaluations, take their term off.
  auto leave = [&](unsigned rounds) -> Status {
    for (std::size_t j = 0; j < claims.size(); ++j) {
      if (claims[j].n_vars != rounds) continue;
      out.evals[j].resize(claims[j].composition.n_columns());
      if (Status s = transcript.read_b128s(out.evals[j]); !s) return s;
      claim += coefficients[j] * (claims[j].composition.evaluate(out.evals[j]));
    }
    return Ok{};
  };
  if (Status s = leave(0); !s) return s.error();
  for (unsigned round = 0; round < n_max; ++round) {
    auto result = detail::receive_round(transcript, detail::round_degree(claims, round), claim);
    if (!result) return result.error();
    out.point.push_back(result->challenge);
    claim = result->claim;
    if (Status s = leave(round + 1); !s) return s.error();
  }
  if (claim != B128::zero()) {
    return make_error(Errc::corrupt_data,
                      "sumcheck: the final evaluations do not match the claimed sums");
  }
  return out;
}

}  // namespace merkleforge::zk
