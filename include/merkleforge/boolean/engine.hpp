// The Boolean engine's statement and verifier (docs/boolean-engine.md). The statement: for
// `count` instances of `circuit` there are inputs whose outputs are `outputs` (count ×
// output_bytes(), instance after instance); the inputs stay private.
//
// The proof (version 1, the reference pipeline the faster protocols will replace step by step):
//   1. the prover commits z, every instance's 2^m0 committed bits, as one B1 polynomial of
//      n = k + m0 variables (instance i's bit j at index i·2^m0 + j; count = 2^k);
//   2. a zerocheck (zk/zerocheck.hpp) that Â·B̂ − ẑ vanishes on the cube, Â and B̂ the circuit's
//      operand columns (boolean/circuit.hpp), giving Â(r), B̂(r), ẑ(r) at one point r;
//   3. a lincheck: α·Â(r) + β·B̂(r) − c = Σ_y W(y)·ẑ(y, r_out) with W = α·A0ᵀeq(r_in) +
//      β·B0ᵀeq(r_in) and c the constants' share (the circuit's backward walk), a sumcheck over
//      m0 variables; the verifier evaluates W at its last point s itself;
//   4. the outputs: ẑ on the output slots at a random point equals the public outputs' extension;
//   5. one opening of the commitment (pcs) for the three claims on z.
#pragma once

#include <cstddef>
#include <string_view>

#include "merkleforge/boolean/circuit.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/pcs/params.hpp"
#include "merkleforge/soundness/bound.hpp"

namespace merkleforge::boolean {

/// Identifies the engine and its proof format in the transcript and the statement digest.
inline constexpr std::string_view kProtocol = "merkleforge/boolean/v2";
/// First bytes of every proof: "MFBE" and the format version.
inline constexpr std::uint8_t kProofMagic[4] = {'M', 'F', 'B', 'E'};
inline constexpr std::uint8_t kProofVersion = 2;
/// Most instances in one proof: the commitment's ℓ* = k + m0 − 7 stays within its limit.
inline constexpr std::size_t kMaxLogCount = 20;

/// Target of the soundness account (interactive, unique decoding).
inline constexpr unsigned kSecurityBits = 100;

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
                                   bool public_inputs = false);

/// The parameters and the soundness account, as text (`mforge zk describe --engine boolean`).
Result<std::string> describe(const Circuit& circuit, std::size_t count, bool public_inputs = false);

/// SHA-256 of the protocol and its version, the circuit (name, sizes), count, outputs and the
/// public inputs (none: the inputs are private): what a proof is bound to (the transcript starts
/// from it).
Digest32 statement_digest(const Circuit& circuit, std::size_t count, ByteSpan outputs,
                          ByteSpan public_inputs = {});

/// Ok when `proof` shows the statement: `count` instances of the circuit give `outputs` (count ×
/// output_bytes()), from `public_inputs` (count × input_bytes()) when they are given, else from
/// private inputs. Every trusted value (circuit, count, outputs, inputs) comes from the caller. A
/// count that is not a power of two is padded with instances of the all-zero input, whose outputs
/// the verifier computes. Errors: invalid_argument for a count outside 1 … 2^kMaxLogCount or
/// outputs or inputs of the wrong size; malformed_input for bytes that are not a proof of this
/// engine and version; corrupt_data naming the first failed check.
Status verify(const Circuit& circuit, std::size_t count, ByteSpan outputs, ByteSpan proof,
              ByteSpan public_inputs = {});

}  // namespace merkleforge::boolean
