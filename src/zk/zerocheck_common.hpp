// Internal: statement checks and the opening of the zerocheck transcript, shared by both sides.
#pragma once

#include <string>

#include "merkleforge/zk/zerocheck.hpp"
#include "rounds.hpp"

namespace merkleforge::zk::detail {

inline Status check_zerocheck_statement(const ZerocheckStatement& statement) {
  if (statement.n_vars > kMaxColumnVars || statement.constraints.empty()) {
    return make_error(Errc::invalid_argument,
                      "zerocheck: more than 40 variables or no constraints");
  }
  for (const Composition& c : statement.constraints) {
    if (c.empty() || c.degree() == 0 ||
        c.n_columns() != statement.constraints.front().n_columns()) {
      return make_error(Errc::invalid_argument,
                        "zerocheck: a constraint is constant or over another column count");
    }
  }
  return Ok{};
}

inline Status check_eq_sumcheck_statement(const EqSumcheckStatement& statement) {
  if (statement.z.size() > kMaxColumnVars || statement.composition.empty() ||
      statement.composition.degree() == 0) {
    return make_error(Errc::invalid_argument,
                      "zerocheck: more than 40 variables or a constant composition");
  }
  return Ok{};
}

struct ZerocheckChallenges {
  std::vector<B128> z;
  B128 alpha;
  Composition batched;
};

template <class Transcript>
ZerocheckChallenges begin_zerocheck(Transcript& transcript, const ZerocheckStatement& statement) {
  transcript.begin_phase("zk/zerocheck");
  absorb_u64(transcript, statement.n_vars);
  absorb_u64(transcript, statement.constraints.size());
  for (const Composition& c : statement.constraints) absorb_u64(transcript, c.degree());
  std::vector<B128> z(statement.n_vars);
  for (B128& zi : z) zi = transcript.sample_b128();
  const B128 alpha = transcript.sample_b128();
  return {std::move(z), alpha, Composition::batch(statement.constraints, alpha)};
}

}  // namespace merkleforge::zk::detail
