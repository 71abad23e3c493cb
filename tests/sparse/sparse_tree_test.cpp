// SparseMerkleTree: JMT vectors, and random workloads against the naive reference root.
#include <gtest/gtest.h>

#include <random>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"
#include "sparse_reference.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using Tree = SparseMerkleTree<Sha256>;

Digest32 random_key(std::mt19937_64& rng) {
  Digest32 key;
  for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
  return key;
}

Bytes random_value(std::mt19937_64& rng) {
  Bytes value(rng() % 70);  // inline and out-of-line values
  for (auto& byte : value) byte = static_cast<std::uint8_t>(rng());
  return value;
}

TEST(SparseTree, JmtSha256Vectors) {
  const auto vectors = test::load_vectors("smt/jmt_sha2_256_vectors.json");
  ASSERT_EQ(vectors["vectors"].size(), 3u);
  for (const auto& vector : vectors["vectors"]) {
    Tree tree;
    for (const auto& entry : vector["data"]) {
      tree.put(Tree::key_hash(test::hex_bytes(entry["key"])), test::hex_bytes(entry["value"]));
    }
    EXPECT_EQ(to_hex(tree.root_hash()), vector["expected_root"].get<std::string>());
  }
}

TEST(SparseTree, ReferenceAgreesWithJmtVectors) {
  const auto vectors = test::load_vectors("smt/jmt_sha2_256_vectors.json");
  for (const auto& vector : vectors["vectors"]) {
    test::ReferenceState state;
    for (const auto& entry : vector["data"]) {
      state[test::openssl_sha256(test::hex_bytes(entry["key"]))] = test::hex_bytes(entry["value"]);
    }
    EXPECT_EQ(to_hex(test::reference_root(state)), vector["expected_root"].get<std::string>());
  }
}

TEST(SparseTree, RandomPutEraseMatchesReference) {
  std::mt19937_64 rng(7);
  Tree tree;
  test::ReferenceState state;
  std::vector<Digest32> keys;
  for (int step = 0; step < 3000; ++step) {
    const auto action = rng() % 10;
    if (action < 6 || keys.empty()) {
      const Digest32 key = random_key(rng);
      const Bytes value = random_value(rng);
      tree.put(key, value);
      state[key] = value;
      keys.push_back(key);
    } else if (action < 8) {
      const Digest32& key = keys[rng() % keys.size()];
      const Bytes value = random_value(rng);
      tree.put(key, value);
      state[key] = value;
    } else {
      const Digest32 key = action == 8 ? keys[rng() % keys.size()] : random_key(rng);
      tree.erase(key);
      state.erase(key);
    }
    if (step % 97 == 0) {
      ASSERT_EQ(tree.root_hash(), test::reference_root(state)) << "step " << step;
    }
  }
  EXPECT_EQ(tree.root_hash(), test::reference_root(state));
  EXPECT_EQ(tree.size(), state.size());
  for (const Digest32& key : keys) {
    const auto found = tree.get(key);
    const auto expected = state.find(key);
    ASSERT_EQ(found.has_value(), expected != state.end());
    if (found) {
      EXPECT_EQ(*found, expected->second);
    }
  }
  for (const Digest32& key : keys) tree.erase(key);
  EXPECT_EQ(tree.size(), 0u);
  EXPECT_EQ(tree.root_hash(), kSparsePlaceholder);
  EXPECT_EQ(tree.memory_usage().leaves, 0u);
  EXPECT_EQ(tree.memory_usage().internal_nodes, 0u);
}

/// Keys sharing long prefixes: deep single-child chains and leaves moving up and down.
TEST(SparseTree, SharedPrefixKeysMatchReference) {
  std::mt19937_64 rng(11);
  Tree tree;
  test::ReferenceState state;
  Digest32 base{};
  for (int i = 0; i < 300; ++i) {
    Digest32 key = base;
    const unsigned bit = static_cast<unsigned>(rng() % 256);
    key[bit / 8] ^= static_cast<std::uint8_t>(0x80u >> (bit % 8));
    if (rng() % 3 == 0) {
      tree.erase(key);
      state.erase(key);
    } else {
      const Bytes value = random_value(rng);
      tree.put(key, value);
      state[key] = value;
    }
    ASSERT_EQ(tree.root_hash(), test::reference_root(state)) << "step " << i;
  }
}

