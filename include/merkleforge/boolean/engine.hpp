// The Boolean engine's statements and verifier (docs/boolean-engine.md). The statement: for
// `count` instances of `circuit` there are inputs whose outputs are `outputs` (count ×
// output_bytes(), instance after instance), the inputs private or listed; or, for a chain, that
// each instance's outputs are the next one's first input bytes, from a given head to a given tail.
//
// The proof (protocol v3): the prover commits z, every instance's committed bits, as one B1
// polynomial (instance i's bit j at index i·2^m0 + j); a zerocheck with the univariate skip that
// A·z ∘ B·z = z on the cube; a lincheck that takes its claims, with the public outputs' and
// inputs' checks, to one evaluation of z; for a chain, a sumcheck over the instances that the
// links hold (two more evaluations of z); and one opening of the commitment for them.
#pragma once

#include <cstddef>
#include <string_view>

#include "merkleforge/boolean/circuit.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/pcs/params.hpp"
#include "merkleforge/soundness/bound.hpp"

namespace merkleforge::boolean {

/// Identifies the engine and its proof format in the transcript and the statement digest.
inline constexpr std::string_view kProtocol = "merkleforge/boolean/v3";
/// First bytes of every proof: "MFBE" and the format version.
inline constexpr std::uint8_t kProofMagic[4] = {'M', 'F', 'B', 'E'};
inline constexpr std::uint8_t kProofVersion = 3;
/// Most instances in one proof: the commitment's ℓ* = k + m0 − 7 stays within its limit.
inline constexpr std::size_t kMaxLogCount = 20;

/// Target of the soundness account (unique decoding; work-adjusted under the slim commitment
/// profile, whose queries are ground: docs/soundness.md, "Proof of work").
inline constexpr unsigned kSecurityBits = 100;

// Every statement below names the commitment's profile (`commitment`, default fast: rate 1/2;
// slim: rate 1/4 and query proof of work, ~0.6× the opening's size): it is part of the statement,
// bound into its digest, and a proof verifies under its own profile only.

/// The commitment's parameters and the whole soundness account of a proof of `count` instances:
/// the zerocheck, the lincheck and its batching, the outputs' check and the commitment's terms
/// (soundness/terms.hpp; docs/boolean-engine.md lists them). The commitment's own target is
/// raised until the sum reaches kSecurityBits. Errors: as verify for the count.
struct EngineParams {
  pcs::PcsParams pcs;
  soundness::Bound soundness;
};
/// `public_inputs`: whether the statement binds the inputs (one more term).
Result<EngineParams> derive_params(const Circuit& circuit, std::size_t count,
                                   bool public_inputs = false,
                                   pcs::Profile commitment = pcs::Profile::fast);

/// The parameters and the soundness account, as text (`mforge zk describe --engine boolean`).
Result<std::string> describe(const Circuit& circuit, std::size_t count, bool public_inputs = false,
                             pcs::Profile commitment = pcs::Profile::fast);

/// SHA-256 of the protocol and its version, the circuit (name, sizes), count, the commitment's
/// profile, outputs and the public inputs (none: the inputs are private): what a proof is bound
/// to (the transcript starts from it).
Digest32 statement_digest(const Circuit& circuit, std::size_t count, ByteSpan outputs,
                          ByteSpan public_inputs = {},
                          pcs::Profile commitment = pcs::Profile::fast);

/// Ok when `proof` shows the statement: `count` instances of the circuit give `outputs` (count ×
/// output_bytes()), from `public_inputs` (count × input_bytes()) when they are given, else from
/// private inputs. Every trusted value (circuit, count, outputs, inputs) comes from the caller. A
/// count that is not a power of two is padded with instances of the all-zero input, whose outputs
/// the verifier computes. Errors: invalid_argument for a count outside 1 … 2^kMaxLogCount or
/// outputs or inputs of the wrong size; malformed_input for bytes that are not a proof of this
/// engine and version; corrupt_data naming the first failed check.
Status verify(const Circuit& circuit, std::size_t count, ByteSpan outputs, ByteSpan proof,
              ByteSpan public_inputs = {}, pcs::Profile commitment = pcs::Profile::fast);

// ---- chains: hash chains and other sequential compositions ----
//
// A chain of `count` instances: instance 0's first output_bytes() input bytes are `head`,
// instance i + 1's are instance i's outputs, and the last instance's outputs are `tail`. Every
// other input and output stays private (a SHA-256 chain: the message blocks). The circuit's
// outputs must fill its output slot, a power of two of bits, and its inputs start with them as
// the outputs hold them (the builder's layout does: boolean/builder.hpp).

/// What a chain's proof is bound to: as statement_digest, with the head and tail in the place
/// of the outputs and inputs, and the word "chain" after them.
Digest32 chain_statement_digest(const Circuit& circuit, std::size_t count, ByteSpan head,
                                ByteSpan tail, pcs::Profile commitment = pcs::Profile::fast);

/// derive_params for a chain: the outputs' check is replaced by the links' (docs/soundness.md).
Result<EngineParams> derive_chain_params(const Circuit& circuit, std::size_t count,
                                         pcs::Profile commitment = pcs::Profile::fast);

/// Ok when `proof` shows the chain from `head` to `tail` (output_bytes() each) through `count`
/// instances. Errors: as verify; invalid_argument for a circuit that cannot be chained or a head
/// or tail of another size.
Status verify_chain(const Circuit& circuit, std::size_t count, ByteSpan head, ByteSpan tail,
                    ByteSpan proof, pcs::Profile commitment = pcs::Profile::fast);

}  // namespace merkleforge::boolean
