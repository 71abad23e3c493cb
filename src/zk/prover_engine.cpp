#include "prover_engine.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <array>
#include <bit>

#include "binius/polyval_kernel.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/binius/polyval.hpp"

namespace merkleforge::zk::detail {
namespace {

using binius::from_polyval;
using binius::kPolyvalOne;
using binius::to_polyval;

const binius::detail::PolyvalKernel& kernel() noexcept {
  return binius::detail::active_polyval_kernel();
}

uint128 pmul(uint128 a, uint128 b) noexcept {
  uint128 out;
  kernel().mul(&a, &b, &out, 1);
  return out;
}

/// Folding and materialising run in parallel above this many output values.
constexpr std::size_t kParallelGrain = 1u << 12;

std::vector<uint128> eq_tensor_polyval(std::span<const uint128> point) {
  std::vector<uint128> eq = binius::eq_tensor(point).value();  // point.size() <= 40 by contract
  (void)to_polyval(eq, eq);
  return eq;
}

}  // namespace

std::vector<uint128> interpolate_small_points(std::span<const uint128> values) {
  const std::size_t m = values.size();
  std::vector<uint128> coeffs(m, 0);
  std::vector<uint128> basis(m);
  for (std::size_t i = 0; i < m; ++i) {
    // basis = Π_{j≠i} (X + j), denominator = Π_{j≠i} (i + j).
    std::fill(basis.begin(), basis.end(), 0);
    basis[0] = 1;
    std::size_t degree = 0;
    uint128 denominator = 1;
    for (std::size_t j = 0; j < m; ++j) {
      if (j == i) continue;
      ++degree;
      for (std::size_t k = degree; k > 0; --k) basis[k] = basis[k - 1] ^ mul(j, basis[k]);
      basis[0] = mul(j, basis[0]);
      denominator = mul(denominator, static_cast<uint128>(i ^ j));
    }
    const uint128 scale = mul(values[i], inverse(denominator));
    for (std::size_t k = 0; k < m; ++k) coeffs[k] ^= mul(scale, basis[k]);
  }
  return coeffs;
}

// --- ProverColumn -------------------------------------------------------------------------------

ProverColumn::ProverColumn(const Column& column) : n_vars_(column.n_vars) {
  if (column.field == ColumnField::b1) {
    bits_ = static_cast<const std::uint8_t*>(column.data);
    tensor_ = {kPolyvalOne};
    if (n_vars_ == 0) {
      materialise();
    } else {
      rebuild_tables();
    }
    return;
  }
  values_.resize(column.size());
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, values_.size(), kParallelGrain),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      for (std::size_t i = range.begin(); i < range.end(); ++i) {
                        values_[i] = to_polyval(column_value(column, i));
                      }
                    });
}

ProverColumn::ProverColumn(std::vector<uint128> polyval_values, unsigned n_vars)
    : n_vars_(n_vars), values_(std::move(polyval_values)) {}

void ProverColumn::rebuild_tables() {
  const std::size_t block = tensor_.size();  // 2^bit_rounds_
  group_bits_ = static_cast<unsigned>(std::min<std::size_t>(8, block));
  const std::size_t groups = block / group_bits_;
  const std::size_t entries = std::size_t{1} << group_bits_;
  tables_.assign(groups * entries, 0);
  for (std::size_t g = 0; g < groups; ++g) {
    uint128* table = tables_.data() + g * entries;
    const uint128* tensor = tensor_.data() + g * group_bits_;
    for (std::size_t s = 1; s < entries; ++s) {
      table[s] = table[s & (s - 1)] ^ tensor[std::countr_zero(s)];
    }
  }
}

uint128 ProverColumn::bit_block_value(std::size_t index) const noexcept {
  const std::size_t block = tensor_.size();
  const std::size_t entries = std::size_t{1} << group_bits_;
  const std::size_t mask = entries - 1;
  std::size_t position = index * block;
  uint128 sum = 0;
  const uint128* table = tables_.data();
  for (std::size_t g = 0; g < block / group_bits_; ++g, position += group_bits_, table += entries) {
    sum ^= table[(bits_[position / 8] >> (position % 8)) & mask];
  }
  return sum;
}

void ProverColumn::materialise() {
  if (tables_.empty()) rebuild_tables();
  values_.resize(std::size_t{1} << n_vars_);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, values_.size(), kParallelGrain),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      for (std::size_t i = range.begin(); i < range.end(); ++i) {
                        values_[i] = bit_block_value(i);
                      }
                    });
  bits_ = nullptr;
  tensor_ = {};
  tables_ = {};
}

