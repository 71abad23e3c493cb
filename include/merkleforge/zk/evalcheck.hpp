// Virtual oracles and evalcheck (binius.md §3.6): claims "oracle o at point r has value v" on
// virtual oracles are reduced, step by step, to claims on committed oracles for the PCS.
//
// Oracles (index i = Σ 2^j·v_j; "high" variables are the top index bits):
//   committed(n)                       a column the PCS holds;
//   constant(n, c)                     transparent: c everywhere, evaluates to c;
//   step_down(n, k)                    transparent: 1 at i < k, else 0 (Σ_{i<k} eq(r, i), O(n));
//   eq(z)                              transparent: eq(z, i), n = |z| (evaluates to eq(z, r));
//   packed(o, κ, k)                    o over T_k, 2^κ consecutive elements packed into one of
//                                      T_(k+κ): P[i] = Σ_x o[i·2^κ + x]·β_x with β_x = 1 << (x·2^k)
//                                      (the canonical layout, tower.hpp); the prover sends the
//                                      2^κ values o(x, r), the verifier recombines Σ β_x·o(x, r);
//   linear_combination(n, c0, terms)   c0 + Σ c_t·o_t  — the prover sends each o_t(r) not
//                                      already claimed (at r) earlier in the run;
//   projected(o, values)               o with its highest variables fixed to `values`;
//   repeating(o, c)                    o tiled 2^c times (its value at r ignores the top c vars);
//   zero_padded(o, n)                  o at i < 2^m, zeros above — value o(r_low)·Π_{j>=m}(1 −
//   r_j),
//                                      the prover sends o(r_low);
//   shifted(o, b, offset, kind)        within each block of 2^b rows (low b index bits x):
//                                      cyclic S[x] = T[(x + offset) mod 2^b], logical_left
//                                      S[x] = T[x − offset] (0 below), logical_right
//                                      S[x] = T[x + offset] (0 past the block). Reduced by a
//                                      sumcheck over the b block variables of
//                                      T(x, r_high)·ind(x), ind(x) = Σ_{y: source(y) = x} eq(r_low,
//                                      y) (the shift indicator, evaluated by the verifier in
//                                      O(2^b·b): blocks of at most 2^16 rows).
//
// Evalcheck alternates (a) unrolling every pending claim that needs no sumcheck and (b) one batched
// sumcheck (sumcheck.hpp, front-loaded) for all pending shifted claims, until only committed claims
// remain. Equal (oracle, point) claims are merged (deduplicated); equal ones with different values
// are rejected. Transcript phase "zk/evalcheck"; the claims themselves come from the caller
// (earlier protocols) and are absorbed as public values.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/zk/column.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::zk {

using OracleId = std::size_t;

enum class ShiftKind : std::uint8_t { cyclic, logical_left, logical_right };

class OracleSet {
 public:
  enum class Kind : std::uint8_t {
    committed,
    constant,
    step_down,
    eq,
    packed,
    linear_combination,
    projected,
    repeating,
    zero_padded,
    shifted
  };
  struct Oracle {
    Kind kind = Kind::committed;
    unsigned n_vars = 0;
    OracleId inner = 0;                   // projected, repeating, zero_padded, shifted
    B128 value;                           // constant; linear_combination offset
    std::size_t index = 0;                // step_down k; shift offset
    unsigned block_bits = 0;              // shifted; packed: κ
    unsigned inner_level = 0;             // packed: the inner field T_k
    ShiftKind shift = ShiftKind::cyclic;  // shifted
    std::vector<B128> fixed;              // projected: the highest variables' values; eq: its point
    std::vector<std::pair<OracleId, B128>> terms;  // linear_combination
  };

  // Builders. Throw std::invalid_argument for an unknown inner oracle, n_vars > 40, mismatched
  // sizes (linear-combination terms with another n_vars, zero_padded smaller than its inner,
  // step_down k > 2^n, shift block_bits 0, > 16 or > n, offset >= 2^block_bits).
  OracleId committed(unsigned n_vars);
  OracleId constant(unsigned n_vars, B128 value);
  OracleId step_down(unsigned n_vars, std::size_t k);
  OracleId eq(std::vector<B128> point);
  /// Throws also for κ > n of the inner oracle or k + κ > 7.
  OracleId packed(OracleId inner, unsigned log_degree, unsigned inner_level);
  OracleId linear_combination(unsigned n_vars, B128 offset,
                              std::vector<std::pair<OracleId, B128>> terms);
  OracleId projected(OracleId inner, std::vector<B128> high_values);
  OracleId repeating(OracleId inner, unsigned log_count);
  OracleId zero_padded(OracleId inner, unsigned n_vars);
  OracleId shifted(OracleId inner, unsigned block_bits, std::size_t offset, ShiftKind kind);

  const Oracle& at(OracleId id) const { return oracles_.at(id); }
  std::size_t size() const noexcept { return oracles_.size(); }

 private:
  OracleId push(Oracle oracle);
  void check(OracleId id) const;
  std::vector<Oracle> oracles_;
};

struct EvalClaim {
  OracleId oracle;
  std::vector<B128> point;
  B128 value;
  friend bool operator==(const EvalClaim&, const EvalClaim&) = default;
};

/// Errors: invalid_argument (bad claims), malformed_input (short tape), corrupt_data when a
/// transparent value, a recombination, a shift indicator or a duplicate claim disagrees.
Result<std::vector<EvalClaim>> verify_evalcheck(const OracleSet& oracles,
                                                std::span<const EvalClaim> claims,
                                                VerifierTranscript& transcript);

}  // namespace merkleforge::zk
