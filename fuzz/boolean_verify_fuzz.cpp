// libFuzzer target: decode + verify of the Boolean engine's proofs (boolean/engine.hpp) for one
// Keccak-f instance. Mode byte even: the input is the whole proof. Odd: sparse edits of the
// honest proof (reaching every check past the header). The verifier must return a Status without
// crashing or reading out of bounds, and accept nothing but the honest proof: every byte of a
// proof is determined by the witness and the transcript, so another accepted proof of the same
// statement would be a forgery, and the fuzzer aborts on it.
//
// The outputs and the honest proof are read from the fixture make_fuzz_fixtures writes. This
// target links the verifier modules only.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fixture.hpp"
#include "merkleforge/boolean/engine.hpp"

namespace {

using namespace merkleforge;

struct Statement {
  Bytes outputs;
  Bytes honest_proof;
};

Statement statement;  // LLVMFuzzerInitialize reads it

Status verify_proof(ByteSpan proof) {
  return boolean::verify(boolean::keccakf_circuit(), 1, statement.outputs, proof);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  statement = fuzz::load_fixture("boolean_verify_fuzz", [](fuzz::FixtureReader& in) {
    Statement out;
    out.outputs = in.bytes();
    out.honest_proof = in.bytes();
    return out;
  });
  if (const Status verified = verify_proof(statement.honest_proof); !verified.ok()) {
    std::fprintf(stderr, "boolean_verify_fuzz: the honest proof does not verify: %s\n",
                 verified.error().message.c_str());
    std::abort();
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  Bytes proof;
  if (data[0] % 2 == 0) {
    proof.assign(data + 1, data + size);
  } else {
    proof = statement.honest_proof;
    fuzz::apply_edits(ByteSpan(data + 1, size - 1), proof);
  }
  if (proof == statement.honest_proof) return 0;
  if (verify_proof(proof).ok()) std::abort();  // another proof of the statement: a forgery
  return 0;
}
