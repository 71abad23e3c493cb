#include "prover_engine.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <optional>

#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::zk::detail {
namespace {

using binius::to_canonical;
using binius::to_polyval;

const binius::PolyvalKernel& kernel() noexcept {
  return binius::active_polyval_kernel();
}

/// Folding and materialising run in parallel above this many output values.
constexpr std::size_t kParallelGrain = 1u << 12;

/// A reduction over chunks of rows runs in at most this many blocks (parallel_reduce makes one
/// accumulator per block).
constexpr std::size_t kMaxReduceBlocks = 64;

/// The per-point (or per-pattern) sums of two blocks of a round, added.
std::vector<B128P> add_sums(std::vector<B128P> a, const std::vector<B128P>& b) {
  for (std::size_t i = 0; i < a.size(); ++i) a[i] += b[i];
  return a;
}

/// The eq tensor of a canonical point, in the POLYVAL basis.
std::vector<B128P> eq_tensor_polyval(std::span<const B128> point) {
  return binius::polyval_eq_tensor(to_polyval(point));
}

}  // namespace

std::vector<B128> interpolate_small_points(std::span<const B128> values) {
  const std::size_t m = values.size();
  std::vector<B128> coeffs(m);
  std::vector<B128> basis(m);
  for (std::size_t i = 0; i < m; ++i) {
    // basis = Π_{j≠i} (X + j), denominator = Π_{j≠i} (i + j).
    std::fill(basis.begin(), basis.end(), B128::zero());
    basis[0] = B128::one();
    std::size_t degree = 0;
    B128 denominator = B128::one();
    for (std::size_t j = 0; j < m; ++j) {
      if (j == i) continue;
      ++degree;
      for (std::size_t k = degree; k > 0; --k) basis[k] = basis[k - 1] + B128(j) * basis[k];
      basis[0] = B128(j) * basis[0];
      denominator *= B128(i ^ j);
    }
    const B128 scale = values[i] * denominator.inverse();
    for (std::size_t k = 0; k < m; ++k) coeffs[k] += scale * basis[k];
  }
  return coeffs;
}

std::vector<unsigned> round_points(unsigned degree) {
  std::vector<unsigned> points{0};
  if (degree < 2) return points;
  for (unsigned t = 2; t < degree; ++t) points.push_back(t);
  points.push_back(kInfinity);
  return points;
}

std::vector<B128> round_coefficients(unsigned degree, std::span<const B128> values, B128 top) {
  const std::size_t d = degree;
  if (d < 2) return interpolate_small_points(values);
  // h(X) = g(X) − top·X^d has degree < d: interpolate it at 0 … d − 1, then restore top.
  std::vector<B128> reduced(values.begin(), values.end());
  for (std::size_t t = 0; t < d; ++t) {
    B128 power = B128::one();
    for (std::size_t k = 0; k < d; ++k) power *= B128(t);
    reduced[t] += top * power;
  }
  std::vector<B128> coeffs = interpolate_small_points(reduced);
  coeffs.push_back(top);
  return coeffs;
}

// --- ProverColumn -------------------------------------------------------------------------------

ProverColumn::ProverColumn(const Column& column) : n_vars_(column.n_vars) {
  if (column.field == ColumnField::b1) {
    bits_ = static_cast<const std::uint8_t*>(column.data);
    tensor_ = {B128P::one()};
    if (n_vars_ == 0) {
      materialise();
    } else {
      rebuild_tables();
    }
    return;
  }
  values_ = polyval_values(column);
}

PolyvalTable polyval_values(const Column& column) {
  PolyvalTable out(column.size());
  if (column.field == ColumnField::b8) {
    // 256 images, then one lookup per element.
    std::array<B128P, 256> image;
    for (std::size_t b = 0; b < image.size(); ++b) image[b] = to_polyval(B128(b));
    const auto* bytes = static_cast<const std::uint8_t*>(column.data);
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = image[bytes[i]];
    return out;
  }
  if (column.field == ColumnField::b128) {  // the bulk basis change, not one element at a time
    const auto* values = static_cast<const B128*>(column.data);
    parallel_for(out.size(), kParallelGrain, [&](std::size_t begin, std::size_t end) {
      binius::to_polyval({values + begin, end - begin}, {out.data() + begin, end - begin});
    });
    return out;
  }
  parallel_for(out.size(), kParallelGrain, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) out[i] = to_polyval(column_value(column, i));
  });
  return out;
}

ProverColumn::ProverColumn(PolyvalTable polyval_values, unsigned n_vars)
    : n_vars_(n_vars), values_(std::move(polyval_values)) {}

