// Multiproofs: verification of any key set against the reference root, shared siblings, the
// canonical-form checks, both encodings, and rejection of every mutation.
#include <gtest/gtest.h>

#include <random>

#include "merkleforge/sparse/multiproof_codec.hpp"
#include "sparse_fixture.hpp"

namespace merkleforge {
namespace {

using Fixture = test::RandomSparseTree;

/// Claims for `count` present keys (from the reference state) and `count` absent keys.
std::vector<SparseClaim> mixed_claims(const Fixture& f, std::size_t count) {
  std::vector<SparseClaim> claims;
  for (std::size_t i = 0; i < count && i < f.present.size(); ++i)
    claims.push_back({f.present[i], f.value_hash(f.present[i])});
  for (std::size_t i = 0; i < count && i < f.absent.size(); ++i)
    claims.push_back({f.absent[i], std::nullopt});
  return claims;
}

std::vector<Digest32> keys_of(std::span<const SparseClaim> claims) {
  std::vector<Digest32> keys;
  for (const SparseClaim& claim : claims) keys.push_back(claim.key_hash);
  return keys;
}

bool verifies(const Digest32& root, std::span<const SparseClaim> claims,
              const SparseMultiproof& proof) {
  return verify_sparse_multiproof<Sha256>(root, claims, proof).ok();
}

TEST(SparseMultiproof, ProvesPresentAndAbsentKeys) {
  for (std::size_t size : {0u, 1u, 2u, 3u, 60u, 1500u}) {
    Fixture f(size, 100 + size);
    const Digest32 root = test::reference_root(f.state);
    ASSERT_EQ(f.tree.root_hash(), root);
    for (std::size_t count : {0u, 1u, 2u, 7u, 40u}) {
      const std::vector<SparseClaim> claims = mixed_claims(f, count);
      const SparseMultiproof proof = f.tree.prove_many(keys_of(claims));
      EXPECT_TRUE(verifies(root, claims, proof)) << size << " keys, " << count << " claims";
      std::vector<SparseClaim> reversed(claims.rbegin(), claims.rend());
      EXPECT_TRUE(verifies(root, reversed, proof));
    }
  }
}

TEST(SparseMultiproof, RejectsFalseClaims) {
  Fixture f(300, 3);
  const Digest32 root = f.tree.root_hash();
  const std::vector<SparseClaim> claims = mixed_claims(f, 5);
  const SparseMultiproof proof = f.tree.prove_many(keys_of(claims));
  ASSERT_TRUE(verifies(root, claims, proof));

  for (std::size_t i = 0; i < claims.size(); ++i) {
    std::vector<SparseClaim> changed = claims;
    if (changed[i].value_hash) {
      changed[i].value_hash->at(0) ^= 1;  // another value
      EXPECT_FALSE(verifies(root, changed, proof)) << i;
      changed[i].value_hash.reset();  // present claimed absent
    } else {
      changed[i].value_hash = f.value_hash(f.present[0]);  // absent claimed present
    }
    EXPECT_FALSE(verifies(root, changed, proof)) << i;
  }
  std::vector<SparseClaim> repeated = claims;
  repeated.push_back(claims[0]);
  EXPECT_FALSE(verifies(root, repeated, proof));
  Digest32 wrong_root = root;
  wrong_root[31] ^= 1;
  EXPECT_FALSE(verifies(wrong_root, claims, proof));
  SparseMultiproof other_hash = proof;
  other_hash.hash = HashAlgorithm::blake3;
  EXPECT_FALSE(verifies(root, claims, other_hash));
}

/// The proof must be the one of exactly the claimed keys: a claim it does not reach, or a key it
/// reaches that nobody claims, is refused (a present key always has its own leaf).
TEST(SparseMultiproof, RejectsAProofOfAnotherKeySet) {
  Fixture f(300, 4);
  const Digest32 root = f.tree.root_hash();
  const std::vector<SparseClaim> claims = {{f.present[0], f.value_hash(f.present[0])},
                                           {f.present[1], f.value_hash(f.present[1])}};
  const SparseMultiproof of_first = f.tree.prove_many(std::vector{f.present[0]});
  const SparseMultiproof of_both = f.tree.prove_many(keys_of(claims));
  EXPECT_FALSE(verifies(root, claims, of_first));
  EXPECT_FALSE(verifies(root, std::span(claims).first(1), of_both));
  EXPECT_TRUE(verifies(root, std::span(claims).first(1), of_first));
}

TEST(SparseMultiproof, SiblingsAreSharedAcrossKeys) {
  Fixture f(2000, 5);
  std::vector<Digest32> keys(f.present.begin(), f.present.begin() + 64);
  std::size_t separate_siblings = 0;
  for (const Digest32& key : keys) {
    for (const Digest32& sibling : f.tree.prove(key).siblings)
      separate_siblings += sibling != kSparsePlaceholder;
  }
  const SparseMultiproof proof = f.tree.prove_many(keys);
  std::size_t shared = 0;
  for (const SparseProofNode& node : proof.nodes) shared += node.kind == SparseNodeKind::hash;
  EXPECT_LT(shared, separate_siblings - 64);  // the top levels alone save more than one per key
  EXPECT_LT(encode_sparse_multiproof(proof).size(), 32 * separate_siblings);
}

TEST(SparseMultiproof, OlderVersionsStayProvable) {
  Fixture f(100, 6);
  const std::vector<SparseClaim> claims = mixed_claims(f, 4);
  const Digest32 old_root = f.tree.root_hash();
  const auto version = f.tree.commit();
  ASSERT_TRUE(version.ok());
  for (std::size_t i = 0; i < 4; ++i) f.tree.erase(f.present[i]);
  const Result<SparseMultiproof> old = f.tree.prove_many_at(*version, keys_of(claims));
  ASSERT_TRUE(old.ok());
  EXPECT_TRUE(verifies(old_root, claims, *old));
  EXPECT_FALSE(verifies(f.tree.root_hash(), claims, f.tree.prove_many(keys_of(claims))));
}

TEST(SparseMultiproof, EncodingsRoundTrip) {
  Fixture f(500, 7);
  for (std::size_t count : {0u, 1u, 9u, 30u}) {
    const SparseMultiproof proof = f.tree.prove_many(keys_of(mixed_claims(f, count)));
    const Result<SparseMultiproof> binary =
        decode_sparse_multiproof(encode_sparse_multiproof(proof));
    ASSERT_TRUE(binary.ok()) << binary.error().message;
    EXPECT_EQ(*binary, proof);
    const Result<SparseMultiproof> json =
        sparse_multiproof_from_json(sparse_multiproof_to_json(proof));
    ASSERT_TRUE(json.ok()) << json.error().message;
    EXPECT_EQ(*json, proof);
  }
}

/// Known layout of a small proof, written out by hand from the format description.
TEST(SparseMultiproof, BinaryLayout) {
  SparseMultiproof proof;
  proof.hash = HashAlgorithm::keccak256;
  SparseProofNode hashed{SparseNodeKind::hash, {}, {}};
  hashed.digest[0] = 0xAB;
  SparseProofNode leaf{SparseNodeKind::leaf, {}, {}};
  leaf.leaf.key_hash[31] = 0xCD;
  leaf.leaf.value_hash[0] = 0xEF;
  proof.nodes = {{SparseNodeKind::interior, {}, {}}, hashed, leaf};
  Bytes expected = {1, 1, 3, 1, 0xAB};
  expected.resize(expected.size() + 31, 0);
  expected.push_back(2);
  expected.resize(expected.size() + 31, 0);
  expected.push_back(0xCD);
  expected.push_back(0xEF);
  expected.resize(expected.size() + 31, 0);
  EXPECT_EQ(encode_sparse_multiproof(proof), expected);
  EXPECT_EQ(sparse_multiproof_to_json(proof),
            "{\"format\":1,\"hash\":\"keccak256\",\"nodes\":[[\"interior\"],[\"hash\",\"ab" +
                std::string(62, '0') + "\"],[\"leaf\",\"" + std::string(62, '0') + "cd\",\"ef" +
                std::string(62, '0') + "\"]]}");
}

TEST(SparseMultiproof, DecodersRejectMalformedShapes) {
  const Bytes header = {1, 0};
  const auto decodes = [&](std::initializer_list<std::uint8_t> nodes) {
    Bytes encoded = header;
    encoded.insert(encoded.end(), nodes);
    return decode_sparse_multiproof(encoded).ok();
  };
  EXPECT_TRUE(decodes({0}));
  EXPECT_FALSE(decodes({}));         // no root
  EXPECT_FALSE(decodes({3, 0}));     // interior with one subtree
  EXPECT_FALSE(decodes({0, 0}));     // a node after the root
  EXPECT_FALSE(decodes({4}));        // unknown tag
  EXPECT_FALSE(decodes({3, 0, 1}));  // truncated hash
  Bytes deep = header;
  for (int level = 0; level < 257; ++level) deep.push_back(3);
  deep.insert(deep.end(), 258, 0);
  EXPECT_FALSE(decode_sparse_multiproof(deep).ok());
  EXPECT_EQ(decode_sparse_multiproof(Bytes{2, 0, 0}).error().code, Errc::unsupported);
  EXPECT_FALSE(decode_sparse_multiproof(Bytes{1, 9, 0}).ok());
}

TEST(SparseMultiproof, EveryMutationOfTheBinaryEncodingIsRejected) {
  Fixture f(200, 8);
  const Digest32 root = f.tree.root_hash();
  const std::vector<SparseClaim> claims = mixed_claims(f, 3);
  const SparseMultiproof proof = f.tree.prove_many(keys_of(claims));
  const Bytes encoded = encode_sparse_multiproof(proof);
  const auto accepted = [&](const Bytes& bytes) {
    const Result<SparseMultiproof> decoded = decode_sparse_multiproof(bytes);
    return decoded.ok() && verifies(root, claims, *decoded);
  };
  test::expect_mutations_rejected(encoded, accepted);
  for (const Bytes& tail : {Bytes{0}, Bytes(33, 1)}) {
    Bytes extended = encoded;
    extended.insert(extended.end(), tail.begin(), tail.end());
    EXPECT_FALSE(accepted(extended));
  }
  std::vector<std::size_t> hashed;
  for (std::size_t i = 0; i < proof.nodes.size(); ++i)
    if (proof.nodes[i].kind == SparseNodeKind::hash) hashed.push_back(i);
  ASSERT_GE(hashed.size(), 2u);
  for (std::size_t i = 0; i + 1 < hashed.size(); ++i) {
    SparseMultiproof swapped = proof;
    std::swap(swapped.nodes[hashed[i]], swapped.nodes[hashed[i + 1]]);
    EXPECT_FALSE(accepted(encode_sparse_multiproof(swapped))) << "swap " << i;
  }
  // Expanding an unreached hashed subtree keeps the root but is not the canonical proof.
  SparseMultiproof padded = f.tree.prove_many(std::vector{claims[0].key_hash, f.present[50]});
  EXPECT_FALSE(verifies(root, std::span(claims).first(1), padded));
}

TEST(SparseMultiproof, JsonMutationsAreRejected) {
  Fixture f(100, 9);
  const std::string json = sparse_multiproof_to_json(f.tree.prove_many(f.present));
  ASSERT_TRUE(sparse_multiproof_from_json(json).ok());
  const std::vector<std::pair<std::string, std::string>> edits = {
      {"\"format\":1", "\"format\":2"},
      {"\"format\":1", "\"format\":\"1\""},
      {"\"hash\":\"sha256\"", "\"hash\":\"md5\""},
      {"[\"interior\"]", "[\"interior\",\"00\"]"},
      {"[\"interior\"]", "[\"inner\"]"},
      {"[\"leaf\",\"", "[\"leaf\",\"0x"},
      {"[\"leaf\",\"", "[\"hash\",\""},
      {"\"nodes\":[", "\"nodes\":[[\"empty\"],"},
      {"\"nodes\":", "\"extra\":0,\"nodes\":"},
  };
  for (const auto& [from, to] : edits) {
    std::string mutated = json;
    const auto at = mutated.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    mutated.replace(at, from.size(), to);
    EXPECT_FALSE(sparse_multiproof_from_json(mutated).ok()) << mutated;
  }
  for (std::size_t length = 0; length < json.size(); length += 1 + json.size() / 300)
    EXPECT_FALSE(sparse_multiproof_from_json(json.substr(0, length)).ok());
}

/// The decoders and the verifier never crash on random or mutated input (the gtest twin of
/// fuzz/sparse_multiproof_fuzz.cpp, so CI exercises them under ASan+UBSan).
TEST(SparseMultiproof, DecodersSurviveRandomInput) {
  Fixture f(64, 10);
  const Digest32 root = f.tree.root_hash();
  const std::vector<SparseClaim> claims = mixed_claims(f, 2);
  const SparseMultiproof honest = f.tree.prove_many(keys_of(claims));
  const Bytes seed = encode_sparse_multiproof(honest);
  std::mt19937_64 rng(11);
  std::size_t decoded_count = 0;
  for (int i = 0; i < 4000; ++i) {
    Bytes input = seed;
    for (int edits = 1 + static_cast<int>(rng() % 4); edits > 0; --edits) {
      switch (rng() % 4) {
        case 0:
          input[rng() % input.size()] = static_cast<std::uint8_t>(rng() % 5);
          break;
        case 1:
          input.resize(rng() % (input.size() + 1));
          break;
        case 2:
          input.push_back(static_cast<std::uint8_t>(rng() % 5));
          break;
        default:
          input[rng() % input.size()] = static_cast<std::uint8_t>(rng());
          break;
      }
      if (input.empty()) input.push_back(1);
    }
    const Result<SparseMultiproof> decoded = decode_sparse_multiproof(input);
    if (decoded.ok()) {
      ++decoded_count;
      // Only the honest multiproof (whatever bytes spelled it) may prove the claims.
      if (verify_sparse_multiproof<Sha256>(root, claims, *decoded).ok()) {
        EXPECT_EQ(*decoded, honest) << "edit " << i;
      }
    }
    EXPECT_FALSE(sparse_multiproof_from_json(std::string(input.begin(), input.end())).ok())
        << "edit " << i;
  }
  // Both paths were exercised: some edits still decode (and reach the verifier), most do not.
  EXPECT_GT(decoded_count, 0u);
  EXPECT_LT(decoded_count, 4000u);
}

}  // namespace
}  // namespace merkleforge
