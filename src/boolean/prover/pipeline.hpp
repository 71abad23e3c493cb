// The Boolean engine's proving pipeline on given committed bits (private to the prover and its
// tests).
#pragma once

#include <cstdint>
#include <span>

#include "merkleforge/boolean/prover.hpp"
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

/// As prove_bits for a chain from `head` to `tail` (engine.hpp, verify_chain).
Result<Bytes> prove_chain_bits(const Circuit& circuit, std::size_t count,
                               std::span<const std::uint64_t> z, ByteSpan head, ByteSpan tail,
                               ProveTimings* timings = nullptr,
                               WitnessCheck check = WitnessCheck::skip);

}  // namespace merkleforge::boolean::detail