void ProverColumn::rebuild_tables() {
  const std::size_t block = tensor_.size();  // 2^bit_rounds_
  group_bits_ = static_cast<unsigned>(std::min<std::size_t>(8, block));
  const std::size_t groups = block / group_bits_;
  const std::size_t entries = std::size_t{1} << group_bits_;
  tables_.assign(groups * entries, B128P::zero());
  for (std::size_t g = 0; g < groups; ++g) {
    B128P* table = tables_.data() + g * entries;
    const B128P* tensor = tensor_.data() + g * group_bits_;
    for (std::size_t s = 1; s < entries; ++s) {
      table[s] = table[s & (s - 1)] + tensor[std::countr_zero(s)];
    }
  }
}

B128P ProverColumn::bit_block_value(std::size_t index) const noexcept {
  const std::size_t block = tensor_.size();
  const std::size_t entries = std::size_t{1} << group_bits_;
  const std::size_t mask = entries - 1;
  std::size_t position = index * block;
  B128P sum;
  const B128P* table = tables_.data();
  for (std::size_t g = 0; g < block / group_bits_; ++g, position += group_bits_, table += entries) {
    sum += table[(bits_[position / 8] >> (position % 8)) & mask];
  }
  return sum;
}

void ProverColumn::bit_block_values(std::size_t first, std::size_t count,
                                    B128P* out) const noexcept {
  const std::size_t block = tensor_.size();
  if (block >= 8) {
    // Whole bytes: one table per byte of the block.
    const std::size_t bytes_per_value = block / 8;
    const std::uint8_t* p = bits_ + first * bytes_per_value;
    for (std::size_t k = 0; k < count; ++k, p += bytes_per_value) {
      B128P sum;
      for (std::size_t g = 0; g < bytes_per_value; ++g) sum += tables_[g * 256 + p[g]];
      out[k] = sum;
    }
    return;
  }
  const std::size_t per_byte = 8 / block;
  if ((first % per_byte) != 0 || (count % per_byte) != 0) {
    for (std::size_t k = 0; k < count; ++k) out[k] = bit_block_value(first + k);
    return;
  }
  const unsigned mask = (1u << block) - 1;
  const std::uint8_t* p = bits_ + first / per_byte;
  for (std::size_t k = 0; k < count; k += per_byte) {
    const unsigned byte = *p++;
    for (std::size_t s = 0; s < per_byte; ++s) out[k + s] = tables_[(byte >> (s * block)) & mask];
  }
}

void ProverColumn::materialise() {
  if (tables_.empty()) rebuild_tables();
  values_.resize(std::size_t{1} << n_vars_);
  parallel_for(values_.size(), kParallelGrain, [&](std::size_t begin, std::size_t end) {
    bit_block_values(begin, end - begin, values_.data() + begin);
  });
  bits_ = nullptr;
  free_storage(tensor_);
  free_storage(tables_);
}

void ProverColumn::pairs(std::size_t first, std::size_t count, B128P* lo, B128P* hi) const {
  if (bits_ == nullptr) {
    const B128P* v = values_.data() + 2 * first;
    for (std::size_t k = 0; k < count; ++k) {
      lo[k] = v[2 * k];
      hi[k] = v[2 * k + 1];
    }
    return;
  }
  std::array<B128P, 2 * ChunkEvaluator::kChunk> both;
  for (std::size_t done = 0; done < count; done += ChunkEvaluator::kChunk) {
    const std::size_t n = std::min(ChunkEvaluator::kChunk, count - done);
    bit_block_values(2 * (first + done), 2 * n, both.data());
    for (std::size_t k = 0; k < n; ++k) {
      lo[done + k] = both[2 * k];
      hi[done + k] = both[2 * k + 1];
    }
  }
}

void ProverColumn::fold(B128 r) {
  const B128P rp = to_polyval(r);
  --n_vars_;
  if (bits_ != nullptr) {
    // eq(r, 0) = 1 + r on the new variable's 0 half, eq(r, 1) = r on its 1 half.
    const std::size_t half = tensor_.size();
    tensor_.resize(2 * half);
    kernel().mul_scalar(tensor_.data(), rp, tensor_.data() + half, half);
    for (std::size_t b = 0; b < half; ++b) tensor_[b] += tensor_[b + half];
    ++bit_rounds_;
    rebuild_tables();
    if (bit_rounds_ == kSwitchoverRound || n_vars_ == 0) materialise();
    return;
  }
  const std::size_t half = values_.size() / 2;
  // Double-buffered: after the first fold, the previous table's memory takes every later one.
  PolyvalTable& folded = spare_;
  folded.resize(half);
  parallel_for(half, kParallelGrain, [&](std::size_t begin, std::size_t end) {
    std::array<B128P, ChunkEvaluator::kChunk> delta;
    for (std::size_t j = begin; j < end; j += delta.size()) {
      const std::size_t count = std::min(delta.size(), end - j);
      for (std::size_t k = 0; k < count; ++k) {
        delta[k] = values_[2 * (j + k)] + values_[2 * (j + k) + 1];
      }
      kernel().mul_scalar(delta.data(), rp, delta.data(), count);
      for (std::size_t k = 0; k < count; ++k) folded[j + k] = values_[2 * (j + k)] + delta[k];
    }
  });
  values_.swap(spare_);
}

