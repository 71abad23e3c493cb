// The prover of constraint systems (cs/proof.hpp states the proof and its verifier): library
// merkleforge::cs_prover, which links oneTBB and the verifiers (merkleforge::cs). A verifier never
// includes this header (tests/architecture checks the include graph).
#pragma once

#include <cstddef>

#include "merkleforge/cs/proof.hpp"

namespace merkleforge::cs {

/// Ok when the witness and public values have the system's shapes and every constraint holds on
/// every row. Errors: wrong_size naming the column; corrupt_data naming the table, the constraint
/// and the first row where it fails.
Status check_witness(const ConstraintSystem& system, const Witness& witness,
                     const PublicValues& publics);

/// Wall-clock seconds of the prover's phases and the proof bytes each writes (filled when
/// requested; the bytes add up to the proof's size less its 9-byte header).
struct ProveTimings {
  double check = 0;                  ///< check_witness
  double commit = 0;                 ///< interleaving + PCS commitment
  double protocols = 0;              ///< linear checks, zerochecks, evalcheck
  double open = 0;                   ///< PCS opening
  std::size_t commitment_bytes = 0;  ///< the commitment's root
  std::size_t zerocheck_bytes = 0;   ///< linear checks' values, zerocheck rounds and evaluations
  std::size_t evalcheck_bytes = 0;   ///< evalcheck (virtual columns reduced to committed ones)
  std::size_t opening_bytes = 0;     ///< the groups' other values and the PCS proof
};

/// A proof that the witness satisfies the system with these public values. Errors: as
/// check_witness (a bad witness is refused before any proving), as derive_params.
Result<Bytes> prove(const ConstraintSystem& system, const Witness& witness,
                    const PublicValues& publics, const ProofConfig& config = {},
                    ProveTimings* timings = nullptr);

}  // namespace merkleforge::cs
