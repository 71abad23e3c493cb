// The Boolean engine's prover (library merkleforge::boolean_prover; boolean/engine.hpp states
// the proof). A verifier never includes this header.
#pragma once

#include "merkleforge/boolean/engine.hpp"

namespace merkleforge::boolean {

/// The outputs of `count` instances for `inputs` (count × input_bytes()), and a proof of them.
struct Proved {
  Bytes outputs;
  Bytes proof;
};

/// Seconds spent in each phase of one proof (for benchmarks).
struct ProveTimings {
  double witness = 0, commit = 0, zerocheck = 0, lincheck = 0, open = 0;
};

/// Whether the statement lists the inputs (verify's public_inputs) or keeps them private.
enum class Inputs { kept_private, made_public };

/// Errors: as verify for the count; wrong_size for inputs of another length.
Result<Proved> prove(const Circuit& circuit, std::size_t count, ByteSpan inputs,
                     ProveTimings* timings = nullptr, Inputs visibility = Inputs::kept_private);

}  // namespace merkleforge::boolean
