// The verifier: single-threaded, scalar except where the statement itself is large (the public
// columns' extensions), sharing with the prover only the plan and the statement digest.
#include "merkleforge/pcs/verifier.hpp"
#include "merkleforge/zk/zerocheck.hpp"
#include "plan.hpp"

namespace merkleforge::cs {
namespace {

using Role = ConstraintSystem::Role;

Error corrupt(const std::string& what) {
  return make_error(Errc::corrupt_data, "cs: " + what);
}

struct Decoded {
  ByteSpan tape;
  ByteSpan pcs;
};

Result<Decoded> decode(ByteSpan proof) {
  constexpr std::size_t kHeader = 4 + 1 + 4;
  if (proof.size() < kHeader || !std::equal(kProofMagic, kProofMagic + 4, proof.begin()) ||
      proof[4] != kProofVersion) {
    return make_error(Errc::malformed_input, "cs: not a MerkleForge constraint-system proof");
  }
  std::uint32_t size = 0;
  for (int i = 0; i < 4; ++i) size |= std::uint32_t{proof[5 + i]} << (8 * i);
  if (size > proof.size() - kHeader) {
    return corrupt("proof shorter than its protocol tape");
  }
  return Decoded{proof.subspan(kHeader, size), proof.subspan(kHeader + size)};
}

Status verify_linear(const ConstraintSystem& system, const detail::ConstraintBatch& batch,
                     unsigned n_vars, zk::VerifierTranscript& transcript,
                     std::vector<zk::EvalClaim>& claims) {
  transcript.begin_phase("cs/linear");
  std::vector<B128> point(n_vars);
  for (auto& x : point) x = transcript.sample_b128();
  std::vector<B128> values(batch.columns.size());
  if (Status s = transcript.read_b128s(values); !s) return s;
  for (std::size_t k = 0; k < batch.compositions.size(); ++k) {
    // A linear constraint's extension is the same combination of the columns' extensions.
    if (batch.compositions[k].evaluate(values) != B128::zero()) {
      return corrupt("linear constraint " + system.constraints()[batch.constraints[k]].name +
                     " does not vanish at the random point");
    }
  }
  for (std::size_t c = 0; c < batch.columns.size(); ++c) {
    claims.push_back({batch.columns[c], point, values[c]});
  }
  return Ok{};
}

Status verify_zerocheck(const detail::ConstraintBatch& batch, unsigned n_vars,
                        zk::VerifierTranscript& transcript, std::vector<zk::EvalClaim>& claims) {
  auto reduced = zk::verify_zerocheck({n_vars, batch.compositions}, transcript);
  if (!reduced) return reduced.error();
  for (std::size_t c = 0; c < batch.columns.size(); ++c) {
    claims.push_back({batch.columns[c], reduced->point, reduced->evals[0][c]});
  }
  return Ok{};
}

Result<std::vector<pcs::EvaluationClaim>> verify_groups(const detail::Plan& plan,
                                                        const std::vector<zk::EvalClaim>& committed,
                                                        zk::VerifierTranscript& transcript) {
  transcript.begin_phase("cs/groups");
  std::vector<pcs::EvaluationClaim> out;
  for (const detail::GroupOpening& opening : detail::group_openings(plan, committed)) {
    std::size_t unknown = 0;
    for (const auto& v : opening.values) unknown += v ? 0 : 1;
    std::vector<B128> missing(unknown);
    if (Status s = transcript.read_b128s(missing); !s) return s.error();
    std::vector<B128> values;
    std::size_t next = 0;
    for (const auto& v : opening.values) values.push_back(v ? *v : missing[next++]);
    out.push_back(detail::opening_claim(plan, opening, values, transcript));
  }
  return out;
}

}  // namespace

struct PreparedStatement::State {
  ConstraintSystem system;
  PublicValues publics;
  SystemParams params;
  detail::Plan plan;
  Digest32 digest;
};

namespace {

/// Every check after the header.
Status verify_decoded(const PreparedStatement::State& statement, const Decoded& decoded) {
  const ConstraintSystem& system = statement.system;
  const PublicValues& publics = statement.publics;
  const SystemParams& params = statement.params;
  const detail::Plan& plan = statement.plan;
  zk::VerifierTranscript transcript(kProtocol, statement.digest, decoded.tape, {});
  transcript.begin_phase("cs/commitment");
  auto root = transcript.read_commitment();
  if (!root) return root.error();
  std::vector<zk::EvalClaim> claims;
  for (std::size_t k = 0; k < plan.tables.size(); ++k) {
    const unsigned n = system.tables()[k].n_vars;
    if (!plan.tables[k].linear.columns.empty()) {
      if (Status s = verify_linear(system, plan.tables[k].linear, n, transcript, claims); !s) {
        return s;
      }
    }
    if (!plan.tables[k].zerocheck.columns.empty()) {
      if (Status s = verify_zerocheck(plan.tables[k].zerocheck, n, transcript, claims); !s) {
        return s;
      }
    }
  }
  auto reduced = zk::verify_evalcheck(system.oracles(), claims, transcript);
  if (!reduced) return reduced.error();
  std::vector<zk::EvalClaim> on_committed;
  for (const zk::EvalClaim& c : *reduced) {
    const auto& info = system.column(c.oracle);
    if (info.role == Role::committed) {
      on_committed.push_back(c);
    } else if (detail::evaluate_known(system, c.oracle,
                                      detail::known_data(system, publics, c.oracle),
                                      c.point) != c.value) {
      return corrupt((info.role == Role::public_values ? "public column " : "fixed column ") +
                     info.name + " disagrees with the proof");
    }
  }
  auto pcs_claims = verify_groups(plan, on_committed, transcript);
  if (!pcs_claims) return pcs_claims.error();
  if (Status s = transcript.finish(); !s) return s;
  return pcs::pcs_verify(params.pcs, *root, *pcs_claims, decoded.pcs);
}

}  // namespace

Result<PreparedStatement> PreparedStatement::prepare(const ConstraintSystem& system,
                                                     const PublicValues& publics,
                                                     const ProofConfig& config) {
  if (Status s = detail::check_publics(system, publics); !s) return s.error();
  auto params = derive_params(system, config);
  if (!params) return params.error();
  const Digest32 digest = statement_digest(system, *params, publics);
  return PreparedStatement(std::make_shared<const State>(
      State{system, publics, std::move(*params), detail::make_plan(system), digest}));
}

const SystemParams& PreparedStatement::params() const {
  return state_->params;
}

Status PreparedStatement::verify(ByteSpan proof) const {
  auto decoded = decode(proof);
  if (!decoded) return decoded.error();
  Status verified = verify_decoded(*state_, *decoded);
  if (!verified && verified.error().code == Errc::malformed_input) {
    // A proof of this format whose tapes do not fit the statement: invalid, like a failed check
    // (a proof of another statement has other lengths).
    return corrupt("the proof does not fit this statement (" + verified.error().message + ")");
  }
  return verified;
}

Status verify(const ConstraintSystem& system, const PublicValues& publics, ByteSpan proof,
              const ProofConfig& config) {
  auto prepared = PreparedStatement::prepare(system, publics, config);
  if (!prepared) return prepared.error();
  return prepared->verify(proof);
}

}  // namespace merkleforge::cs
