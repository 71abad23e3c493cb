// Wirings (boolean/wiring.hpp): what the prover and the verifier compute alike for the check that
// the links and fixed ports hold.
//
// With W = 8·output_bytes() = 2^w and X_p(i, t) bit t of port p of instance i (P ports: the input
// chunks, then the output), the statement is X_out(from_l, ·) = X_c(to_l, ·) for every link l
// and X_p(f, ·) = value_f for every fixed port f. At random v = (v_slot, v_link, v_fixed) and μ it
// becomes one claim, linear in the per-instance values x_p(i) = X̃_p(i, v_slot):
//
//     Σ_i Σ_p x_p(i)·g_p(i) = μ·Σ_f eq(v_fixed, f)·value~_f(v_slot),
//     g_p(i) = Σ_{links l into or out of (i, p)} eq(v_link, l) + μ·Σ_{fixed f at (i, p)}
//     eq(v_fixed, f)
//
// (characteristic 2: a link's two ends add up to zero exactly when they are equal; a false link
// or fixed port leaves a non-zero polynomial of degree ≤ w + |v_link| + |v_fixed| + 1 in the
// challenges), proved by a sumcheck over the k instance variables. It ends at a point ρ with
// x̃_p(ρ) = z(v_slot, port p's slot bits, ρ): one more claim on z per port.
#pragma once

#include <vector>

#include "engine_common.hpp"
#include "merkleforge/boolean/wiring.hpp"

namespace merkleforge::boolean::detail {

/// Whether the circuit commits bit t of input byte b at 8b + t for its first `bytes` input bytes,
/// as its output slot holds the outputs (what lets a port's bit t be compared with another's).
bool inputs_held_as_outputs(const Circuit& circuit, std::size_t bytes);

/// The ports of an instance: its whole input chunks, then its output.
std::size_t port_count(const Circuit& circuit);
/// Port p's position among the instance's ports (kOutputPort is the last).
std::size_t port_index(const Circuit& circuit, std::uint32_t port);

/// Ok when every port exists, the count is 1 … 2^kMaxLogCount, there is a link or a fixed port,
/// and the fixed values have fixed.size() × output_bytes() bytes; returns ⌈log2(count)⌉.
Result<unsigned> check_wiring(const Circuit& circuit, const Wiring& wiring);

struct WiringChallenges {
  std::vector<B128> v_slot, v_link, v_fixed;
  B128 fixed;  ///< μ
};
/// ⌈log2⌉ of the links and of the fixed ports (0 for none).
unsigned link_vars(const Wiring& wiring);
unsigned fixed_vars(const Wiring& wiring);
template <class Transcript>
WiringChallenges sample_wiring(Transcript& transcript, unsigned slot_vars, const Wiring& wiring) {
  WiringChallenges c;
  c.v_slot = sample_b128s(transcript, slot_vars);
  c.v_link = sample_b128s(transcript, link_vars(wiring));
  c.v_fixed = sample_b128s(transcript, fixed_vars(wiring));
  c.fixed = transcript.sample_b128();
  return c;
}

/// g_p over the 2^k instances for each port p (POLYVAL).
std::vector<std::vector<B128P>> wiring_weights(const Circuit& circuit,
                                               const WiringChallenges& challenges,
                                               const Wiring& wiring, unsigned k);

/// μ·Σ_f eq(v_fixed, f)·value~_f(v_slot): what the sum must be.
B128 wiring_sum(const Circuit& circuit, const WiringChallenges& challenges, const Wiring& wiring);

/// Σ_p x_p·g_p over the columns (x_0, g_0, x_1, g_1, ...).
zk::Composition wiring_composition(std::size_t ports);

/// Bit offset within an instance of port p's slot (p a position, port_index).
std::size_t port_offset(const Circuit& circuit, std::size_t p);

/// (v_slot, the slot's position bits above v_slot, rho): a point of z on the slot at bit `offset`
/// of an instance (a multiple of 2^|v_slot|).
std::vector<B128> slot_point(const Circuit& circuit, std::span<const B128> v_slot,
                             std::size_t offset, std::span<const B128> rho);

/// The points of z where the sumcheck's x̃_p(ρ) are claimed: (v_slot, port p's slot bits, ρ).
std::vector<std::vector<B128>> wiring_points(const Circuit& circuit,
                                             const WiringChallenges& challenges,
                                             std::span<const B128> rho);

}  // namespace merkleforge::boolean::detail
