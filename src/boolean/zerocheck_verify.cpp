#include "engine_common.hpp"
#include "merkleforge/zk/zerocheck.hpp"
#include "zerocheck.hpp"

namespace merkleforge::boolean::detail {

Result<ZerocheckClaims> verify_zerocheck(unsigned n_vars, const PinnedConstants& pinned,
                                         zk::VerifierTranscript& transcript) {
  const unsigned m = n_vars - kSkipVars;
  const std::vector<B128> tau = word_point(pinned, sample_b128s(transcript, m - kPinnedVars));
  std::vector<B128> quotient(kQuotientPoints);
  if (Status s = transcript.read_b128s(quotient); !s) return s.error();
  const B128 y = transcript.sample_b128();
  auto rounds = zk::verify_eq_sumcheck(
      {tau, product_constraint(), vanishing(y) * quotient_at(quotient, y)}, transcript);
  if (!rounds) return rounds.error();

  const std::vector<B128>& evals = rounds->evals[0];
  return ZerocheckClaims{y, rounds->point, evals[0], evals[1], evals[2]};
}

}  // namespace merkleforge::boolean::detail
