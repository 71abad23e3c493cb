// The Boolean engine's verifier: single-threaded and scalar; it shares with the prover only
// engine_common.hpp, skip.hpp and zerocheck.hpp.
#include "chain.hpp"
#include "engine_common.hpp"
#include "merkleforge/pcs/verifier.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "mul_phase.hpp"
#include "wiring.hpp"
#include "zerocheck.hpp"

namespace merkleforge::boolean {
namespace {

Error corrupt(const std::string& what) {
  return make_error(Errc::corrupt_data, "boolean: " + what);
}

}  // namespace

namespace detail {
namespace {

/// The chain's links (chain.hpp): their sumcheck, then the two claims on z it leaves.
Status verify_links(const Circuit& circuit, const Statement& statement, unsigned k,
                    zk::VerifierTranscript& transcript, std::vector<pcs::EvaluationClaim>& claims) {
  transcript.begin_phase("boolean/chain");
  const ChainChallenges challenges = sample_chain(transcript, circuit.output_log_bits(), k);
  const zk::SumcheckClaim links{k, chain_composition(),
                                chain_sum(challenges, statement.head, statement.tail)};
  auto reduced = zk::verify_sumcheck({&links, 1}, transcript);
  if (!reduced) return reduced.error();
  const std::vector<B128>& evals = reduced->evals[0];
  const auto [to_output, to_input] = chain_weights(challenges, statement.count);
  if (evaluate_table(binius::to_polyval(to_output), reduced->point) != evals[1] ||
      evaluate_table(binius::to_polyval(to_input), reduced->point) != evals[3]) {
    return corrupt("the chain's link weights disagree with the statement");
  }
  const auto [output_point, input_point] = chain_points(circuit, challenges, reduced->point);
  claims.push_back({0, output_point, evals[0]});
  claims.push_back({0, input_point, evals[2]});
  return Ok{};
}

/// The wiring's links and fixed ports (wiring.hpp): their sumcheck, then a claim on z per port.
Status verify_wiring(const Circuit& circuit, const Wiring& wiring, unsigned k,
                     zk::VerifierTranscript& transcript,
                     std::vector<pcs::EvaluationClaim>& claims) {
  transcript.begin_phase("boolean/wiring");
  const WiringChallenges challenges = sample_wiring(transcript, circuit.output_log_bits(), wiring);
  const std::size_t ports = port_count(circuit);
  const zk::SumcheckClaim holds{k, wiring_composition(ports),
                                wiring_sum(circuit, challenges, wiring)};
  auto reduced = zk::verify_sumcheck({&holds, 1}, transcript);
  if (!reduced) return reduced.error();
  const std::vector<B128>& evals = reduced->evals[0];
  const auto weights = wiring_weights(circuit, challenges, wiring, k);
  for (std::size_t p = 0; p < ports; ++p) {
    if (evaluate_table(weights[p], reduced->point) != evals[2 * p + 1]) {
      return corrupt("the wiring's port weights disagree with the statement");
    }
  }
  const auto points = wiring_points(circuit, challenges, reduced->point);
  for (std::size_t p = 0; p < ports; ++p) claims.push_back({0, points[p], evals[2 * p]});
  return Ok{};
}

Status verify_statement(const Circuit& circuit, const Statement& statement, ByteSpan proof,
                        const PinnedConstants& pinned) {
  auto k = check_statement(circuit, statement);
  if (!k) return k.error();
  auto params = params_of(circuit, statement);
  if (!params) return params.error();
  auto decoded = decode_proof(proof);
  if (!decoded) return decoded.error();
  const unsigned m0 = circuit.log_bits(), n = m0 + *k;

  zk::VerifierTranscript transcript(kProtocol, digest_of(circuit, statement), decoded->tape, {});
  transcript.begin_phase("boolean/commitment");
  auto root = transcript.read_commitment();
  if (!root) return root.error();

  transcript.begin_phase("boolean/zerocheck");
  auto zero = verify_zerocheck(n, pinned, transcript);
  if (!zero) return zero.error();
  const std::span<const B128> r(zero->point);

  transcript.begin_phase("boolean/lincheck");
  const LincheckChallenges challenges = sample_lincheck(transcript, circuit, statement);
  const unsigned instance_words = m0 - kSkipVars;
  const std::span<const B128> r_out = r.subspan(instance_words);
  const LincheckWeights w =
      lincheck_weights(circuit, row_weights(zero->y, r.first(instance_words)), challenges);
  const zk::SumcheckClaim lincheck{
      m0, pair_product(),
      lincheck_sum(circuit, challenges, {zero->a, zero->b, zero->z}, statement, r_out, w.constant)};
  auto folded = zk::verify_sumcheck({&lincheck, 1}, transcript);
  if (!folded) return folded.error();
  if (evaluate_table(w.weights, folded->point) != folded->evals[0][0]) {
    return corrupt("the lincheck's column weights disagree with the circuit");
  }
  std::vector<B128> lincheck_point = folded->point;
  lincheck_point.insert(lincheck_point.end(), r_out.begin(), r_out.end());
  std::vector<pcs::EvaluationClaim> claims = {{0, lincheck_point, folded->evals[0][1]}};
  if (statement.chain) {
    if (Status s = verify_links(circuit, statement, *k, transcript, claims); !s) return s;
  }
  if (statement.wiring != nullptr) {
    if (Status s = verify_wiring(circuit, *statement.wiring, *k, transcript, claims); !s) return s;
  }
  if (const auto region = circuit.mul_region()) {
    auto products = verify_mul_phase(circuit, *region, *k, transcript);
    if (!products) return products.error();
    claims.insert(claims.end(), products->begin(), products->end());
  }
  if (Status s = transcript.finish(); !s) return s;
  return pcs::pcs_verify(params->pcs, *root, claims, decoded->opening);
}

}  // namespace

Status verify_pinned(const Circuit& circuit, std::size_t count, ByteSpan outputs, ByteSpan proof,
                     ByteSpan public_inputs, const PinnedConstants& pinned) {
  return verify_statement(circuit, Statement::of_outputs(count, outputs, public_inputs), proof,
                          pinned);
}

}  // namespace detail

Status verify(const Circuit& circuit, std::size_t count, ByteSpan outputs, ByteSpan proof,
              ByteSpan public_inputs, pcs::Profile commitment) {
  return detail::verify_statement(
      circuit, detail::Statement::of_outputs(count, outputs, public_inputs, commitment), proof,
      detail::kPinned);
}

Status verify_chain(const Circuit& circuit, std::size_t count, ByteSpan head, ByteSpan tail,
                    ByteSpan proof, pcs::Profile commitment) {
  return detail::verify_statement(
      circuit, detail::Statement::of_chain(count, head, tail, commitment), proof, detail::kPinned);
}

}  // namespace merkleforge::boolean

namespace merkleforge::boolean {

Status verify_wired(const Circuit& circuit, const Wiring& wiring, ByteSpan proof,
                    pcs::Profile commitment) {
  return detail::verify_statement(circuit, detail::Statement::of_wiring(wiring, commitment), proof,
                                  detail::kPinned);
}

}  // namespace merkleforge::boolean
