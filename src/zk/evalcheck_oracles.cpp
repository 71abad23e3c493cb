#include <algorithm>
#include <stdexcept>
#include <string>

#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/zk/column.hpp"
#include "merkleforge/zk/evalcheck.hpp"
#include "rounds.hpp"

namespace merkleforge::zk {
namespace {

constexpr unsigned kMaxShiftBlockBits = 16;

[[noreturn]] void bad(const std::string& what) {
  throw std::invalid_argument("oracle set: " + what);
}

OracleSet::Oracle make(OracleSet::Kind kind, unsigned n_vars) {
  OracleSet::Oracle o;
  o.kind = kind;
  o.n_vars = n_vars;
  return o;
}

}  // namespace

OracleId OracleSet::push(Oracle oracle) {
  if (oracle.n_vars > kMaxColumnVars) bad("more than 40 variables");
  oracles_.push_back(std::move(oracle));
  return oracles_.size() - 1;
}

void OracleSet::check(OracleId id) const {
  if (id >= oracles_.size()) bad("unknown oracle " + std::to_string(id));
}

OracleId OracleSet::committed(unsigned n_vars) {
  return push(make(Kind::committed, n_vars));
}

OracleId OracleSet::constant(unsigned n_vars, B128 value) {
  Oracle o = make(Kind::constant, n_vars);
  o.value = value;
  return push(std::move(o));
}

OracleId OracleSet::step_down(unsigned n_vars, std::size_t k) {
  if (n_vars > kMaxColumnVars || k > (std::size_t{1} << n_vars)) bad("step_down k > 2^n");
  Oracle o = make(Kind::step_down, n_vars);
  o.index = k;
  return push(std::move(o));
}

OracleId OracleSet::eq(std::vector<B128> point) {
  Oracle o = make(Kind::eq, static_cast<unsigned>(std::min<std::size_t>(point.size(), 64)));
  o.fixed = std::move(point);
  return push(std::move(o));
}

OracleId OracleSet::packed(OracleId inner, unsigned log_degree, unsigned inner_level) {
  check(inner);
  if (log_degree > oracles_[inner].n_vars || inner_level + log_degree > 7) {
    bad("packing more variables than the inner oracle has, or past B128");
  }
  Oracle o = make(Kind::packed, oracles_[inner].n_vars - log_degree);
  o.inner = inner;
  o.block_bits = log_degree;
  o.inner_level = inner_level;
  return push(std::move(o));
}

OracleId OracleSet::linear_combination(unsigned n_vars, B128 offset,
                                       std::vector<std::pair<OracleId, B128>> terms) {
  for (const auto& [id, coeff] : terms) {
    check(id);
    if (oracles_[id].n_vars != n_vars) bad("linear-combination term with another n_vars");
  }
  Oracle o = make(Kind::linear_combination, n_vars);
  o.value = offset;
  o.terms = std::move(terms);
  return push(std::move(o));
}

OracleId OracleSet::projected(OracleId inner, std::vector<B128> high_values) {
  check(inner);
  if (high_values.size() > oracles_[inner].n_vars) bad("projection fixes too many variables");
  Oracle o =
      make(Kind::projected, static_cast<unsigned>(oracles_[inner].n_vars - high_values.size()));
  o.inner = inner;
  o.fixed = std::move(high_values);
  return push(std::move(o));
}

OracleId OracleSet::repeating(OracleId inner, unsigned log_count) {
  check(inner);
  Oracle o = make(Kind::repeating, oracles_[inner].n_vars + log_count);
  o.inner = inner;
  return push(std::move(o));
}

OracleId OracleSet::zero_padded(OracleId inner, unsigned n_vars) {
  check(inner);
  if (n_vars < oracles_[inner].n_vars) bad("zero padding to fewer variables");
  Oracle o = make(Kind::zero_padded, n_vars);
  o.inner = inner;
  return push(std::move(o));
}

OracleId OracleSet::shifted(OracleId inner, unsigned block_bits, std::size_t offset,
                            ShiftKind kind) {
  check(inner);
  if (block_bits == 0 || block_bits > kMaxShiftBlockBits || block_bits > oracles_[inner].n_vars ||
      offset >= (std::size_t{1} << block_bits)) {
    bad("shift block of 0, more than 16 or more than n bits, or offset past the block");
  }
  Oracle o = make(Kind::shifted, oracles_[inner].n_vars);
  o.inner = inner;
  o.index = offset;
  o.block_bits = block_bits;
  o.shift = kind;
  return push(std::move(o));
}

}  // namespace merkleforge::zk
