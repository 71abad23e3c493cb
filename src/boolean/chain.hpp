// Chains of instances (boolean/engine.hpp, verify_chain): instance i's outputs are instance i + 1's
// first input bits. What the prover and the verifier compute alike for the wiring check.
//
// With W = 8·output_bytes() = 2^w, O(i, t) bit t of instance i's output slot and I(i, t) its bit
// t (the first W input bits), the statement is O(i, ·) = I(i + 1, ·) for i < count − 1,
// I(0, ·) = head and O(count − 1, ·) = tail. At random v = (v_slot, v_instance) and λ_h, λ_t it
// becomes one claim, linear in the per-instance values o_i = Õ(i, v_slot), ι_i = Ĩ(i, v_slot):
//
//     Σ_i o_i·g_O(i) + ι_i·g_I(i) = λ_h·head~(v_slot) + λ_t·tail~(v_slot),
//     g_O(i) = eq(v_instance, i)·[i < count − 1] + λ_t·[i = count − 1],
//     g_I(i) = eq(v_instance, i − 1)·[1 ≤ i ≤ count − 1] + λ_h·[i = 0],
//
// (a false link, head or tail leaves a non-zero polynomial of degree ≤ w + k + 1 in the
// challenges), proved by a sumcheck over the k instance variables. It ends at a point ρ with
// õ(ρ) = z(v_slot, output slot, ρ) and ι̃(ρ) = z(v_slot, 0 … 0, ρ): two more claims on z for the
// commitment's opening.
#pragma once

#include <array>
#include <vector>

#include "engine_common.hpp"

namespace merkleforge::boolean::detail {

/// log2 of the link's bits, W = 8·output_bytes(). Errors: invalid_argument unless W is a power
/// of two that fills the output slot and the inputs start with W bits committed as the outputs
/// are (bit t of byte b at 8b + t: the builder's layout).
Result<unsigned> chain_link_log_bits(const Circuit& circuit);

struct ChainChallenges {
  std::vector<B128> v_slot, v_instance;
  B128 head, tail;  ///< λ_h, λ_t
};
template <class Transcript>
ChainChallenges sample_chain(Transcript& transcript, unsigned link_log_bits, unsigned k) {
  ChainChallenges c;
  c.v_slot = sample_b128s(transcript, link_log_bits);
  c.v_instance = sample_b128s(transcript, k);
  c.head = transcript.sample_b128();
  c.tail = transcript.sample_b128();
  return c;
}

/// g_O and g_I over the 2^k instances (canonical).
std::array<std::vector<B128>, 2> chain_weights(const ChainChallenges& challenges,
                                               std::size_t count);

/// λ_h·head~(v_slot) + λ_t·tail~(v_slot): what the sum must be.
B128 chain_sum(const ChainChallenges& challenges, ByteSpan head, ByteSpan tail);

/// o·g_O + ι·g_I over the columns (o, g_O, ι, g_I).
zk::Composition chain_composition();

/// The points of z where the sumcheck's õ(ρ) and ι̃(ρ) are claimed: (v_slot, the slot's
/// position bits, ρ).
std::array<std::vector<B128>, 2> chain_points(const Circuit& circuit,
                                              const ChainChallenges& challenges,
                                              std::span<const B128> rho);

}  // namespace merkleforge::boolean::detail
