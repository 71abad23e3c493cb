// Proofs in one reused buffer: MerklePatriciaTrie::prove(key, ProofNodes&) and
// verify_proof(root, key, const ProofNodes&). Expected nodes come from execution-apis eth_getProof
// responses, expected values from the pairs put into the trie.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/account.hpp"
#include "merkleforge/mpt/proof.hpp"
#include "merkleforge/mpt/state.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;

Bytes bytes_of(ByteSpan view) {
  return Bytes(view.begin(), view.end());
}

mpt::ProofNodes proof_nodes_of(const std::vector<Bytes>& nodes) {
  mpt::ProofNodes proof;
  for (const Bytes& node : nodes) proof.push_back(node);
  return proof;
}

std::vector<Bytes> nodes_of(const json& list) {
  std::vector<Bytes> nodes;
  for (const auto& node : list) nodes.push_back(test::hex_bytes(node.get<std::string>()));
  return nodes;
}

// The "result" object of an execution-apis .io file (">> request", "<< response" lines).
json response_of(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("<< ", 0) == 0) return json::parse(line.substr(3))["result"];
  }
  return json();
}

TEST(ProofNodes, HoldsNodesBackToBack) {
  mpt::ProofNodes proof;
  EXPECT_TRUE(proof.empty());
  const Bytes a = {0xc2, 0x01, 0x02}, b = {0xc0}, c = {0xc3, 0x80, 0x81, 0x90};
  proof.push_back(a);
  proof.push_back(b);
  proof.emplace_back([&](Bytes& buffer) { buffer.insert(buffer.end(), c.begin(), c.end()); });
  ASSERT_EQ(proof.size(), 3u);
  EXPECT_EQ(bytes_of(proof[0]), a);
  EXPECT_EQ(bytes_of(proof[1]), b);
  EXPECT_EQ(bytes_of(proof[2]), c);
  EXPECT_EQ(bytes_of(proof.bytes()), (Bytes{0xc2, 0x01, 0x02, 0xc0, 0xc3, 0x80, 0x81, 0x90}));
  EXPECT_EQ(proof.to_vector(), (std::vector<Bytes>{a, b, c}));
  proof.clear();
  EXPECT_TRUE(proof.empty());
  EXPECT_TRUE(proof.bytes().empty());
  EXPECT_TRUE(proof.to_vector().empty());
}

// A trie rebuilt from a response's proof proves the same key with exactly the response's nodes,
// and the verifier reads the response's account (and storage values) out of the buffer.
TEST(ProofNodes, ProveReproducesEthGetProofResponses) {
  std::size_t files = 0;
  mpt::ProofNodes proof;  // one buffer for every proof
  for (const auto& folder : {"mpt/eth_getProof", "mpt/eth_getProof/2023-01"}) {
    for (const auto& file : std::filesystem::directory_iterator(test::vectors_dir() / folder)) {
      if (file.path().extension() != ".io") continue;
      const json result = response_of(file.path());
      const auto account_nodes = nodes_of(result["accountProof"]);
      const Digest32 root = Keccak256::digest(account_nodes.at(0));
      const Digest32 key = Keccak256::digest(test::hex_bytes(result["address"]));
      auto trie = mpt::MerklePatriciaTrie::from_proof(root, account_nodes);
      ASSERT_TRUE(trie.ok()) << file.path();
      ASSERT_TRUE(trie->prove(key, proof).ok()) << file.path();
      EXPECT_EQ(proof.to_vector(), account_nodes) << file.path();
      auto value = mpt::verify_proof(root, key, proof);
      ASSERT_TRUE(value.ok()) << file.path() << ": " << value.error().message;
      ASSERT_TRUE(value->has_value()) << file.path();
      auto account = mpt::decode_account(**value);
      ASSERT_TRUE(account.ok()) << file.path();
      EXPECT_EQ("0x" + to_hex(account->storage_root), result["storageHash"].get<std::string>());
      EXPECT_EQ("0x" + to_hex(account->code_hash), result["codeHash"].get<std::string>());
      for (const auto& slot : result["storageProof"]) {
        const auto storage_nodes = nodes_of(slot["proof"]);
        const Digest32 hashed_slot =
            Keccak256::digest(mpt::parse_uint256(slot["key"].get<std::string>()).value());
        auto storage = mpt::MerklePatriciaTrie::from_proof(account->storage_root, storage_nodes);
        ASSERT_TRUE(storage.ok()) << file.path();
        ASSERT_TRUE(storage->prove(hashed_slot, proof).ok()) << file.path();
        EXPECT_EQ(proof.to_vector(), storage_nodes) << file.path();
        auto stored = mpt::verify_proof(account->storage_root, hashed_slot, proof);
        ASSERT_TRUE(stored.ok()) << file.path() << ": " << stored.error().message;
        const mpt::Uint256 expected = mpt::parse_uint256(slot["value"].get<std::string>()).value();
        if (expected == mpt::Uint256{}) {
          EXPECT_FALSE(stored->has_value()) << file.path();
        } else {
          ASSERT_TRUE(stored->has_value()) << file.path();
          EXPECT_EQ(mpt::decode_storage_value(**stored).value(), expected) << file.path();
        }
      }
      ++files;
    }
  }
  EXPECT_EQ(files, 7u);
}

