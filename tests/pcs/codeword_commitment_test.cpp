// The Merkle commitment to a Reed–Solomon codeword: the root is RFC 6962 over the serialized
// symbols (recomputed here with OpenSSL's SHA-256), openings verify, ragged codewords are refused.
#include "merkleforge/pcs/codeword_commitment.hpp"

#include <gtest/gtest.h>
#include <openssl/sha.h>

#include <random>

#include "merkleforge/binary/verify.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::pcs {
namespace {

using binius::ReedSolomonParams;

Digest32 openssl_sha256(const Bytes& data) {
  Digest32 digest;
  SHA256(data.data(), data.size(), digest.data());
  return digest;
}

TEST(CodewordCommitment, RootIsRfc6962OverSerializedSymbols) {
  std::mt19937_64 rng(53);
  const ReedSolomonParams params{1, 1, 1};  // 4 positions of 2 values: 32-byte leaves
  std::vector<B128> message(params.message_values());
  for (B128& value : message) value = B128(binius::make_uint128(rng(), rng()));
  const auto committed = encode_and_commit<Sha256>(message, params);
  ASSERT_TRUE(committed.ok());
  const auto& codeword = committed->codeword;
  ASSERT_EQ(codeword.size(), 8u);

  std::vector<Digest32> leaves;
  for (std::size_t p = 0; p < 4; ++p) {
    Bytes leaf = {0x00};
    for (std::size_t v = 0; v < 2; ++v) {
      for (unsigned byte = 0; byte < 16; ++byte) {
        leaf.push_back(static_cast<std::uint8_t>(codeword[2 * p + v].value() >> (8 * byte)));
      }
    }
    leaves.push_back(openssl_sha256(leaf));
  }
  const auto node = [](const Digest32& l, const Digest32& r) {
    Bytes data = {0x01};
    data.insert(data.end(), l.begin(), l.end());
    data.insert(data.end(), r.begin(), r.end());
    return openssl_sha256(data);
  };
  const Digest32 expected = node(node(leaves[0], leaves[1]), node(leaves[2], leaves[3]));
  EXPECT_EQ(committed->tree.root(), expected);

  // An opening of position 2 verifies; a changed symbol does not.
  const auto proof = committed->tree.inclusion_proof(2);
  ASSERT_TRUE(proof.ok());
  Bytes leaf = codeword_leaf(codeword, params.log_batch, 2);
  EXPECT_TRUE(
      verify_inclusion<Sha256>(expected, 4, 2, Rfc6962Hashing<Sha256>::leaf(leaf), proof->path));
  leaf[5] ^= 1;
  EXPECT_FALSE(
      verify_inclusion<Sha256>(expected, 4, 2, Rfc6962Hashing<Sha256>::leaf(leaf), proof->path));
}

TEST(CodewordCommitment, RaggedCodewordsAreRejected) {
  std::vector<B128> six(6);
  EXPECT_EQ(commit_codeword<Sha256>(six, 2).error().code, Errc::wrong_size);
  EXPECT_EQ(commit_codeword<Sha256>(std::span<const B128>(), 0).error().code, Errc::wrong_size);
  EXPECT_TRUE(commit_codeword<Sha256>(six, 1).ok());
}

}  // namespace
}  // namespace merkleforge::pcs
