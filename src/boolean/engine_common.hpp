// What the Boolean engine's prover and verifier must compute alike (boolean/engine.hpp): the
// statement digest, the commitment's parameters, the lincheck's column weights, the outputs'
// extension, and the proof's framing.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/boolean/engine.hpp"
#include "merkleforge/boolean/wiring.hpp"
#include "merkleforge/pcs/params.hpp"
#include "merkleforge/zk/composition.hpp"

namespace merkleforge::boolean::detail {

using binius::B128;
using binius::B128P;

/// ⌈log2(count)⌉: the batch holds 2^k instances, the statement's count and padding ones after
/// them. Errors: invalid_argument unless 1 <= count <= 2^kMaxLogCount.
Result<unsigned> log_count(std::size_t count);

/// What a proof shows, as the prover and the verifier share it: `count` instances whose outputs
/// are `outputs` (and whose inputs are `public_inputs` unless empty), or, for a chain
/// (chain.hpp), whose links hold between `head` and `tail`.
struct Statement {
  std::size_t count = 0;
  ByteSpan outputs;
  ByteSpan public_inputs;
  bool chain = false;
  ByteSpan head, tail;
  const Wiring* wiring = nullptr;  ///< a wiring (boolean/wiring.hpp): nothing else is public
  pcs::Profile commitment = pcs::Profile::fast;

  /// Whether the instances' outputs are the statement's (neither a chain nor a wiring).
  bool binds_outputs() const { return !chain && wiring == nullptr; }

  static Statement of_outputs(std::size_t count, ByteSpan outputs, ByteSpan public_inputs = {},
                              pcs::Profile commitment = pcs::Profile::fast) {
    Statement s;
    s.count = count, s.outputs = outputs, s.public_inputs = public_inputs;
    s.commitment = commitment;
    return s;
  }
  static Statement of_chain(std::size_t count, ByteSpan head, ByteSpan tail,
                            pcs::Profile commitment = pcs::Profile::fast) {
    Statement s;
    s.count = count, s.chain = true, s.head = head, s.tail = tail, s.commitment = commitment;
    return s;
  }
  static Statement of_wiring(const Wiring& wiring, pcs::Profile commitment = pcs::Profile::fast) {
    Statement s;
    s.count = wiring.count, s.wiring = &wiring, s.commitment = commitment;
    return s;
  }
};

/// Checks count and the lengths of the statement's parts; returns ⌈log2(count)⌉.
Result<unsigned> check_statement(const Circuit& circuit, const Statement& statement);

/// The statement's digest (statement_digest, chain_statement_digest).
Digest32 digest_of(const Circuit& circuit, const Statement& statement);

/// derive_params for the statement.
Result<EngineParams> params_of(const Circuit& circuit, const Statement& statement);

/// ⌈log2(8·input_bytes())⌉: the variables of the public inputs' check.
unsigned input_log_bits(const Circuit& circuit);

/// The padding instance: the circuit on the all-zero input. Its committed bits (words()) and
/// its outputs, which the verifier knows without a proof.
struct PaddingInstance {
  std::vector<std::uint64_t> z;
  Bytes outputs;
};
PaddingInstance padding_instance(const Circuit& circuit);

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

/// The lincheck's challenges: α, β, γ, δ for A_y(r), B_y(r), Z_y(r) and the outputs, u, the
/// point on the output slot's variables (empty: outputs not public), and, when the inputs are
/// public, ε and u_in for them. Sampled in this order.
struct LincheckChallenges {
  std::array<B128, 4> coefficients;
  std::vector<B128> u;
  B128 epsilon;
  std::vector<B128> u_in;  ///< empty: private inputs
};
/// A chain's or a wiring's outputs are not public: u stays empty and δ unused.
template <class Transcript>
LincheckChallenges sample_lincheck(Transcript& transcript, const Circuit& circuit,
                                   const Statement& statement) {
  LincheckChallenges c;
  for (B128& coefficient : c.coefficients) coefficient = transcript.sample_b128();
  if (statement.binds_outputs()) c.u = sample_b128s(transcript, circuit.output_log_bits());
  if (!statement.public_inputs.empty()) {
    c.epsilon = transcript.sample_b128();
    c.u_in = sample_b128s(transcript, input_log_bits(circuit));
  }
  return c;
}

/// W = α·A0ᵀρ + β·B0ᵀρ + γ·ρ + δ·eq(u, ·) (on the output slot) + ε·eq(u_in, ·) (on the input
/// bits, public inputs only), one weight per committed bit of an instance, and the constants'
/// share α·⟨a0, ρ⟩ + β·⟨b0, ρ⟩ (weights POLYVAL, the constant canonical): for z' = z folded over
/// the instances at r_out, Σ_j W(j)·z'(j) + constant is α·A_y(r) + β·B_y(r) + γ·Z_y(r) +
/// δ·ẑ'(u, slot) + ε·ẑ'(u_in, ·).
struct LincheckWeights {
  std::vector<B128P> weights;
  B128 constant;
};
LincheckWeights lincheck_weights(const Circuit& circuit, std::vector<B128P> rho,
                                 const LincheckChallenges& challenges);

/// What Σ_j W(j)·z'(j) must equal: α·a + β·b + γ·z + δ·(the outputs' extension at (u, r_out),
/// the padding instances' included) + ε·(the public inputs' at (u_in, r_out), the padding's being
/// zero) + the weights' constant (`zero`: A_y(r), B_y(r), Z_y(r)).
B128 lincheck_sum(const Circuit& circuit, const LincheckChallenges& challenges,
                  const std::array<B128, 3>& zero, const Statement& statement,
                  std::span<const B128> r_out, B128 constant);

/// Σ_y eq(point, y)·values[y] (values POLYVAL, the result canonical).
/// Precondition: values.size() == 2^point.size().
B128 evaluate_table(std::span<const B128P> values, std::span<const B128> point);

/// Per byte position b < bytes, each byte value's sum of eq_slot[8b + t] over its set bits t: one
/// lookup per byte of a slot instead of an addition per set bit. eq_slot is POLYVAL.
std::vector<std::array<B128P, 256>> byte_tables(std::span<const B128P> eq_slot, std::size_t bytes);

/// Σ_i eq(v, i)·Σ_j eq(u, j)·bit j of records[i] (records of `record` bytes, bit t of byte b at
/// 8b + t; the instances past the records are `padding`, one record, or zero when it is empty):
/// the extension of a slot that the records fill — of the outputs at (u, the output slot, v), of
/// the public inputs' bits. Precondition: 2^u.size() ≥ 8·record ≥ 8.
B128 records_extension(ByteSpan records, std::size_t record, std::span<const B128> u,
                       std::span<const B128> v, ByteSpan padding = {});

/// The proof: magic, version, u32 length of the protocol tape, the tape, the commitment's proof.
Bytes encode_proof(ByteSpan tape, ByteSpan opening);
struct DecodedProof {
  ByteSpan tape;
  ByteSpan opening;
};
Result<DecodedProof> decode_proof(ByteSpan proof);

}  // namespace merkleforge::boolean::detail
