// BuiltCircuit: the builder's program interpreted forward on words (witness, operands) and
// backward with field weights (transpose), as boolean/circuit.hpp defines the two walks.
#include <algorithm>
#include <cstring>
#include <span>
#include <vector>

#include "exponentiation.hpp"
#include "merkleforge/binius/tower.hpp"
#include "merkleforge/boolean/builder.hpp"
#include "program.hpp"

namespace merkleforge::boolean {

using detail::low_mask;
using detail::Node;
using detail::OpCode;
using detail::Program;
using detail::Step;

namespace {

/// S, the size of a mul's x and y fields (exponentiation.hpp, MulShape): y lies S bits after the
/// slot's start and the product 2S.
std::size_t field_size(unsigned x_bits, unsigned y_bits) {
  return std::size_t{1} << detail::MulShape{x_bits, y_bits}.field_log();
}

/// Bits [position, position + width) of v, width ≤ 64: in one word or across two.
std::uint64_t get_field(const std::uint64_t* v, std::size_t position, unsigned width) {
  const std::size_t word = position / 64;
  const unsigned offset = position % 64;
  std::uint64_t field = v[word] >> offset;
  if (offset + width > 64) field |= v[word + 1] << (64 - offset);
  return field & low_mask(width);
}

void put_field(std::uint64_t* v, std::size_t position, std::uint64_t field, unsigned width) {
  const std::size_t word = position / 64;
  const unsigned offset = position % 64;
  field &= low_mask(width);
  v[word] = (v[word] & ~(low_mask(width) << offset)) | field << offset;
  if (offset + width > 64) {
    const unsigned spill = offset + width - 64;
    v[word + 1] = (v[word + 1] & ~low_mask(spill)) | field >> (64 - offset);
  }
}

/// A word of whole bytes with its byte order reversed; other words unchanged.
std::uint64_t reorder(std::uint64_t value, unsigned width, ByteOrder order) {
  return order == ByteOrder::little ? value : __builtin_bswap64(value) >> (64 - width);
}

/// Inclusive prefix XOR: bit i of the result is the XOR of bits 0 … i.
std::uint64_t prefix_xor(std::uint64_t x) {
  for (unsigned s = 1; s < 64; s <<= 1) x ^= x << s;
  return x;
}

/// What a forward walk computes: the witness (the gates' bits, committed into z), the operands
/// of any z (gates' bits read from z, honest or not), or both at once (the prover's witness).
enum class Walk { witness, operands, both };

/// The forward walk (`commit` is z's memory, which holds the inputs, unless kWalk is operands).
/// Returns the wires' values (the thread's scratch).
template <Walk kWalk>
const std::uint64_t* forward(const Program& p, const std::uint64_t* z, std::uint64_t* commit,
                             std::uint64_t* a, std::uint64_t* b) {
  constexpr bool kCommits = kWalk != Walk::operands, kOperands = kWalk != Walk::witness;
  thread_local std::vector<std::uint64_t> values;
  values.resize(p.nodes.size());
  std::uint64_t* v = values.data();
  for (const Step& s : p.schedule) {
    const std::uint64_t mask = low_mask(s.width);
    switch (s.kind) {
      case Step::Kind::input:
        v[s.wire] = reorder(get_field(z, s.position, s.width), s.width, s.order);
        break;
      case Step::Kind::linear: {
        std::uint64_t value = s.value;
        for (const detail::Term& t : std::span(p.terms).subspan(s.x, s.y)) {
          value ^= detail::rotate_left(v[t.wire], t.rotation, s.width) & t.mask;
        }
        v[s.wire] = value;
        break;
      }
      case Step::Kind::slice:
        v[s.wire] = (v[s.x] >> s.shift) & mask;
        break;
      case Step::Kind::concat:
        v[s.wire] = v[s.x] | v[s.y] << s.shift;
        break;
      case Step::Kind::broadcast:
        v[s.wire] = v[s.x] != 0 ? mask : 0;
        break;
      case Step::Kind::bit_and:
        if constexpr (kCommits) {
          v[s.wire] = v[s.x] & v[s.y];
          put_field(commit, s.position, v[s.wire], s.width);
        } else {
          v[s.wire] = get_field(z, s.position, s.width);
        }
        if constexpr (kOperands) {
          put_field(a, s.position, v[s.x], s.width);
          put_field(b, s.position, v[s.y], s.width);
        }
        break;
      case Step::Kind::mul: {
        // The slot (MulShape): x and y copied ((bit)·1 rows), then the product (free: 1·z_j rows);
        // a wide product's bits from 64 on are its mul_high's.
        const unsigned x_bits = p.nodes[s.x].width, y_bits = p.nodes[s.y].width;
        const std::uint64_t x = v[s.x], y = v[s.y];
        const std::size_t y_at = s.position + field_size(x_bits, y_bits),
                          product_at = 2 * y_at - s.position;
        if constexpr (kCommits) {
          v[s.wire] = x * y;
          put_field(commit, s.position, x, x_bits);
          put_field(commit, y_at, y, y_bits);
          put_field(commit, product_at, v[s.wire], s.width);
        } else {
          v[s.wire] = get_field(z, product_at, s.width);
        }
        if constexpr (kOperands) {
          put_field(a, s.position, x, x_bits);
          put_field(a, y_at, y, y_bits);
          put_field(b, s.position, ~std::uint64_t{0}, x_bits);
          put_field(b, y_at, ~std::uint64_t{0}, y_bits);
          put_field(a, product_at, ~std::uint64_t{0}, s.width);
          put_field(b, product_at, v[s.wire], s.width);
        }
        break;
      }
      case Step::Kind::mul_high: {
        const detail::Node& m = p.nodes[s.x];
        if constexpr (kCommits) {
          v[s.wire] = static_cast<std::uint64_t>(binius::uint128{v[m.x]} * v[m.y] >> 64) & mask;
          put_field(commit, s.position, v[s.wire], s.width);
        } else {
          v[s.wire] = get_field(z, s.position, s.width);
        }
        if constexpr (kOperands) {
          put_field(a, s.position, ~std::uint64_t{0}, s.width);
          put_field(b, s.position, v[s.wire], s.width);
        }
        break;
      }
      case Step::Kind::assert_zero:
        // Rows (x_i + z_j)·1 = z_j; the witness's z_j are 0.
        if constexpr (kOperands) {
          const std::uint64_t bits = kCommits ? 0 : get_field(z, s.position, s.width);
          put_field(a, s.position, v[s.x] ^ bits, s.width);
          put_field(b, s.position, ~std::uint64_t{0}, s.width);
        }
        break;
      case Step::Kind::add: {
        // Carries c_i (bit i); the committed d_(i+1) = (x_i + c_i)·(y_i + c_i) = c_(i+1) + c_i.
        const std::uint64_t x = v[s.x], y = v[s.y];
        const unsigned products = s.width - 1u;
        std::uint64_t carries;
        if constexpr (kCommits) {
          carries = ((x + y) ^ x ^ y) & mask;
          if (products > 0)
            put_field(commit, s.position, (carries ^ (carries << 1)) >> 1, products);
        } else {
          carries = products > 0 ? prefix_xor(get_field(z, s.position, products) << 1) & mask : 0;
        }
        if (kOperands && products > 0) {
          put_field(a, s.position, x ^ carries, products);
          put_field(b, s.position, y ^ carries, products);
        }
        v[s.wire] = (x ^ y ^ carries) & mask;
        break;
      }
    }
  }
  return v;
}

/// The input rows, 1 · z_j: a all ones and b the input bits, over the whole input region.
void input_rows(const Program& p, const std::uint64_t* z, std::uint64_t* a, std::uint64_t* b) {
  const std::size_t input_bits = 8 * p.input_bytes;
  std::fill(a, a + input_bits / 64, ~std::uint64_t{0});
  std::copy(z, z + input_bits / 64, b);
  if (input_bits % 64 != 0) {
    put_field(a, input_bits / 64 * 64, ~std::uint64_t{0}, input_bits % 64);
    b[input_bits / 64] = z[input_bits / 64] & low_mask(input_bits % 64);
  }
}

/// The outputs' bits in their slot of `v` (z, or a for the output rows (output bit) · 1, whose
/// b is all ones).
void output_rows(const Program& p, const std::uint64_t* values, std::uint64_t* v,
                 std::uint64_t* ones) {
  for (const detail::OutputSlot& out : p.outputs) {
    const unsigned width = p.nodes[out.wire].width;
    const std::size_t position = p.output_offset + out.position;
    put_field(v, position, reorder(values[out.wire], width, out.order), width);
    if (ones != nullptr) put_field(ones, position, ~std::uint64_t{0}, width);
  }
}

/// The backward walk's weights: one per bit of every wire.
class Weights {
 public:
  explicit Weights(const Program& p) : table_(p.weights) {}
  B128P* of(const Node& node) { return table_.data() + node.weight; }