void ProverColumn::pairs(std::size_t first, std::size_t count, uint128* lo, uint128* hi) const {
  if (bits_ == nullptr) {
    const uint128* v = values_.data() + 2 * first;
    for (std::size_t k = 0; k < count; ++k) {
      lo[k] = v[2 * k];
      hi[k] = v[2 * k + 1];
    }
    return;
  }
  for (std::size_t k = 0; k < count; ++k) {
    lo[k] = bit_block_value(2 * (first + k));
    hi[k] = bit_block_value(2 * (first + k) + 1);
  }
}

void ProverColumn::fold(uint128 r) {
  const uint128 rp = to_polyval(r);
  --n_vars_;
  if (bits_ != nullptr) {
    // eq(r, 0) = 1 + r on the new variable's 0 half, eq(r, 1) = r on its 1 half.
    const std::size_t half = tensor_.size();
    tensor_.resize(2 * half);
    kernel().mul_scalar(tensor_.data(), rp, tensor_.data() + half, half);
    for (std::size_t b = 0; b < half; ++b) tensor_[b] ^= tensor_[b + half];
    ++bit_rounds_;
    rebuild_tables();
    if (bit_rounds_ == kSwitchoverRound || n_vars_ == 0) materialise();
    return;
  }
  const std::size_t half = values_.size() / 2;
  std::vector<uint128> folded(half);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, half, kParallelGrain),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      std::array<uint128, ChunkEvaluator::kChunk> delta;
                      for (std::size_t j = range.begin(); j < range.end(); j += delta.size()) {
                        const std::size_t count = std::min(delta.size(), range.end() - j);
                        for (std::size_t k = 0; k < count; ++k) {
                          delta[k] = values_[2 * (j + k)] ^ values_[2 * (j + k) + 1];
                        }
                        kernel().mul_scalar(delta.data(), rp, delta.data(), count);
                        for (std::size_t k = 0; k < count; ++k) {
                          folded[j + k] = values_[2 * (j + k)] ^ delta[k];
                        }
                      }
                    });
  values_ = std::move(folded);
}

uint128 ProverColumn::final_value() const {
  return from_polyval(values_.at(0));
}

// --- ChunkEvaluator -----------------------------------------------------------------------------

ChunkEvaluator::ChunkEvaluator(const Composition& composition) {
  using Kind = Composition::OpKind;
  for (const Composition::Op& op : composition.ops()) {
    Op out{op.kind, false, op.lhs, op.rhs, 0};
    switch (op.kind) {
      case Kind::column:
        break;
      case Kind::constant:
        out.is_constant = true;
        out.value = to_polyval(op.value);
        break;
      case Kind::add:
      case Kind::mul: {
        const Op& a = ops_[op.lhs];
        const Op& b = ops_[op.rhs];
        if (a.is_constant && b.is_constant) {
          out.is_constant = true;
          out.value = op.kind == Kind::add ? a.value ^ b.value : pmul(a.value, b.value);
        }
        break;
      }
    }
    ops_.push_back(out);
  }
}

void ChunkEvaluator::evaluate(const uint128* const* columns, std::size_t count, uint128* scratch,
                              uint128* out) const {
  using Kind = Composition::OpKind;
  // Each non-constant node's values: a column's own array, or its slot of `scratch`.
  auto values_of = [&](std::size_t node) -> const uint128* {
    const Op& op = ops_[node];
    return op.kind == Kind::column ? columns[op.lhs] : scratch + node * kChunk;
  };
  for (std::size_t i = 0; i < ops_.size(); ++i) {
    const Op& op = ops_[i];
    if (op.is_constant || op.kind == Kind::column) continue;
    uint128* dst = scratch + i * kChunk;
    const Op& a = ops_[op.lhs];
    const Op& b = ops_[op.rhs];
    if (a.is_constant || b.is_constant) {
      const uint128 c = a.is_constant ? a.value : b.value;
      const uint128* v = values_of(a.is_constant ? op.rhs : op.lhs);
      if (op.kind == Kind::add) {
        for (std::size_t k = 0; k < count; ++k) dst[k] = v[k] ^ c;
      } else {
        kernel().mul_scalar(v, c, dst, count);
      }
      continue;
    }
    const uint128* x = values_of(op.lhs);
    const uint128* y = values_of(op.rhs);
    if (op.kind == Kind::add) {
      for (std::size_t k = 0; k < count; ++k) dst[k] = x[k] ^ y[k];
    } else {
      kernel().mul(x, y, dst, count);
    }
  }
  const std::size_t last = ops_.size() - 1;
  if (ops_[last].is_constant) {
    std::fill(out, out + count, ops_[last].value);
  } else {
    std::copy(values_of(last), values_of(last) + count, out);
  }
}

// --- Rounds -------------------------------------------------------------------------------------

