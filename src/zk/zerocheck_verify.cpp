#include "eq_sumcheck.hpp"
#include "zerocheck_common.hpp"

namespace merkleforge::zk {

Result<EvaluationClaims> verify_zerocheck(const ZerocheckStatement& statement,
                                          VerifierTranscript& transcript) {
  if (Status s = detail::check_zerocheck_statement(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "zerocheck"); !s) return s.error();
  auto challenges = detail::begin_zerocheck(transcript, statement);
  auto rounds = detail::verify_eq_sumcheck(challenges.batched.degree(), challenges.z, B128::zero(),
                                           transcript);
  if (!rounds) return rounds.error();
  EvaluationClaims out{rounds->point, {std::vector<B128>(challenges.batched.n_columns())}};
  if (Status s = transcript.read_b128s(out.evals[0]); !s) return s.error();
  const B128 expected =
      detail::eq_eval(challenges.z, out.point) * challenges.batched.evaluate(out.evals[0]);
  if (expected != rounds->claim) {
    return make_error(Errc::corrupt_data,
                      "zerocheck: the final evaluations do not satisfy the constraints");
  }
  return out;
}

}  // namespace merkleforge::zk
