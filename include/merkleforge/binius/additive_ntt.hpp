// The additive NTT of Lin–Chung–Han (LCH14) (library merkleforge::binius_prover) in the novel
// polynomial basis, over a subspace of B32, applied to B128 (canonical tower) coefficients.
//
// Convention (that of Binius v0 @ 9922dbc1, pinned by tests/vectors/binius/additive_ntt.json):
//   * domain basis β_i = 1 << i (i < 32) as B32 elements; U_i = span(β_0 .. β_{i-1});
//   * W_i(X) = prod_{u in U_i} (X - u), Ŵ_i = W_i / W_i(β_i) (both GF(2)-linear in X);
//   * novel basis X_j(X) = prod_{i in bits(j)} Ŵ_i(X): a message of 2^log_n coefficients a_j is the
//     polynomial P = sum_j a_j·X_j (degree < 2^log_n);
//   * coset c (c < 2^(32 - log_n)) is U_log_n + c·β_log_n; output position k of coset c holds
//     P(k XOR (c << log_n)) — natural order, no bit reversal;
//   * forward: rounds i = log_n-1 down to 0; in round i, block j (2^(i+1) consecutive positions)
//     with twiddle t = Ŵ_i(sum_b j'_b·β_(i+1+b)), j' = j | c << (log_n-1-i), and k < 2^i:
//     u = d[j·2^(i+1) + k], v = d[j·2^(i+1) + 2^i + k]: u += t·v; v += u. The inverse undoes each
//     butterfly in the opposite round order (v += u; u += t·v).
// Interleaved batches: with log_batch = b, "position" k is the 2^b consecutive values
// d[k·2^b .. (k+1)·2^b) — 2^b polynomials transformed at once with shared twiddles.
//
// Arithmetic runs in the POLYVAL basis (polyval.hpp; active CLMUL kernel), the data being converted
// on entry and exit. Rounds whose butterfly blocks exceed a cache block run in groups of up to
// three, one pass over the data per group, tile by tile; then each cache block runs all the
// smaller rounds (docs/binius.md, "Additive NTT"). Sizes of 2^14 values and more are split across
// the pool (tiles, then cache blocks).
#pragma once

#include <cstdint>
#include <span>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

/// log2 of the size of the B32 evaluation domain: log_n + (bits of the coset index) <= 32.
inline constexpr unsigned kNttLogDomainLimit = 32;

struct NttShape {
  unsigned log_n = 0;      ///< log2 of the number of coefficients / evaluation points
  unsigned log_batch = 0;  ///< log2 of the number of interleaved polynomials
  std::uint64_t coset = 0;
};

/// Checks `values` (2^(log_n + log_batch) of them) and the coset against the domain limit.
/// Errors: wrong_size for another length; invalid_argument for a coset or size outside B32.
Status check_ntt_shape(std::size_t values, const NttShape& shape);

/// In place: novel-basis coefficients -> evaluations on the coset (see the convention above).
Status additive_ntt_forward(std::span<B128> data, const NttShape& shape);
/// In place: evaluations on the coset -> novel-basis coefficients.
Status additive_ntt_inverse(std::span<B128> data, const NttShape& shape);

/// The twiddle of round `round`, block `block` of `coset` for a transform of 2^log_n, as a B32
/// value (documentation and tests; the transforms precompute their own). Errors: invalid_argument
/// unless round < log_n <= 32, block < 2^(log_n-1-round) and coset < 2^(32-log_n).
Result<B32> additive_ntt_twiddle(unsigned log_n, unsigned round, std::uint64_t block,
                                 std::uint64_t coset);

/// The transforms on Montgomery-form POLYVAL data (polyval.hpp), without the basis changes: for a
/// prover that keeps its data in that basis (Reed–Solomon encoding converts a message once for all
/// its cosets). Precondition: check_ntt_shape(data.size(), shape) passed.
void ntt_forward_polyval(std::span<B128P> data, const NttShape& shape);
void ntt_inverse_polyval(std::span<B128P> data, const NttShape& shape);

}  // namespace merkleforge::binius
