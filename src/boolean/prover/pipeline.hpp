// The Boolean engine's proving pipeline on given committed bits (private to the prover and its
// tests).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/boolean/wiring.hpp"
#include "skip.hpp"

namespace merkleforge::boolean::detail {

/// Whether prove_bits checks every row of z before proving (prove() does; tests that play a
/// cheating prover do not, and get proofs the verifier must reject).
enum class WitnessCheck { skip, refuse_false };

/// The proof that `z` (2^⌈log2 count⌉ × words() words: every instance's committed bits, instance
/// after instance, the padding instances after the count) shows the statement (circuit, count,
/// outputs). Errors: as verify for the statement; wrong_size for z of another length;
/// invalid_argument naming the instance and row (Circuit::row_name) of the first false row when
/// checked. `public_inputs`: as verify's; `pinned`: the zerocheck's pinned eq coordinates (tests
/// pass others).
Result<Bytes> prove_bits(const Circuit& circuit, std::size_t count,
                         std::span<const std::uint64_t> z, ByteSpan outputs,
                         ByteSpan public_inputs = {}, ProveTimings* timings = nullptr,
                         const PinnedConstants& pinned = kPinned,
                         WitnessCheck check = WitnessCheck::skip);

/// The chain check's columns as the prover is about to prove them (chain.hpp: o, ι and the link
/// weights g_O, g_I) and the sum they must give: what a test playing a cheating prover may alter.
struct LinkColumns {
  std::span<const B128> outputs, inputs;
  std::vector<B128>& to_output;
  std::vector<B128>& to_input;
  B128 sum;
};
using AlterLinks = std::function<void(LinkColumns&)>;

/// As prove_bits for a chain from `head` to `tail` (engine.hpp, verify_chain); `alter`, when
/// given, changes the link weights before their sumcheck.
Result<Bytes> prove_chain_bits(const Circuit& circuit, std::size_t count,
                               std::span<const std::uint64_t> z, ByteSpan head, ByteSpan tail,
                               ProveTimings* timings = nullptr,
                               WitnessCheck check = WitnessCheck::skip,
                               const AlterLinks& alter = {});

/// The committed bits of `count` instances with these inputs (count × input_bytes()), padded as
/// the prover pads: what a test playing a cheating prover passes to the functions above.
std::vector<std::uint64_t> instance_bits(const Circuit& circuit, ByteSpan inputs,
                                         std::size_t count);

/// The wiring check's columns as the prover is about to prove them (wiring.hpp: x_p and g_p for
/// each port p): what a test playing a cheating prover may alter.
struct PortColumns {
  std::vector<std::vector<B128>>& values;
  std::vector<std::vector<B128>>& weights;
  B128 sum;
};
using AlterPorts = std::function<void(PortColumns&)>;

/// As prove_bits for a wiring (wiring.hpp, verify_wired); `alter`, when given, changes the
/// wiring check's columns before their sumcheck.
Result<Bytes> prove_wired_bits(const Circuit& circuit, const Wiring& wiring,
                               std::span<const std::uint64_t> z, ProveTimings* timings = nullptr,
                               WitnessCheck check = WitnessCheck::skip,
                               const AlterPorts& alter = {});

}  // namespace merkleforge::boolean::detail
