#include "chain.hpp"

#include <algorithm>
#include <bit>

#include "merkleforge/binius/polyval.hpp"
#include "wiring.hpp"

namespace merkleforge::boolean::detail {

Result<unsigned> chain_link_log_bits(const Circuit& circuit) {
  const std::size_t link = 8 * circuit.output_bytes();
  if (!std::has_single_bit(link) || link != std::size_t{1} << circuit.output_log_bits() ||
      circuit.input_bytes() < circuit.output_bytes() ||
      !inputs_held_as_outputs(circuit, circuit.output_bytes())) {
    return make_error(Errc::invalid_argument,
                      "boolean: " + std::string(circuit.name()) +
                          " cannot be chained: its outputs must fill their slot, a power of two "
                          "of bits, and its inputs start with them, committed as the outputs are");
  }
  return circuit.output_log_bits();
}

std::array<std::vector<B128>, 2> chain_weights(const ChainChallenges& challenges,
                                               std::size_t count) {
  const std::vector<B128> eq =
      binius::to_canonical(binius::polyval_eq_tensor(binius::to_polyval(challenges.v_instance)));
  std::vector<B128> to_output(eq.size()), to_input(eq.size());
  for (std::size_t i = 0; i + 1 < count; ++i) {
    to_output[i] = eq[i];
    to_input[i + 1] = eq[i];
  }
  to_output[count - 1] += challenges.tail;
  to_input[0] += challenges.head;
  return {std::move(to_output), std::move(to_input)};
}

B128 chain_sum(const ChainChallenges& challenges, ByteSpan head, ByteSpan tail) {
  return challenges.head * records_extension(head, head.size(), challenges.v_slot, {}) +
         challenges.tail * records_extension(tail, tail.size(), challenges.v_slot, {});
}

zk::Composition chain_composition() {
  zk::Composition c(4);
  c.add(c.mul(c.column(0), c.column(1)), c.mul(c.column(2), c.column(3)));
  return c;
}

std::array<std::vector<B128>, 2> chain_points(const Circuit& circuit,
                                              const ChainChallenges& challenges,
                                              std::span<const B128> rho) {
  return {slot_point(circuit, challenges.v_slot, circuit.output_offset(), rho),
          slot_point(circuit, challenges.v_slot, 0, rho)};
}

}  // namespace merkleforge::boolean::detail
