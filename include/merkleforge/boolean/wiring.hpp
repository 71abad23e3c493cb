// Wirings: many instances of one circuit joined port to port, as the nodes of a Merkle multiproof
// are (docs/boolean-engine.md, "Wirings"). The statement: there are inputs for `count` instances of
// the circuit such that every link holds (two ports are equal: usually an instance's output and an
// input chunk of another; two input chunks when one private sibling feeds two trees) and every
// fixed port holds the value the statement gives. Nothing else is public: a sibling hash nobody
// fixes is a private input.
//
// Ports. An instance's input is read as chunks of output_bytes() bytes (chunk c: input bytes
// [c·output_bytes(), (c + 1)·output_bytes())); its ports are those whole chunks and its output.
// The circuit's outputs must fill their slot, a power of two of bits, and its inputs must be
// committed as the outputs are (the builder's layout: bit t of byte b at 8b + t), so a port is an
// aligned block of z and equality of ports is equality of bits.
//
// The proof: the engine's proof of the instances with private inputs and outputs, and a sumcheck
// over the instances that the links and fixed ports hold, which leaves one claim on z per port
// for the commitment's opening (src/boolean/wiring.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "merkleforge/boolean/engine.hpp"

namespace merkleforge::boolean {

/// The output port's number (input chunks are 0, 1, ...).
inline constexpr std::uint32_t kOutputPort = 0xFFFF'FFFF;

struct Port {
  std::uint32_t instance = 0;
  std::uint32_t port = kOutputPort;  ///< an input chunk, or kOutputPort
  bool operator==(const Port&) const = default;
};

/// Port `from` equals port `to` (two different ports: any of an instance's chunks or its output).
struct Link {
  Port from;
  Port to;
  bool operator==(const Link&) const = default;
};

/// What a wired proof shows (see above). `fixed_values` holds fixed.size() × output_bytes()
/// bytes, fixed port after fixed port.
struct Wiring {
  std::size_t count = 0;
  std::vector<Link> links;
  std::vector<Port> fixed;
  Bytes fixed_values;
};

/// Ok when the circuit can be wired (its ports as above), else invalid_argument naming why.
Status check_wirable(const Circuit& circuit);

/// What a wired proof is bound to: as statement_digest, with the links, the fixed ports and their
/// values in the place of the outputs and inputs.
Digest32 wired_statement_digest(const Circuit& circuit, const Wiring& wiring,
                                pcs::Profile commitment = pcs::Profile::fast);

/// derive_params for a wiring: the outputs' check is replaced by the wiring's.
Result<EngineParams> derive_wired_params(const Circuit& circuit, const Wiring& wiring,
                                         pcs::Profile commitment = pcs::Profile::fast);

/// The parameters and the soundness account of a wiring, as text (describe's, with the links'
/// and fixed ports' count).
Result<std::string> describe_wired(const Circuit& circuit, const Wiring& wiring,
                                   pcs::Profile commitment = pcs::Profile::fast);

/// Ok when `proof` shows the wiring. Every trusted value (circuit, wiring) comes from the caller.
/// Errors: invalid_argument for a circuit that cannot be wired, a count outside 1 … 2^kMaxLogCount,
/// a port past its instance's chunks or the count, a wiring without links and fixed ports, or
/// fixed values of the wrong size; malformed_input and corrupt_data as verify.
Status verify_wired(const Circuit& circuit, const Wiring& wiring, ByteSpan proof,
                    pcs::Profile commitment = pcs::Profile::fast);

}  // namespace merkleforge::boolean
