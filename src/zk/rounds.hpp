// Internal: one round of a sumcheck as it appears on the transcript, shared by every protocol.
// A round polynomial g of degree D is sent in the monomial basis without its top coefficient:
// c_0 ... c_(D−1). The receiver recovers c_D from the round's claim s = g(0) + g(1) =
// c_1 + ... + c_D (characteristic 2), so D is fixed by the statement, never by the proof, and the
// check g(0) + g(1) = s holds by construction: the soundness check moves to the next round's
// claim g(r) and, at the end, to the final evaluation.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::zk::detail {

/// Σ_k coeffs[k]·x^k.
B128 evaluate_polynomial(std::span<const B128> coeffs, B128 x) noexcept;
/// eq(a, b) = Π_j (1 + a_j + b_j). Precondition: equal lengths.
B128 eq_eval(std::span<const B128> a, std::span<const B128> b) noexcept;

/// Writes c_0 ... c_(D−1) of `coeffs` (D = coeffs.size() − 1 >= 1) and returns the challenge.
B128 send_round(ProverTranscript& transcript, std::span<const B128> coeffs);

struct RoundResult {
  B128 challenge;
  B128 claim;  ///< g(challenge)
};

/// Reads a round polynomial of degree `degree` >= 1 for `claim`, samples the challenge and returns
/// it with g(challenge). Errors: malformed_input when the transcript ends early.
Result<RoundResult> receive_round(VerifierTranscript& transcript, unsigned degree, B128 claim);

/// Ok when the transcript has absorbed a commitment (transcript/transcript.hpp: challenges drawn
/// before the data is bound would let an adaptive prover fit the data to them). Errors:
/// invalid_argument naming the protocol.
template <class Transcript>
Status require_commitment(const Transcript& transcript, std::string_view protocol) {
  if (transcript.commitment_absorbed()) return Ok{};
  return make_error(Errc::invalid_argument,
                    std::string(protocol) +
                        ": no commitment absorbed before the challenges (absorb the commitment "
                        "to the columns first: write_commitment or absorb_commitment)");
}

/// The statement items both sides absorb before the first challenge (absorb_public).
void absorb_u64(ProverTranscript& transcript, std::uint64_t value);
void absorb_u64(VerifierTranscript& transcript, std::uint64_t value);
void absorb_b128(ProverTranscript& transcript, B128 value);
void absorb_b128(VerifierTranscript& transcript, B128 value);

}  // namespace merkleforge::zk::detail
