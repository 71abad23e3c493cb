// What the Boolean engine's prover and verifier must compute alike (boolean/engine.hpp): the
// statement digest, the commitment's parameters, the lincheck's column weights, the outputs'
// extension, and the proof's framing.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "merkleforge/boolean/engine.hpp"
#include "merkleforge/pcs/params.hpp"
#include "merkleforge/zk/composition.hpp"

namespace merkleforge::boolean::detail {

using binius::B128;
using binius::B128P;

/// log2(count). Errors: invalid_argument unless count is a power of two in [1, 2^kMaxLogCount].
Result<unsigned> log_count(std::size_t count);

/// Checks count and the outputs' length; returns log2(count).
Result<unsigned> check_statement(const Circuit& circuit, std::size_t count, ByteSpan outputs);

/// The zerocheck's one constraint over the columns (Â, B̂, ẑ): Â·B̂ + ẑ (characteristic 2).
zk::Composition product_constraint();
/// The product of two columns: the lincheck's W·z' and the univariatizing L·X̃.
zk::Composition pair_product();

/// `count` challenges from the transcript (prover's or verifier's).
template <class Transcript>
std::vector<B128> sample_b128s(Transcript& transcript, std::size_t count) {
  std::vector<B128> values(count);
  for (B128& value : values) value = transcript.sample_b128();
  return values;
}

/// The zerocheck's row weights within an instance: ρ(64·w + b) = L_b(y)·eq(r_words, w), r_words
/// the instance's word variables of the zerocheck's point (POLYVAL).
std::vector<B128P> row_weights(B128 y, std::span<const B128> r_words);

/// The lincheck's challenges: α, β, γ, δ for A_y(r), B_y(r), Z_y(r) and the outputs, and u, the
/// point on the output slot's variables. Sampled in this order.
struct LincheckChallenges {
  std::array<B128, 4> coefficients;
  std::vector<B128> u;
};
template <class Transcript>
LincheckChallenges sample_lincheck(Transcript& transcript, const Circuit& circuit) {
  LincheckChallenges c;
  for (B128& coefficient : c.coefficients) coefficient = transcript.sample_b128();
  c.u = sample_b128s(transcript, circuit.output_log_bits());
  return c;
}

/// W = α·A0ᵀρ + β·B0ᵀρ + γ·ρ + δ·eq(u, ·) (the last on the output slot), one weight per
/// committed bit of an instance, and the constants' share α·⟨a0, ρ⟩ + β·⟨b0, ρ⟩ (canonical
/// values): for z' = z folded over the instances at r_out, Σ_j W(j)·z'(j) + constant is
/// α·A_y(r) + β·B_y(r) + γ·Z_y(r) + δ·ẑ'(u, slot).
struct LincheckWeights {
  std::vector<B128> weights;
  B128 constant;
};
LincheckWeights lincheck_weights(const Circuit& circuit, std::span<const B128P> rho,
                                 const LincheckChallenges& challenges);

/// What Σ_j W(j)·z'(j) must equal: α·a + β·b + γ·z + δ·(the outputs' extension at (u, r_out)) +
/// the weights' constant (`zero`: A_y(r), B_y(r), Z_y(r)).
B128 lincheck_sum(const Circuit& circuit, const LincheckChallenges& challenges,
                  const std::array<B128, 3>& zero, ByteSpan outputs, std::span<const B128> r_out,
                  B128 constant);

/// Σ_y eq(point, y)·values[y]. Precondition: values.size() == 2^point.size().
B128 evaluate_table(std::span<const B128> values, std::span<const B128> point);

/// The extension of the output slots that `outputs` fill (padding zero) at (u, v): what ẑ is at
/// (u, the slot's position, v) for an honest proof.
B128 outputs_extension(const Circuit& circuit, ByteSpan outputs, std::span<const B128> u,
                       std::span<const B128> v);


/// The proof: magic, version, u32 length of the protocol tape, the tape, the commitment's proof.
Bytes encode_proof(ByteSpan tape, ByteSpan opening);
struct DecodedProof {
  ByteSpan tape;
  ByteSpan opening;
};
Result<DecodedProof> decode_proof(ByteSpan proof);

}  // namespace merkleforge::boolean::detail
