#include "eq_sumcheck.hpp"
#include "zerocheck_common.hpp"

namespace merkleforge::zk {

Result<EvaluationClaims> verify_eq_sumcheck(const EqSumcheckStatement& statement,
                                            VerifierTranscript& transcript) {
  if (Status s = detail::check_eq_sumcheck_statement(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "zerocheck"); !s) return s.error();
  auto rounds = detail::verify_eq_sumcheck(statement.composition.degree(), statement.z,
                                           statement.sum, transcript);
  if (!rounds) return rounds.error();
  EvaluationClaims out{rounds->point, {std::vector<B128>(statement.composition.n_columns())}};
  if (Status s = transcript.read_b128s(out.evals[0]); !s) return s.error();
  const B128 expected =
      detail::eq_eval(statement.z, out.point) * statement.composition.evaluate(out.evals[0]);
  if (expected != rounds->claim) {
    return make_error(Errc::corrupt_data,
                      "zerocheck: the final evaluations do not satisfy the constraints");
  }
  return out;
}

Result<EvaluationClaims> verify_zerocheck(const ZerocheckStatement& statement,
                                          VerifierTranscript& transcript) {
  if (Status s = detail::check_zerocheck_statement(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "zerocheck"); !s) return s.error();
  auto challenges = detail::begin_zerocheck(transcript, statement);
  return verify_eq_sumcheck({std::move(challenges.z), std::move(challenges.batched), B128::zero()},
                            transcript);
}

}  // namespace merkleforge::zk
