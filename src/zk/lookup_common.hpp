// Internal: the lookup channel's shape and the mapping of its claims onto the committed columns,
// shared by the prover and the verifier.
#pragma once

#include "merkleforge/zk/channel.hpp"
#include "merkleforge/zk/lookup.hpp"
#include "rounds.hpp"

namespace merkleforge::zk::detail {

inline constexpr unsigned kMaxLookupVars = 31;

template <class Transcript>
ChannelStatement begin_lookup(Transcript& transcript, unsigned table_vars, unsigned lookup_vars) {
  transcript.begin_phase("zk/lookup");
  absorb_u64(transcript, table_vars);
  absorb_u64(transcript, lookup_vars);
  return ChannelStatement{{{table_vars, 2, FlushDirection::push},
                           {lookup_vars, 2, FlushDirection::pull},
                           {lookup_vars, 2, FlushDirection::push},
                           {table_vars, 2, FlushDirection::pull}},
                          {},
                          {}};
}

/// The committed-column claims of the channel's flushes (T, 1), (U, R), (U, α·R), (T, F) and of
/// R's grand product; the constant column must evaluate to 1 and α·R's claim becomes R's.
inline Result<LookupClaims> lookup_claims(const ChannelClaims& channel,
                                          std::span<const B128> r_point, B128 r_value) {
  using Col = LookupClaims::Claim::Column;
  if (channel.evals[0][1] != B128::one()) {
    // A balanced channel whose timestamps start elsewhere (not reached by mutation: the claim is
    // bound by the channel's checks); tests/zk Lookup.InitialTimestampsOtherThanOneAreRejected.
    return make_error(Errc::corrupt_data, "lookup: the initial timestamps are not all 1");
  }
  const B128 alpha_inverse = B128(kLookupGenerator).inverse();
  LookupClaims out;
  out.claims = {
      {Col::table, channel.points[0], channel.evals[0][0]},
      {Col::lookups, channel.points[1], channel.evals[1][0]},
      {Col::read_timestamps, channel.points[1], channel.evals[1][1]},
      {Col::lookups, channel.points[2], channel.evals[2][0]},
      {Col::read_timestamps, channel.points[2], alpha_inverse * channel.evals[2][1]},
      {Col::table, channel.points[3], channel.evals[3][0]},
      {Col::final_timestamps, channel.points[3], channel.evals[3][1]},
      {Col::read_timestamps, {r_point.begin(), r_point.end()}, r_value},
  };
  return out;
}

}  // namespace merkleforge::zk::detail
