// Internal: the prover's side of every sumcheck-style protocol (sumcheck.cpp, zerocheck.cpp,
// grand_product.cpp). Hot loops run on POLYVAL-basis values (B128P, binius/polyval.hpp) through
// the active CLMUL kernel; the per-round scalars (challenges, round polynomials) are canonical
// B128.
//
// Column state: B128 (and B8/B32, lifted at the start) columns are folded after every challenge.
// B1 columns are not folded until `kSwitchoverRound` challenges are known: until then a folded
// value is Σ_b eq(r, b)·bit(b) over a block of 2^k bits, read as XORs of subset-sum tables of the
// eq tensor (8 bits per lookup), so the data stays 1 bit per element instead of 128.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/zk/column.hpp"
#include "merkleforge/zk/composition.hpp"
#include "rounds.hpp"

namespace merkleforge::zk::detail {

using binius::B128P;

/// B1 columns are materialised as B128 once this many challenges are known: then the folded
/// table (2^(n−7)·16 bytes) is no larger than the bit column (2^n / 8 bytes).
inline constexpr unsigned kSwitchoverRound = 7;

/// Monomial coefficients of the polynomial of degree < values.size() through (k, values[k]),
/// k = 0, 1, 2, ... read as tower elements (the integer's bits).
std::vector<B128> interpolate_small_points(std::span<const B128> values);

/// The evaluation point "∞" of a round: the coefficient of X^deg C (the composition evaluated
/// on the differences hi − lo, keeping only top-degree terms). It costs no multiplication of the
/// columns by a constant, unlike the points 2, 3, …
inline constexpr unsigned kInfinity = ~0u;

/// The points at which a round polynomial of degree d is summed when g(1) follows from the claim:
/// 0, 2, …, d − 1, ∞ (d >= 2) or 0 (d = 1).
std::vector<unsigned> round_points(unsigned degree);

/// The d + 1 coefficients of a degree-d polynomial from its values at 0, 1, …, d − 1 (d values)
/// and its top coefficient (d >= 2), or from its values at 0 and 1 (d = 1, `top` unused).
std::vector<B128> round_coefficients(unsigned degree, std::span<const B128> values, B128 top);

/// A table of 2^n POLYVAL values, on huge pages (core/large_pages.hpp): the prover makes and
/// drops many of megabytes, and faulting them in 4 KiB pages cost more than filling them.
using PolyvalTable = LargeVector<B128P>;

/// The column's values in the POLYVAL basis (in parallel). Precondition: check_column(column).
PolyvalTable polyval_values(const Column& column);

class ProverColumn {
 public:
  /// Precondition: check_column(column).
  explicit ProverColumn(const Column& column);
  /// A column of 2^n_vars values already in the POLYVAL basis.
  ProverColumn(PolyvalTable polyval_values, unsigned n_vars);

  unsigned n_vars() const noexcept { return n_vars_; }
  /// The caller's bit column, while no variable is fixed (else nullptr): 2^n_vars() bits.
  const std::uint8_t* unfolded_bits() const noexcept { return bit_rounds_ == 0 ? bits_ : nullptr; }
  /// The caller's bit column while it is not materialised (else nullptr), with k = bit_rounds()
  /// variables fixed: the current table's value i is block_value of bits [i·2^k, (i+1)·2^k).
  const std::uint8_t* bit_data() const noexcept { return bits_; }
  unsigned bit_rounds() const noexcept { return bit_rounds_; }
  /// Σ_b eq(r, b)·bit b of `block` (POLYVAL). Precondition: bit_data() and bit_rounds() <= 3.
  B128P block_value(unsigned block) const noexcept { return tables_[block]; }
  /// lo[k], hi[k] (POLYVAL) = the current table at 2(first + k) and 2(first + k) + 1.
  /// Precondition: n_vars() >= 1, first + count <= 2^(n_vars() − 1).
  void pairs(std::size_t first, std::size_t count, B128P* lo, B128P* hi) const;
  /// Fixes the lowest variable to r (canonical). Precondition: n_vars() >= 1.
  void fold(B128 r);
  /// The value once every variable is fixed (canonical). Precondition: n_vars() == 0.
  B128 final_value() const;

 private:
  B128P bit_block_value(std::size_t index) const noexcept;
  /// out[k] = bit_block_value(first + k), for k < count.
  void bit_block_values(std::size_t first, std::size_t count, B128P* out) const noexcept;
  void rebuild_tables();
  void materialise();

  unsigned n_vars_;
  // B1 before the switchover: the bits, the eq tensor of the challenges so far (POLYVAL) and its
  // subset-sum tables (groups of `group_bits_` tensor entries, 2^group_bits_ sums each).
  const std::uint8_t* bits_ = nullptr;
  unsigned bit_rounds_ = 0;
  unsigned group_bits_ = 1;
  std::vector<B128P> tensor_;
  std::vector<B128P> tables_;
  // Otherwise: the current table (POLYVAL), and the buffer the next fold writes.
  PolyvalTable values_;
  PolyvalTable spare_;
};

/// A composition compiled for chunked evaluation in the POLYVAL basis.
class ChunkEvaluator {
 public:
  static constexpr std::size_t kChunk = 128;
  explicit ChunkEvaluator(const Composition& composition);
  struct Scratch {
    std::vector<B128P> values;
    std::vector<const B128P*> nodes;
  };
  Scratch make_scratch() const;
  /// out[k] = C(columns[0][k], ..., columns[n−1][k]) for k < count <= kChunk (POLYVAL values);
  /// with `top`, the coefficient of X^deg C of C(lo + X·columns) instead (columns = hi − lo).
  void evaluate(const B128P* const* columns, std::size_t count, Scratch& scratch, B128P* out,
                bool top = false) const;
  std::size_t n_columns() const noexcept { return n_columns_; }

 private:
  struct Op {
    Composition::OpKind kind;
    bool is_constant;
    Composition::Node lhs, rhs;
    unsigned degree;
    B128P value;  // when is_constant
  };
  std::size_t n_columns_;
  std::vector<Op> ops_;
};

/// The eq weights eq(point, j) of the pair indices j, factored as eq_lo[j mod 2^L]·eq_hi[j >> L]
/// so that a chunk shares its eq_hi factor (Gruen's eq-factoring; no 2^n tensor is formed).
struct EqWeights {
  std::vector<B128P> lo, hi;
  unsigned lo_vars = 0;
  std::vector<B128> point;
  /// Weights over the variables `point` (canonical), split at `lo_vars` (clamped to the point),
  /// by default about half of them and at least a chunk's.
  explicit EqWeights(std::span<const B128> point, unsigned lo_vars = 0);
};

/// For each point t in `points` (small tower integers or kInfinity): Σ_j w(j)·C(lo_j + t·(hi_j −
/// lo_j)) over the pairs j < 2^(n−1) of the columns (all with n >= 1 variables), w = eq weights
/// or 1. Canonical. Bit columns before their first fold (and, with one or two variables fixed,
/// their blocks of bits) take paths without products per row: the rows are counted per pattern of
/// bits (weighted by eq) and C is evaluated once per pattern — of the values at the point for
/// points among 0, 1, ∞, of the pairs' lo and hi bits for any points (at most 7 columns).
std::vector<B128> round_sums(const ChunkEvaluator& composition, std::span<ProverColumn> columns,
                             std::span<const unsigned> points, const EqWeights* weights);

/// Folds every column at r (canonical), in parallel.
void fold_all(std::span<ProverColumn> columns, B128 r);

}  // namespace merkleforge::zk::detail
