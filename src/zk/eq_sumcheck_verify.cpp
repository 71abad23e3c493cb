#include "eq_sumcheck.hpp"

namespace merkleforge::zk::detail {

Result<EqSumcheckResult> verify_eq_sumcheck(unsigned degree, std::span<const B128> z, B128 claim,
                                            VerifierTranscript& transcript) {
  EqSumcheckResult out{{}, claim};
  for (std::size_t i = 0; i < z.size(); ++i) {
    auto round = receive_round(transcript, degree + 1, out.claim);
    if (!round) return round.error();
    out.point.push_back(round->challenge);
    out.claim = round->claim;
  }
  return out;
}

}  // namespace merkleforge::zk::detail
