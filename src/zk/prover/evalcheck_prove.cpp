#include <array>
#include <bit>
#include <cstring>
#include <map>
#include <memory>

#include "evalcheck_common.hpp"
#include "merkleforge/binius/packed.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::zk {
namespace {

using binius::uint128;

// An oracle's values as the prover holds them: bits while the oracle is B1 (committed B1 columns,
// XORs of them, their shifts and tilings — the bulk of a bit-sliced circuit), else canonical
// B128. Keeping bits keeps a 2^n-row virtual column at 2^n / 8 bytes instead of 16·2^n.
struct Values {
  unsigned n_vars = 0;
  bool is_bits = false;
  // On huge pages (core/large_pages.hpp): a circuit materialises many columns of megabytes, and
  // faulting them in 4 KiB pages cost more than computing them.
  LargeVector<std::uint8_t> bits;          // (2^n + 7) / 8 bytes when is_bits (unless borrowed)
  const std::uint8_t* borrowed = nullptr;  // a committed column's bits, viewed in place
  LargeVector<B128> wide;                  // 2^n values otherwise

  /// The bits (owned or borrowed).
  ByteSpan bit_view() const {
    return borrowed != nullptr ? ByteSpan(borrowed, (size() + 7) / 8) : ByteSpan(bits);
  }

  std::size_t size() const { return std::size_t{1} << n_vars; }
  bool bit(std::size_t i) const { return ((bit_view()[i / 8] >> (i % 8)) & 1u) != 0; }
  void set_bit(std::size_t i) {
    bits[i / 8] = static_cast<std::uint8_t>(bits[i / 8] | (1u << (i % 8)));
  }
  B128 at(std::size_t i) const { return is_bits ? B128(bit(i)) : wide[i]; }

  static Values zero_bits(unsigned n) {
    Values v;
    v.n_vars = n;
    v.is_bits = true;
    v.bits.assign(((std::size_t{1} << n) + 7) / 8, 0);
    return v;
  }
  static Values zero_wide(unsigned n) {
    Values v;
    v.n_vars = n;
    v.wide.assign(std::size_t{1} << n, B128::zero());
    return v;
  }
  /// The same values as canonical B128.
  std::vector<B128> widened() const {
    if (!is_bits) return {wide.begin(), wide.end()};
    std::vector<B128> out(size());
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = B128(bit(i));
    return out;
  }
  B128 evaluate(std::span<const B128> point) const {
    return is_bits ? binius::evaluate_multilinear_b1(bit_view(), point).value()
                   : binius::evaluate_multilinear(wide, point).value();
  }
  std::vector<B128> partial_high(std::span<const B128> point) const {
    return is_bits ? binius::partial_evaluate_high_b1(bit_view(), n_vars, point).value()
                   : binius::partial_evaluate_high(wide, point).value();
  }
};

using ValuesPtr = std::shared_ptr<const Values>;

Error missing(OracleId id) {
  return make_error(
      Errc::invalid_argument,
      "evalcheck: no values of the right size for committed oracle " + std::to_string(id));
}

Result<Values> from_column(OracleId id, const Column& column, unsigned n_vars) {
  if (column.data == nullptr || column.n_vars != n_vars || !check_column(column)) {
    return missing(id);
  }
  if (column.field == ColumnField::b1) {
    Values v;
    v.n_vars = n_vars;
    v.is_bits = true;
    v.borrowed = static_cast<const std::uint8_t*>(column.data);
    return v;
  }
  Values v = Values::zero_wide(n_vars);
  for (std::size_t i = 0; i < v.size(); ++i) v.wide[i] = column_value(column, i);
  return v;
}

Values constant_values(unsigned n, B128 value) {
  if (value.value() > 1) {
    Values v = Values::zero_wide(n);
    std::fill(v.wide.begin(), v.wide.end(), value);
    return v;
  }
  Values v = Values::zero_bits(n);
  if (value == B128::one()) {
    for (std::size_t i = 0; i < v.size(); ++i) v.set_bit(i);
  }
  return v;
}

/// out[i] += c·values[i]. Multiplying by a constant is F2-linear: per byte position of the values
/// (only as many as their widest needs, 4 for B32), a table of c·(v << 8j) for the 256 bytes v,
/// built from 8 products by XORs, turns each product into one lookup per byte.
void add_scaled(B128 c, std::span<const B128> values, std::span<B128> out) {
  uint128 all = 0;
  for (B128 v : values) all |= v.value();
  unsigned n_bytes = 0;
  while (n_bytes < 16 && (all >> (8 * n_bytes)) != 0) ++n_bytes;
  std::vector<std::array<B128, 256>> table(n_bytes);
  for (unsigned j = 0; j < n_bytes; ++j) {
    table[j][0] = B128::zero();
    for (unsigned b = 0; b < 8; ++b) {
      const B128 basis = c * B128(uint128{1} << (8 * j + b));
      for (unsigned v = 1u << b; v < 2u << b; ++v) table[j][v] = table[j][v ^ (1u << b)] + basis;
    }
  }
  parallel_for(values.size(), 1 << 14, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) {
      B128 product;
      for (unsigned j = 0; j < n_bytes; ++j) {
        product += table[j][static_cast<std::uint8_t>(values[i].value() >> (8 * j))];
      }
      out[i] += product;
    }
  });
}

