// Proving and verifying a constraint system (docs/binius-cs.md). Layer: zk protocols + pcs ← cs.
//
// Statement: the constraint system (every table, column, constraint and fixed value), the PCS
// configuration and the public values — all hashed into the statement digest that starts the
// Fiat–Shamir transcript, so a proof verifies only against its own statement.
//
// Proof: "MFZK" ‖ version ‖ u32le(|tape|) ‖ protocol tape ‖ PCS proof (pcs/params.hpp layout).
// The protocol tape holds, in order: the commitment root; per table the values of its linearly
// constrained columns at a random point and its zerocheck; evalcheck; per commitment group and
// point the values of the group's other columns there. Every length follows from the statement.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "merkleforge/cs/constraint_system.hpp"
#include "merkleforge/pcs/params.hpp"
#include "merkleforge/soundness/bound.hpp"

namespace merkleforge::cs {

/// Identifies the protocol in the transcript.
inline constexpr std::string_view kProtocol = "merkleforge/cs/v1";
inline constexpr std::uint8_t kProofMagic[4] = {'M', 'F', 'Z', 'K'};
inline constexpr std::uint8_t kProofVersion = 1;

/// The committed columns' values in committed_columns() order, each field_bytes(field, n_vars of
/// its table) bytes.
struct Witness {
  std::vector<Bytes> columns;
};

/// The public columns' values in public_columns() order, each data_bytes(column) bytes.
struct PublicValues {
  std::vector<Bytes> columns;
};

struct ProofConfig {
  /// Target of the whole system's soundness (the PCS's query count is raised until the sum of
  /// every term reaches it).
  unsigned security_bits = 100;
  unsigned log_inv_rate = 1;  ///< PCS rate 1/2
};

/// Everything both sides derive from the statement shape before any proof exists.
struct SystemParams {
  pcs::PcsParams pcs;
  /// The whole proof's terms: the system's checks, then the PCS's (docs/soundness.md).
  soundness::Bound soundness;
  /// −log2 of the summed terms (the interactive knowledge-soundness bound).
  double security_bits() const { return soundness.work_bits(); }
};

/// Commitment groups, PCS parameters and soundness terms for the system. Errors: invalid_argument
/// when nothing is committed, the PCS cannot reach the target, or the shapes are too large.
Result<SystemParams> derive_params(const ConstraintSystem& system, const ProofConfig& config);

/// Columns, constraints, committed size, PCS parameters, each soundness term, the interactive
/// bound and the Fiat–Shamir statement.
std::string describe(const ConstraintSystem& system, const ProofConfig& config);

/// SHA-256 of the statement: protocol, system, parameters and public values.
Digest32 statement_digest(const ConstraintSystem& system, const SystemParams& params,
                          const PublicValues& publics);

/// A statement prepared for verifying many proofs of it: the parameters, the plan and the
/// statement digest, derived once from the caller's trusted values (the system and public values
/// are copied). Verifying a proof against it is verify() without that per-call setup.
class PreparedStatement {
 public:
  /// Errors: wrong_size for public values of the wrong shape; as derive_params.
  static Result<PreparedStatement> prepare(const ConstraintSystem& system,
                                           const PublicValues& publics,
                                           const ProofConfig& config = {});
  /// As cs::verify(system, publics, proof, config).
  Status verify(ByteSpan proof) const;
  const SystemParams& params() const;

  struct State;  ///< opaque: defined in src/cs/verify.cpp

 private:
  explicit PreparedStatement(std::shared_ptr<const State> state) : state_(std::move(state)) {}
  std::shared_ptr<const State> state_;
};

/// Ok when `proof` shows that some witness satisfies the system with these public values. Every
/// trusted value (system, public values, configuration) comes from the caller. Errors:
/// wrong_size for public values of the wrong shape; malformed_input for bytes that are not a
/// proof of this format at all (magic, version, a header cut short); corrupt_data for a proof
/// that is invalid for this statement: a failed check, or a length that does not fit it (a
/// truncated proof, or a proof of another statement).
Status verify(const ConstraintSystem& system, const PublicValues& publics, ByteSpan proof,
              const ProofConfig& config = {});

}  // namespace merkleforge::cs
