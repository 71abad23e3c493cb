#include "engine_common.hpp"
#include "merkleforge/zk/sumcheck.hpp"
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

  const std::vector<B128> weights = lagrange(y);
  std::vector<zk::SumcheckClaim> claims;
  for (const B128& folded : rounds->evals[0]) claims.push_back({kSkipVars, pair_product(), folded});
  auto univariate = zk::verify_sumcheck(claims, transcript);
  if (!univariate) return univariate.error();
  const B128 weight_at_s = evaluate_table(weights, univariate->point);
  for (const std::vector<B128>& evals : univariate->evals) {
    if (evals[0] != weight_at_s) {
      return make_error(Errc::corrupt_data,
                        "boolean: the univariatizing sumcheck's Lagrange weights disagree");
    }
  }
  ZerocheckClaims out{univariate->point, univariate->evals[0][1], univariate->evals[1][1],
                      univariate->evals[2][1]};
  out.point.insert(out.point.end(), rounds->point.begin(), rounds->point.end());
  return out;
}

}  // namespace merkleforge::boolean::detail
