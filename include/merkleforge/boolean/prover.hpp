// The Boolean engine's prover (library merkleforge::boolean_prover; boolean/engine.hpp states
// the proof). A verifier never includes this header.
#pragma once

#include "merkleforge/boolean/engine.hpp"
#include "merkleforge/boolean/wiring.hpp"

namespace merkleforge::boolean {

/// The outputs of `count` instances for `inputs` (count × input_bytes()), and a proof of them.
struct Proved {
  Bytes outputs;
  Bytes proof;
};

/// Seconds spent in each phase of one proof (for benchmarks).
struct ProveTimings {
  double witness = 0, commit = 0, zerocheck = 0, lincheck = 0, mul = 0, open = 0;
};

/// Whether the statement lists the inputs (verify's public_inputs) or keeps them private.
enum class Inputs { kept_private, made_public };

/// Errors: as verify for the count; wrong_size for inputs of another length; invalid_argument
/// naming the instance and the row when the circuit's witness breaks one of its own rows.
/// `commitment`: the commitment's profile, which the verifier must be given too.
Result<Proved> prove(const Circuit& circuit, std::size_t count, ByteSpan inputs,
                     ProveTimings* timings = nullptr, Inputs visibility = Inputs::kept_private,
                     pcs::Profile commitment = pcs::Profile::fast);

/// A chain (engine.hpp) from `head`: instance i's input is the previous output (head for the
/// first) followed by its part of `rest` (count × (input_bytes() − output_bytes()) bytes). Returns
/// the tail as `outputs` and the proof. Errors: as prove and verify_chain.
Result<Proved> prove_chain(const Circuit& circuit, std::size_t count, ByteSpan head, ByteSpan rest,
                           ProveTimings* timings = nullptr,
                           pcs::Profile commitment = pcs::Profile::fast);

/// A wiring (boolean/wiring.hpp) of instances with these inputs (wiring.count × input_bytes()):
/// their outputs, instance after instance, and the proof. Errors: as verify_wired; wrong_size for
/// inputs of another length; invalid_argument naming the first link or fixed port the instances
/// break, or the instance and row of a false witness.
Result<Proved> prove_wired(const Circuit& circuit, const Wiring& wiring, ByteSpan inputs,
                           ProveTimings* timings = nullptr,
                           pcs::Profile commitment = pcs::Profile::fast);

}  // namespace merkleforge::boolean
