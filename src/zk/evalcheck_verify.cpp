#include "evalcheck_common.hpp"

namespace merkleforge::zk {
namespace {

struct VerifierSide {
  const OracleSet& oracles;
  VerifierTranscript& transcript;

  Result<std::vector<B128>> inner_values(std::span<const OracleId> ids, std::span<const B128>) {
    std::vector<B128> values(ids.size());
    if (Status s = transcript.read_b128s(values); !s) return s.error();
    return values;
  }

  Result<std::vector<B128>> inner_values_at(OracleId, std::span<const std::vector<B128>> points) {
    std::vector<B128> values(points.size());
    if (Status s = transcript.read_b128s(values); !s) return s.error();
    return values;
  }

  Result<EvaluationClaims> shift_sumcheck(std::span<const detail::ShiftTask> tasks) {
    return verify_sumcheck(detail::shift_claims(oracles, tasks), transcript);
  }
};

}  // namespace

Result<std::vector<EvalClaim>> verify_evalcheck(const OracleSet& oracles,
                                                std::span<const EvalClaim> claims,
                                                VerifierTranscript& transcript) {
  VerifierSide side{oracles, transcript};
  return detail::run_evalcheck(oracles, claims, side, transcript);
}

}  // namespace merkleforge::zk