/// c0 + Σ c_t·o_t: XORs of the bit columns when every coefficient is 1 and c0 is a bit.
Values linear_combination(const OracleSet::Oracle& o, const std::vector<ValuesPtr>& terms) {
  bool bits = o.value.value() <= 1;
  for (std::size_t t = 0; t < terms.size(); ++t)
    bits &= terms[t]->is_bits && o.terms[t].second == B128::one();
  if (bits) {
    Values out = constant_values(o.n_vars, o.value);
    for (const ValuesPtr& term : terms) {
      const ByteSpan in = term->bit_view();
      for (std::size_t b = 0; b < out.bits.size(); ++b) out.bits[b] ^= in[b];
    }
    return out;
  }
  Values out = Values::zero_wide(o.n_vars);
  std::fill(out.wide.begin(), out.wide.end(), o.value);
  for (std::size_t t = 0; t < terms.size(); ++t) {
    const B128 coefficient = o.terms[t].second;
    if (terms[t]->is_bits) {  // c·b is c or 0: no products (circuits combine bits a lot)
      const ByteSpan in = terms[t]->bit_view();
      // A mask, not a branch: the bits are as good as random, and a mispredicted branch per
      // row made this loop the largest part of Grøstl's proof (2.3 s at 2^14 instances).
      for (std::size_t i = 0; i < out.size(); ++i) {
        const uint128 mask = uint128{0} - ((in[i / 8] >> (i % 8)) & 1u);
        out.wide[i] += B128(coefficient.value() & mask);
      }
      continue;
    }
    add_scaled(coefficient, terms[t]->wide, out.wide);
  }
  return out;
}

/// `pattern` (the low `width` bits) repeated across a 64-bit word.
std::uint64_t repeat_block(std::uint64_t pattern, unsigned width) {
  std::uint64_t out = 0;
  for (unsigned at = 0; at < 64; at += width) out |= pattern << at;
  return out;
}

/// Within-block shifts of a bit column. Blocks of up to 64 rows (a bit-sliced u64 lane is one
/// block of 64, a u32 one of 32) lie inside machine words: every block of a word moves at once
/// by a shift and masks. Larger blocks move bit by bit.
Values shifted_bits(const OracleSet::Oracle& o, const Values& in) {
  Values out = Values::zero_bits(o.n_vars);
  if (o.block_bits <= 6 && o.n_vars >= 6) {
    const unsigned width = 1u << o.block_bits;
    const auto offset = static_cast<unsigned>(o.index);  // < width by the builder
    const std::uint64_t block = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
    // Bits x < width − offset and x >= offset of every block.
    const std::uint64_t low = repeat_block(block >> offset, width);
    const std::uint64_t high = repeat_block((block << offset) & block, width);
    const ByteSpan source = in.bit_view();
    for (std::size_t w = 0; w < in.size() / 64; ++w) {
      std::uint64_t x;
      std::memcpy(&x, source.data() + 8 * w, 8);
      std::uint64_t y = 0;
      switch (o.shift) {
        case ShiftKind::cyclic:  // S[x] = T[(x + offset) mod width]
          y = offset == 0
                  ? x
                  : ((x >> offset) & low) |
                        ((x << (width - offset)) & repeat_block(block & ~(block >> offset), width));
          break;
        case ShiftKind::logical_left:  // S[x] = T[x − offset]
          y = (x << offset) & high;
          break;
        case ShiftKind::logical_right:  // S[x] = T[x + offset]
          y = (x >> offset) & low;
          break;
      }
      std::memcpy(out.bits.data() + 8 * w, &y, 8);
    }
    return out;
  }
  const std::size_t size = std::size_t{1} << o.block_bits;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t base = i & ~(size - 1);
    if (auto x = detail::shift_source(o.shift, o.block_bits, o.index, i - base)) {
      if (in.bit(base + *x)) out.set_bit(i);
    }
  }
  return out;
}

