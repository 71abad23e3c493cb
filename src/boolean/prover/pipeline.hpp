// The Boolean engine's proving pipeline on given committed bits (private to the prover and its
// tests).
#pragma once

#include <cstdint>
#include <span>

#include "merkleforge/boolean/prover.hpp"
#include "skip.hpp"

namespace merkleforge::boolean::detail {

/// The proof that `z` (2^⌈log2 count⌉ × words() words: every instance's committed bits, instance
/// after instance, the padding instances after the count) shows the statement (circuit, count,
/// outputs). z is not checked: prove() passes a
/// witness, and tests pass false ones, which give proofs the verifier rejects. Errors: as verify
/// for the statement; wrong_size for z of another length. `public_inputs`: as verify's;
/// `pinned`: the zerocheck's pinned eq coordinates (tests pass others).
Result<Bytes> prove_bits(const Circuit& circuit, std::size_t count,
                         std::span<const std::uint64_t> z, ByteSpan outputs,
                         ByteSpan public_inputs = {}, ProveTimings* timings = nullptr,
                         const PinnedConstants& pinned = kPinned);

}  // namespace merkleforge::boolean::detail
