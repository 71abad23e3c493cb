// libFuzzer target: decode + verify of FRI-Binius PCS proofs (pcs/verifier.hpp) for a fixed
// small statement (a B128 and a B1 polynomial, two claims, weak parameters so that a proof is
// small). Mode byte 0: the input is the whole proof. Mode 1: the input is XORed onto an honest
// proof (reaching every check past the strict size test). The verifier must return a Status
// without crashing or reading out of bounds, and accept only the honest proof.
#include <cstdint>
#include <cstdlib>
#include <random>

#include "merkleforge/pcs/prover.hpp"
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

const Statement& statement() {
  static const Statement s = [] {
    std::mt19937_64 rng(21);
    auto random = [&] { return binius::make_uint128(rng(), rng()); };
    const std::vector<PolynomialShape> shapes = {{7, 6}, {0, 9}};
    std::vector<uint128> wide(64), bits(4);
    for (uint128& value : wide) value = random();
    for (uint128& value : bits) value = random();
    PcsConfig config;
    config.fixed_queries = 3;
    auto committed = pcs_commit(shapes, {wide, bits}, config);
    if (!committed) std::abort();
    Statement out;
    out.params = committed->params;
    out.root = committed->root();
    // Claimed values need not be true here: the fuzzer checks robustness, and the honest proof
    // of a false claim is rejected too (so nothing may be accepted except by a bug).
    out.claims = {{0, std::vector<uint128>(6), random()}, {1, std::vector<uint128>(9), random()}};
    for (auto& claim : out.claims) {
      for (uint128& coordinate : claim.point) coordinate = random();
    }
    auto proof = pcs_prove(*committed, out.claims);
    if (!proof) std::abort();
    out.honest_proof = std::move(*proof);
    return out;
  }();
  return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Statement& s = statement();
  if (size == 0) return 0;
  Bytes proof;
  if (data[0] % 2 == 0) {
    proof.assign(data + 1, data + size);
  } else {
    proof = s.honest_proof;
    if (size - 1 > proof.size()) proof.resize(size - 1, 0);
    for (std::size_t i = 1; i < size; ++i) proof[i - 1] ^= data[i];
  }
  const Status verified = pcs_verify(s.params, s.root, s.claims, proof);
  if (verified.ok()) std::abort();  // the claims are false: acceptance is a soundness bug
  return 0;
}