B128 ProverColumn::final_value() const {
  return to_canonical(values_.at(0));
}

// --- ChunkEvaluator -----------------------------------------------------------------------------

ChunkEvaluator::ChunkEvaluator(const Composition& composition)
    : n_columns_(composition.n_columns()) {
  using Kind = Composition::OpKind;
  const auto degrees = composition.node_degrees();
  for (std::size_t i = 0; i < composition.ops().size(); ++i) {
    const Composition::Op& op = composition.ops()[i];
    Op out{op.kind, false, op.lhs, op.rhs, degrees[i], B128P::zero()};
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
          out.value = op.kind == Kind::add ? a.value + b.value : a.value * b.value;
        }
        break;
      }
    }
    ops_.push_back(out);
  }
}

ChunkEvaluator::Scratch ChunkEvaluator::make_scratch() const {
  return Scratch{std::vector<B128P>(ops_.size() * kChunk), std::vector<const B128P*>(ops_.size())};
}

void ChunkEvaluator::evaluate(const B128P* const* columns, std::size_t count, Scratch& scratch,
                              B128P* out, bool top) const {
  using Kind = Composition::OpKind;
  const B128P** node = scratch.nodes.data();
  for (std::size_t i = 0; i < ops_.size(); ++i) {
    const Op& op = ops_[i];
    if (op.is_constant) continue;
    if (op.kind == Kind::column) {
      node[i] = columns[op.lhs];
      continue;
    }
    const Op& a = ops_[op.lhs];
    const Op& b = ops_[op.rhs];
    if (top && op.kind == Kind::add && a.degree != b.degree) {
      // Only the operand of higher degree reaches the top coefficient (it is not a constant).
      node[i] = node[a.degree > b.degree ? op.lhs : op.rhs];
      continue;
    }
    B128P* dst = scratch.values.data() + i * kChunk;
    node[i] = dst;
    if (a.is_constant || b.is_constant) {
      const B128P c = a.is_constant ? a.value : b.value;
      const B128P* v = node[a.is_constant ? op.rhs : op.lhs];
      if (op.kind == Kind::add) {
        for (std::size_t k = 0; k < count; ++k) dst[k] = v[k] + c;
      } else {
        kernel().mul_scalar(v, c, dst, count);
      }
      continue;
    }
    if (op.kind == Kind::add) {
      const B128P* x = node[op.lhs];
      const B128P* y = node[op.rhs];
      for (std::size_t k = 0; k < count; ++k) dst[k] = x[k] + y[k];
    } else {
      kernel().mul(node[op.lhs], node[op.rhs], dst, count);
    }
  }
  const Op& last = ops_.back();
  if (last.is_constant) {
    std::fill(out, out + count, last.value);
  } else {
    std::copy(node[ops_.size() - 1], node[ops_.size() - 1] + count, out);
  }
}

// --- Rounds -------------------------------------------------------------------------------------

EqWeights::EqWeights(std::span<const B128> at, unsigned split) : point(at.begin(), at.end()) {
  const auto p = static_cast<unsigned>(at.size());
  const unsigned chunk_vars = std::countr_zero(ChunkEvaluator::kChunk);
  lo_vars = std::min(p, std::max({(p + 1) / 2, chunk_vars, split}));
  lo = eq_tensor_polyval(at.first(lo_vars));
  hi = eq_tensor_polyval(at.subspan(lo_vars));
}

