// libFuzzer target: decode + verify of FRI-Binius PCS proofs (pcs/verifier.hpp) for a fixed
// small statement (a B128 and a B1 polynomial, two true claims, weak parameters so that a proof is
// small). Mode byte even: the input is the whole proof. Odd: sparse edits of the honest proof
// (reaching every check past the strict size test). The verifier must return a Status
// without crashing or reading out of bounds, and accept nothing but the honest proof: another
// accepted proof of the same claims would be a forgery (every byte of a proof is determined by the
// committed data and the transcript), so the fuzzer aborts on it.
#include <cstdint>
#include <cstdlib>
#include <random>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/pcs/prover.hpp"
#include "merkleforge/pcs/verifier.hpp"

namespace {

using namespace merkleforge;
using namespace merkleforge::pcs;
using binius::B128;
using binius::uint128;

/// Σ_i value_i·eq(point, i) over the T_level values packed in `words`, by the reference products.
B128 evaluate(const std::vector<B128>& words, const std::vector<B128>& point, unsigned level) {
  const auto mul = [](B128 a, B128 b) { return B128(binius::tower_mul(7, a.value(), b.value())); };
  const unsigned width = 1u << level;
  B128 sum;
  for (std::size_t i = 0; i < (std::size_t{1} << point.size()); ++i) {
    const std::size_t bit = i * width;
    const uint128 mask = width == 128 ? ~uint128{0} : (uint128{1} << width) - 1;
    const B128 value((words[bit / 128].value() >> (bit % 128)) & mask);
    B128 weight = B128::one();
    for (std::size_t j = 0; j < point.size(); ++j) {
      weight = mul(weight, ((i >> j) & 1) ? point[j] : B128::one() + point[j]);
    }
    sum += mul(weight, value);
  }
  return sum;
}

struct Statement {
  PcsParams params;
  Digest32 root{};
  std::vector<EvaluationClaim> claims;
  Bytes honest_proof;
};

const Statement& statement() {
  static const Statement s = [] {
    std::mt19937_64 rng(21);
    auto random = [&] { return B128(binius::make_uint128(rng(), rng())); };
    const std::vector<PolynomialShape> shapes = {{7, 6}, {0, 9}};
    std::vector<B128> wide(64), bits(4);
    for (B128& value : wide) value = random();
    for (B128& value : bits) value = random();
    PcsConfig config;
    config.fixed_queries = 3;
    auto committed = pcs_commit(shapes, {wide, bits}, config);
    if (!committed) std::abort();
    Statement out;
    out.params = committed->params;
    out.root = committed->root();
    // True claims, so that mutations reach the query checks past the sumcheck; the values are
    // the polynomials' evaluations by the reference tower arithmetic.
    out.claims = {{0, std::vector<B128>(6), B128::zero()}, {1, std::vector<B128>(9), B128::zero()}};
    for (auto& claim : out.claims) {
      for (B128& coordinate : claim.point) coordinate = random();
    }
    out.claims[0].value = evaluate(wide, out.claims[0].point, 7);
    out.claims[1].value = evaluate(bits, out.claims[1].point, 0);
    auto proof = pcs_prove(*committed, out.claims);
    if (!proof) std::abort();
    out.honest_proof = std::move(*proof);
    if (!pcs_verify(out.params, out.root, out.claims, out.honest_proof).ok()) std::abort();
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
    // Sparse edits: each 3 bytes XOR their last byte at the position their first two scale to,
    // so that short inputs reach every field of the proof.
    proof = s.honest_proof;
    for (std::size_t i = 1; i + 3 <= size; i += 3) {
      const std::size_t at =
          ((std::size_t{data[i]} | std::size_t{data[i + 1]} << 8) * proof.size()) >> 16;
      proof[at] ^= data[i + 2];
    }
  }
  if (proof == s.honest_proof) return 0;
  const Status verified = pcs_verify(s.params, s.root, s.claims, proof);
  if (verified.ok()) std::abort();  // another proof of the claims accepted: a forgery
  return 0;
}
