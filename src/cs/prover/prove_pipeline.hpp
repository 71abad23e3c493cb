// Internal: the constraint-system prover's pipeline (docs/binius-cs.md "Pipeline"), as a template
// over its witness check. The library instantiates it once, with the check (cs::prove in
// prove.cpp); the tests instantiate it without, to push a false witness through the real pipeline
// and show that the verifier rejects it (tests/support/cheating_prover.cpp). The unchecked prover
// is therefore never compiled into the library.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstring>

#include "columns.hpp"
#include "merkleforge/cs/prover.hpp"
#include "merkleforge/pcs/prover.hpp"
#include "merkleforge/zk/prover.hpp"
#include "merkleforge/zk/zerocheck.hpp"

namespace merkleforge::cs::detail {

enum class WitnessCheck { enforce, skip };

using Clock = std::chrono::steady_clock;
using Role = ConstraintSystem::Role;

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

inline std::vector<zk::EvalClaim> claims_at(const std::vector<OracleId>& columns,
                                            const std::vector<B128>& point,
                                            const std::vector<B128>& values) {
  std::vector<zk::EvalClaim> claims;
  for (std::size_t c = 0; c < columns.size(); ++c) claims.push_back({columns[c], point, values[c]});
  return claims;
}

/// Degree-1 constraints of a table: the columns' values at one random point.
inline std::vector<zk::EvalClaim> prove_linear(const ConstraintBatch& batch, unsigned n_vars,
                                               ProverColumns& columns,
                                               zk::ProverTranscript& transcript) {
  transcript.begin_phase("cs/linear");
  std::vector<B128> point(n_vars);
  for (auto& x : point) x = transcript.sample_b128();
  std::vector<B128> values;
  for (OracleId id : batch.columns) values.push_back(evaluate_column(columns.column(id), point));
  transcript.write_b128s(values);
  return claims_at(batch.columns, point, values);
}

inline Result<std::vector<zk::EvalClaim>> prove_table_zerocheck(const ConstraintBatch& batch,
                                                                unsigned n_vars,
                                                                ProverColumns& columns,
                                                                zk::ProverTranscript& transcript) {
  std::vector<Column> views;
  for (OracleId id : batch.columns) views.push_back(columns.column(id));
  auto reduced = zk::prove_zerocheck({n_vars, batch.compositions}, views, transcript);
  if (!reduced) return reduced.error();
  return claims_at(batch.columns, reduced->point, reduced->evals[0]);
}

/// Per commitment group and point: the other columns' values there (written), then the PCS
/// claim.
inline std::vector<pcs::EvaluationClaim> group_claims(const Plan& plan,
                                                      const std::vector<zk::EvalClaim>& committed,
                                                      ProverColumns& columns,
                                                      zk::ProverTranscript& transcript) {
  transcript.begin_phase("cs/groups");
  std::vector<pcs::EvaluationClaim> out;
  for (const GroupOpening& opening : group_openings(plan, committed)) {
    const CommitGroup& group = plan.groups[opening.group];
    std::vector<B128> values, missing;
    for (std::size_t k = 0; k < group.columns.size(); ++k) {
      if (opening.values[k]) {
        values.push_back(*opening.values[k]);
      } else {
        values.push_back(evaluate_column(columns.column(group.columns[k]), opening.point));
        missing.push_back(values.back());
      }
    }
    transcript.write_b128s(missing);
    out.push_back(opening_claim(plan, opening, values, transcript));
  }
  return out;
}

inline Bytes encode(const zk::ProofTapes& tapes, const Bytes& pcs_proof) {
  Bytes out(kProofMagic, kProofMagic + 4);
  out.push_back(kProofVersion);
  const auto size = static_cast<std::uint32_t>(tapes.transcript.size());
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(size >> (8 * i)));
  out.insert(out.end(), tapes.transcript.begin(), tapes.transcript.end());
  out.insert(out.end(), pcs_proof.begin(), pcs_proof.end());
  return out;
}

template <WitnessCheck kCheck>
Result<Bytes> prove_pipeline(const ConstraintSystem& system, const Witness& witness,
                             const PublicValues& publics, const ProofConfig& config,
                             ProveTimings* timings) {
  ProveTimings local;
  ProveTimings& t = timings != nullptr ? *timings : local;
  auto start = Clock::now();
  if (Status s = check_shapes(system, witness, publics); !s) return s.error();
  const Plan plan = make_plan(system);
  ProverColumns columns(system, witness, publics);
  if constexpr (kCheck == WitnessCheck::enforce) {
    if (Status s = check_rows(system, plan, columns); !s) return s.error();
  }
  t.check = seconds_since(start);
  auto params = derive_params(system, config);
  if (!params) return params.error();

  start = Clock::now();
  std::vector<std::vector<B128>> packed;
  for (const CommitGroup& group : plan.groups) {
    std::vector<Column> views;
    for (OracleId id : group.columns) views.push_back(columns.column(id));
    packed.push_back(interleave_group(group, system.tables()[group.table].n_vars, views));
  }
  std::vector<std::span<const B128>> spans(packed.begin(), packed.end());
  auto committed = pcs::pcs_commit(group_shapes(plan), spans, params->pcs.config);
  if (!committed) return committed.error();
  packed.clear();
  t.commit = seconds_since(start);

  start = Clock::now();
  zk::ProverTranscript transcript(kProtocol, statement_digest(system, *params, publics));
  transcript.begin_phase("cs/commitment");
  transcript.write_commitment(committed->root());
  t.commitment_bytes = transcript.transcript_bytes();
  std::vector<zk::EvalClaim> claims;
  for (std::size_t k = 0; k < plan.tables.size(); ++k) {
    const unsigned n = system.tables()[k].n_vars;
    if (!plan.tables[k].linear.columns.empty()) {
      auto linear = prove_linear(plan.tables[k].linear, n, columns, transcript);
      claims.insert(claims.end(), linear.begin(), linear.end());
    }
    if (!plan.tables[k].zerocheck.columns.empty()) {
      auto zero = prove_table_zerocheck(plan.tables[k].zerocheck, n, columns, transcript);
      if (!zero) return zero.error();
      claims.insert(claims.end(), zero->begin(), zero->end());
    }
  }
  t.zerocheck_bytes = transcript.transcript_bytes() - t.commitment_bytes;
  auto reduced = zk::prove_evalcheck(claims, columns.values(), transcript);
  if (!reduced) return reduced.error();
  t.evalcheck_bytes = transcript.transcript_bytes() - t.commitment_bytes - t.zerocheck_bytes;
  std::vector<zk::EvalClaim> on_committed;
  for (const zk::EvalClaim& c : *reduced) {
    if (system.column(c.oracle).role == Role::committed) on_committed.push_back(c);
  }
  const auto pcs_claims = group_claims(plan, on_committed, columns, transcript);
  const std::size_t group_bytes =
      transcript.transcript_bytes() - t.commitment_bytes - t.zerocheck_bytes - t.evalcheck_bytes;
  const zk::ProofTapes tapes = std::move(transcript).finish();
  t.protocols = seconds_since(start);

  start = Clock::now();
  auto opening = pcs::pcs_prove(*committed, pcs_claims);
  if (!opening) return opening.error();
  t.open = seconds_since(start);
  t.opening_bytes = group_bytes + opening->size();
  return encode(tapes, *opening);
}

}  // namespace merkleforge::cs::detail