TEST(SparseTree, PutOfTheSameValueChangesNothing) {
  Tree tree;
  const Digest32 a = Tree::key_hash(as_bytes("a")), b = Tree::key_hash(as_bytes("b"));
  tree.put(a, as_bytes("1"));
  tree.put(b, as_bytes("2"));
  const auto before = tree.memory_usage();
  const Digest32 root = tree.root_hash();
  ASSERT_TRUE(tree.commit().ok());
  tree.put(a, as_bytes("1"));
  tree.erase(Tree::key_hash(as_bytes("absent")));
  EXPECT_EQ(tree.root_hash(), root);
  EXPECT_EQ(tree.memory_usage().leaves, before.leaves);
  EXPECT_EQ(tree.memory_usage().internal_nodes, before.internal_nodes);
}

std::vector<SparseUpdate> random_batch(std::mt19937_64& rng, const std::vector<Digest32>& existing,
                                       std::size_t count) {
  std::vector<SparseUpdate> batch;
  for (std::size_t i = 0; i < count; ++i) {
    const auto action = rng() % 6;
    const Digest32 key =
        (action < 3 || existing.empty()) ? random_key(rng) : existing[rng() % existing.size()];
    if (action == 5) {
      batch.push_back({key, std::nullopt});
    } else {
      batch.push_back({key, random_value(rng)});
    }
    if (rng() % 10 == 0) batch.push_back(batch.back());  // repeated keys: the last one wins
  }
  return batch;
}

TEST(SparseTree, BatchEqualsSequential) {
  std::mt19937_64 rng(3);
  for (int round = 0; round < 20; ++round) {
    Tree batched, sequential;
    test::ReferenceState state;
    std::vector<Digest32> existing;
    for (int block = 0; block < 4; ++block) {
      const std::size_t count = (round % 4 == 0) ? 1000 : rng() % 300;
      std::vector<SparseUpdate> batch = random_batch(rng, existing, count);
      for (const SparseUpdate& update : batch) {
        if (update.value) {
          sequential.put(update.key_hash, *update.value);
          state[update.key_hash] = *update.value;
          existing.push_back(update.key_hash);
        } else {
          sequential.erase(update.key_hash);
          state.erase(update.key_hash);
        }
      }
      batched.apply_batch(std::move(batch));
      if (block % 2 == 1) {
        ASSERT_TRUE(batched.commit().ok());
      }  // batches over committed (copied) nodes too
      ASSERT_EQ(batched.root_hash(), sequential.root_hash())
          << "round " << round << " block " << block;
      ASSERT_EQ(batched.size(), state.size());
    }
    ASSERT_EQ(batched.root_hash(), test::reference_root(state));
  }
}

// Large enough for the node pools to move past their small chunks onto huge-page blocks and for
// the second batch to split into parallel pieces; that batch, over a committed tree
// (copy-on-write), erases and changes keys.
TEST(SparseTree, LargeBatchesMatchReference) {
  std::mt19937_64 rng(11);
  Tree tree;
  test::ReferenceState state;
  std::vector<Digest32> existing;
  for (const std::size_t count : {std::size_t{48000}, std::size_t{3000}}) {
    std::vector<SparseUpdate> batch = random_batch(rng, existing, count);
    for (const SparseUpdate& update : batch) {
      if (update.value) {
        state[update.key_hash] = *update.value;
        existing.push_back(update.key_hash);
      } else {
        state.erase(update.key_hash);
      }
    }
    tree.apply_batch(std::move(batch));
    ASSERT_EQ(tree.root_hash(), test::reference_root(state)) << count;
    ASSERT_EQ(tree.size(), state.size());
    ASSERT_TRUE(tree.commit().ok());
  }
}

}  // namespace
}  // namespace merkleforge
