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

/// Errors: as verify for the count; wrong_size for inputs of another length.
Result<Proved> prove(const Circuit& circuit, std::size_t count, ByteSpan inputs);

}  // namespace merkleforge::boolean
