// CircuitBuilder: records the operations and, in build(), lays out the committed bits
// (boolean/builder.hpp).
#include "merkleforge/boolean/builder.hpp"

#include <algorithm>
#include <bit>

#include "exponentiation.hpp"
#include "program.hpp"

namespace merkleforge::boolean {

using detail::Node;
using detail::OpCode;

namespace detail {

unsigned committed_bits(const Node& node) {
  switch (node.op) {
    case OpCode::bit_and:
    case OpCode::assert_zero:
      return node.width;
    case OpCode::add:
      return node.width - 1u;
    default:
      return 0;
  }
}

}  // namespace detail

namespace {

constexpr unsigned kMaxLogBits = 24;
/// The engine's zerocheck needs 9 variables: a smaller instance is padded up to them.
constexpr unsigned kMinLogBits = 9;

bool valid_width(unsigned width) {
  return width >= 1 && width <= 64;
}

std::string bits(unsigned width) {
  return std::to_string(width) + " bits";
}

/// Places the mul region after the inputs, aligned to its size, and returns where the gates may
/// start. Errors: invalid_argument for muls of different operand widths.
Result<std::size_t> lay_out_mul_region(detail::Program& p) {
  const std::size_t inputs_end = 8 * p.input_bytes;
  std::size_t count = 0;
  unsigned x_bits = 0, y_bits = 0;
  for (const Node& node : p.nodes) {
    if (node.op != OpCode::mul) continue;
    const unsigned x = p.nodes[node.x].width, y = p.nodes[node.y].width;  // operands, not node
    if (count++ > 0 && (x != x_bits || y != y_bits)) {
      return make_error(Errc::invalid_argument, "boolean: circuit " + p.name + " multiplies " +
                                                    bits(x) + " by " + bits(y) + " and " +
                                                    bits(x_bits) + " by " + bits(y_bits) +
                                                    " (one shape of mul per circuit)");
    }
    x_bits = x, y_bits = y;
  }
  if (count == 0) return inputs_end;
  const unsigned slot_log = detail::MulShape{x_bits, y_bits}.slot_log();
  const auto slots_log = static_cast<unsigned>(std::bit_width(count - 1));
  const std::size_t size = std::size_t{1} << (slot_log + slots_log);
  const std::size_t offset = (inputs_end + size - 1) / size * size;
  p.mul_region = MulRegion{offset, slot_log, slots_log, x_bits, y_bits};
  return offset + size;
}

}  // namespace

CircuitBuilder::CircuitBuilder(std::string name) : program_(std::make_unique<detail::Program>()) {
  program_->name = std::move(name);
}
CircuitBuilder::~CircuitBuilder() = default;
CircuitBuilder::CircuitBuilder(CircuitBuilder&&) noexcept = default;
CircuitBuilder& CircuitBuilder::operator=(CircuitBuilder&&) noexcept = default;

Wire CircuitBuilder::make(OpCode op, unsigned width, std::uint32_t x, std::uint32_t y,
                          const std::string& problem) {
  detail::Program& p = *program_;
  Node node{problem.empty() ? op : OpCode::constant,
            static_cast<std::uint8_t>(valid_width(width) ? width : 1)};
  if (problem.empty()) {
    node.x = x;
    node.y = y;
  } else if (p.error.empty()) {
    p.error = "boolean: circuit " + p.name + ": operation " + std::to_string(p.nodes.size()) +
              ": " + problem;
  }
  p.nodes.push_back(node);
  return Wire(static_cast<std::uint32_t>(p.nodes.size() - 1), node.width);
}

std::string CircuitBuilder::check_wire(Wire x, const char* operation) const {
  if (x.id_ >= program_->nodes.size() || program_->nodes[x.id_].width != x.width_) {
    return std::string(operation) + " of a wire that this builder did not make";
  }
  return {};
}

std::string CircuitBuilder::check_pair(Wire x, Wire y, const char* operation) const {
  std::string problem = check_wire(x, operation);
  if (problem.empty()) problem = check_wire(y, operation);
  if (problem.empty() && x.width() != y.width()) {
    problem = std::string(operation) + " of " + bits(x.width()) + " and " + bits(y.width());
  }
  return problem;
}

Wire CircuitBuilder::input(unsigned width, ByteOrder order) {
  std::string problem;
  if (!valid_width(width)) {
    problem = "input of " + bits(width);
  } else if (order == ByteOrder::big && (width % 8 != 0 || program_->declared_input_bits % 8)) {
    problem = "big-endian input of " + bits(width) + " at bit " +
              std::to_string(program_->declared_input_bits) + " (not whole bytes)";
  }
  const Wire wire = make(OpCode::input, width, 0, 0, problem);
  if (problem.empty()) {
    program_->nodes.back().order = order;
    program_->declared_input_bits += width;
  }
  return wire;
}

Wire CircuitBuilder::constant(std::uint64_t value, unsigned width) {
  std::string problem;
  if (!valid_width(width) || (width < 64 && value >> width != 0)) {
    problem = "constant " + std::to_string(value) + " of " + bits(width);
  }
  const Wire wire = make(OpCode::constant, width, 0, 0, problem);
  if (problem.empty()) program_->nodes.back().value = value;
  return wire;
}

Wire CircuitBuilder::bit_xor(Wire x, Wire y) {
  return make(OpCode::bit_xor, x.width(), x.id_, y.id_, check_pair(x, y, "xor"));
}

Wire CircuitBuilder::bit_and(Wire x, Wire y) {
  return make(OpCode::bit_and, x.width(), x.id_, y.id_, check_pair(x, y, "and"));
}

Wire CircuitBuilder::bit_or(Wire x, Wire y) {
  return bit_xor(bit_xor(x, y), bit_and(x, y));
}

Wire CircuitBuilder::bit_not(Wire x) {
  return make(OpCode::bit_not, x.width(), x.id_, 0, check_wire(x, "not"));
}

Wire CircuitBuilder::shifted(OpCode op, const char* operation, Wire x, unsigned shift) {
  std::string problem = check_wire(x, operation);
  if (problem.empty() && shift >= x.width()) {
    problem = std::string(operation) + " by " + std::to_string(shift) + " of a word of " +
              bits(x.width());
  }
  const Wire wire = make(op, x.width(), x.id_, 0, problem);
  if (problem.empty()) program_->nodes.back().shift = static_cast<std::uint8_t>(shift);
  return wire;
}

Wire CircuitBuilder::shl(Wire x, unsigned shift) {
  return shifted(OpCode::shl, "shl", x, shift);
}
Wire CircuitBuilder::shr(Wire x, unsigned shift) {
  return shifted(OpCode::shr, "shr", x, shift);
}
Wire CircuitBuilder::rotl(Wire x, unsigned shift) {
  return shifted(OpCode::rotl, "rotl", x, shift);
}
Wire CircuitBuilder::rotr(Wire x, unsigned shift) {
  return shifted(OpCode::rotr, "rotr", x, shift);
}

Wire CircuitBuilder::slice(Wire x, unsigned low, unsigned width) {
  std::string problem = check_wire(x, "slice");
  if (problem.empty() && (width == 0 || low >= x.width() || width > x.width() - low)) {
    problem = "slice of bits " + std::to_string(low) + " … " + std::to_string(low + width) +
              " of a word of " + bits(x.width());
  }
  const Wire wire = make(OpCode::slice, width, x.id_, 0, problem);
  if (problem.empty()) program_->nodes.back().shift = static_cast<std::uint8_t>(low);
  return wire;
}

Wire CircuitBuilder::concat(Wire low, Wire high) {
  std::string problem = check_wire(low, "concat");
  if (problem.empty()) problem = check_wire(high, "concat");
  const unsigned width = low.width() + high.width();
  if (problem.empty() && width > 64) problem = "concat of " + bits(width);
  return make(OpCode::concat, width, low.id_, high.id_, problem);
}

Wire CircuitBuilder::broadcast(Wire bit, unsigned width) {
  std::string problem = check_wire(bit, "broadcast");
  if (problem.empty() && (bit.width() != 1 || !valid_width(width))) {
    problem = "broadcast of " + bits(bit.width()) + " to " + bits(width);
  }
  return make(OpCode::broadcast, width, bit.id_, 0, problem);
}

Wire CircuitBuilder::add(Wire x, Wire y) {
  return make(OpCode::add, x.width(), x.id_, y.id_, check_pair(x, y, "add"));
}

Wire CircuitBuilder::select(Wire condition, Wire if_one, Wire if_zero) {
  if (std::string problem = check_wire(condition, "select");
      problem.empty() && condition.width() != 1) {
    return make(OpCode::constant, if_one.width(), 0, 0,
                "select on a condition of " + bits(condition.width()));
  }
  const Wire mask = broadcast(condition, if_one.width());
  return bit_xor(if_zero, bit_and(mask, bit_xor(if_one, if_zero)));
}

Wire CircuitBuilder::equal(Wire x, Wire y) {
  Wire same = bit_not(bit_xor(x, y));
  while (same.width() > 1) {  // AND the halves; an odd width's top bit waits for the next level
    const unsigned half = same.width() / 2;
    Wire folded = bit_and(slice(same, 0, half), slice(same, half, half));
    if (same.width() % 2 == 1) folded = concat(folded, slice(same, 2 * half, 1));
    same = folded;
  }
  return same;
}

Wire CircuitBuilder::mul(Wire x, Wire y) {
  std::string problem = check_wire(x, "mul");
  if (problem.empty()) problem = check_wire(y, "mul");
  const unsigned width = x.width() + y.width();
  if (problem.empty() && width > 64) {
    problem = "mul of " + bits(width) + " (at most 64: mul_wide for more)";
  }
  const Wire product = make(OpCode::mul, width, x.id_, y.id_, problem);
  // g^product = g^(x·y) says product ≡ x·y modulo 2^64 − 1; below 64 bits both sides are under
  // the modulus, and a 64-bit product is also not all ones (docs/boolean-builder.md).
  if (problem.empty() && width == 64) assert_zero(equal(product, all_ones(64)));
  return product;
}

std::pair<Wire, Wire> CircuitBuilder::mul_wide(Wire x, Wire y) {
  std::string problem = check_wire(x, "mul_wide");
  if (problem.empty()) problem = check_wire(y, "mul_wide");
  const unsigned width = x.width() + y.width();
  if (problem.empty() && width <= 64) {
    problem = "mul_wide of " + bits(width) + " (more than 64: mul for fewer)";
  }
  const Wire low = make(OpCode::mul, 64, x.id_, y.id_, problem);
  const Wire high = make(OpCode::mul_high, problem.empty() ? width - 64 : 1, low.id_, 0, problem);
  // In B128*: product ≡ x·y modulo 2^128 − 1, and a 128-bit product is not all ones.
  if (problem.empty() && width == 128) {
    assert_zero(bit_and(equal(low, all_ones(64)), equal(high, all_ones(64))));
  }
  return {low, high};
}

Wire CircuitBuilder::all_ones(unsigned width) {
  return constant(width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1, width);
}

void CircuitBuilder::assert_zero(Wire x) {
  make(OpCode::assert_zero, x.width(), x.id_, 0, check_wire(x, "assert_zero"));
}

void CircuitBuilder::output(Wire x, ByteOrder order) {
  detail::Program& p = *program_;
  std::string problem = check_wire(x, "output");
  if (problem.empty() && order == ByteOrder::big &&
      (x.width() % 8 != 0 || p.declared_output_bits % 8 != 0)) {
    problem = "big-endian output of " + bits(x.width()) + " at bit " +
              std::to_string(p.declared_output_bits) + " (not whole bytes)";
  }
  if (!problem.empty()) {
    make(OpCode::constant, 1, 0, 0, problem);
    return;
  }
  p.outputs.push_back({x.id_, order, static_cast<std::uint32_t>(p.declared_output_bits)});
  p.declared_output_bits += x.width();
}

Result<BuiltCircuit> CircuitBuilder::build() && {
  detail::Program& p = *program_;
  if (!p.error.empty()) return make_error(Errc::invalid_argument, p.error);
  if (p.outputs.empty()) {
    return make_error(Errc::invalid_argument, "boolean: circuit " + p.name + " has no outputs");
  }
  p.input_bytes = (p.declared_input_bits + 7) / 8;
  p.output_bytes = (p.declared_output_bits + 7) / 8;
  auto region_end = lay_out_mul_region(p);
  if (!region_end) return region_end.error();
  std::size_t input_bit = 0, next = *region_end, weight = 0, slot = 0;
  for (std::uint32_t id = 0; id < p.nodes.size(); ++id) {
    Node& node = p.nodes[id];
    node.weight = static_cast<std::uint32_t>(weight);
    weight += node.width;
    if (node.op == OpCode::input) {
      node.position = static_cast<std::uint32_t>(input_bit);
      input_bit += node.width;
    } else if (node.op == OpCode::mul) {
      node.position = static_cast<std::uint32_t>(p.mul_region->offset +
                                                 (slot++ << p.mul_region->slot_log_bits));
      p.gates.push_back(id);
    } else if (node.op == OpCode::mul_high) {  // the product field's bits from 64 on
      const detail::MulShape shape{p.mul_region->x_bits, p.mul_region->y_bits};
      node.position = p.nodes[node.x].position + (2u << shape.field_log()) + 64;
    } else if (const unsigned committed = detail::committed_bits(node); committed > 0) {
      node.position = static_cast<std::uint32_t>(next);
      next += committed;
      p.gates.push_back(id);
    }
  }
  std::sort(p.gates.begin(), p.gates.end(), [&](std::uint32_t a, std::uint32_t b) {
    return p.nodes[a].position < p.nodes[b].position;
  });
  p.weights = weight;
  p.gate_bits = next - 8 * p.input_bytes;
  p.output_log_bits = std::max(3u, static_cast<unsigned>(std::bit_width(8 * p.output_bytes - 1)));
  p.log_bits = std::max(kMinLogBits, p.output_log_bits);
  while (next + (std::size_t{1} << p.output_log_bits) > (std::size_t{1} << p.log_bits)) {
    ++p.log_bits;
  }
  if (p.log_bits > kMaxLogBits) {
    return make_error(Errc::invalid_argument, "boolean: circuit " + p.name + " needs 2^" +
                                                  std::to_string(p.log_bits) +
                                                  " committed bits per instance (at most 2^" +
                                                  std::to_string(kMaxLogBits) + ")");
  }
  p.output_offset = (std::size_t{1} << p.log_bits) - (std::size_t{1} << p.output_log_bits);
  detail::compile_schedule(p);
  return BuiltCircuit(std::shared_ptr<const detail::Program>(std::move(program_)));
}

}  // namespace merkleforge::boolean