// Keys are one of a few random stems (0-3 bytes, all shared by many keys: extensions of every
// length) followed by 1-3 bytes whose nibbles are 0-3 (short common prefixes, branches), so the
// trie has extensions and leaves of both path parities at both nibble parities, branch values
// (keys of different lengths prefix each other) and inline nodes (values under 32 bytes).
struct RandomTrie {
  std::mt19937_64 random{2024};
  std::vector<Bytes> stems;
  mpt::MerklePatriciaTrie trie;
  std::map<Bytes, Bytes> pairs;

  Bytes random_key() {
    Bytes key = stems[random() % stems.size()];
    for (std::size_t tail = 1 + random() % 3; tail > 0; --tail)
      key.push_back(static_cast<std::uint8_t>((random() % 4) << 4 | random() % 4));
    return key;
  }
  // `key` with one nibble changed.
  Bytes neighbour(Bytes key) {
    const std::size_t nibble = random() % (2 * key.size());
    const auto change = static_cast<std::uint8_t>(1 + random() % 15);
    key[nibble / 2] ^= static_cast<std::uint8_t>(nibble % 2 == 0 ? change << 4 : change);
    return key;
  }
  RandomTrie() {
    for (std::size_t length : {0, 1, 1, 2, 3, 3}) {
      Bytes stem(length);
      for (auto& byte : stem) byte = static_cast<std::uint8_t>(random());
      stems.push_back(stem);
    }
    for (int i = 0; i < 1500; ++i) {
      const Bytes key = random_key();
      Bytes value(1 + random() % 40);
      for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
      EXPECT_TRUE(trie.put(key, value).ok());
      pairs[key] = value;
    }
  }
};

TEST(ProofNodes, VerifiesEveryKeyAndAbsenceOnEveryPathShape) {
  RandomTrie t;
  const Digest32 root = t.trie.root_hash();
  mpt::ProofNodes proof;
  for (const auto& [key, value] : t.pairs) {
    ASSERT_TRUE(t.trie.prove(key, proof).ok());
    auto verified = mpt::verify_proof(root, key, proof);
    ASSERT_TRUE(verified.ok()) << verified.error().message;
    ASSERT_TRUE(verified->has_value());
    EXPECT_EQ(bytes_of(**verified), value);
    auto copied = mpt::verify_proof(root, key, proof.to_vector());
    ASSERT_TRUE(copied.ok() && copied->has_value());
    EXPECT_EQ(**copied, value);
  }
  std::size_t absent = 0;
  for (int i = 0; i < 6000; ++i) {
    const Bytes key = i % 2 == 0 ? t.random_key() : t.neighbour(t.random_key());
    if (t.pairs.count(key) != 0) continue;
    ASSERT_TRUE(t.trie.prove(key, proof).ok());
    auto verified = mpt::verify_proof(root, key, proof);
    ASSERT_TRUE(verified.ok()) << verified.error().message;
    EXPECT_FALSE(verified->has_value());
    ++absent;
  }
  EXPECT_GT(absent, 2000u);
}

TEST(ProofNodes, DamagedProofsAreRejected) {
  RandomTrie t;
  const Digest32 root = t.trie.root_hash();
  mpt::ProofNodes proof;
  std::size_t rounds = 0;
  for (auto it = t.pairs.begin(); it != t.pairs.end(); std::advance(it, 3), ++rounds) {
    if (std::distance(it, t.pairs.end()) < 3) break;
    ASSERT_TRUE(t.trie.prove(it->first, proof).ok());
    const std::vector<Bytes> nodes = proof.to_vector();
    ASSERT_TRUE(mpt::verify_proof(root, it->first, proof_nodes_of(nodes)).ok());

    auto altered = nodes;
    Bytes& victim = altered[t.random() % altered.size()];
    victim[t.random() % victim.size()] ^= static_cast<std::uint8_t>(1 + t.random() % 255);
    EXPECT_FALSE(mpt::verify_proof(root, it->first, proof_nodes_of(altered)).ok());
    auto extra = nodes;
    extra.push_back(nodes[t.random() % nodes.size()]);
    EXPECT_FALSE(mpt::verify_proof(root, it->first, proof_nodes_of(extra)).ok());
    auto missing = nodes;
    missing.erase(missing.begin() + static_cast<std::ptrdiff_t>(t.random() % missing.size()));
    EXPECT_FALSE(mpt::verify_proof(root, it->first, proof_nodes_of(missing)).ok());
    if (nodes.size() > 1) {
      auto swapped = nodes;
      std::swap(swapped[0], swapped[1 + t.random() % (nodes.size() - 1)]);
      EXPECT_FALSE(mpt::verify_proof(root, it->first, proof_nodes_of(swapped)).ok());
    }
    Digest32 wrong_root = root;
    wrong_root[t.random() % 32] ^= 0x10;
    EXPECT_FALSE(mpt::verify_proof(wrong_root, it->first, proof).ok());
  }
  EXPECT_GT(rounds, 300u);
}

