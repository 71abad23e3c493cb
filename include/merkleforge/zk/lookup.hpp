// The binary-field Lasso lookup (binius.md §3.5, DP23 §4–5): every value of a lookup column U
// appears in the table column T, proven by memory checking with multiplicative timestamps in B32.
//
// Timestamps start at 1 and advance by multiplication with α = 0x03E21CEA, a generator of B32's
// multiplicative group (order 2^32 − 1; tests/zk/lookup_test.cpp checks it), so they never repeat
// while fewer than 2^32 − 1 lookups are made. Witness: read timestamps R (U's entry's timestamp
// before the read) and final timestamps F (T's entries after all reads). One channel of pairs
// (value, timestamp) then balances exactly when the reads are consistent:
//   push (T, 1), pull (U, R), push (U, α·R), pull (T, F)
// (channel.hpp), and R must be non-zero (a grand product with the non-zero check): otherwise a
// zero timestamp would be a fixed point of ·α and reads could be unbalanced for free.
//
// Transcript: phase "zk/lookup" (public n_T, n_U), the channel, then the grand product of R.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/core/result.hpp"
#include "merkleforge/zk/transcript.hpp"

namespace merkleforge::zk {

/// The timestamp generator α of B32 (canonical tower).
inline constexpr std::uint32_t kLookupGenerator = 0x03E21CEA;

/// Claims on the committed columns: T, U, R, F at the listed points.
struct LookupClaims {
  struct Claim {
    enum class Column : std::uint8_t { table, lookups, read_timestamps, final_timestamps };
    Column column;
    std::vector<B128> point;
    B128 value;
  };
  std::vector<Claim> claims;
};

/// Verifies for a table of 2^table_vars entries and 2^lookup_vars lookups. Errors:
/// invalid_argument (more than 31 / 40 variables), malformed_input (short tape), corrupt_data
/// (unbalanced channel, a zero read timestamp, an inconsistent reduction).
Result<LookupClaims> verify_lookup(unsigned table_vars, unsigned lookup_vars,
                                   VerifierTranscript& transcript);

}  // namespace merkleforge::zk
