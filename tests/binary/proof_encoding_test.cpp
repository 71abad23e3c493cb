// Proof wire forms: round trips, the documented layout, strict rejection, and a few thousand
// random mutations fed to the decoders and verifiers (the CI stand-in for the fuzz targets).
#include "merkleforge/binary/proof_encoding.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/core/hex.hpp"
#include "sample_tree.hpp"

namespace merkleforge {
namespace {

using Tree = test::SampleTree;
using test::make_sample_tree;

std::vector<AnyProof> sample_proofs(const Tree& tree) {
  return {tree.inclusion_proof(5).value(), tree.inclusion_proof(0, 1).value(),
          tree.consistency_proof(3, 7).value(), tree.consistency_proof(7, 7).value(),
          tree.multiproof(std::vector<std::uint64_t>{6, 1, 2}).value()};
}

TEST(ProofEncoding, BinaryAndJsonRoundTrip) {
  const Tree tree = make_sample_tree(10);
  for (const AnyProof& proof : sample_proofs(tree)) {
    ASSERT_TRUE(validate_proof(proof).ok());
    const Result<AnyProof> decoded = decode_proof(encode_proof(proof));
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(*decoded, proof);
    const Result<ProofDocument> from_json = proof_from_json(proof_to_json(proof));
    ASSERT_TRUE(from_json.ok()) << from_json.error().message;
    EXPECT_EQ(from_json->proof, proof);
    EXPECT_TRUE(from_json->leaf_hashes.empty());
  }
}

TEST(ProofEncoding, DocumentedBinaryLayout) {
  // docs/binary-tree.md: version 1, kind 1 (inclusion), hash 0 (sha256), scheme 0 (rfc6962),
  // LEB128 tree size 300 = ac 02, leaf index 5, then the path hashes.
  const Tree tree = make_sample_tree(300);
  const InclusionProof proof = tree.inclusion_proof(5).value();
  const Bytes bytes = encode_proof(proof);
  ASSERT_EQ(bytes.size(), 4 + 2 + 1 + 9 * 32u);
  EXPECT_EQ(to_hex(ByteSpan(bytes).first(7)), "01010000ac0205");
  // Multiproof indices 1, 2, 6 of 10 travel as gaps 1, 0, 3.
  const MultiProof multi =
      make_sample_tree(10).multiproof(std::vector<std::uint64_t>{6, 1, 2}).value();
  EXPECT_EQ(to_hex(ByteSpan(encode_proof(multi)).first(9)), "010300000a03010003");
}

TEST(ProofEncoding, TenThousandLeafProofFitsTheTarget) {
  const Tree tree = make_sample_tree(10000);
  const Bytes bytes = encode_proof(tree.inclusion_proof(1234).value());
  EXPECT_LE(bytes.size(), 14 * 32 + 16u);
}

TEST(ProofEncoding, BinaryDecoderRejectsMalformedInput) {
  const Tree tree = make_sample_tree(10);
  const Bytes good = encode_proof(tree.inclusion_proof(5).value());
  auto with = [&](std::size_t index, std::uint8_t value) {
    Bytes bytes = good;
    bytes[index] = value;
    return bytes;
  };
  EXPECT_FALSE(decode_proof({}).ok());
  EXPECT_FALSE(decode_proof(with(0, 2)).ok()) << "unknown version";
  EXPECT_FALSE(decode_proof(with(1, 9)).ok()) << "unknown kind";
  EXPECT_FALSE(decode_proof(with(2, 4)).ok()) << "unknown hash";
  EXPECT_FALSE(decode_proof(with(3, 2)).ok()) << "unknown scheme";
  EXPECT_FALSE(decode_proof(with(5, 10)).ok()) << "index = size";
  Bytes trailing = good;
  trailing.push_back(0);
  EXPECT_FALSE(decode_proof(trailing).ok());
  Bytes truncated = good;
  truncated.pop_back();
  EXPECT_FALSE(decode_proof(truncated).ok());
  // Non-shortest varint: size 10 as 8a 00.
  Bytes padded = good;
  padded[4] = 0x8a;
  padded.insert(padded.begin() + 5, 0x00);
  EXPECT_FALSE(decode_proof(padded).ok());
  // Varint longer than 64 bits.
  const Bytes overflow = {1,    1,    0,    0,    0xff, 0xff, 0xff, 0xff,
                          0xff, 0xff, 0xff, 0xff, 0xff, 0x7f, 0};
  EXPECT_FALSE(decode_proof(overflow).ok());
  // Consistency from the empty tree; multiproof with a zero count or more leaves than bytes.
  EXPECT_FALSE(decode_proof(Bytes{1, 2, 0, 0, 0, 5}).ok());
  EXPECT_FALSE(decode_proof(Bytes{1, 3, 0, 0, 10, 0}).ok());
  EXPECT_FALSE(decode_proof(Bytes{1, 3, 0, 0, 10, 0x7f, 0}).ok());
  // Multiproof gap running past the tree.
  EXPECT_FALSE(decode_proof(Bytes{1, 3, 0, 0, 10, 2, 5, 4}).ok());
}

TEST(ProofEncoding, JsonDecoderRejectsMalformedInput) {
  const Tree tree = make_sample_tree(10);
  const std::string good = proof_to_json(tree.inclusion_proof(5).value());
  ASSERT_TRUE(proof_from_json(good).ok());
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = good;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  const std::vector<std::string> bad = {
      "",
      "[]",
      good + "x",
      replaced("\"version\":1", "\"version\":2"),
      replaced("\"version\":1", "\"version\":1.0"),
      replaced("\"version\":1", "\"version\":-1"),
      replaced("\"version\":1", "\"version\":1,\"version\":1"),
      replaced("\"version\":1", "\"version\":1,\"extra\":0"),
      replaced("\"hash\":\"sha256\"", "\"hash\":\"md5\""),
      replaced("\"scheme\":\"rfc6962\"", "\"scheme\":\"plain\""),
      replaced("\"type\":\"inclusion\"", "\"type\":\"exclusion\""),
      replaced("\"leaf_index\":5", "\"leaf_index\":10"),
      replaced("\"leaf_index\":5", "\"leaf_index\":\"5\""),
      replaced("\"tree_size\":10", "\"tree_size\":100000000000000000000"),
      replaced("\"path\":[\"", "\"path\":[\"00"),
      replaced("\"path\":[\"", "\"path\":[\"zz"),
      replaced("\"path\":[", "\"path\":[\"" + std::string(64, '0') + "\","),
      replaced("\"leaf_index\":5,", ""),
  };
  for (const std::string& text : bad) {
    EXPECT_FALSE(proof_from_json(text).ok()) << text;
  }
}

TEST(ProofEncoding, JsonCarriesLeafHashes) {
  const Tree tree = make_sample_tree(10);
  const MultiProof proof = tree.multiproof(std::vector<std::uint64_t>{3, 4}).value();
  const std::vector<Digest32> leaves = {tree.leaf_hash(3).value(), tree.leaf_hash(4).value()};
  const Result<ProofDocument> document = proof_from_json(proof_to_json(proof, leaves));
  ASSERT_TRUE(document.ok()) << document.error().message;
  EXPECT_EQ(document->leaf_hashes, leaves);
  const std::vector<Digest32> one = {leaves[0]};
  EXPECT_FALSE(proof_from_json(proof_to_json(proof, one)).ok());
}

TEST(ProofEncoding, RandomMutationsNeverCrashAndNeverVerify) {
  const Tree tree = make_sample_tree(37);
  const Digest32 root = tree.root();
  const Digest32 old_root = tree.root_at(20).value();
  const std::vector<Digest32> multi_leaves = {tree.leaf_hash(3).value(),
                                              tree.leaf_hash(30).value()};
  const std::vector<AnyProof> proofs = {tree.inclusion_proof(11).value(),
                                        tree.consistency_proof(20).value(),
                                        tree.multiproof(std::vector<std::uint64_t>{3, 30}).value()};
  auto verifies = [&](const AnyProof& proof) {
    if (const auto* p = std::get_if<InclusionProof>(&proof)) {
      return verify<Sha256>(root, 37, *p, tree.leaf_hash(11).value());
    }
    if (const auto* p = std::get_if<ConsistencyProof>(&proof)) {
      return verify<Sha256>(old_root, 20, root, 37, *p);
    }
    return verify<Sha256>(root, 37, std::get<MultiProof>(proof), multi_leaves);
  };
  std::mt19937 rng(17);
  int decoded_after_mutation = 0;
  for (const AnyProof& proof : proofs) {
    ASSERT_TRUE(verifies(proof));
    const Bytes good = encode_proof(proof);
    const std::string good_json = proof_to_json(proof);
    for (int round = 0; round < 1500; ++round) {
      Bytes bytes = good;
      const int edits = 1 + static_cast<int>(rng() % 3);
      for (int e = 0; e < edits; ++e) {
        const std::size_t at = rng() % bytes.size();
        switch (rng() % 4) {
          case 0:
            bytes[at] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
            break;
          case 1:
            bytes[at] = static_cast<std::uint8_t>(rng());
            break;
          case 2:
            bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(at));
            break;
          default:
            bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                         static_cast<std::uint8_t>(rng()));
        }
        if (bytes.empty()) bytes.push_back(1);
      }
      if (bytes == good) continue;
      const Result<AnyProof> decoded = decode_proof(bytes);
      if (!decoded) continue;
      ++decoded_after_mutation;
      // A changed encoding that still decodes is a different proof (every byte is meaningful):
      // it must not verify against the trusted root and size.
      EXPECT_FALSE(verifies(*decoded)) << to_hex(bytes);
      EXPECT_EQ(encode_proof(*decoded), bytes) << "decoding is not canonical";

      std::string text = good_json;
      text[rng() % text.size()] = static_cast<char>(0x20 + rng() % 95);
      if (text == good_json) continue;
      const Result<ProofDocument> from_json = proof_from_json(text);
      if (from_json && from_json->proof != proof) {
        EXPECT_FALSE(verifies(from_json->proof)) << text;
      }
    }
  }
  EXPECT_GT(decoded_after_mutation, 0) << "the mutations never reached the verifiers";
}

}  // namespace
}  // namespace merkleforge
