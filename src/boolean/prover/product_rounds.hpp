// The rounds of the zerocheck after its univariate skip (../zerocheck.hpp, step 3): zk's
// eq-weighted sumcheck Σ_w eq(τ, w)·(A_y·B_y + Z_y)(w) = sum over the m word variables, proved
// here on the bit columns themselves: the first round reads each column's words through byte
// tables of L(y) (X_y is never written at full size) and folds them at r_0 through the same
// tables scaled by 1 + r_0 and r_0; the later rounds run on POLYVAL tables of half the size,
// two buffers in turn. The transcript is zk's (zk::verify_eq_sumcheck reads it): each round's
// P_i·(1 + τ_i + X)·q_i(X) as c_0, c_1, c_2, then A_y(r), B_y(r), Z_y(r).
#pragma once

#include <array>
#include <span>
#include <vector>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/zk/transcript.hpp"
#include "zerocheck_prove.hpp"

namespace merkleforge::boolean::detail {

/// 256-entry tables per byte of a word: table[p][x] = Σ_(j: bit j of x) L_(8p+j)(y) (POLYVAL).
using ByteTables = std::array<std::array<binius::B128P, 256>, 8>;
ByteTables lagrange_byte_tables(std::span<const B128> lagrange_y);

struct ProductRoundsResult {
  std::vector<B128> point;  ///< r
  B128 a, b, z;             ///< A_y(r), B_y(r), Z_y(r)
};

/// `sum`: the claim Σ_w eq(τ, w)·(A_y·B_y + Z_y)(w) (each round's q(1) follows from it). Columns
/// whose sum differs still give a proof, which the verifier rejects. Preconditions: the columns
/// have 2^tau.size() words each, tau.size() >= 1.
ProductRoundsResult prove_product_rounds(const BitColumns& columns, const ByteTables& tables,
                                         std::span<const B128> tau, B128 sum,
                                         zk::ProverTranscript& transcript);

}  // namespace merkleforge::boolean::detail
