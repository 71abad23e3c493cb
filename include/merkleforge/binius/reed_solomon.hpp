// Reed–Solomon encoding of interleaved B128 messages with the additive NTT (additive_ntt.hpp).
//
// A message of 2^log_dim positions, each holding 2^log_batch interleaved B128 values, is read as
// 2^log_batch polynomials in the novel basis (coefficients in position order). The codeword is
// their evaluations on the 2^log_inv_rate cosets c = 0, 1, ... of U_log_dim in B32, coset after
// coset: codeword position c·2^log_dim + k holds the 2^log_batch values at x = k XOR
// (c << log_dim), interleaved as in the message. Rate = 2^-log_inv_rate (1/2 for 1, 1/4 for 2).
// This is Binius v0's systematic-free RS code in its FRI-Binius commitment.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

struct ReedSolomonParams {
  unsigned log_dim = 0;       ///< log2 of message positions
  unsigned log_inv_rate = 1;  ///< codeword = 2^log_inv_rate × message
  unsigned log_batch = 0;     ///< log2 of interleaved values per position

  /// B128 values of a message: 2^(log_dim + log_batch).
  std::size_t message_values() const { return std::size_t{1} << (log_dim + log_batch); }
  /// B128 values of a codeword: message_values() · 2^log_inv_rate.
  std::size_t codeword_values() const { return message_values() << log_inv_rate; }
};

/// Errors: invalid_argument when log_dim + log_inv_rate > 32 (the B32 domain) or the sizes are
/// absurd; wrong_size unless message has params.message_values() values and codeword
/// params.codeword_values().
Status reed_solomon_encode(std::span<const B128> message, const ReedSolomonParams& params,
                           std::span<B128> codeword);

/// As above, returning a fresh codeword.
Result<std::vector<B128>> reed_solomon_encode(std::span<const B128> message,
                                              const ReedSolomonParams& params);

/// As the first reed_solomon_encode for a message already in the Montgomery POLYVAL basis
/// (polyval.hpp), e.g. one the caller keeps for later products; the codeword is canonical.
Status reed_solomon_encode_polyval(std::span<const B128P> message_polyval,
                                   const ReedSolomonParams& params, std::span<B128> codeword);

}  // namespace merkleforge::binius
