// The Boolean engine's verifier: single-threaded and scalar; it shares with the prover only
// engine_common.hpp, skip.hpp and zerocheck.hpp.
#include "engine_common.hpp"
#include "merkleforge/pcs/verifier.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "zerocheck.hpp"

namespace merkleforge::boolean {
namespace {

Error corrupt(const std::string& what) {
  return make_error(Errc::corrupt_data, "boolean: " + what);
}

}  // namespace

namespace detail {

Status verify_pinned(const Circuit& circuit, std::size_t count, ByteSpan outputs, ByteSpan proof,
                     ByteSpan public_inputs, const PinnedConstants& pinned) {
  auto k = detail::check_statement(circuit, count, outputs, public_inputs);
  if (!k) return k.error();
  auto params = derive_params(circuit, count, !public_inputs.empty());
  if (!params) return params.error();
  auto decoded = detail::decode_proof(proof);
  if (!decoded) return decoded.error();
  const unsigned m0 = circuit.log_bits(), n = m0 + *k;

  zk::VerifierTranscript transcript(
      kProtocol, statement_digest(circuit, count, outputs, public_inputs), decoded->tape, {});
  transcript.begin_phase("boolean/commitment");
  auto root = transcript.read_commitment();
  if (!root) return root.error();

  transcript.begin_phase("boolean/zerocheck");
  auto zero = detail::verify_zerocheck(n, pinned, transcript);
  if (!zero) return zero.error();
  const std::span<const B128> r(zero->point);

  transcript.begin_phase("boolean/lincheck");
  const detail::LincheckChallenges challenges =
      detail::sample_lincheck(transcript, circuit, !public_inputs.empty());
  const unsigned instance_words = m0 - detail::kSkipVars;
  const std::span<const B128> r_out = r.subspan(instance_words);
  const detail::LincheckWeights w = detail::lincheck_weights(
      circuit, detail::row_weights(zero->y, r.first(instance_words)), challenges);
  const zk::SumcheckClaim lincheck{
      m0, detail::pair_product(),
      detail::lincheck_sum(circuit, challenges, {zero->a, zero->b, zero->z},
                           detail::batch_outputs(circuit, count, *k, outputs), public_inputs, r_out,
                           w.constant)};
  auto folded = zk::verify_sumcheck({&lincheck, 1}, transcript);
  if (!folded) return folded.error();
  if (detail::evaluate_table(w.weights, folded->point) != folded->evals[0][0]) {
    return corrupt("the lincheck's column weights disagree with the circuit");
  }
  if (Status s = transcript.finish(); !s) return s;
  std::vector<B128> lincheck_point = folded->point;
  lincheck_point.insert(lincheck_point.end(), r_out.begin(), r_out.end());

  const std::vector<pcs::EvaluationClaim> claims = {{0, lincheck_point, folded->evals[0][1]}};
  return pcs::pcs_verify(params->pcs, *root, claims, decoded->opening);
}

}  // namespace detail

Status verify(const Circuit& circuit, std::size_t count, ByteSpan outputs, ByteSpan proof,
              ByteSpan public_inputs) {
  return detail::verify_pinned(circuit, count, outputs, proof, public_inputs, detail::kPinned);
}

}  // namespace merkleforge::boolean
