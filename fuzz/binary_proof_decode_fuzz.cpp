// libFuzzer target: the binary and JSON proof decoders of the binary tree. Whatever decodes must
// re-encode to the same bytes (the binary form is canonical) and pass validate_proof.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "merkleforge/binary/proof_encoding.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge;
  const ByteSpan bytes(data, size);
  if (const Result<AnyProof> proof = decode_proof(bytes)) {
    if (!validate_proof(*proof).ok()) std::abort();
    const Bytes again = encode_proof(*proof);
    if (!std::equal(again.begin(), again.end(), bytes.begin(), bytes.end())) std::abort();
  }
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (const Result<ProofDocument> document = proof_from_json(text)) {
    if (!validate_proof(document->proof).ok()) std::abort();
    if (!proof_from_json(proof_to_json(document->proof, document->leaf_hashes)).ok()) std::abort();
  }
  return 0;
}
