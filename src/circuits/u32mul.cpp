// u32 mul, one multiplication per row (docs/binius-cs.md "u32mul"): the 64-bit product of x and y
// as a column-compression multiplier over their partial products x_i·y_j (degree 2, never
// committed). Output bit positions are reduced from the lowest up: the bits at position k (its
// partial products and the carries from k − 1) go through full adders, three bits at a time, each
// adder's sum returning to position k and its carry moving to k + 1, until one bit is left (the
// public product bit z_k) or two (a half adder: sum z_k, carry to k + 1). Position 63 keeps no
// carries: z_63 is the XOR of its bits, as the product is below 2^64.
//
// Committed per multiplication: x and y (32 bits each), every carry and every sum that is read
// again — 1,986 bit columns, within the commitment's 2^11. Constraints per adder:
//   sum:   s + a + b + c = 0                        (linear, or degree 2 with a partial product)
//   carry: (a + c)·(b + c) + c + cout = 0           (the majority; degree 4 with partial products)
// and per half adder s + a + b = 0, cout + a·b = 0.
//
// One netlist (`Netlist`) drives both the system and the trace, so the witness's column order is
// the system's by construction; the trace runs it bit-sliced, 64 multiplications per word.
#include <algorithm>
#include <array>
#include <cstring>
#include <deque>

#include "circuits_internal.hpp"
#include "merkleforge/core/bits.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::circuits {
namespace {

constexpr unsigned kWordBits = 32;
constexpr unsigned kProductBits = 64;

/// Table variables: at least 6, so that every column is whole 64-bit words of the trace.
unsigned table_vars(std::size_t count) {
  return std::max(6u, detail::log2_ceil(count));
}

/// A bit of the multiplier: a partial product x_i·y_j, or a committed column.
struct Wire {
  bool partial_product = false;
  unsigned i = 0, j = 0;      ///< partial product x_i·y_j
  std::size_t committed = 0;  ///< committed column index (x_i is i, y_j is 32 + j)
};

/// Sets output bit `position` (public z) or, when `committed` is set, a committed column, to the
/// sum of the inputs; an adder also sets the committed carry column.
struct Gate {
  enum class Kind : std::uint8_t { full_adder, half_adder, output } kind;
  unsigned position = 0;
  std::vector<Wire> inputs;        ///< 3 (full), 2 (half), 1 or more (output: their XOR)
  bool sum_committed = false;      ///< the sum is a committed column (else it is z_position)
  std::size_t sum = 0, carry = 0;  ///< committed column indices
};

struct Netlist {
  std::vector<Gate> gates;
  std::size_t committed_columns = 0;
};

Netlist build_netlist() {
  Netlist net;
  net.committed_columns = 2 * kWordBits;  // x, then y
  auto fresh = [&net] { return Wire{false, 0, 0, net.committed_columns++}; };
  std::deque<Wire> pool, next;
  for (unsigned k = 0; k < kProductBits; ++k) {
    for (unsigned i = 0; i < kWordBits; ++i) {
      if (k >= i && k - i < kWordBits) pool.push_back(Wire{true, i, k - i, 0});
    }
    const bool last_position = k + 1 == kProductBits;
    while (!last_position && pool.size() >= 2) {
      const bool full = pool.size() >= 3;
      Gate g{full ? Gate::Kind::full_adder : Gate::Kind::half_adder, k, {}, false, 0, 0};
      for (std::size_t n = full ? 3 : 2; n > 0; --n) {
        g.inputs.push_back(pool.front());
        pool.pop_front();
      }
      g.sum_committed = !pool.empty();  // the last adder's sum is z_k
      if (g.sum_committed) {
        const Wire s = fresh();
        g.sum = s.committed;
        pool.push_back(s);
      }
      const Wire c = fresh();
      g.carry = c.committed;
      next.push_back(c);
      net.gates.push_back(std::move(g));
    }
    if (!pool.empty()) {
      net.gates.push_back(Gate{Gate::Kind::output, k, {pool.begin(), pool.end()}, false, 0, 0});
    } else if (last_position) {
      net.gates.push_back(Gate{Gate::Kind::output, k, {}, false, 0, 0});
    }
    pool = std::move(next);
    next.clear();
  }
  return net;
}

const Netlist& netlist() {
  static const Netlist net = build_netlist();
  return net;
}

std::uint64_t load_be(const std::uint8_t* p, unsigned bytes) {
  std::uint64_t v = 0;
  for (unsigned b = 0; b < bytes; ++b) v = v << 8 | p[b];
  return v;
}

class U32MulCircuit final : public Circuit {
 public:
  std::string_view name() const noexcept override { return "u32mul"; }
  std::size_t input_bytes() const noexcept override { return 8; }
  std::size_t output_bytes() const noexcept override { return 8; }
  std::size_t max_count() const noexcept override { return std::size_t{1} << 22; }