namespace {

/// Bits 0, 2, 4, … of x packed into the low 32 bits.
std::uint64_t even_bits(std::uint64_t x) noexcept {
  x &= 0x5555555555555555ULL;
  x = (x | (x >> 1)) & 0x3333333333333333ULL;
  x = (x | (x >> 2)) & 0x0f0f0f0f0f0f0f0fULL;
  x = (x | (x >> 4)) & 0x00ff00ff00ff00ffULL;
  x = (x | (x >> 8)) & 0x0000ffff0000ffffULL;
  return (x | (x >> 16)) & 0x00000000ffffffffULL;
}

/// Up to 8 bytes from `bits` at `offset` (little-endian; missing bytes read as 0).
std::uint64_t load_word(const std::uint8_t* bits, std::size_t offset, std::size_t size) noexcept {
  std::uint64_t word = 0;
  if (offset + 8 <= size) {
    std::memcpy(&word, bits + offset, 8);  // little-endian host (as the tower layout assumes)
    return word;
  }
  for (std::size_t i = 0; i < 8 && offset + i < size; ++i) {
    word |= static_cast<std::uint64_t>(bits[offset + i]) << (8 * i);
  }
  return word;
}

constexpr std::size_t kMaxPatternColumns = 7;  // 2^7 patterns = one chunk

bool binary_path_applies(std::span<ProverColumn> columns, std::span<const unsigned> points) {
  if (columns.size() > kMaxPatternColumns) return false;
  for (const ProverColumn& c : columns) {
    if (c.unfolded_bits() == nullptr) return false;
  }
  return std::all_of(points.begin(), points.end(),
                     [](unsigned t) { return t == 0 || t == 1 || t == kInfinity; });
}

/// round_sums for bit columns before any fold (binary_path_applies): per 64 pairs, a mask per
/// point and pattern of column bits; the weights of the set bits are summed per pattern, and C
/// (or its top coefficient) is evaluated once per pattern at the end.
std::vector<B128> binary_round_sums(const ChunkEvaluator& composition,
                                    std::span<ProverColumn> columns,
                                    std::span<const unsigned> points, const EqWeights* weights) {
  const std::size_t m = columns.size();
  const std::size_t patterns = std::size_t{1} << m;
  const unsigned n = columns.front().n_vars();
  const std::size_t pairs = std::size_t{1} << (n - 1);
  const std::size_t bytes = (std::size_t{2} * pairs + 7) / 8;
  const std::size_t words = (pairs + 63) / 64;
  // Blocks of pairs that share one eq_hi factor (whole words; a single word when pairs < 64).
  const std::size_t block_pairs =
      weights == nullptr ? std::max<std::size_t>(64, std::min<std::size_t>(pairs, 1u << 14))
                         : std::max<std::size_t>(64, std::size_t{1} << weights->lo_vars);
  const std::size_t block_words = block_pairs / 64;
  const std::size_t n_blocks = (words + block_words - 1) / block_words;
  const std::size_t n_points = points.size();
  // C at every pattern (and its top coefficient at the patterns of differences); rows whose
  // pattern gives 0 need not be counted (for a satisfied constraint at 0: all of them).
  std::vector<std::vector<B128P>> pattern_columns(m, std::vector<B128P>(patterns));
  std::vector<const B128P*> column_ptrs(m);
  for (std::size_t c = 0; c < m; ++c) {
    for (std::size_t pattern = 0; pattern < patterns; ++pattern) {
      pattern_columns[c][pattern] = ((pattern >> c) & 1) ? B128P::one() : B128P::zero();
    }
    column_ptrs[c] = pattern_columns[c].data();
  }
  auto scratch = composition.make_scratch();
  std::vector<B128P> value(patterns), top(patterns), products(patterns);
  composition.evaluate(column_ptrs.data(), patterns, scratch, value.data());
  composition.evaluate(column_ptrs.data(), patterns, scratch, top.data(), true);

  using Sums = std::vector<B128P>;  // [point][pattern]
  auto body = [&](std::size_t first, std::size_t last, Sums acc) {
    Sums block(n_points * patterns);
    std::vector<std::uint64_t> at_point(m);
    for (std::size_t b = first; b < last; ++b) {
      std::fill(block.begin(), block.end(), B128P::zero());
      const std::size_t w_end = std::min(words, (b + 1) * block_words);
      for (std::size_t w = b * block_words; w < w_end; ++w) {
        const std::size_t in_word = std::min<std::size_t>(64, pairs - 64 * w);
        const std::uint64_t valid = in_word == 64 ? ~0ULL : (1ULL << in_word) - 1;
        std::array<std::uint64_t, kMaxPatternColumns> lo{}, hi{};
        for (std::size_t c = 0; c < m; ++c) {
          const std::uint8_t* bits = columns[c].unfolded_bits();
          const std::uint64_t x0 = load_word(bits, 16 * w, bytes);
          const std::uint64_t x1 = load_word(bits, 16 * w + 8, bytes);
          lo[c] = even_bits(x0) | (even_bits(x1) << 32);
          hi[c] = even_bits(x0 >> 1) | (even_bits(x1 >> 1) << 32);
        }
        for (std::size_t p = 0; p < n_points; ++p) {
          for (std::size_t c = 0; c < m; ++c) {
            at_point[c] = points[p] == 0 ? lo[c] : points[p] == 1 ? hi[c] : lo[c] ^ hi[c];
          }
          const B128P* at_pattern = points[p] == kInfinity ? top.data() : value.data();
          for (std::size_t pattern = 0; pattern < patterns; ++pattern) {
            if (at_pattern[pattern] == B128P::zero()) continue;
            std::uint64_t mask = valid;
            for (std::size_t c = 0; c < m; ++c) {
              mask &= ((pattern >> c) & 1) ? at_point[c] : ~at_point[c];
            }
            B128P& sum = block[p * patterns + pattern];
            if (weights == nullptr) {
              if (std::popcount(mask) & 1) sum += B128P::one();
              continue;
            }
            const std::size_t lo_mask = (std::size_t{1} << weights->lo_vars) - 1;
            const B128P* eq = weights->lo.data() + ((64 * w) & lo_mask);
            for (; mask != 0; mask &= mask - 1) sum += eq[std::countr_zero(mask)];
          }
        }
      }
      const B128P factor =
          weights == nullptr ? B128P::one() : weights->hi[(b * block_pairs) >> weights->lo_vars];
      kernel().mul_scalar(block.data(), factor, block.data(), block.size());
      for (std::size_t i = 0; i < acc.size(); ++i) acc[i] += block[i];
    }
    return acc;
  };
  // One eq_hi block of 2^14 pairs or more per task.
  const Sums per_pattern = parallel_reduce(n_blocks, 1, Sums(n_points * patterns), body, add_sums);
  std::vector<B128P> sums(n_points);
  for (std::size_t p = 0; p < n_points; ++p) {
    kernel().mul(per_pattern.data() + p * patterns,
                 points[p] == kInfinity ? top.data() : value.data(), products.data(), patterns);
    for (B128P x : products) sums[p] += x;
  }
  return to_canonical(sums);
}

/// Bit columns before any fold, any points, m <= 7: each pair is the pattern of its columns' lo
/// and hi bits (2m bits), its eq weight added to that pattern's bucket whatever the points; C is
/// then evaluated once per pattern and point, at lo + t·(hi − lo) (at ∞: its top coefficient at
/// hi − lo). For compositions of degree > 2, whose points are not all 0, 1, ∞.
constexpr std::size_t kMaxPairPatternColumns = 7;  // 2^14 buckets

bool pair_path_applies(std::span<ProverColumn> columns) {
  return columns.size() <= kMaxPairPatternColumns &&
         std::all_of(columns.begin(), columns.end(),
                     [](const ProverColumn& c) { return c.unfolded_bits() != nullptr; });
}

std::vector<B128> pair_pattern_round_sums(const ChunkEvaluator& composition,
                                          std::span<ProverColumn> columns,
                                          std::span<const unsigned> points,
                                          const EqWeights* given) {
  constexpr std::size_t C = ChunkEvaluator::kChunk;
  const std::size_t m = columns.size();
  const unsigned pattern_bits = static_cast<unsigned>(2 * m);
  const std::size_t patterns = std::size_t{1} << pattern_bits;
  const unsigned p_vars = columns.front().n_vars() - 1;
  const std::size_t pairs = std::size_t{1} << p_vars;
  const std::size_t bytes = (std::size_t{2} * pairs + 7) / 8;
  const std::size_t words = (pairs + 63) / 64;
  // Long eq_lo blocks, so that scaling the buckets once per block stays cheap.
  std::optional<EqWeights> resplit;
  if (given != nullptr) resplit.emplace(given->point, (p_vars + pattern_bits + 1) / 2);
  const EqWeights* weights = resplit ? &*resplit : nullptr;
  const std::size_t block_pairs =
      weights == nullptr ? std::max<std::size_t>(64, std::min<std::size_t>(pairs, 1u << 14))
                         : std::max<std::size_t>(64, std::size_t{1} << weights->lo_vars);
  const std::size_t block_words = block_pairs / 64;
  const std::size_t n_blocks = (words + block_words - 1) / block_words;

  using Sums = std::vector<B128P>;  // [pattern]
  auto body = [&](std::size_t first_block, std::size_t last_block, Sums acc) {
    Sums bucket(patterns);
    std::array<std::uint64_t, 2 * kMaxPairPatternColumns> plane{};  // lo bits, then hi bits
    for (std::size_t b = first_block; b < last_block; ++b) {
      std::fill(bucket.begin(), bucket.end(), B128P::zero());
      const std::size_t w_end = std::min(words, (b + 1) * block_words);
      for (std::size_t w = b * block_words; w < w_end; ++w) {
        const std::size_t in_word = std::min<std::size_t>(64, pairs - 64 * w);
        for (std::size_t c = 0; c < m; ++c) {
          const std::uint8_t* bits = columns[c].unfolded_bits();
          const std::uint64_t x0 = load_word(bits, 16 * w, bytes);
          const std::uint64_t x1 = load_word(bits, 16 * w + 8, bytes);
          plane[c] = even_bits(x0) | (even_bits(x1) << 32);
          plane[m + c] = even_bits(x0 >> 1) | (even_bits(x1 >> 1) << 32);
        }
        const std::size_t lo_mask =
            weights == nullptr ? 0 : (std::size_t{1} << weights->lo_vars) - 1;
        const B128P* eq = weights == nullptr ? nullptr : weights->lo.data() + ((64 * w) & lo_mask);
        for (std::size_t i = 0; i < in_word; ++i) {
          std::size_t pattern = 0;
          for (unsigned q = 0; q < pattern_bits; ++q) pattern |= ((plane[q] >> i) & 1) << q;
          bucket[pattern] += eq == nullptr ? B128P::one() : eq[i];
        }
      }
      const B128P factor =
          weights == nullptr ? B128P::one() : weights->hi[(b * block_pairs) >> weights->lo_vars];
      kernel().mul_scalar(bucket.data(), factor, bucket.data(), bucket.size());
      for (std::size_t i = 0; i < acc.size(); ++i) acc[i] += bucket[i];
    }
    return acc;
  };
  // One eq_hi block of 2^14 pairs or more per task.
  const Sums per_pattern = parallel_reduce(n_blocks, 1, Sums(patterns), body, add_sums);
  auto scratch = composition.make_scratch();
  std::vector<std::vector<B128P>> values(m, std::vector<B128P>(C));
  std::vector<const B128P*> ptrs(m);
  std::vector<B128P> out(C);
  std::vector<B128P> sums(points.size());
  for (std::size_t p = 0; p < points.size(); ++p) {
    const bool top = points[p] == kInfinity;
    const B128P t = top ? B128P::zero() : to_polyval(B128(points[p]));
    for (std::size_t first = 0; first < patterns; first += C) {
      const std::size_t count = std::min(C, patterns - first);
      for (std::size_t c = 0; c < m; ++c) {
        for (std::size_t i = 0; i < count; ++i) {
          const bool lo = ((first + i) >> c) & 1, hi = ((first + i) >> (m + c)) & 1;
          const B128P delta = lo != hi ? (top ? B128P::one() : t) : B128P::zero();
          values[c][i] = (lo && !top ? B128P::one() : B128P::zero()) + delta;
        }
        ptrs[c] = values[c].data();
      }
      composition.evaluate(ptrs.data(), count, scratch, out.data(), top);
      kernel().mul(out.data(), per_pattern.data() + first, out.data(), count);
      for (std::size_t i = 0; i < count; ++i) sums[p] += out[i];
    }
  }
  return to_canonical(sums);
}

/// Bit columns with k = 1 or 2 variables fixed (and not materialised), m·2^k <= 12, points among
/// 0, 1, ∞: a column's value at such a point is a function of a 2^k-bit block (of lo, hi or
/// lo ⊕ hi, the table being linear), so each pair adds its weight to the bucket of its blocks'
/// pattern and C is evaluated once per pattern.
constexpr unsigned kMaxPatternBits = 12;

bool block_path_applies(std::span<ProverColumn> columns, std::span<const unsigned> points) {
  const unsigned k = columns.front().bit_rounds();
  if (k == 0 || k > 2 || columns.size() * (std::size_t{1} << k) > kMaxPatternBits) return false;
  for (const ProverColumn& c : columns) {
    if (c.bit_data() == nullptr || c.bit_rounds() != k) return false;
  }
  return std::all_of(points.begin(), points.end(),
                     [](unsigned t) { return t == 0 || t == 1 || t == kInfinity; });
}

std::vector<B128> block_round_sums(const ChunkEvaluator& composition,
                                   std::span<ProverColumn> columns,
                                   std::span<const unsigned> points, const EqWeights* given) {
  constexpr std::size_t C = ChunkEvaluator::kChunk;
  const std::size_t m = columns.size();
  const unsigned k = columns.front().bit_rounds();
  const unsigned block_bits = 1u << k;
  const unsigned block_mask = (1u << block_bits) - 1;
  const std::size_t patterns = std::size_t{1} << (m * block_bits);
  const unsigned n = columns.front().n_vars();
  const unsigned p_vars = n - 1;
  const std::size_t pairs = std::size_t{1} << p_vars;
  const std::size_t n_points = points.size();
  // Re-split the eq weights so that scaling the buckets once per eq_hi block stays cheap.
  const unsigned pattern_vars = static_cast<unsigned>(std::bit_width(patterns * n_points));
  std::optional<EqWeights> resplit;
  if (given != nullptr) resplit.emplace(given->point, (p_vars + pattern_vars + 1) / 2);
  const EqWeights* weights = resplit ? &*resplit : nullptr;
  const std::size_t grain_pairs = std::min<std::size_t>(
      weights == nullptr ? pairs : std::size_t{1} << weights->lo_vars, 1u << 14);
  const std::size_t block_pairs =
      weights == nullptr ? grain_pairs : std::size_t{1} << weights->lo_vars;
  const std::size_t n_blocks = pairs / block_pairs;

  using Sums = std::vector<B128P>;  // [point][pattern]
  auto body = [&](std::size_t first_grain, std::size_t last_grain, Sums acc) {
    Sums bucket(n_points * patterns);
    std::vector<const std::uint8_t*> bits(m);
    for (std::size_t c = 0; c < m; ++c) bits[c] = columns[c].bit_data();
    // Over sub-blocks of grain_pairs pairs; buckets are scaled at eq_hi block ends.
    for (std::size_t g = first_grain; g < last_grain; ++g) {
      const std::size_t first = g * grain_pairs;
      for (std::size_t j = first; j < first + grain_pairs; ++j) {
        const std::size_t offset = 2 * j * block_bits;  // the pair's lo block, then its hi block
        std::size_t at_lo = 0, at_hi = 0;
        for (std::size_t c = 0; c < m; ++c) {
          const unsigned byte = bits[c][offset / 8] >> (offset % 8);
          at_lo |= static_cast<std::size_t>(byte & block_mask) << (c * block_bits);
          at_hi |= static_cast<std::size_t>((byte >> block_bits) & block_mask) << (c * block_bits);
        }
        const B128P w = weights == nullptr ? B128P::one() : weights->lo[j & (block_pairs - 1)];
        for (std::size_t p = 0; p < n_points; ++p) {
          const std::size_t pattern = points[p] == 0   ? at_lo
                                      : points[p] == 1 ? at_hi
                                                       : at_lo ^ at_hi;
          bucket[p * patterns + pattern] += w;
        }
      }
      const std::size_t end = first + grain_pairs;
      if (end % block_pairs == 0) {
        const B128P factor =
            weights == nullptr ? B128P::one() : weights->hi[(end - 1) / block_pairs];
        kernel().mul_scalar(bucket.data(), factor, bucket.data(), bucket.size());
        for (std::size_t i = 0; i < acc.size(); ++i) acc[i] += bucket[i];
        std::fill(bucket.begin(), bucket.end(), B128P::zero());
      }
    }
    return acc;
  };
  // Ranges never split an eq_hi block (its buckets are scaled once at its end).
  const std::size_t per_block = block_pairs / grain_pairs;
  const Sums per_pattern = parallel_reduce(
      n_blocks, 1, Sums(n_points * patterns),
      [&](std::size_t first, std::size_t last, Sums acc) {
        return body(first * per_block, last * per_block, std::move(acc));
      },
      add_sums);
  // Σ_pattern bucket·C(pattern values), in chunks of patterns.
  auto scratch = composition.make_scratch();
  std::vector<std::vector<B128P>> values(m, std::vector<B128P>(C));
  std::vector<const B128P*> ptrs(m);
  std::vector<B128P> out(C);
  std::vector<B128P> sums(n_points);
  for (std::size_t first = 0; first < patterns; first += C) {
    const std::size_t count = std::min(C, patterns - first);
    for (std::size_t c = 0; c < m; ++c) {
      for (std::size_t i = 0; i < count; ++i) {
        values[c][i] = columns[c].block_value(
            static_cast<unsigned>((first + i) >> (c * block_bits)) & block_mask);
      }
      ptrs[c] = values[c].data();
    }
    for (std::size_t p = 0; p < n_points; ++p) {
      composition.evaluate(ptrs.data(), count, scratch, out.data(), points[p] == kInfinity);
      kernel().mul(out.data(), per_pattern.data() + p * patterns + first, out.data(), count);
      for (std::size_t i = 0; i < count; ++i) sums[p] += out[i];
    }
  }
  return to_canonical(sums);
}

}  // namespace

