// Multiproofs: round trips for inclusion and every kind of absence, shared nodes sent once, and
// rejection of every altered, truncated or extended proof and of a wrong root.
#include "merkleforge/bintrie/proof.hpp"

#include <gtest/gtest.h>

#include <random>

#include "bintrie/bintrie_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/blake3.hpp"

namespace merkleforge::bintrie {
namespace {

struct Fixture {
  BinaryTrie<> trie;
  std::vector<TreeKey> present;
};

Fixture random_tree(std::uint64_t seed, std::size_t stems) {
  std::mt19937_64 rng(seed);
  Fixture f;
  for (std::size_t i = 0; i < stems; ++i) {
    TreeKey key;
    for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    for (int slot = 0; slot < 1 + static_cast<int>(rng() % 3); ++slot) {
      key[31] = static_cast<std::uint8_t>(rng());
      Digest32 value{};
      if (rng() % 5 != 0)
        value[static_cast<std::size_t>(rng() % 32)] = static_cast<std::uint8_t>(rng());
      f.trie.insert(key, value);
      f.present.push_back(key);
    }
  }
  return f;
}

/// Keys absent in each way: in an empty subtree, beside another stem, at an absent suffix of a
/// present stem.
std::vector<TreeKey> absent_keys(Fixture& f, std::mt19937_64& rng, std::size_t count) {
  std::vector<TreeKey> out;
  while (out.size() < count) {
    TreeKey key = f.present[rng() % f.present.size()];
    switch (rng() % 3) {
      case 0:
        key[31] = static_cast<std::uint8_t>(rng());
        break;
      case 1:
        key[30] ^= 1;
        break;
      default:
        for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    }
    if (!f.trie.get(key)) out.push_back(key);
  }
  return out;
}

void expect_values(const BinaryTrie<>& trie, std::span<const TreeKey> keys,
                   const std::vector<std::optional<Digest32>>& values) {
  ASSERT_EQ(values.size(), keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(values[i], trie.get(keys[i])) << i;
}

TEST(BintrieProof, RoundTripsForInclusionAndAbsence) {
  Fixture f = random_tree(1, 400);
  std::mt19937_64 rng(2);
  const Digest32 root = f.trie.root();
  EXPECT_EQ(root, test::model_root([&] {
              std::vector<Entry> all;
              for (const TreeKey& k : f.present) all.push_back({k, *f.trie.get(k)});
              return all;
            }()));
  for (int round = 0; round < 30; ++round) {
    std::vector<TreeKey> keys;
    for (std::size_t i = 0; i < 1 + rng() % 20; ++i)
      keys.push_back(f.present[rng() % f.present.size()]);
    const auto absent = absent_keys(f, rng, rng() % 10);
    keys.insert(keys.end(), absent.begin(), absent.end());
    std::shuffle(keys.begin(), keys.end(), rng);
    if (!keys.empty()) keys.push_back(keys.front());  // a repeat
    const Bytes proof = prove(f.trie, keys);
    const auto values = verify(root, keys, proof);
    ASSERT_TRUE(values.ok()) << values.error().message;
    expect_values(f.trie, keys, *values);
  }
}

TEST(BintrieProof, EmptyTreeAndEmptyKeySet) {
  BinaryTrie<> empty;
  const TreeKey key{};
  const Bytes proof = prove(empty, std::span(&key, 1));
  EXPECT_EQ(to_hex(proof), "0100");
  const auto values = verify(Digest32{}, std::span(&key, 1), proof);
  ASSERT_TRUE(values.ok());
  EXPECT_FALSE((*values)[0].has_value());

  Fixture f = random_tree(3, 10);
  const Bytes none = prove(f.trie, std::span<const TreeKey>{});
  EXPECT_EQ(none.size(), 34u);  // version, hash tag, root
  EXPECT_TRUE(verify(f.trie.root(), std::span<const TreeKey>{}, none).ok());
}

TEST(BintrieProof, SharedNodesSentOnce) {
  Fixture f = random_tree(4, 300);
  std::vector<TreeKey> keys(f.present.begin(), f.present.begin() + 50);
  std::size_t separate = 0;
  for (const TreeKey& k : keys) separate += prove(f.trie, std::span(&k, 1)).size();
  const Bytes multi = prove(f.trie, keys);
  EXPECT_LT(multi.size(), separate);
  ASSERT_TRUE(verify(f.trie.root(), keys, multi).ok());
  // Slots 0 and 1 of one stem share everything but their leaves: the second leaf's value takes
  // the place of its hash, so the pair costs what one key does.
  TreeKey a = f.present[0], b = f.present[0];
  a[31] = 0;
  b[31] = 1;
  f.trie.insert(a, Digest32{});
  f.trie.insert(b, Digest32{});
  const TreeKey pair[2] = {a, b};
  EXPECT_EQ(prove(f.trie, pair).size(), prove(f.trie, std::span(&a, 1)).size());
}

TEST(BintrieProof, EveryAlteredProofIsRejected) {
  Fixture f = random_tree(5, 40);
  std::mt19937_64 rng(6);
  std::vector<TreeKey> keys = {f.present[0], f.present[7]};
  const auto absent = absent_keys(f, rng, 3);
  keys.insert(keys.end(), absent.begin(), absent.end());
  const Digest32 root = f.trie.root();
  const Bytes proof = prove(f.trie, keys);
  ASSERT_TRUE(verify(root, keys, proof).ok());
  for (std::size_t i = 0; i < proof.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      Bytes altered = proof;
      altered[i] ^= static_cast<std::uint8_t>(1u << bit);
      EXPECT_FALSE(verify(root, keys, altered).ok()) << "byte " << i << " bit " << bit;
    }
  }
  for (std::size_t length = 0; length < proof.size(); ++length) {
    EXPECT_FALSE(verify(root, keys, ByteSpan(proof).first(length)).ok()) << length;
  }
  Bytes extended = proof;
  extended.push_back(0);
  EXPECT_FALSE(verify(root, keys, extended).ok());
  Digest32 wrong_root = root;
  wrong_root[0] ^= 1;
  const auto wrong = verify(wrong_root, keys, proof);
  ASSERT_FALSE(wrong.ok());
  EXPECT_EQ(wrong.error().code, Errc::corrupt_data);
  // Another key set: either rejected, or the values are the true ones.
  for (int round = 0; round < 50; ++round) {
    std::vector<TreeKey> other = keys;
    other[rng() % other.size()] = absent_keys(f, rng, 1)[0];
    const auto values = verify(root, other, proof);
    if (values.ok()) expect_values(f.trie, other, *values);
  }
}

TEST(BintrieProof, ForgedValueOrAbsenceFails) {
  Fixture f = random_tree(7, 60);
  const TreeKey key = f.present[3];
  const Digest32 root = f.trie.root();
  Bytes proof = prove(f.trie, std::span(&key, 1));
  // The leaf value is the last 32 bytes (the key's leaf is last in pre-order only when it is the
  // right-most node; find it instead).
  const Digest32 value = *f.trie.get(key);
  const auto at = std::search(proof.begin(), proof.end(), value.begin(), value.end());
  ASSERT_NE(at, proof.end());
  ASSERT_EQ(*(at - 1), 0x04);
  *(at - 1) = 0x00;  // claim absence
  proof.erase(at, at + 32);
  EXPECT_FALSE(verify(root, std::span(&key, 1), proof).ok());
}

TEST(BintrieProof, RandomlyMutatedProofsNeverGiveWrongValues) {
  // The fuzz target's property (fuzz/bintrie_proof_verify_fuzz.cpp) on mutated proofs: byte
  // overwrites, insertions and deletions, several at once.
  Fixture f = random_tree(9, 80);
  std::mt19937_64 rng(10);
  const Digest32 root = f.trie.root();
  for (int round = 0; round < 4000; ++round) {
    std::vector<TreeKey> keys = {f.present[rng() % f.present.size()]};
    if (rng() % 2) keys.push_back(absent_keys(f, rng, 1)[0]);
    Bytes proof = prove(f.trie, keys);
    for (int edit = 0; edit < 1 + static_cast<int>(rng() % 3); ++edit) {
      const std::size_t at = rng() % proof.size();
      switch (rng() % 3) {
        case 0:
          proof[at] = static_cast<std::uint8_t>(rng());
          break;
        case 1:
          proof.insert(proof.begin() + static_cast<std::ptrdiff_t>(at),
                       static_cast<std::uint8_t>(rng()));
          break;
        default:
          proof.erase(proof.begin() + static_cast<std::ptrdiff_t>(at));
      }
    }
    const auto values = verify(root, keys, proof);
    if (values.ok()) expect_values(f.trie, keys, *values);
  }
}

TEST(BintrieProof, Blake3Tree) {
  BinaryTrie<Blake3> trie;
  std::mt19937_64 rng(8);
  std::vector<TreeKey> keys(100);
  for (TreeKey& key : keys) {
    for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    trie.insert(key, Digest32{1});
  }
  const Bytes proof = prove(trie, keys);
  const auto values = verify<Blake3>(trie.root(), keys, proof);
  ASSERT_TRUE(values.ok());
  EXPECT_EQ((*values)[5], Digest32{1});
  EXPECT_FALSE(verify<Sha256>(trie.root(), keys, proof).ok());
}

}  // namespace
}  // namespace merkleforge::bintrie
