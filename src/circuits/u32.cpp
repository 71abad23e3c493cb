// u32 add / xor / and / or, one operation per 32 rows (binius.md §4.2–4.3, Binius64's word-level
// forms). Rows 32k + i hold bit i of operation k's x, y and (add) carry-out; z is public.
//   xor: x + y + z = 0                                   (linear: checked at a random point)
//   and: x·y + z = 0          or: x + y + x·y + z = 0     (zerocheck, degree 2)
//   add: x + y + cin + z = 0 (linear) and (x + cin)·(y + cin) + cin + cout = 0, the majority of
//        x, y, cin, with cin = cout shifted up one row within each 32-row word (0 at bit 0).
#include <algorithm>
#include <bit>
#include <cstring>

#include "circuits_internal.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::circuits {
namespace {

enum class Op { add, xor_, and_, or_ };

std::uint32_t apply(Op op, std::uint32_t x, std::uint32_t y) {
  switch (op) {
    case Op::add:
      return x + y;
    case Op::xor_:
      return x ^ y;
    case Op::and_:
      return x & y;
    case Op::or_:
      return x | y;
  }
  return 0;
}

std::uint32_t load_be32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

/// Bit-column bytes of one u32 per operation (operation k at bytes 4k .. 4k + 3, little-endian).
void store_word(Bytes& column, std::size_t k, std::uint32_t v) {
  for (int b = 0; b < 4; ++b)
    column[4 * k + static_cast<std::size_t>(b)] = static_cast<std::uint8_t>(v >> (8 * b));
}

class U32Circuit final : public Circuit {
 public:
  U32Circuit(std::string_view name, Op op) : name_(name), op_(op) {}
  std::string_view name() const noexcept override { return name_; }
  std::size_t input_bytes() const noexcept override { return 8; }
  std::size_t output_bytes() const noexcept override { return 4; }
  std::size_t max_count() const noexcept override { return std::size_t{1} << 26; }

  cs::ConstraintSystem build_system(std::size_t count) const override {
    cs::ConstraintSystem s{std::string(name_)};
    const unsigned n = 5 + detail::log2_ceil(count);
    const std::size_t t = s.add_table(std::string(name_), n);
    const std::vector<unsigned> all = detail::all_vars(n);
    const OracleId x = s.committed(t, "x", cs::ColumnField::b1);
    const OracleId y = s.committed(t, "y", cs::ColumnField::b1);
    const OracleId z = s.public_column(t, "z", cs::ColumnField::b1, all);
    switch (op_) {
      case Op::xor_:
        s.constrain(t, "z = x xor y", cs::Expr(x) + y + z);
        break;
      case Op::and_:
        s.constrain(t, "z = x and y", cs::Expr(x) * y + z);
        break;
      case Op::or_:
        s.constrain(t, "z = x or y", cs::Expr(x) + y + cs::Expr(x) * y + z);
        break;
      case Op::add: {
        const OracleId cout = s.committed(t, "cout", cs::ColumnField::b1);
        const OracleId cin = s.shifted(cout, 5, 1, cs::ShiftKind::logical_left, "cin");
        s.constrain(t, "z = x + y + cin", cs::Expr(x) + y + cin + z);
        s.constrain(t, "cout = majority(x, y, cin)",
                    (cs::Expr(x) + cin) * (cs::Expr(y) + cin) + cin + cout);
        break;
      }
    }
    return s;
  }

  Trace trace(ByteSpan inputs) const override {
    const std::size_t count = inputs.size() / 8;
    const std::size_t slots = std::size_t{1} << detail::log2_ceil(count);
    Trace out;
    const std::size_t columns = op_ == Op::add ? 3 : 2;
    out.witness.columns.assign(columns, Bytes(4 * slots, 0));
    out.outputs.assign(4 * count, 0);
    // Grain 1: the partitioner cuts the millions of operations into ranges of thousands.
    parallel_for(count, 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t k = begin; k < end; ++k) {
        const std::uint32_t x = load_be32(inputs.data() + 8 * k);
        const std::uint32_t y = load_be32(inputs.data() + 8 * k + 4);
        const std::uint32_t z = apply(op_, x, y);
        store_word(out.witness.columns[0], k, x);
        store_word(out.witness.columns[1], k, y);
        if (op_ == Op::add) {
          // Carry out of bit i: the majority of x_i, y_i and the carry into bit i, x ^ y ^ z.
          const std::uint32_t carry_in = x ^ y ^ z;
          store_word(out.witness.columns[2], k, (x & y) | (x & carry_in) | (y & carry_in));
        }
        for (int b = 0; b < 4; ++b)
          out.outputs[4 * k + static_cast<std::size_t>(b)] =
              static_cast<std::uint8_t>(z >> (24 - 8 * b));
      }
    });
    return out;
  }

  cs::PublicValues output_publics(std::size_t count, ByteSpan outputs) const override {
    return {{words(count, outputs, 4, 0)}};
  }

  std::size_t input_columns() const noexcept override { return 2; }

  std::vector<Bytes> input_publics(std::size_t count, ByteSpan inputs) const override {
    return {words(count, inputs, 8, 0), words(count, inputs, 8, 4)};
  }

 private:
  /// A bit column of one big-endian u32 per instance, at `offset` in records of `stride` bytes.
  static Bytes words(std::size_t count, ByteSpan records, std::size_t stride, std::size_t offset) {
    Bytes column(4 * (std::size_t{1} << detail::log2_ceil(count)), 0);
    for (std::size_t k = 0; k < count; ++k) {
      store_word(column, k, load_be32(records.data() + stride * k + offset));
    }
    return column;
  }

  std::string_view name_;
  Op op_;
};

}  // namespace

namespace detail {

const Circuit& u32_circuit(std::string_view name) {
  static const U32Circuit add("u32add", Op::add), xor_("u32xor", Op::xor_),
      and_("u32and", Op::and_), or_("u32or", Op::or_);
  if (name == "u32add") return add;
  if (name == "u32xor") return xor_;
  if (name == "u32and") return and_;
  return or_;
}

}  // namespace detail
}  // namespace merkleforge::circuits