std::vector<B128> round_sums(const ChunkEvaluator& composition, std::span<ProverColumn> columns,
                             std::span<const unsigned> points, const EqWeights* weights) {
  if (binary_path_applies(columns, points)) {
    return binary_round_sums(composition, columns, points, weights);
  }
  if (block_path_applies(columns, points)) {
    return block_round_sums(composition, columns, points, weights);
  }
  if (pair_path_applies(columns))
    return pair_pattern_round_sums(composition, columns, points, weights);
  constexpr std::size_t C = ChunkEvaluator::kChunk;
  const unsigned n = columns.front().n_vars();
  const std::size_t pairs = std::size_t{1} << (n - 1);
  const std::size_t chunk = std::min(C, pairs);
  const std::size_t n_chunks = pairs / chunk;
  unsigned top_bit = 0;  // bits of the largest finite point
  for (unsigned t : points) {
    if (t != kInfinity) top_bit = std::max(top_bit, static_cast<unsigned>(std::bit_width(t)));
  }
  // Δ times the tower elements 2^b (b >= 1): X0, X1, … in the POLYVAL basis.
  std::vector<B128P> powers(std::max(top_bit, 1u));
  for (unsigned b = 1; b < top_bit; ++b) powers[b] = to_polyval(B128(binius::uint128{1} << b));
  const std::size_t n_columns = columns.size();
  // Blocks of at least kParallelGrain pairs, and at most kMaxReduceBlocks of them: each block
  // allocates its buffers and scratch.
  const std::size_t grain =
      std::max({std::size_t{1}, kParallelGrain / chunk, n_chunks / kMaxReduceBlocks});
  // Per column: lo, hi, Δ·2^b for b < max(top_bit, 1) (b = 0 is Δ), and the point's values.
  const std::size_t multiples = std::max(top_bit, 1u);
  const std::size_t per_column = 3 + multiples;

  auto body = [&](std::size_t first_chunk, std::size_t last_chunk, std::vector<B128P> acc) {
    std::vector<B128P> buffers(n_columns * per_column * C);
    auto scratch = composition.make_scratch();
    std::vector<B128P> result(C);
    std::vector<const B128P*> at_point(n_columns);
    for (std::size_t c = first_chunk; c < last_chunk; ++c) {
      const std::size_t first = c * chunk;
      for (std::size_t col = 0; col < n_columns; ++col) {
        B128P* base = buffers.data() + col * per_column * C;
        B128P* lo = base;
        B128P* hi = base + C;
        columns[col].pairs(first, chunk, lo, hi);
        B128P* delta = base + 2 * C;
        for (std::size_t k = 0; k < chunk; ++k) delta[k] = lo[k] + hi[k];
        for (unsigned b = 1; b < top_bit; ++b) {
          kernel().mul_scalar(delta, powers[b], delta + b * C, chunk);
        }
      }
      for (std::size_t p = 0; p < points.size(); ++p) {
        const unsigned t = points[p];
        for (std::size_t col = 0; col < n_columns; ++col) {
          B128P* base = buffers.data() + col * per_column * C;
          if (t <= 1 || t == kInfinity) {
            at_point[col] = base + (t == kInfinity ? 2 : t) * C;
            continue;
          }
          B128P* value = base + (2 + multiples) * C;
          std::copy(base, base + chunk, value);
          for (unsigned b = 0; b < top_bit; ++b) {
            if (((t >> b) & 1) == 0) continue;
            const B128P* multiple = base + (2 + b) * C;
            for (std::size_t k = 0; k < chunk; ++k) value[k] += multiple[k];
          }
          at_point[col] = value;
        }
        composition.evaluate(at_point.data(), chunk, scratch, result.data(), t == kInfinity);
        if (weights != nullptr) {
          const std::size_t lo_mask = (std::size_t{1} << weights->lo_vars) - 1;
          kernel().mul(result.data(), weights->lo.data() + (first & lo_mask), result.data(), chunk);
        }
        B128P sum;
        for (std::size_t k = 0; k < chunk; ++k) sum += result[k];
        if (weights != nullptr) sum *= weights->hi[first >> weights->lo_vars];
        acc[p] += sum;
      }
    }
    return acc;
  };
  const std::vector<B128P> sums =
      parallel_reduce(n_chunks, grain, std::vector<B128P>(points.size()), body, add_sums);
  return to_canonical(sums);
}

void fold_all(std::span<ProverColumn> columns, B128 r) {
  for (ProverColumn& column : columns) column.fold(r);
}

}  // namespace merkleforge::zk::detail