Values shifted_wide(const OracleSet::Oracle& o, const Values& in) {
  Values out = Values::zero_wide(o.n_vars);
  const std::size_t block = std::size_t{1} << o.block_bits;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t base = i & ~(block - 1);
    if (auto x = detail::shift_source(o.shift, o.block_bits, o.index, i - base)) {
      out.wide[i] = in.wide[base + *x];
    }
  }
  return out;
}

/// Copies `in` into the low part of `out` (repeating: every copy; zero padding: the first).
void tile(const Values& in, Values& out, bool repeat) {
  const std::size_t copies = repeat ? out.size() / in.size() : 1;
  for (std::size_t c = 0; c < copies; ++c) {
    const std::size_t base = c * in.size();
    if (!in.is_bits) {
      std::copy(in.wide.begin(), in.wide.end(),
                out.wide.begin() + static_cast<std::ptrdiff_t>(base));
    } else if (in.n_vars >= 3) {
      const ByteSpan bits = in.bit_view();
      std::copy(bits.begin(), bits.end(), out.bits.begin() + static_cast<std::ptrdiff_t>(base / 8));
    } else {
      for (std::size_t i = 0; i < in.size(); ++i) {
        if (in.bit(i)) out.set_bit(base + i);
      }
    }
  }
}

Result<Values> packed_values(const OracleSet::Oracle& o, const Values& inner) {
  Values out = Values::zero_wide(o.n_vars);
  const std::size_t count = std::size_t{1} << o.block_bits;
  const unsigned width = 1u << o.inner_level;
  const uint128 mask = width == 128 ? ~uint128{0} : (uint128{1} << width) - 1;
  for (std::size_t i = 0; i < out.size(); ++i) {
    for (std::size_t x = 0; x < count; ++x) {
      const uint128 v = inner.at(i * count + x).value();
      if ((v & ~mask) != 0) {
        return make_error(Errc::invalid_argument,
                          "evalcheck: a packed oracle's inner value is outside its field");
      }
      out.wide[i] += B128(v << (x * width));  // disjoint bits: the sum is the packing
    }
  }
  return out;
}

struct Materialiser {
  const OracleSet& oracles;
  std::span<const Column> committed;
  std::map<OracleId, ValuesPtr> memo;

  Result<ValuesPtr> get(OracleId id) {
    if (id >= oracles.size())
      return make_error(Errc::invalid_argument, "evalcheck: unknown oracle");
    if (auto it = memo.find(id); it != memo.end()) return it->second;
    auto values = build(id);
    if (!values) return values.error();
    auto ptr = std::make_shared<const Values>(std::move(*values));
    memo.emplace(id, ptr);
    return ptr;
  }

  Result<Values> build(OracleId id) {
    using Kind = OracleSet::Kind;
    const OracleSet::Oracle& o = oracles.at(id);
    ValuesPtr inner;
    if (o.kind == Kind::packed || o.kind == Kind::projected || o.kind == Kind::repeating ||
        o.kind == Kind::zero_padded || o.kind == Kind::shifted) {
      auto got = get(o.inner);
      if (!got) return got.error();
      inner = *got;
    }
    switch (o.kind) {
      case Kind::committed:
        if (id >= committed.size()) return missing(id);
        return from_column(id, committed[id], o.n_vars);
      case Kind::constant:
        return constant_values(o.n_vars, o.value);
      case Kind::step_down: {
        Values v = Values::zero_bits(o.n_vars);
        for (std::size_t i = 0; i < o.index; ++i) v.set_bit(i);
        return v;
      }
      case Kind::eq: {
        Values v;
        v.n_vars = o.n_vars;
        const std::vector<B128> tensor = binius::eq_tensor(o.fixed).value();  // n <= 40
        v.wide.assign(tensor.begin(), tensor.end());
        return v;
      }
      case Kind::packed:
        return packed_values(o, *inner);
      case Kind::linear_combination: {
        std::vector<ValuesPtr> terms;
        for (const auto& term : o.terms) {
          auto got = get(term.first);
          if (!got) return got.error();
          terms.push_back(*got);
        }
        return linear_combination(o, terms);
      }
      case Kind::projected: {
        Values v;
        v.n_vars = o.n_vars;
        const std::vector<B128> partial = inner->partial_high(o.fixed);
        v.wide.assign(partial.begin(), partial.end());
        return v;
      }
      case Kind::repeating:
      case Kind::zero_padded: {
        Values v = inner->is_bits ? Values::zero_bits(o.n_vars) : Values::zero_wide(o.n_vars);
        tile(*inner, v, o.kind == Kind::repeating);
        return v;
      }
      case Kind::shifted:
        return inner->is_bits ? shifted_bits(o, *inner) : shifted_wide(o, *inner);
    }
    return make_error(Errc::invalid_argument, "evalcheck: unknown oracle kind");
  }
};

