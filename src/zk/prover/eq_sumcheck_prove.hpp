// Internal: the prover of the eq-weighted sumcheck (eq_sumcheck.hpp). It factors the eq
// indicator out as Gruen does (2024/108 §3): with the prefix scalar P_i = eq(z_<i, ρ_<i), round i's
// polynomial is P_i·eq(z_i, X)·q_i(X), where q_i(X) = Σ_v eq(z_>i, v)·C(ρ_<i, X, v) has degree deg
// C only. The prover evaluates q_i at 0, 2, …, deg C and obtains q_i(1) from the running claim, so
// eq never enters the composition.
#pragma once

#include <span>
#include <vector>

#include "eq_sumcheck.hpp"
#include "prover_engine.hpp"

namespace merkleforge::zk::detail {

/// One term of the composition over the few columns it reads: C = Σ coefficient·part.
struct CompositionPart {
  Composition composition;           ///< over columns.size() columns
  std::vector<std::size_t> columns;  ///< index into the full column list
  B128 coefficient;
};

/// Runs the rounds for columns of z.size() >= 0 variables; returns the challenges ρ. Afterwards
/// every column has 0 variables (final_value() is its evaluation at ρ). Preconditions: the columns
/// have z.size() variables, composition over columns.size() columns with degree >= 1, and
/// claim = Σ_v eq(z, v)·C(v) for an honest proof. When `parts` (C as a sum of terms over few
/// columns each) is given, every round sums each term on its own columns — a term of lower degree
/// at its own points — so the bit-pattern paths apply term by term even if C reads many columns,
/// and no term reads the columns of the others.
std::vector<B128> prove_eq_sumcheck(const Composition& composition, std::span<ProverColumn> columns,
                                    std::span<const B128> z, B128 claim,
                                    ProverTranscript& transcript,
                                    std::span<const CompositionPart> parts = {});

}  // namespace merkleforge::zk::detail
