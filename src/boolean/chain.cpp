#include "chain.hpp"

#include <algorithm>
#include <bit>

#include "merkleforge/binius/polyval.hpp"

namespace merkleforge::boolean::detail {

namespace {

/// Whether the circuit commits bit t of input byte b at 8b + t for its first output_bytes()
/// bytes, as its output slot holds the outputs: what lets the links compare bit t with bit t.
bool inputs_start_as_outputs_are_held(const Circuit& circuit) {
  Bytes input(circuit.input_bytes());
  std::vector<std::uint64_t> region(circuit.input_words());
  for (std::size_t bit = 0; bit < 8 * circuit.output_bytes(); ++bit) {
    std::fill(input.begin(), input.end(), 0);
    input[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
    circuit.place_inputs(input, region);
    for (std::size_t w = 0; w < region.size(); ++w) {
      if (region[w] != (w == bit / 64 ? std::uint64_t{1} << (bit % 64) : 0)) return false;
    }
  }
  return true;
}

}  // namespace

Result<unsigned> chain_link_log_bits(const Circuit& circuit) {
  const std::size_t link = 8 * circuit.output_bytes();
  if (!std::has_single_bit(link) || link != std::size_t{1} << circuit.output_log_bits() ||
      circuit.input_bytes() < circuit.output_bytes() ||
      !inputs_start_as_outputs_are_held(circuit)) {
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
  const unsigned slot_vars = static_cast<unsigned>(challenges.v_slot.size());
  std::array<std::vector<B128>, 2> points;
  for (int which = 0; which < 2; ++which) {
    const std::size_t slot = which == 0 ? circuit.output_offset() >> slot_vars : 0;
    std::vector<B128>& point = points[which];
    point = challenges.v_slot;
    for (unsigned j = slot_vars; j < circuit.log_bits(); ++j) {
      point.push_back((slot >> (j - slot_vars)) & 1 ? B128::one() : B128::zero());
    }
    point.insert(point.end(), rho.begin(), rho.end());
  }
  return points;
}

}  // namespace merkleforge::boolean::detail