struct ProverSide {
  const OracleSet& oracles;
  ProverTranscript& transcript;
  Materialiser& values;

  Result<std::vector<B128>> inner_values(std::span<const OracleId> ids,
                                         std::span<const B128> point) {
    std::vector<ValuesPtr> columns;
    for (OracleId id : ids) {
      auto column = values.get(id);
      if (!column) return column.error();
      columns.push_back(*column);
    }
    std::vector<B128> out(ids.size());
    parallel_for(ids.size(), 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t t = begin; t < end; ++t) out[t] = columns[t]->evaluate(point);
    });
    transcript.write_b128s(out);
    return out;
  }

  Result<std::vector<B128>> inner_values_at(OracleId id,
                                            std::span<const std::vector<B128>> points) {
    auto column = values.get(id);
    if (!column) return column.error();
    std::vector<B128> out;
    for (const auto& point : points) out.push_back((*column)->evaluate(point));
    transcript.write_b128s(out);
    return out;
  }

  Result<EvaluationClaims> shift_sumcheck(std::span<const detail::ShiftTask> tasks) {
    std::vector<std::vector<B128>> tables(2 * tasks.size());  // T(·, r_high) and ind per task
    std::vector<ValuesPtr> inners;
    for (const detail::ShiftTask& t : tasks) {
      auto inner = values.get(oracles.at(t.claim.oracle).inner);
      if (!inner) return inner.error();
      inners.push_back(*inner);
    }
    parallel_for(tasks.size(), 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t j = begin; j < end; ++j) {
        const OracleSet::Oracle& o = oracles.at(tasks[j].claim.oracle);
        const std::span<const B128> point(tasks[j].claim.point);
        tables[2 * j] = inners[j]->partial_high(point.subspan(o.block_bits));
        tables[2 * j + 1] = detail::shift_indicator(o, point.first(o.block_bits));
      }
    });
    std::vector<std::vector<Column>> columns;
    for (std::size_t j = 0; j < tasks.size(); ++j) {
      columns.push_back({Column::b128(tables[2 * j]), Column::b128(tables[2 * j + 1])});
    }
    return prove_sumcheck(detail::shift_claims(oracles, tasks), columns, transcript);
  }
};

}  // namespace

struct OracleValues::State {
  Materialiser values;
};

OracleValues::OracleValues(const OracleSet& oracles, std::span<const Column> committed)
    : state_(std::make_unique<State>(State{Materialiser{oracles, committed, {}}})) {}

OracleValues::~OracleValues() = default;

const OracleSet& OracleValues::oracles() const noexcept {
  return state_->values.oracles;
}

Result<Column> OracleValues::column(OracleId id) {
  auto values = state_->values.get(id);
  if (!values) return values.error();
  const Values& v = **values;
  return v.is_bits ? Column::b1(v.bit_view(), v.n_vars) : Column::b128(v.wide);
}

Result<std::vector<B128>> materialise_oracle(const OracleSet& oracles, OracleId id,
                                             std::span<const Column> committed) {
  Materialiser m{oracles, committed, {}};
  auto values = m.get(id);
  if (!values) return values.error();
  return (*values)->widened();
}

Result<std::vector<EvalClaim>> prove_evalcheck(std::span<const EvalClaim> claims,
                                               OracleValues& values, ProverTranscript& transcript) {
  const OracleSet& oracles = values.oracles();
  ProverSide side{oracles, transcript, values.state_->values};
  return detail::run_evalcheck(oracles, claims, side, transcript);
}

Result<std::vector<EvalClaim>> prove_evalcheck(const OracleSet& oracles,
                                               std::span<const EvalClaim> claims,
                                               std::span<const Column> committed,
                                               ProverTranscript& transcript) {
  OracleValues values(oracles, committed);
  return prove_evalcheck(claims, values, transcript);
}

}  // namespace merkleforge::zk
