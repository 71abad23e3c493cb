// libFuzzer target: the state proofs' statement decoder (state/statement.hpp: decode_statement,
// verify_state_proof) on arbitrary bytes. decode_statement must return without crashing or
// reading out of bounds (a count is checked against the bytes left before anything is reserved),
// and the encoding is canonical: whatever decodes re-encodes (encode_statement) to the very input,
// else the fuzzer aborts. verify_state_proof then checks the honest proof of its tree kind (the
// log's or the binary tree's fixture proof: state_verify_fuzz's statements) against the statement,
// which must return a Status whatever the statement says — unsorted or repeated keys and indices,
// sizes up to 2^64, no keys, the slim profile. A statement other than the fixture's that accepts
// its proof is not a finding here (an RFC 6962 proof, like an audit path, shows its leaves under
// any size with the same shape), only crashes are; state_verify_fuzz checks the proofs' soundness.
//
// The statements and proofs are read from the fixture make_fuzz_fixtures writes. This target links
// the verifier modules only.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "fixture.hpp"
#include "merkleforge/state/statement.hpp"

namespace {

using namespace merkleforge;
using namespace merkleforge::state;

/// A statement and its honest proof per kind, in the order of TreeKind.
struct Case {
  Bytes statement, proof;
};
std::vector<Case> cases;  // LLVMFuzzerInitialize reads it
constexpr std::size_t kKinds = 3;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cases = fuzz::load_fixture("state_statement_fuzz", [](fuzz::FixtureReader& in) {
    std::vector<Case> out(kKinds);
    for (Case& c : out) c.statement = in.bytes(), c.proof = in.bytes();
    return out;
  });
  for (std::size_t kind = 0; kind < kKinds; ++kind) {
    const Case& c = cases[kind];
    const auto decoded = decode_statement(c.statement);
    const Status verified = verify_state_proof(c.statement, c.proof);
    if (!decoded || static_cast<std::size_t>(decoded->kind) != kind + 1 ||
        encode_statement(*decoded) != c.statement || !verified.ok()) {
      std::fprintf(stderr,
                   "state_statement_fuzz: a fixture statement does not round-trip or its honest "
                   "proof does not verify\n");
      std::abort();
    }
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ByteSpan input(data, size);
  const auto decoded = decode_statement(input);
  if (!decoded) return 0;
  const Bytes encoded = encode_statement(*decoded);
  if (encoded.size() != size || !std::equal(encoded.begin(), encoded.end(), data)) {
    std::fprintf(stderr,
                 "state_statement_fuzz: a statement that does not re-encode to its bytes\n");
    std::abort();  // two encodings of one statement
  }
  const Bytes& proof = cases[static_cast<std::size_t>(decoded->kind) - 1].proof;
  (void)verify_state_proof(input, proof);  // a Status, whatever it is
  return 0;
}
