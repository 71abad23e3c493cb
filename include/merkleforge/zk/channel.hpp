// Channels (binius.md §3.1 step 3): tables push tuples into a channel or pull tuples out of it, and
// the channel balances — the multiset of pushed tuples (table rows and public boundary tuples)
// equals the multiset of pulled ones. Reduced to GKR grand products (grand_product.hpp):
// with a mixing challenge s and a permutation challenge r from B128, every row t = (t_0 … t_(w−1))
// becomes the factor r + Σ_k s^k·t_k, and the check is Π pushes = Π pulls.
//
// Transcript (phase "zk/channel"): public: the flush shapes (n_vars, width, direction) and the
// boundary tuples; challenges s, r; the grand products of the flush columns F = r + Σ s^k·T_k
// (their own phase); then per flush the values T_k(point) of its columns at its grand-product
// point, from which the verifier recomputes F(point) = r + Σ s^k·T_k(point) (the multilinear
// extension of a constant column is that constant).
//
// Every row of a flushing table is flushed (no selector for partial tables yet).
#pragma once

#include <span>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/zk/column.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::zk {

enum class FlushDirection : std::uint8_t { push, pull };

struct Flush {
  unsigned n_vars;    ///< the table has 2^n_vars rows, n_vars <= kMaxColumnVars
  std::size_t width;  ///< columns per tuple, >= 1
  FlushDirection direction;
};

struct ChannelStatement {
  std::vector<Flush> flushes;  ///< at least one
  /// Public tuples (each of the channel's tuple width) pushed and pulled by the boundary.
  std::vector<std::vector<B128>> boundary_pushes, boundary_pulls;
};

/// Evaluation claims: flush f's column k takes the value evals[f][k] at points[f].
struct ChannelClaims {
  std::vector<std::vector<B128>> points;
  std::vector<std::vector<B128>> evals;
};

/// Errors: invalid_argument (no flushes, width 0, n_vars > 40, boundary tuples whose width is not
/// the channel's, flushes of different widths); malformed_input (short tape); corrupt_data when
/// the channel does not balance or a reduction step fails.
Result<ChannelClaims> verify_channel(const ChannelStatement& statement,
                                     VerifierTranscript& transcript);

}  // namespace merkleforge::zk
