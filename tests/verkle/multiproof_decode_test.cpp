// The proof decoders on thousands of random and mutated inputs (the CI twin of
// fuzz/verkle_proof_decode_fuzz.cpp): nothing crashes, whatever decodes re-encodes to the same
// bytes, and no multi-byte mutation of a valid proof verifies.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "ipa_test_support.hpp"
#include "merkleforge/verkle/multiproof.hpp"

namespace merkleforge::verkle {
namespace {

/// Decodes `bytes` as a Proof; when accepted, checks that it re-encodes to the same bytes.
/// Returns whether it was accepted.
template <class Proof>
bool decodes_canonically(ByteSpan bytes) {
  const auto proof = Proof::from_bytes(bytes);
  if (!proof) return false;
  const auto again = proof->to_bytes();
  EXPECT_TRUE(std::ranges::equal(again, bytes));
  return true;
}

Bytes multiproof_vector() {
  return test::hex_bytes(test::load_vectors("verkle/multiproof.json").at("proof_hex"));
}

/// A copy of `bytes` with a few random bytes replaced, or one run overwritten with a valid point
/// encoding from elsewhere in the proof (which survives decoding and reaches the verifier).
Bytes mutate(const Bytes& bytes, std::mt19937_64& rng) {
  Bytes out = bytes;
  if (rng() % 2 == 0) {
    const std::size_t changes = 1 + rng() % 4;
    for (std::size_t i = 0; i < changes; ++i) {
      out[rng() % out.size()] ^= static_cast<std::uint8_t>(1 + rng() % 255);
    }
  } else {
    const std::size_t from = 32 * (rng() % 17), to = 32 * (rng() % 17);
    std::copy_n(bytes.begin() + static_cast<std::ptrdiff_t>(from), 32,
                out.begin() + static_cast<std::ptrdiff_t>(to));
  }
  return out;
}

TEST(VerkleProofDecode, RandomBytesNeverCrashAndStayCanonical) {
  const Bytes valid = multiproof_vector();
  ASSERT_EQ(valid.size(), MultiProof::kEncodedSize);
  std::mt19937_64 rng(10);
  for (int i = 0; i < 2000; ++i) {
    Bytes bytes(rng() % 3 == 0 ? rng() % 600 : (rng() % 2 ? 544 : 576));
    for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
    if (rng() % 2 == 0) {
      // A clear top byte keeps each x below p, so decoding gets past the canonical check.
      for (std::size_t offset = 0; offset + 32 <= bytes.size(); offset += 32) bytes[offset] = 0;
    }
    const bool ipa = decodes_canonically<IpaProof>(bytes);
    const bool multi = decodes_canonically<MultiProof>(bytes);
    if (bytes.size() != IpaProof::kEncodedSize) {
      EXPECT_FALSE(ipa) << bytes.size() << " bytes";
    }
    if (bytes.size() != MultiProof::kEncodedSize) {
      EXPECT_FALSE(multi) << bytes.size() << " bytes";
    }

    // The control: the vector's points with a random final scalar below 2^248 < r must decode
    // (as a multiproof, and its tail as an IPA proof) and re-encode to the same bytes.
    Bytes fresh_scalar = valid;
    for (std::size_t at = fresh_scalar.size() - 32; at + 1 < fresh_scalar.size(); ++at)
      fresh_scalar[at] = static_cast<std::uint8_t>(rng());
    fresh_scalar.back() = 0;  // the scalar is little-endian: a zero top byte keeps it below r
    EXPECT_TRUE(decodes_canonically<MultiProof>(fresh_scalar)) << "round " << i;
    EXPECT_TRUE(decodes_canonically<IpaProof>(ByteSpan(fresh_scalar).subspan(32))) << "round " << i;
  }
}

TEST(VerkleProofDecode, MutatedValidProofsNeverVerify) {
  const Bytes valid = multiproof_vector();
  const auto json = test::load_vectors("verkle/multiproof.json");
  std::vector<VerifierQuery> claims;
  for (const auto& query : json.at("queries")) {
    claims.push_back({test::point_from_hex(query.at("commitment")),
                      query.at("z").get<std::uint8_t>(),
                      Fr::from_u64(query.at("y").get<std::uint64_t>())});
  }
  std::mt19937_64 rng(11);
  int decoded_count = 0;
  for (int i = 0; i < 300; ++i) {
    const Bytes mutated = mutate(valid, rng);
    if (mutated == valid) continue;
    if (!decodes_canonically<MultiProof>(mutated)) continue;
    const auto proof = MultiProof::from_bytes(mutated);
    ++decoded_count;
    Transcript transcript("test");
    EXPECT_FALSE(multiproof_verify(transcript, claims, *proof).ok()) << "mutation " << i;
  }
  EXPECT_GT(decoded_count, 100);  // the verifier, not only the decoder, was exercised
}

}  // namespace
}  // namespace merkleforge::verkle