// The decoder and path comparison on damaged bytes (what the fuzz target does, in CI): a proof
// with any node changed, cut or grown never verifies, and random nodes never do.
TEST(ProofNodes, MutatedAndRandomProofsNeverVerify) {
  RandomTrie t;
  const Digest32 root = t.trie.root_hash();
  std::vector<Bytes> keys;
  for (const auto& pair : t.pairs) keys.push_back(pair.first);
  mpt::ProofNodes honest;
  for (int round = 0; round < 4000; ++round) {
    const Bytes& key = keys[t.random() % keys.size()];
    ASSERT_TRUE(t.trie.prove(key, honest).ok());
    std::vector<Bytes> nodes = honest.to_vector();
    Bytes& victim = nodes[t.random() % nodes.size()];
    const Bytes original = victim;
    const std::size_t at = t.random() % victim.size();
    switch (t.random() % 3) {
      case 0:
        victim[at] ^= static_cast<std::uint8_t>(1 + t.random() % 255);
        break;
      case 1:
        victim.resize(at);
        break;
      default:
        victim.insert(victim.begin() + static_cast<std::ptrdiff_t>(at),
                      static_cast<std::uint8_t>(t.random()));
    }
    EXPECT_FALSE(mpt::verify_proof(root, key, proof_nodes_of(nodes)).ok());
    mpt::ProofNodes noise;
    for (std::size_t n = 1 + t.random() % 4; n > 0; --n) {
      Bytes node = original;
      for (auto& byte : node) byte = static_cast<std::uint8_t>(t.random() % 2 ? byte : t.random());
      noise.push_back(node);
    }
    EXPECT_FALSE(mpt::verify_proof(root, key, noise).ok());
  }
}

TEST(ProofNodes, EmptyTrieAndHashOnlySubtries) {
  mpt::MerklePatriciaTrie empty;
  mpt::ProofNodes proof;
  proof.push_back(Bytes{0x80});  // cleared by prove
  ASSERT_TRUE(empty.prove(Bytes{0x12}, proof).ok());
  EXPECT_TRUE(proof.empty());
  auto verified = mpt::verify_proof(mpt::kEmptyTrieRoot, Bytes{0x12}, proof);
  ASSERT_TRUE(verified.ok());
  EXPECT_FALSE(verified->has_value());
  Digest32 not_empty = mpt::kEmptyTrieRoot;
  not_empty[0] ^= 1;
  EXPECT_FALSE(mpt::verify_proof(not_empty, Bytes{0x12}, proof).ok());

  // A trie rebuilt from one key's proof knows the rest only by hash: proving into it fails.
  RandomTrie t;
  const Digest32 root = t.trie.root_hash();
  const Bytes& known = t.pairs.begin()->first;
  auto partial = mpt::MerklePatriciaTrie::from_proof(root, *t.trie.prove(known));
  ASSERT_TRUE(partial.ok());
  ASSERT_TRUE(partial->prove(known, proof).ok());
  EXPECT_EQ(proof.to_vector(), *t.trie.prove(known));
  const Bytes& elsewhere = std::prev(t.pairs.end())->first;
  auto status = partial->prove(elsewhere, proof);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Errc::not_found);
}

// Once the buffer has held the largest proof, proving again reuses its storage.
TEST(ProofNodes, ReusedBufferStopsAllocating) {
  RandomTrie t;
  mpt::ProofNodes proof;
  for (const auto& pair : t.pairs) ASSERT_TRUE(t.trie.prove(pair.first, proof).ok());
  const Bytes* largest = nullptr;
  std::size_t largest_size = 0;
  for (const auto& pair : t.pairs) {
    ASSERT_TRUE(t.trie.prove(pair.first, proof).ok());
    if (proof.bytes().size() > largest_size)
      largest_size = proof.bytes().size(), largest = &pair.first;
  }
  ASSERT_NE(largest, nullptr);
  ASSERT_TRUE(t.trie.prove(*largest, proof).ok());
  const std::uint8_t* storage = proof.bytes().data();
  for (const auto& pair : t.pairs) {
    ASSERT_TRUE(t.trie.prove(pair.first, proof).ok());
    EXPECT_EQ(proof.bytes().data(), storage);
  }
}

}  // namespace
}  // namespace merkleforge
