// libFuzzer target: decode + verify of the Boolean engine's proofs (boolean/engine.hpp): one
// Keccak-f instance, a chain of three BLAKE3 compressions written with the circuit builder
// (verify_chain), and one u32mul instance (the MUL phase). Mode byte: (byte / 2) mod 3 picks the
// statement; bit 0 even: the input is the whole proof, odd: sparse edits of the honest proof
// (reaching every check past the header). The verifier must return a Status without crashing or
// reading out of bounds, and accept nothing but the honest proof: every byte of a proof is
// determined by the witness and the transcript, so another accepted proof of the same statement
// would be a forgery, and the fuzzer aborts on it.
//
// The statements and the honest proofs are read from the fixture make_fuzz_fixtures writes. This
// target links the verifier modules only.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fixture.hpp"
#include "merkleforge/boolean/engine.hpp"

namespace {

using namespace merkleforge;

struct Statements {
  Bytes outputs, honest_proof;            // Keccak-f
  Bytes head, tail, honest_chain_proof;   // the BLAKE3 chain
  Bytes products, honest_products_proof;  // u32mul
};

enum class Kind { keccakf, chain, mul };

Statements statements;  // LLVMFuzzerInitialize reads it

Status verify_proof(Kind kind, ByteSpan proof) {
  switch (kind) {
    case Kind::chain:
      return boolean::verify_chain(boolean::blake3_circuit(), 3, statements.head, statements.tail,
                                   proof);
    case Kind::mul:
      return boolean::verify(*boolean::find_circuit("u32mul"), 1, statements.products, proof);
    default:
      return boolean::verify(boolean::keccakf_circuit(), 1, statements.outputs, proof);
  }
}

const Bytes& honest(Kind kind) {
  switch (kind) {
    case Kind::chain:
      return statements.honest_chain_proof;
    case Kind::mul:
      return statements.honest_products_proof;
    default:
      return statements.honest_proof;
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  statements = fuzz::load_fixture("boolean_verify_fuzz", [](fuzz::FixtureReader& in) {
    Statements out;
    out.outputs = in.bytes();
    out.honest_proof = in.bytes();
    out.head = in.bytes();
    out.tail = in.bytes();
    out.honest_chain_proof = in.bytes();
    out.products = in.bytes();
    out.honest_products_proof = in.bytes();
    return out;
  });
  for (const Kind kind : {Kind::keccakf, Kind::chain, Kind::mul}) {
    if (const Status verified = verify_proof(kind, honest(kind)); !verified.ok()) {
      std::fprintf(stderr, "boolean_verify_fuzz: an honest proof does not verify: %s\n",
                   verified.error().message.c_str());
      std::abort();
    }
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto kind = static_cast<Kind>((data[0] / 2) % 3);
  Bytes proof;
  if (data[0] % 2 == 0) {
    proof.assign(data + 1, data + size);
  } else {
    proof = honest(kind);
    fuzz::apply_edits(ByteSpan(data + 1, size - 1), proof);
  }
  if (proof == honest(kind)) return 0;
  if (verify_proof(kind, proof).ok()) std::abort();  // another proof of the statement: a forgery
  return 0;
}
