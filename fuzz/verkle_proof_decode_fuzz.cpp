// libFuzzer target: the Verkle proof decoders (IPA, 544 bytes; multiproof, 576 bytes). Whatever
// decodes must re-encode to the same bytes (both encodings are canonical: points by their
// compressed form, the scalar below r), and verifying it against a fixed claim must not crash.
#include <algorithm>
#include <cstdint>
#include <cstdlib>

#include "merkleforge/verkle/multiproof.hpp"

namespace {

template <class Proof>
const Proof* decode_canonical(merkleforge::ByteSpan bytes, Proof& storage) {
  auto proof = Proof::from_bytes(bytes);
  if (!proof) return nullptr;
  const auto again = proof->to_bytes();
  if (!std::ranges::equal(again, bytes)) std::abort();
  storage = *proof;
  return &storage;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge::verkle;
  const merkleforge::ByteSpan bytes(data, size);
  IpaProof ipa;
  if (decode_canonical(bytes, ipa)) {
    Transcript transcript("fuzz");
    (void)ipa_verify(transcript, Element::generator(), Fr::from_u64(size), Fr::one(), ipa);
  }
  MultiProof multiproof;
  if (decode_canonical(bytes, multiproof)) {
    const VerifierQuery claim{Element::generator(), 1, Fr::one()};
    Transcript transcript("fuzz");
    (void)multiproof_verify(transcript, {&claim, 1}, multiproof);
  }
  return 0;
}
