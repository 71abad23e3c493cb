// libFuzzer target: the sparse-proof decoders (binary and JSON) and verifiers on arbitrary input.
// The first 32 bytes choose the queried key hash, the rest is the encoding. Properties checked
// beyond "no crash / no UB": a decoded proof re-encodes to the same bytes (the decoders are
// strict, so every accepted input is canonical), and verification of a decoded proof returns.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/proof_codec.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace merkleforge;
  if (size < 32) return 0;
  Digest32 key;
  std::copy(data, data + 32, key.begin());
  const ByteSpan encoded(data + 32, size - 32);

  const Result<SparseProof> binary = decode_sparse_proof(encoded, key);
  if (binary.ok()) {
    const Bytes again = encode_sparse_proof(*binary, key);
    if (!std::equal(again.begin(), again.end(), encoded.begin(), encoded.end())) std::abort();
    (void)verify_sparse_non_membership<Sha256>(kSparsePlaceholder, key, *binary);
    (void)verify_sparse_membership<Sha256>(kSparsePlaceholder, key, key, *binary);
  }
  const std::string text(encoded.begin(), encoded.end());
  const Result<SparseProof> json = sparse_proof_from_json(text, key);
  if (json.ok()) {
    const Result<SparseProof> again = sparse_proof_from_json(sparse_proof_to_json(*json, key), key);
    if (!again.ok() || !(*again == *json)) std::abort();
    (void)verify_sparse_non_membership<Sha256>(kSparsePlaceholder, key, *json);
  }
  return 0;
}
