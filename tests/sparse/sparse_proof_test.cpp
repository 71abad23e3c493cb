// Sparse-tree proofs: verification against the tree root (itself checked against the reference
// root), the non-membership checks, both encodings, and rejection of every mutation.
#include <gtest/gtest.h>

#include <random>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/proof_codec.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"
#include "sparse_fixture.hpp"

namespace merkleforge {
namespace {

using Tree = SparseMerkleTree<Sha256>;
using Hashing = JmtHashing<Sha256>;

using Fixture = test::RandomSparseTree;

/// Whether `proof` convinces a verifier of the claim it was made for.
bool verifies(const Digest32& root, const Digest32& key, const std::optional<Bytes>& value,
              const SparseProof& proof) {
  if (value)
    return verify_sparse_membership<Sha256>(root, key, Hashing::value_hash(*value), proof).ok();
  return verify_sparse_non_membership<Sha256>(root, key, proof).ok();
}

TEST(SparseProof, MembershipAndNonMembership) {
  for (std::size_t size : {0u, 1u, 2u, 3u, 100u, 2000u}) {
    Fixture f(size, size);
    const Digest32 root = test::reference_root(f.state);
    ASSERT_EQ(f.tree.root_hash(), root);
    for (const Digest32& key : f.present) {
      const SparseProof proof = f.tree.prove(key);
      const Bytes& value = f.state.at(key);
      EXPECT_TRUE(verifies(root, key, value, proof));
      EXPECT_FALSE(verify_sparse_non_membership<Sha256>(root, key, proof).ok());
      Bytes other = value;
      other.push_back(0);
      EXPECT_FALSE(verifies(root, key, other, proof));
    }
    for (const Digest32& key : f.absent) {
      const SparseProof proof = f.tree.prove(key);
      EXPECT_TRUE(verify_sparse_non_membership<Sha256>(root, key, proof).ok());
      EXPECT_FALSE(verifies(root, key, Bytes{1}, proof));
    }
  }
}

/// A membership proof of key A must not pass as non-membership of A (zk-kit #417), and a leaf
/// that is not on B's path must not prove B absent.
TEST(SparseProof, NonMembershipRejectsPresentKeyAndOffPathLeaf) {
  Fixture f(50, 5);
  const Digest32 root = f.tree.root_hash();
  const Digest32 a = f.present[0];
  EXPECT_FALSE(verify_sparse_non_membership<Sha256>(root, a, f.tree.prove(a)).ok());

  // Proof ending on leaf A, presented for a key B that differs from A in the first bit.
  Digest32 b = a;
  b[0] ^= 0x80;
  const SparseProof proof_a = f.tree.prove(a);
  ASSERT_FALSE(proof_a.siblings.empty());
  EXPECT_FALSE(verify_sparse_non_membership<Sha256>(root, b, proof_a).ok());
  // A key sharing A's path (differs only in the last bit) is proven absent by A's leaf.
  Digest32 c = a;
  c[31] ^= 0x01;
  const SparseProof proof_c = f.tree.prove(c);
  ASSERT_TRUE(proof_c.leaf.has_value());
  EXPECT_EQ(proof_c.leaf->key_hash, a);
  EXPECT_TRUE(verify_sparse_non_membership<Sha256>(root, c, proof_c).ok());
}

TEST(SparseProof, RejectsWrongHashAndTooManySiblings) {
  Fixture f(10, 9);
  SparseProof proof = f.tree.prove(f.absent[0]);
  proof.hash = HashAlgorithm::keccak256;
  EXPECT_FALSE(verify_sparse_non_membership<Sha256>(f.tree.root_hash(), f.absent[0], proof).ok());
  proof.hash = HashAlgorithm::sha256;
  proof.siblings.assign(257, kSparsePlaceholder);
  EXPECT_FALSE(sparse_proof_root<Sha256>(f.absent[0], proof).ok());
}

TEST(SparseProof, EncodingsRoundTrip) {
  Fixture f(300, 13);
  std::vector<Digest32> keys = f.present;
  keys.insert(keys.end(), f.absent.begin(), f.absent.end());
  for (const Digest32& key : keys) {
    const SparseProof proof = f.tree.prove(key);
    const Result<SparseProof> binary = decode_sparse_proof(encode_sparse_proof(proof, key), key);
    ASSERT_TRUE(binary.ok()) << binary.error().message;
    EXPECT_EQ(*binary, proof);
    const Result<SparseProof> json = sparse_proof_from_json(sparse_proof_to_json(proof, key), key);
    ASSERT_TRUE(json.ok()) << json.error().message;
    EXPECT_EQ(*json, proof);
  }
}

/// Known layout of a small proof, written out by hand from the format description.
TEST(SparseProof, BinaryLayout) {
  Digest32 key{};
  SparseProof proof;
  proof.siblings = {kSparsePlaceholder, Digest32{}, kSparsePlaceholder};
  proof.siblings[1][0] = 0xAB;
  const Bytes encoded = encode_sparse_proof(proof, key);
  Bytes expected = {1, 0, 0, 0, 3, 0x40, 0xAB};
  expected.resize(7 + 31, 0);
  EXPECT_EQ(encoded, expected);
}

TEST(SparseProof, EveryMutationOfTheBinaryEncodingIsRejected) {
  Fixture f(200, 17);
  const Digest32 root = f.tree.root_hash();
  std::vector<std::pair<Digest32, std::optional<Bytes>>> claims;
  for (int i = 0; i < 6; ++i) claims.emplace_back(f.present[i], f.state.at(f.present[i]));
  for (int i = 0; i < 6; ++i) claims.emplace_back(f.absent[i], std::nullopt);
  for (const auto& [key, value] : claims) {
    const SparseProof proof = f.tree.prove(key);
    const Bytes encoded = encode_sparse_proof(proof, key);
    auto accepted = [&](const Bytes& bytes) {
      const Result<SparseProof> decoded = decode_sparse_proof(bytes, key);
      return decoded.ok() && verifies(root, key, value, *decoded);
    };
    ASSERT_TRUE(accepted(encoded));
    for (std::size_t bit = 0; bit < encoded.size() * 8; ++bit) {
      Bytes mutated = encoded;
      mutated[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
      EXPECT_FALSE(accepted(mutated)) << "bit " << bit;
    }
    for (std::size_t length = 0; length < encoded.size(); ++length) {
      EXPECT_FALSE(
          accepted(Bytes(encoded.begin(), encoded.begin() + static_cast<std::ptrdiff_t>(length))));
    }
    for (std::size_t extra : {1u, 32u}) {
      Bytes extended = encoded;
      extended.resize(encoded.size() + extra, 0x5A);
      EXPECT_FALSE(accepted(extended));
    }
    for (std::size_t d = 0; d + 1 < proof.siblings.size(); ++d) {
      if (proof.siblings[d] == proof.siblings[d + 1]) continue;
      SparseProof swapped = proof;
      std::swap(swapped.siblings[d], swapped.siblings[d + 1]);
      EXPECT_FALSE(accepted(encode_sparse_proof(swapped, key))) << "swap " << d;
    }
  }
}

TEST(SparseProof, JsonMutationsAreRejected) {
  Fixture f(100, 19);
  const Digest32 key = f.present[3];
  const std::string json = sparse_proof_to_json(f.tree.prove(key), key);
  ASSERT_TRUE(sparse_proof_from_json(json, key).ok());
  const std::vector<std::pair<std::string, std::string>> edits = {
      {"\"format\":1", "\"format\":2"},
      {"\"format\":1", "\"format\":\"1\""},
      {"\"hash\":\"sha256\"", "\"hash\":\"md5\""},
      {"\"terminal\":\"key\"", "\"terminal\":\"other\""},
      {"\"siblings\":[", "\"siblings\":[\"00\","},
      {"\"siblings\":[\"", "\"siblings\":[\"0x"},
      {"\"depth\":", "\"extra\":0,\"depth\":"},
      {"\"bitmap\":\"", "\"bitmap\":\"ff"},
  };
  for (const auto& [from, to] : edits) {
    std::string mutated = json;
    const auto at = mutated.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    mutated.replace(at, from.size(), to);
    EXPECT_FALSE(sparse_proof_from_json(mutated, key).ok()) << mutated;
  }
  for (std::size_t length = 0; length < json.size(); length += 7) {
    EXPECT_FALSE(sparse_proof_from_json(json.substr(0, length), key).ok());
  }
  // Upper-case hex is not the canonical form: change the first letter digit of the siblings.
  std::string upper = json;
  const auto siblings = upper.find("\"siblings\":[\"");
  ASSERT_NE(siblings, std::string::npos);
  const auto letter = upper.find_first_of("abcdef", siblings + 13);
  ASSERT_NE(letter, std::string::npos);
  upper[letter] = static_cast<char>(std::toupper(upper[letter]));
  EXPECT_FALSE(sparse_proof_from_json(upper, key).ok()) << upper;
}

/// The decoders and verifiers never crash on random or mutated input (the gtest twin of
/// fuzz/sparse_proof_fuzz.cpp, so CI exercises them under ASan+UBSan).
TEST(SparseProof, DecodersSurviveRandomInput) {
  Fixture f(64, 23);
  const Digest32 root = f.tree.root_hash();
  std::mt19937_64 rng(29);
  const SparseProof honest = f.tree.prove(f.absent[0]);
  const Bytes seed = encode_sparse_proof(honest, f.absent[0]);
  std::size_t decoded_count = 0;
  for (int i = 0; i < 4000; ++i) {
    Bytes input = seed;
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      switch (rng() % 4) {
        case 0:
          input[rng() % input.size()] = static_cast<std::uint8_t>(rng());
          break;
        case 1:
          input.resize(rng() % (input.size() + 1));
          break;
        case 2:
          input.push_back(static_cast<std::uint8_t>(rng()));
          break;
        default:
          input.assign(rng() % 80, static_cast<std::uint8_t>(rng()));
          break;
      }
      if (input.empty()) input.push_back(1);
    }
    const Result<SparseProof> decoded = decode_sparse_proof(input, f.absent[0]);
    if (decoded.ok()) {
      ++decoded_count;
      // Only the honest proof (whatever bytes spelled it) may prove the key absent from root.
      if (verify_sparse_non_membership<Sha256>(root, f.absent[0], *decoded).ok()) {
        EXPECT_EQ(*decoded, honest) << "edit " << i;
      }
    }
    const std::string text(input.begin(), input.end());
    EXPECT_FALSE(sparse_proof_from_json(text, f.absent[0]).ok()) << "edit " << i;
  }
  // Both paths were exercised: some edits still decode (and reach the verifier), most do not.
  EXPECT_GT(decoded_count, 0u);
  EXPECT_LT(decoded_count, 4000u);
}

}  // namespace
}  // namespace merkleforge
