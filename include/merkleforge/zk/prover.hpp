// The provers of the protocols (zk/*.hpp states each protocol, its transcript and its
// verifier): library merkleforge::zk_prover, which links oneTBB and the verifiers
// (merkleforge::zk, which does not). A verifier never includes this header (tests/architecture
// checks the include graph). Every prover writes what its verifier reads, in the same order; a
// false statement still gives a proof, which the verifier rejects.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/zk/channel.hpp"
#include "merkleforge/zk/evalcheck.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/lookup.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"

namespace merkleforge::zk {

// ---- sumcheck (sumcheck.hpp) ----

/// Proves the batch; columns[j] holds claim j's composition.n_columns() columns, each with n_j
/// variables, in any field. The sums are taken from `claims` (a wrong sum gives a proof the
/// verifier rejects). Errors: invalid_argument for an empty batch, an empty or degree-0
/// composition, n_j > 40, or a column count that differs from the composition's; wrong_size for
/// a column that is malformed (check_column) or has another number of variables.
Result<EvaluationClaims> prove_sumcheck(std::span<const SumcheckClaim> claims,
                                        std::span<const std::vector<Column>> columns,
                                        ProverTranscript& transcript);

// ---- zerocheck (zerocheck.hpp) ----

/// Proves the statement over `columns` (n_vars variables each). Returns the evaluation claims
/// (evals[0][c]: column c at point). Errors: invalid_argument for a statement verify_zerocheck
/// rejects or a column count that differs from the constraints'; wrong_size for a malformed
/// column or one with another number of variables. A table that violates a constraint still gives
/// a proof: the verifier rejects it.
Result<EvaluationClaims> prove_zerocheck(const ZerocheckStatement& statement,
                                         std::span<const Column> columns,
                                         ProverTranscript& transcript);

/// The eq-weighted sumcheck of zerocheck.hpp's EqSumcheckStatement on its own (the verifier:
/// verify_eq_sumcheck), with eq factored out as the zerocheck does (Gruen, 2024/108 §3): for
/// protocols that draw z and the sum themselves (the Boolean engine's exponentiation layers).
/// Returns ρ and the columns' values there. Errors: as verify_eq_sumcheck for the statement;
/// invalid_argument or wrong_size for columns that do not fit it. A false sum still gives a
/// proof: the verifier rejects it.
Result<EvaluationClaims> prove_eq_sumcheck(const EqSumcheckStatement& statement,
                                           std::span<const Column> columns,
                                           ProverTranscript& transcript);

// ---- grand_product (grand_product.hpp) ----

/// Proves the products of the columns (any field). Errors: invalid_argument for no column or
/// more than 40 variables; wrong_size for a malformed column.
Result<GrandProductClaims> prove_grand_products(std::span<const Column> columns,
                                                ProverTranscript& transcript);

/// The layers of a column's partial products (grand_product.hpp), built in parallel, in the POLYVAL
/// basis: `top` holds P (2^low values) and halves[l] layer l + 1 (low + l + 1 variables) split on
/// its highest variable, so that each half is a column of the layer above's sumcheck as it is.
struct ProductLayers {
  LargeVector<binius::B128P> top;
  std::vector<std::array<LargeVector<binius::B128P>, 2>> halves;
};
/// From the column's two halves (its highest variable 0, then 1). Errors: wrong_size unless the
/// halves have 2^(low + m − 1) values each, m ≥ 1, low + m <= kMaxColumnVars.
Result<ProductLayers> product_layers(std::array<LargeVector<binius::B128P>, 2> column,
                                     unsigned low);

/// Proves the statement from its products' layers, which it consumes (each level is freed once
/// proved). The claimed values are the statement's: a false one gives a proof the verifier
/// rejects. Errors: invalid_argument for a statement verify_partial_products rejects or layers
/// that do not match it.
Result<GrandProductClaims> prove_partial_products(const PartialProductStatement& statement,
                                                  std::span<ProductLayers> layers,
                                                  ProverTranscript& transcript);

// ---- channel (channel.hpp) ----

/// Proves that the flushes balance; columns[f] holds flush f's `width` columns. An unbalanced
/// channel still gives a proof, which the verifier rejects. Errors: invalid_argument for a
/// statement verify_channel rejects or a column count other than the width; wrong_size for a
/// malformed column or one with another number of variables.
Result<ChannelClaims> prove_channel(const ChannelStatement& statement,
                                    std::span<const std::vector<Column>> columns,
                                    ProverTranscript& transcript);

// ---- lookup (lookup.hpp) ----

struct LookupWitness {
  std::vector<std::uint32_t> read_timestamps;   ///< R, one per lookup
  std::vector<std::uint32_t> final_timestamps;  ///< F, one per table entry
};

/// R and F for reading `lookups` from `table` in order (each value from the first table entry
/// holding it). Errors: invalid_argument if a value is not in the table or the sizes are not
/// powers of two (at most 2^31 lookups).
Result<LookupWitness> lookup_witness(std::span<const std::uint32_t> table,
                                     std::span<const std::uint32_t> lookups);

/// Proves that every lookup reads the table, given the witness. Errors: wrong_size when the
/// columns' sizes disagree (T and F, U and R) or are not powers of two.
Result<LookupClaims> prove_lookup(std::span<const std::uint32_t> table,
                                  std::span<const std::uint32_t> lookups,
                                  const LookupWitness& witness, ProverTranscript& transcript);

// ---- evalcheck (evalcheck.hpp) ----

/// The values of a transparent or virtual oracle computed from the committed ones (`committed[i]`
/// views the 2^n values of oracle i when it is committed, in any field; other entries are
/// ignored), as canonical B128. Errors:
/// invalid_argument for an unknown oracle or a committed oracle without values of the right size.
Result<std::vector<B128>> materialise_oracle(const OracleSet& oracles, OracleId id,
                                             std::span<const Column> committed);

/// The prover's values of every oracle, computed from the committed columns on first use and
/// kept: B1 oracles and their XORs, shifts and tilings as bits, the others as canonical B128.
/// `committed[i]` views the values of oracle i when it is committed, in any field (other entries
/// are ignored); the views must outlive this object.
class OracleValues {
 public:
  OracleValues(const OracleSet& oracles, std::span<const Column> committed);
  ~OracleValues();
  OracleValues(const OracleValues&) = delete;
  OracleValues& operator=(const OracleValues&) = delete;
  /// A view of the oracle's values, valid while this object lives (B1 for bit oracles, else
  /// B128). Errors: as materialise_oracle.
  Result<Column> column(OracleId id);
  const OracleSet& oracles() const noexcept;

  struct State;

 private:
  friend Result<std::vector<EvalClaim>> prove_evalcheck(std::span<const EvalClaim> claims,
                                                        OracleValues& values,
                                                        ProverTranscript& transcript);
  std::unique_ptr<State> state_;
};

/// Reduces `claims` to claims on committed oracles (deduplicated, in order of appearance), the
/// prover taking every value from `values`. Errors: invalid_argument for a claim on an unknown
/// oracle or with a point of the wrong length, or missing committed values; corrupt_data for a
/// claim the reduction sees to be false without the verifier (transparent values, linear
/// combinations, zero padding). A false claim on a shifted oracle gives a proof the verifier
/// rejects.
Result<std::vector<EvalClaim>> prove_evalcheck(std::span<const EvalClaim> claims,
                                               OracleValues& values, ProverTranscript& transcript);

/// The same over a fresh OracleValues(oracles, committed).
Result<std::vector<EvalClaim>> prove_evalcheck(const OracleSet& oracles,
                                               std::span<const EvalClaim> claims,
                                               std::span<const Column> committed,
                                               ProverTranscript& transcript);

}  // namespace merkleforge::zk
