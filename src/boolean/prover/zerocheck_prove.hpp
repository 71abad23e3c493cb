// The prover of the Boolean engine's zerocheck (../zerocheck.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "merkleforge/zk/transcript.hpp"
#include "zerocheck.hpp"

namespace merkleforge::boolean::detail {

/// The three bit columns, 2^(n − 6) words each (bit b of word w: row 64·w + b).
struct BitColumns {
  std::span<const std::uint64_t> a, b, z;
  /// Called with 0 (a) and 1 (b) once the zerocheck has read that column for the last time, so
  /// that its words can go before the next table takes their place (none: they stay).
  std::function<void(unsigned column)> release = {};
};

/// The first round: Q(E_e) = R(E_e)/Z_D(E_e), e < 63 (canonical), for τ = (pinned, tau_random)
/// on the word variables, through the active kernel (skip_kernel.hpp).
std::vector<B128> quotient_values(const BitColumns& columns, const PinnedConstants& pinned,
                                  std::span<const B128> tau_random);

/// Writes what verify_zerocheck reads and returns the claims it returns. Columns that violate a
/// row still give a proof, which the verifier rejects. Preconditions: every column has
/// 2^(n_vars − 6) words, n_vars >= kSkipVars + kPinnedVars.
ZerocheckClaims prove_zerocheck(const BitColumns& columns, unsigned n_vars,
                                const PinnedConstants& pinned, zk::ProverTranscript& transcript);

}  // namespace merkleforge::boolean::detail
