// Internal: statement checks, absorbed items and the tuple fingerprint shared by both sides.
#pragma once

#include "merkleforge/zk/channel.hpp"
#include "rounds.hpp"

namespace merkleforge::zk::detail {

inline Status check_channel_statement(const ChannelStatement& statement) {
  if (statement.flushes.empty()) return make_error(Errc::invalid_argument, "channel: no flushes");
  const std::size_t width = statement.flushes.front().width;
  for (const Flush& f : statement.flushes) {
    if (f.width == 0 || f.width != width || f.n_vars > kMaxColumnVars) {
      return make_error(Errc::invalid_argument,
                        "channel: a flush has width 0, another width, or more than 40 variables");
    }
  }
  for (const auto* tuples : {&statement.boundary_pushes, &statement.boundary_pulls}) {
    for (const auto& tuple : *tuples) {
      if (tuple.size() != width) {
        return make_error(Errc::invalid_argument, "channel: a boundary tuple of another width");
      }
    }
  }
  return Ok{};
}

struct ChannelChallenges {
  B128 mixing;       // s
  B128 permutation;  // r
};

template <class Transcript>
ChannelChallenges begin_channel(Transcript& transcript, const ChannelStatement& statement) {
  transcript.begin_phase("zk/channel");
  absorb_u64(transcript, statement.flushes.size());
  for (const Flush& f : statement.flushes) {
    absorb_u64(transcript, f.n_vars);
    absorb_u64(transcript, f.width);
    absorb_u64(transcript, static_cast<std::uint64_t>(f.direction));
  }
  for (const auto* tuples : {&statement.boundary_pushes, &statement.boundary_pulls}) {
    absorb_u64(transcript, tuples->size());
    for (const auto& tuple : *tuples) {
      for (B128 v : tuple) absorb_b128(transcript, v);
    }
  }
  const B128 s = transcript.sample_b128();
  return {s, transcript.sample_b128()};
}

/// r + Σ_k s^k·tuple[k].
inline B128 fingerprint(const ChannelChallenges& c, std::span<const B128> tuple) {
  B128 sum = c.permutation;
  B128 power = B128::one();
  for (B128 v : tuple) {
    sum += power * v;
    power = power * c.mixing;
  }
  return sum;
}

}  // namespace merkleforge::zk::detail
