// libFuzzer target: decode + verify of FRI-Binius PCS proofs (pcs/verifier.hpp) for a fixed
// small statement (a B128 and a B1 polynomial, two true claims, weak parameters so that a proof is
// small, and proof of work before the queries and every fold challenge). Mode byte even: the input
// is the whole proof. Odd: sparse edits of the honest proof (reaching every check past the strict
// size test). The verifier must return a Status without crashing or reading out of bounds, and
// accept nothing but the honest proof: another accepted proof of the same claims would be a forgery
// (every byte of a proof is determined by the committed data and the transcript, but for the
// nonces: another valid nonce changes every later challenge, so the edited rest of the proof would
// have to follow them), so the fuzzer aborts on it.
//
// The statement (shapes, configuration, root, claims) and the honest proof are read from the
// fixture make_fuzz_fixtures writes (it commits and proves); the parameters are derived here from
// the shapes, as a verifier does. This target links the verifier modules only.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fixture.hpp"
#include "merkleforge/pcs/verifier.hpp"

namespace {

using namespace merkleforge;
using namespace merkleforge::pcs;

struct Statement {
  PcsParams params;
  Digest32 root{};
  std::vector<EvaluationClaim> claims;
  Bytes honest_proof;
};

Statement statement;  // LLVMFuzzerInitialize reads it

Statement load_statement() {
  return fuzz::load_fixture("pcs_verify_fuzz", [](fuzz::FixtureReader& in) {
    std::vector<PolynomialShape> shapes(in.count(64));
    for (PolynomialShape& shape : shapes) {
      shape.tower_level = in.small(binius::kMaxTowerLevel);
      shape.n_vars = in.small(64);
    }
    PcsConfig config;
    config.security_bits = in.small(1024);
    config.log_inv_rate = in.small(64);
    config.fixed_queries = in.small(kMaxQueries);
    config.fixed_arity = in.small(64);
    config.query_work_bits = in.small(64);
    auto params = derive_params(shapes, config);
    if (!params) in.fail("parameters: " + params.error().message);
    Statement out{std::move(*params), {}, {}, {}};
    const Bytes root = in.bytes();
    if (root.size() != out.root.size())
      in.fail("a root of " + std::to_string(root.size()) + " bytes");
    std::copy(root.begin(), root.end(), out.root.begin());
    out.claims.resize(in.count(kMaxClaims));
    for (EvaluationClaim& claim : out.claims) {
      claim.polynomial = static_cast<std::uint32_t>(in.count(shapes.size() - 1));
      claim.point = in.b128s();
      claim.value = in.b128();
    }
    out.honest_proof = in.bytes();
    return out;
  });
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  statement = load_statement();
  const Status verified =
      pcs_verify(statement.params, statement.root, statement.claims, statement.honest_proof);
  if (!verified.ok()) {
    std::fprintf(stderr, "pcs_verify_fuzz: the honest proof does not verify: %s\n",
                 verified.error().message.c_str());
    std::abort();
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Statement& s = statement;
  if (size == 0) return 0;
  Bytes proof;
  if (data[0] % 2 == 0) {
    proof.assign(data + 1, data + size);
  } else {
    proof = s.honest_proof;
    fuzz::apply_edits(ByteSpan(data + 1, size - 1), proof);
  }
  if (proof == s.honest_proof) return 0;
  const Status verified = pcs_verify(s.params, s.root, s.claims, proof);
  if (verified.ok()) std::abort();  // another proof of the claims accepted: a forgery
  return 0;
}