 private:
  std::vector<B128P> table_;
};

/// Moves the weights of node n's bits onto its operands' (and the committed bits'), and returns
/// the share of the constants.
B128P backward(const Program& p, const Node& n, Weights& weights, std::span<const B128P> wa,
               std::span<const B128P> wb, std::span<B128P> columns) {
  const B128P* w = weights.of(n);
  B128P* x = n.op == OpCode::input || n.op == OpCode::constant ? nullptr : weights.of(p.nodes[n.x]);
  B128P constant;
  // Product rows 1·z_j from `first`, whose bits the wire carries.
  const auto product_rows = [&](std::size_t first, unsigned width) {
    for (unsigned i = 0; i < width; ++i) {
      constant += wa[first + i];
      columns[first + i] += wb[first + i] + w[i];
    }
  };
  switch (n.op) {
    case OpCode::input:
      for (unsigned i = 0; i < n.width; ++i)
        columns[n.position + detail::layout_bit(i, n.width, n.order)] += w[i];
      break;
    case OpCode::constant:
      for (unsigned i = 0; i < n.width; ++i) {
        if ((n.value >> i) & 1) constant += w[i];
      }
      break;
    case OpCode::bit_xor: {
      B128P* y = weights.of(p.nodes[n.y]);
      for (unsigned i = 0; i < n.width; ++i) x[i] += w[i], y[i] += w[i];
      break;
    }
    case OpCode::bit_not:
      for (unsigned i = 0; i < n.width; ++i) x[i] += w[i], constant += w[i];
      break;
    case OpCode::shl:
      for (unsigned i = n.shift; i < n.width; ++i) x[i - n.shift] += w[i];
      break;
    case OpCode::shr:
      for (unsigned i = 0; i + n.shift < n.width; ++i) x[i + n.shift] += w[i];
      break;
    case OpCode::rotl:
      for (unsigned i = 0; i < n.width; ++i) x[(i + n.width - n.shift) % n.width] += w[i];
      break;
    case OpCode::rotr:
      for (unsigned i = 0; i < n.width; ++i) x[(i + n.shift) % n.width] += w[i];
      break;
    case OpCode::slice:
      for (unsigned i = 0; i < n.width; ++i) x[i + n.shift] += w[i];
      break;
    case OpCode::concat: {
      const unsigned low = p.nodes[n.x].width;
      B128P* y = weights.of(p.nodes[n.y]);
      for (unsigned i = 0; i < n.width; ++i) (i < low ? x[i] : y[i - low]) += w[i];
      break;
    }
    case OpCode::broadcast:
      for (unsigned i = 0; i < n.width; ++i) x[0] += w[i];
      break;
    case OpCode::bit_and: {
      B128P* y = weights.of(p.nodes[n.y]);
      for (unsigned i = 0; i < n.width; ++i) {
        columns[n.position + i] += w[i];
        x[i] += wa[n.position + i];
        y[i] += wb[n.position + i];
      }
      break;
    }
    case OpCode::mul: {
      // Copy rows x_i·1 = z_j and y_i·1 = z_j; product rows 1·z_j, whose bits the wire carries.
      B128P* y = weights.of(p.nodes[n.y]);
      const unsigned x_bits = p.nodes[n.x].width, y_bits = p.nodes[n.y].width;
      const std::size_t y_at = n.position + field_size(x_bits, y_bits);
      for (unsigned i = 0; i < x_bits; ++i) {
        x[i] += wa[n.position + i];
        constant += wb[n.position + i];
      }
      for (unsigned i = 0; i < y_bits; ++i) {
        y[i] += wa[y_at + i];
        constant += wb[y_at + i];
      }
      product_rows(2 * y_at - n.position, n.width);
      break;
    }
    case OpCode::mul_high:
      product_rows(n.position, n.width);
      break;
    case OpCode::assert_zero:
      for (unsigned i = 0; i < n.width; ++i) {
        x[i] += wa[n.position + i];
        columns[n.position + i] += wa[n.position + i];
        constant += wb[n.position + i];
      }
      break;
    case OpCode::add: {
      // c_i enters the sum's bit i and, for i < width − 1, both operands of row i; d_k enters
      // every c_i with i ≥ k, so its column takes the weights of c_k … c_(width−1).
      B128P* y = weights.of(p.nodes[n.y]);
      const unsigned products = n.width - 1u;
      B128P carry_weight;
      for (unsigned i = products; i >= 1; --i) {
        B128P ci = w[i];
        if (i < products) ci += wa[n.position + i] + wb[n.position + i];
        carry_weight += ci;
        columns[n.position + i - 1] += carry_weight;
      }
      for (unsigned i = 0; i < n.width; ++i) {
        x[i] += w[i];
        y[i] += w[i];
        if (i < products) x[i] += wa[n.position + i], y[i] += wb[n.position + i];
      }
      break;
    }
  }
  return constant;
}

}  // namespace

BuiltCircuit::BuiltCircuit(std::shared_ptr<const Program> program) : program_(std::move(program)) {}

std::string_view BuiltCircuit::name() const noexcept {
  return program_->name;
}
unsigned BuiltCircuit::log_bits() const noexcept {
  return program_->log_bits;
}
std::size_t BuiltCircuit::input_bytes() const noexcept {
  return program_->input_bytes;
}
std::size_t BuiltCircuit::output_bytes() const noexcept {
  return program_->output_bytes;
}
unsigned BuiltCircuit::output_log_bits() const noexcept {
  return program_->output_log_bits;
}
std::size_t BuiltCircuit::output_offset() const noexcept {
  return program_->output_offset;
}
std::optional<MulRegion> BuiltCircuit::mul_region() const {
  return program_->mul_region;
}

std::size_t BuiltCircuit::gate_bits() const noexcept {
  return program_->gate_bits;
}

void BuiltCircuit::place_inputs(ByteSpan input, std::span<std::uint64_t> region) const {
  std::fill(region.begin(), region.end(), 0);
  std::memcpy(region.data(), input.data(), input.size());  // bit t of byte b at 8b + t
}

void BuiltCircuit::witness(ByteSpan input, std::span<std::uint64_t> z) const {
  const Program& p = *program_;
  std::fill(z.begin(), z.end(), 0);
  place_inputs(input, z.first(input_words()));
  const std::uint64_t* v = forward<Walk::witness>(p, z.data(), z.data(), nullptr, nullptr);
  output_rows(p, v, z.data(), nullptr);
}

void BuiltCircuit::witness_and_operands(ByteSpan input, std::span<std::uint64_t> z,
                                        std::span<std::uint64_t> a,
                                        std::span<std::uint64_t> b) const {
  const Program& p = *program_;
  std::fill(z.begin(), z.end(), 0);
  std::fill(a.begin(), a.end(), 0);
  std::fill(b.begin(), b.end(), 0);
  place_inputs(input, z.first(input_words()));
  input_rows(p, z.data(), a.data(), b.data());
  const std::uint64_t* v = forward<Walk::both>(p, z.data(), z.data(), a.data(), b.data());
  output_rows(p, v, z.data(), nullptr);
  output_rows(p, v, a.data(), b.data());
}

void BuiltCircuit::output(std::span<const std::uint64_t> z, std::span<std::uint8_t> out) const {
  for (std::size_t byte = 0; byte < program_->output_bytes; ++byte) {
    out[byte] =
        static_cast<std::uint8_t>(get_field(z.data(), program_->output_offset + 8 * byte, 8));
  }
}

void BuiltCircuit::operands(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                            std::span<std::uint64_t> b) const {
  const Program& p = *program_;
  std::fill(a.begin(), a.end(), 0);
  std::fill(b.begin(), b.end(), 0);
  input_rows(p, z.data(), a.data(), b.data());
  const std::uint64_t* v = forward<Walk::operands>(p, z.data(), nullptr, a.data(), b.data());
  output_rows(p, v, a.data(), b.data());
}

B128P BuiltCircuit::transpose(std::span<const B128P> wa, std::span<const B128P> wb,
                              std::span<B128P> columns) const {
  const Program& p = *program_;
  Weights weights(p);
  B128P constant;
  for (const detail::OutputSlot& out : p.outputs) {  // output rows: (output bit) · 1
    const Node& n = p.nodes[out.wire];
    B128P* w = weights.of(n);
    for (unsigned i = 0; i < n.width; ++i) {
      const std::size_t row =
          p.output_offset + out.position + detail::layout_bit(i, n.width, out.order);
      w[i] += wa[row];
      constant += wb[row];
    }
  }
  for (std::size_t row = 0; row < 8 * p.input_bytes; ++row) {  // input rows: 1 · z_j
    constant += wa[row];
    columns[row] += wb[row];
  }
  for (std::size_t id = p.nodes.size(); id-- > 0;) {
    constant += backward(p, p.nodes[id], weights, wa, wb, columns);
  }
  return constant;
}

std::string BuiltCircuit::row_name(std::size_t row) const {
  const Program& p = *program_;
  if (row < 8 * p.input_bytes) return "input bit " + std::to_string(row);
  if (row >= p.output_offset) return "output slot bit " + std::to_string(row - p.output_offset);
  const auto gate =
      std::upper_bound(p.gates.begin(), p.gates.end(), row,
                       [&](std::size_t r, std::uint32_t id) { return r < p.nodes[id].position; });
  if (gate != p.gates.begin()) {
    const Node& n = p.nodes[*std::prev(gate)];
    const std::size_t span = n.op == OpCode::mul ? std::size_t{1} << p.mul_region->slot_log_bits
                                                 : detail::committed_bits(n);
    if (row < n.position + span) {
      const char* kind = n.op == OpCode::add           ? " (add"
                         : n.op == OpCode::mul         ? " (mul"
                         : n.op == OpCode::assert_zero ? " (assert_zero"
                                                       : " (and";
      return std::string("operation ") + std::to_string(*std::prev(gate)) + kind + ", " +
             std::to_string(n.width) + " bits), bit " + std::to_string(row - n.position);
    }
  }
  return "padding bit " + std::to_string(row);
}

}  // namespace merkleforge::boolean
