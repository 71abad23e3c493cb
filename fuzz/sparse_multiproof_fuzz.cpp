// libFuzzer target: the sparse multiproof decoders (binary and JSON) and both verifiers on
// arbitrary input. The first 64 bytes are two key hashes: claims for the multiproof verifier and
// the bounds of the range verifier; the rest is the encoding. Beyond "no crash / no UB": a decoded
// proof re-encodes to the same bytes (the decoders are strict), and JSON round-trips.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/multiproof_codec.hpp"

namespace {

using namespace merkleforge;

void verify_all(const Digest32& a, const Digest32& b, const SparseMultiproof& proof) {
  const SparseClaim claims[] = {{a, std::nullopt}, {b, a}};
  (void)verify_sparse_multiproof<Sha256>(kSparsePlaceholder, claims, proof);
  const SparseProofLeaf entries[] = {{a, b}};
  (void)verify_sparse_range<Sha256>(kSparsePlaceholder, std::min(a, b), std::max(a, b), entries,
                                    proof);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 64) return 0;
  Digest32 a, b;
  std::copy(data, data + 32, a.begin());
  std::copy(data + 32, data + 64, b.begin());
  const ByteSpan encoded(data + 64, size - 64);

  const Result<SparseMultiproof> binary = decode_sparse_multiproof(encoded);
  if (binary.ok()) {
    const Bytes again = encode_sparse_multiproof(*binary);
    if (!std::equal(again.begin(), again.end(), encoded.begin(), encoded.end())) std::abort();
    verify_all(a, b, *binary);
  }
  const Result<SparseMultiproof> json =
      sparse_multiproof_from_json(std::string(encoded.begin(), encoded.end()));
  if (json.ok()) {
    const Result<SparseMultiproof> again =
        sparse_multiproof_from_json(sparse_multiproof_to_json(*json));
    if (!again.ok() || !(*again == *json)) std::abort();
    verify_all(a, b, *json);
  }
  return 0;
}