EqWeights::EqWeights(std::span<const uint128> point) {
  const auto p = static_cast<unsigned>(point.size());
  const unsigned chunk_vars = std::countr_zero(ChunkEvaluator::kChunk);
  lo_vars = std::min(p, std::max((p + 1) / 2, chunk_vars));
  lo = eq_tensor_polyval(point.first(lo_vars));
  hi = eq_tensor_polyval(point.subspan(lo_vars));
}

std::vector<uint128> round_sums(const ChunkEvaluator& composition, std::span<ProverColumn> columns,
                                std::span<const unsigned> points, const EqWeights* weights) {
  constexpr std::size_t C = ChunkEvaluator::kChunk;
  const unsigned n = columns.front().n_vars();
  const std::size_t pairs = std::size_t{1} << (n - 1);
  const std::size_t chunk = std::min(C, pairs);
  const std::size_t n_chunks = pairs / chunk;
  unsigned top_bit = 0;
  for (unsigned t : points) top_bit = std::max(top_bit, static_cast<unsigned>(std::bit_width(t)));
  // Multiples of Δ by the tower elements 2^b (b >= 1): X0, X1, ... in the POLYVAL basis.
  std::vector<uint128> powers(top_bit);
  for (unsigned b = 1; b < top_bit; ++b) powers[b] = to_polyval(uint128{1} << b);
  const std::size_t n_columns = columns.size();
  const std::size_t grain = std::max<std::size_t>(1, kParallelGrain / chunk);

  auto body = [&](const tbb::blocked_range<std::size_t>& range, std::vector<uint128> acc) {
    // Per column: lo, hi, Δ·2^b for b < top_bit (b = 0 is Δ), and the point's values.
    const std::size_t per_column = 3 + top_bit;
    std::vector<uint128> buffers(n_columns * per_column * C);
    std::vector<uint128> scratch(composition.scratch_size());
    std::vector<uint128> result(C);
    std::vector<const uint128*> at_point(n_columns);
    for (std::size_t c = range.begin(); c < range.end(); ++c) {
      const std::size_t first = c * chunk;
      for (std::size_t col = 0; col < n_columns; ++col) {
        uint128* base = buffers.data() + col * per_column * C;
        uint128* lo = base;
        uint128* hi = base + C;
        columns[col].pairs(first, chunk, lo, hi);
        if (top_bit == 0) continue;
        uint128* delta = base + 2 * C;
        for (std::size_t k = 0; k < chunk; ++k) delta[k] = lo[k] ^ hi[k];
        for (unsigned b = 1; b < top_bit; ++b) {
          kernel().mul_scalar(delta, powers[b], delta + b * C, chunk);
        }
      }
      for (std::size_t p = 0; p < points.size(); ++p) {
        const unsigned t = points[p];
        for (std::size_t col = 0; col < n_columns; ++col) {
          uint128* base = buffers.data() + col * per_column * C;
          if (t <= 1) {
            at_point[col] = base + t * C;
            continue;
          }
          uint128* value = base + (2 + top_bit) * C;
          std::copy(base, base + chunk, value);
          for (unsigned b = 0; b < top_bit; ++b) {
            if (((t >> b) & 1) == 0) continue;
            const uint128* multiple = base + (2 + b) * C;
            for (std::size_t k = 0; k < chunk; ++k) value[k] ^= multiple[k];
          }
          at_point[col] = value;
        }
        composition.evaluate(at_point.data(), chunk, scratch.data(), result.data());
        if (weights != nullptr) {
          const std::size_t lo_mask = (std::size_t{1} << weights->lo_vars) - 1;
          kernel().mul(result.data(), weights->lo.data() + (first & lo_mask), result.data(), chunk);
        }
        uint128 sum = 0;
        for (std::size_t k = 0; k < chunk; ++k) sum ^= result[k];
        if (weights != nullptr) sum = pmul(sum, weights->hi[first >> weights->lo_vars]);
        acc[p] ^= sum;
      }
    }
    return acc;
  };
  std::vector<uint128> sums = tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, n_chunks, grain), std::vector<uint128>(points.size(), 0),
      body, [](std::vector<uint128> a, const std::vector<uint128>& b) {
        for (std::size_t i = 0; i < a.size(); ++i) a[i] ^= b[i];
        return a;
      });
  for (uint128& s : sums) s = from_polyval(s);
  return sums;
}

std::vector<uint128> multiply_halves(std::span<const uint128> in) {
  const std::size_t half = in.size() / 2;
  std::vector<uint128> out(half);
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, half, kParallelGrain),
                    [&](const tbb::blocked_range<std::size_t>& range) {
                      kernel().mul(in.data() + range.begin(), in.data() + half + range.begin(),
                                   out.data() + range.begin(), range.size());
                    });
  return out;
}

void fold_all(std::span<ProverColumn> columns, uint128 r) {
  for (ProverColumn& column : columns) column.fold(r);
}

}  // namespace merkleforge::zk::detail
