// libFuzzer target: decode + verify of the succinct state proofs (state/log.hpp,
// state/bintrie.hpp): three inclusions in an RFC 6962 log of 20 leaves (verify_log_inclusions),
// six reads of a binary state tree — present values, a present zero value, an absent slot, an
// absent stem beside a present one, a path ending in an empty child (verify_bintrie_reads) — and
// writes to four of them, one of each kind of insertion (verify_bintrie_writes), all under the
// fast commitment profile. Mode byte: (byte / 2) mod 3 picks the statement; bit 0 even:
// the input is the whole proof, odd: sparse edits of the honest proof (reaching the multiproof's
// shape, the Boolean engine's proof and every check past the container). The verifier must
// return a Status without crashing or reading out of bounds, and accept nothing but the honest
// proof: the shape is the one canonical encoding of the keys' multiproof and every byte of the
// wired proof is determined by the witness and the transcript, so another accepted proof of the
// same statement would be a forgery, and the fuzzer aborts on it.
//
// The statements (as state/statement.hpp's bytes) and the honest proofs are read from the fixture
// make_fuzz_fixtures writes. This target links the verifier modules only.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "fixture.hpp"
#include "merkleforge/state/statement.hpp"

namespace {

using namespace merkleforge;
using namespace merkleforge::state;

struct Case {
  StateStatement statement;
  Bytes honest_proof;
};

/// One case per kind, in the order of TreeKind (rfc6962, bintrie, bintrie_writes).
std::vector<Case> cases;  // LLVMFuzzerInitialize reads it
constexpr std::size_t kKinds = 3;

Case read_case(fuzz::FixtureReader& in, std::size_t kind) {
  const Bytes encoded = in.bytes();
  auto statement = decode_statement(encoded);
  if (!statement) in.fail("a statement that does not decode: " + statement.error().message);
  if (static_cast<std::size_t>(statement->kind) != kind + 1) {
    in.fail("a statement of another kind");
  }
  return {std::move(*statement), in.bytes()};
}

Status verify_proof(const Case& c, ByteSpan proof) {
  const StateStatement& s = c.statement;
  switch (s.kind) {
    case TreeKind::rfc6962:
      return verify_log_inclusions(s.log, proof, s.commitment);
    case TreeKind::bintrie:
      return verify_bintrie_reads(s.bintrie, proof, s.commitment);
    case TreeKind::bintrie_writes:
      break;
  }
  return verify_bintrie_writes(s.bintrie, s.writes, proof, s.commitment);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cases = fuzz::load_fixture("state_verify_fuzz", [](fuzz::FixtureReader& in) {
    std::vector<Case> out;
    for (std::size_t kind = 0; kind < kKinds; ++kind) out.push_back(read_case(in, kind));
    return out;
  });
  for (const Case& c : cases) {
    if (const Status verified = verify_proof(c, c.honest_proof); !verified.ok()) {
      std::fprintf(stderr, "state_verify_fuzz: an honest proof does not verify: %s\n",
                   verified.error().message.c_str());
      std::abort();
    }
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Case& c = cases[(data[0] / 2) % kKinds];
  Bytes proof;
  if (data[0] % 2 == 0) {
    proof.assign(data + 1, data + size);
  } else {
    proof = c.honest_proof;
    fuzz::apply_edits(ByteSpan(data + 1, size - 1), proof);
  }
  if (proof == c.honest_proof) return 0;
  if (verify_proof(c, proof).ok()) std::abort();  // another proof of the statement: a forgery
  return 0;
}