  cs::ConstraintSystem build_system(std::size_t count) const override {
    cs::ConstraintSystem s("u32mul");
    const unsigned n = table_vars(count);
    const std::size_t t = s.add_table("u32mul", n);
    const Netlist& net = netlist();
    std::vector<OracleId> committed(net.committed_columns);
    for (unsigned i = 0; i < kWordBits; ++i) {
      committed[i] = s.committed(t, "x" + std::to_string(i), cs::ColumnField::b1);
    }
    for (unsigned j = 0; j < kWordBits; ++j) {
      committed[kWordBits + j] = s.committed(t, "y" + std::to_string(j), cs::ColumnField::b1);
    }
    std::vector<OracleId> z(kProductBits);
    for (unsigned k = 0; k < kProductBits; ++k) {
      z[k] = s.public_column(t, "z" + std::to_string(k), cs::ColumnField::b1, detail::all_vars(n));
    }
    auto wire = [&](const Wire& w) {
      return w.partial_product ? cs::Expr(committed[w.i]) * committed[kWordBits + w.j]
                               : cs::Expr(committed[w.committed]);
    };
    std::size_t adder = 0;
    for (const Gate& g : net.gates) {
      const std::string where = "bit " + std::to_string(g.position);
      if (g.kind == Gate::Kind::output) {
        cs::Expr e(z[g.position]);
        for (const Wire& w : g.inputs) e = e + wire(w);
        s.constrain(t, "z" + std::to_string(g.position) + " = xor of " + where, e);
        continue;
      }
      const std::string name = "adder " + std::to_string(adder++) + " (" + where + ")";
      if (g.sum_committed) committed[g.sum] = s.committed(t, "sum of " + name, cs::ColumnField::b1);
      committed[g.carry] = s.committed(t, "carry of " + name, cs::ColumnField::b1);
      const cs::Expr sum_out =
          g.sum_committed ? cs::Expr(committed[g.sum]) : cs::Expr(z[g.position]);
      const cs::Expr a = wire(g.inputs[0]), b = wire(g.inputs[1]);
      const cs::Expr carry(committed[g.carry]);
      if (g.kind == Gate::Kind::full_adder) {
        const cs::Expr c = wire(g.inputs[2]);
        s.constrain(t, "sum of " + name, sum_out + a + b + c);
        s.constrain(t, "carry of " + name + " = majority", (a + c) * (b + c) + c + carry);
      } else {
        s.constrain(t, "sum of " + name, sum_out + a + b);
        s.constrain(t, "carry of " + name + " = and", a * b + carry);
      }
    }
    return s;
  }

