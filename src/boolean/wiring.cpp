#include "wiring.hpp"

#include <algorithm>
#include <bit>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/framed.hpp"

namespace merkleforge::boolean {
namespace detail {

bool inputs_held_as_outputs(const Circuit& circuit, std::size_t bytes) {
  Bytes input(circuit.input_bytes());
  std::vector<std::uint64_t> region(circuit.input_words());
  for (std::size_t bit = 0; bit < 8 * bytes; ++bit) {
    std::fill(input.begin(), input.end(), 0);
    input[bit / 8] = static_cast<std::uint8_t>(1u << (bit % 8));
    circuit.place_inputs(input, region);
    for (std::size_t w = 0; w < region.size(); ++w) {
      if (region[w] != (w == bit / 64 ? std::uint64_t{1} << (bit % 64) : 0)) return false;
    }
  }
  return true;
}

std::size_t port_count(const Circuit& circuit) {
  return circuit.input_bytes() / circuit.output_bytes() + 1;
}

std::size_t port_index(const Circuit& circuit, std::uint32_t port) {
  return port == kOutputPort ? port_count(circuit) - 1 : port;
}

std::size_t port_offset(const Circuit& circuit, std::size_t p) {
  return p + 1 == port_count(circuit) ? circuit.output_offset() : p * 8 * circuit.output_bytes();
}

namespace {

Error invalid(const std::string& what) {
  return make_error(Errc::invalid_argument, "boolean: " + what);
}

unsigned vars_for(std::size_t items) {
  return items <= 1 ? 0 : static_cast<unsigned>(std::bit_width(items - 1));
}

}  // namespace

Result<unsigned> check_wiring(const Circuit& circuit, const Wiring& wiring) {
  if (Status s = check_wirable(circuit); !s) return s.error();
  auto k = log_count(wiring.count);
  if (!k) return k;
  if (wiring.links.empty() && wiring.fixed.empty()) {
    return invalid("a wiring needs a link or a fixed port");
  }
  const std::size_t chunks = port_count(circuit) - 1;
  const auto check_port = [&](const Port& port) -> Status {
    if (port.instance >= wiring.count || (port.port != kOutputPort && port.port >= chunks)) {
      return invalid("port " + std::to_string(port.port) + " of instance " +
                     std::to_string(port.instance) + " does not exist (" +
                     std::to_string(wiring.count) + " instances of " + std::to_string(chunks) +
                     " input chunks)");
    }
    return Ok{};
  };
  for (const Link& link : wiring.links) {
    // A port linked to itself would cancel its own weight: it says nothing.
    if (link.from == link.to) return invalid("a link joins a port to itself");
    if (Status s = check_port(link.from); !s) return s.error();
    if (Status s = check_port(link.to); !s) return s.error();
  }
  for (const Port& port : wiring.fixed) {
    if (Status s = check_port(port); !s) return s.error();
  }
  if (wiring.fixed_values.size() != wiring.fixed.size() * circuit.output_bytes()) {
    return invalid(std::to_string(wiring.fixed_values.size()) + " bytes of values for " +
                   std::to_string(wiring.fixed.size()) + " fixed ports of " +
                   std::to_string(circuit.output_bytes()) + " bytes");
  }
  return k;
}

unsigned link_vars(const Wiring& wiring) {
  return vars_for(wiring.links.size());
}
unsigned fixed_vars(const Wiring& wiring) {
  return vars_for(wiring.fixed.size());
}

std::vector<std::vector<B128P>> wiring_weights(const Circuit& circuit,
                                               const WiringChallenges& challenges,
                                               const Wiring& wiring, unsigned k) {
  using binius::polyval_eq_tensor, binius::to_polyval;
  const std::vector<B128P> eq_link = polyval_eq_tensor(to_polyval(challenges.v_link)),
                           eq_fixed = polyval_eq_tensor(to_polyval(challenges.v_fixed));
  const B128P mu = to_polyval(challenges.fixed);
  std::vector<std::vector<B128P>> weights(port_count(circuit),
                                          std::vector<B128P>(std::size_t{1} << k));
  for (std::size_t l = 0; l < wiring.links.size(); ++l) {
    const Link& link = wiring.links[l];
    weights[port_index(circuit, link.from.port)][link.from.instance] += eq_link[l];
    weights[port_index(circuit, link.to.port)][link.to.instance] += eq_link[l];
  }
  for (std::size_t f = 0; f < wiring.fixed.size(); ++f) {
    const Port& port = wiring.fixed[f];
    weights[port_index(circuit, port.port)][port.instance] += mu * eq_fixed[f];
  }
  return weights;
}

B128 wiring_sum(const Circuit& circuit, const WiringChallenges& challenges, const Wiring& wiring) {
  if (wiring.fixed.empty()) return B128::zero();
  return challenges.fixed * records_extension(wiring.fixed_values, circuit.output_bytes(),
                                              challenges.v_slot, challenges.v_fixed);
}

zk::Composition wiring_composition(std::size_t ports) {
  zk::Composition c(2 * ports);
  auto sum = c.mul(c.column(0), c.column(1));
  for (std::size_t p = 1; p < ports; ++p)
    sum = c.add(sum, c.mul(c.column(2 * p), c.column(2 * p + 1)));
  return c;
}

std::vector<B128> slot_point(const Circuit& circuit, std::span<const B128> v_slot,
                             std::size_t offset, std::span<const B128> rho) {
  const auto slot_vars = static_cast<unsigned>(v_slot.size());
  const std::size_t slot = offset >> slot_vars;
  std::vector<B128> point(v_slot.begin(), v_slot.end());
  for (unsigned j = slot_vars; j < circuit.log_bits(); ++j) {
    point.push_back((slot >> (j - slot_vars)) & 1 ? B128::one() : B128::zero());
  }
  point.insert(point.end(), rho.begin(), rho.end());
  return point;
}

std::vector<std::vector<B128>> wiring_points(const Circuit& circuit,
                                             const WiringChallenges& challenges,
                                             std::span<const B128> rho) {
  std::vector<std::vector<B128>> points;
  for (std::size_t p = 0; p < port_count(circuit); ++p) {
    points.push_back(slot_point(circuit, challenges.v_slot, port_offset(circuit, p), rho));
  }
  return points;
}

}  // namespace detail

Status check_wirable(const Circuit& circuit) {
  const std::size_t port = 8 * circuit.output_bytes();
  const std::size_t chunks = circuit.input_bytes() / circuit.output_bytes();
  if (!std::has_single_bit(port) || port != std::size_t{1} << circuit.output_log_bits() ||
      chunks == 0 || !detail::inputs_held_as_outputs(circuit, chunks * circuit.output_bytes())) {
    return detail::invalid(std::string(circuit.name()) +
                           " cannot be wired: its outputs must fill their slot, a power of two of "
                           "bits, and its inputs begin with whole chunks of that size, committed "
                           "as the outputs are");
  }
  return Ok{};
}

}  // namespace merkleforge::boolean
