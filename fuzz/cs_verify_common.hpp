// Shared by the constraint-system verifier's fuzz targets: proof decoding and verification. The
// first input byte picks a statement; the rest is the proof (first byte even) or sparse edits of
// an honest proof of that statement (odd: apply_edits), so both garbage and near-valid proofs reach
// every check. Every input must end in a Status, never in a crash or undefined behaviour;
// an altered proof that verifies aborts (a forgery).
//
// The statements and their honest proofs come from the target's fixture file (cs_fixture.hpp),
// made at build time by make_fuzz_fixtures: these targets link the verifier modules only.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cs_fixture.hpp"
#include "merkleforge/cs/proof.hpp"

namespace merkleforge::fuzz {

struct CsCase {
  cs::PreparedStatement statement;
  Bytes proof;
};

/// The statements of `target`'s fixture, each prepared once (parameters, plan, digest) so that
/// each input costs only its verification; aborts when an honest proof does not verify.
inline std::vector<CsCase> load_cs_cases(std::string_view target) {
  std::vector<CsFixtureCase> fixtures = load_fixture(target, [](FixtureReader& in) {
    std::vector<CsFixtureCase> out;
    for (std::size_t i = 0, n = in.count(1024); i < n; ++i) out.push_back(read_cs_case(in));
    if (out.empty()) in.fail("no statements");
    return out;
  });
  std::vector<CsCase> cases;
  for (CsFixtureCase& c : fixtures) {
    auto statement = cs::PreparedStatement::prepare(c.system, c.publics, c.config);
    const Status verified = statement ? statement->verify(c.proof) : Status(statement.error());
    if (!verified.ok()) {
      std::fprintf(stderr, "%.*s: the honest proof of %s does not verify: %s\n",
                   static_cast<int>(target.size()), target.data(), c.label.c_str(),
                   verified.error().message.c_str());
      std::abort();
    }
    cases.push_back({std::move(*statement), std::move(c.proof)});
  }
  return cases;
}

/// One input against one of `cases` (byte 0 picks it and the mode).
inline int fuzz_cs_verify(const std::uint8_t* data, std::size_t size,
                          const std::vector<CsCase>& cases) {
  if (size == 0) return 0;
  const CsCase& c = cases[(data[0] >> 1) % cases.size()];
  Bytes proof(data + 1, data + size);
  if (data[0] & 1) {
    proof = c.proof;
    if (!fuzz::apply_edits(ByteSpan(data + 1, size - 1), proof)) return 0;
  }
  const Status verified = c.statement.verify(proof);
  if (verified.ok() && proof != c.proof) std::abort();  // an altered proof was accepted
  return 0;
}

}  // namespace merkleforge::fuzz