  Trace trace(ByteSpan inputs) const override {
    const std::size_t count = inputs.size() / 8;
    const std::size_t column_bytes = cs::field_bytes(cs::ColumnField::b1, table_vars(count));
    const Netlist& net = netlist();
    Trace out;
    out.witness.columns.assign(net.committed_columns, Bytes(column_bytes, 0));
    out.outputs.assign(8 * count, 0);
    // Bit-sliced: bit r of every word is multiplication 64·group + r.
    // Grain 1: an item is 64 multiplications, bit-sliced.
    parallel_for(column_bytes / 8, 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t group = begin; group < end; ++group) {
        // Word r: multiplication r's y ‖ x; transposed, words 0..31 are x's bits, 32..63 y's.
        std::array<std::uint64_t, 64> operands{};
        for (std::size_t r = 0; r < 64 && 64 * group + r < count; ++r) {
          const std::size_t k = 64 * group + r;
          const std::uint64_t x = load_be(inputs.data() + 8 * k, 4);
          const std::uint64_t y = load_be(inputs.data() + 8 * k + 4, 4);
          operands[r] = y << 32 | x;
          const std::uint64_t z = x * y;
          for (unsigned b = 0; b < 8; ++b)
            out.outputs[8 * k + b] = static_cast<std::uint8_t>(z >> (56 - 8 * b));
        }
        transpose64(operands.data());
        std::vector<std::uint64_t> bits(net.committed_columns);
        std::copy(operands.begin(), operands.end(), bits.begin());
        auto value = [&](const Wire& w) {
          return w.partial_product ? bits[w.i] & bits[kWordBits + w.j] : bits[w.committed];
        };
        for (const Gate& g : net.gates) {
          if (g.kind == Gate::Kind::output) continue;
          const std::uint64_t a = value(g.inputs[0]), b = value(g.inputs[1]);
          const std::uint64_t c = g.kind == Gate::Kind::full_adder ? value(g.inputs[2]) : 0;
          if (g.sum_committed) bits[g.sum] = a ^ b ^ c;
          bits[g.carry] = (a & b) | (a & c) | (b & c);
        }
        for (std::size_t col = 0; col < net.committed_columns; ++col) {
          std::memcpy(out.witness.columns[col].data() + 8 * group, &bits[col], 8);  // little-endian
        }
      }
    });
    return out;
  }

  cs::PublicValues output_publics(std::size_t count, ByteSpan outputs) const override {
    return {bit_columns(count, outputs, 8, 0, kProductBits)};  // padding rows: 0 · 0 = 0
  }

  std::size_t input_columns() const noexcept override { return 2 * kWordBits; }

  std::vector<Bytes> input_publics(std::size_t count, ByteSpan inputs) const override {
    std::vector<Bytes> columns = bit_columns(count, inputs, 8, 0, kWordBits);
    for (Bytes& y : bit_columns(count, inputs, 8, 4, kWordBits)) columns.push_back(std::move(y));
    return columns;
  }

 private:
  /// Bit columns 0 .. bits − 1 of the big-endian value of `bits` bits at `offset` of each record
  /// (`stride` bytes), one instance per row (64 rows per word, transposed).
  static std::vector<Bytes> bit_columns(std::size_t count, ByteSpan records, std::size_t stride,
                                        std::size_t offset, unsigned bits) {
    const std::size_t column_bytes = cs::field_bytes(cs::ColumnField::b1, table_vars(count));
    std::vector<Bytes> columns(bits, Bytes(column_bytes, 0));
    for (std::size_t group = 0; 64 * group < count; ++group) {
      std::array<std::uint64_t, 64> values{};
      for (std::size_t r = 0; r < 64 && 64 * group + r < count; ++r) {
        values[r] = load_be(records.data() + stride * (64 * group + r) + offset, bits / 8);
      }
      transpose64(values.data());
      for (unsigned bit = 0; bit < bits; ++bit) {
        std::memcpy(columns[bit].data() + 8 * group, &values[bit], 8);  // little-endian
      }
    }
    return columns;
  }
};

}  // namespace

namespace detail {

const Circuit& u32mul_circuit() {
  static const U32MulCircuit circuit;
  return circuit;
}

}  // namespace detail
}  // namespace merkleforge::circuits
