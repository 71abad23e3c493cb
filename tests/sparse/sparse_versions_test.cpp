// Sparse-tree versions: reads and proofs at committed versions, and pruning.
#include <gtest/gtest.h>

#include <random>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"
#include "sparse_reference.hpp"

namespace merkleforge {
namespace {

using Tree = SparseMerkleTree<Sha256>;

Digest32 key_of(std::uint64_t i) {
  return Tree::key_hash(as_bytes(std::to_string(i)));
}

/// Versions 0..9, each changing a tenth of 500 keys; the reference state of each is kept.
struct History {
  Tree tree;
  std::vector<test::ReferenceState> states;

  History() {
    std::mt19937_64 rng(31);
    test::ReferenceState state;
    for (int version = 0; version < 10; ++version) {
      std::vector<SparseUpdate> batch;
      for (int i = 0; i < 50; ++i) {
        const Digest32 key = key_of(rng() % 500);
        if (rng() % 4 == 0) {
          batch.push_back({key, std::nullopt});
          state.erase(key);
        } else {
          const Bytes value = {static_cast<std::uint8_t>(version), static_cast<std::uint8_t>(i)};
          batch.push_back({key, value});
          state[key] = value;
        }
      }
      // Sequential semantics of a batch with repeated keys are what `state` models.
      tree.apply_batch(std::move(batch));
      EXPECT_EQ(*tree.commit(), static_cast<Tree::Version>(version));
      states.push_back(state);
    }
  }
};

TEST(SparseVersions, OldVersionsStayReadable) {
  History h;
  for (Tree::Version version = 0; version < 10; ++version) {
    const test::ReferenceState& state = h.states[version];
    const Digest32 root = test::reference_root(state);
    ASSERT_EQ(*h.tree.root_hash_at(version), root) << version;
    for (std::uint64_t i = 0; i < 500; i += 7) {
      const Digest32 key = key_of(i);
      const auto value = *h.tree.get_at(version, key);
      const auto expected = state.find(key);
      ASSERT_EQ(value.has_value(), expected != state.end());
      const SparseProof proof = *h.tree.prove_at(version, key);
      if (value) {
        EXPECT_EQ(*value, expected->second);
        EXPECT_TRUE(
            verify_sparse_membership<Sha256>(root, key, Sha256::digest(*value), proof).ok());
      } else {
        EXPECT_TRUE(verify_sparse_non_membership<Sha256>(root, key, proof).ok());
      }
    }
  }
  EXPECT_FALSE(h.tree.root_hash_at(10).ok());
}

TEST(SparseVersions, PruneFreesWhatNoKeptVersionUses) {
  History h;
  const auto before = h.tree.memory_usage();
  ASSERT_TRUE(h.tree.prune(7).ok());
  EXPECT_EQ(*h.tree.oldest_version(), 7u);
  EXPECT_FALSE(h.tree.root_hash_at(6).ok());
  EXPECT_EQ(h.tree.root_hash_at(6).error().code, Errc::not_found);
  for (Tree::Version version = 7; version < 10; ++version) {
    EXPECT_EQ(*h.tree.root_hash_at(version), test::reference_root(h.states[version]));
  }
  EXPECT_LT(h.tree.memory_usage().leaves, before.leaves);
  // Keeping only the latest version leaves exactly the nodes of one tree.
  ASSERT_TRUE(h.tree.prune(9).ok());
  EXPECT_EQ(h.tree.memory_usage().leaves, h.states[9].size());
  EXPECT_EQ(h.tree.memory_usage().internal_nodes, test::reference_interior_nodes(h.states[9]));
  EXPECT_FALSE(h.tree.prune(10).ok());
  // The tree keeps working after pruning.
  h.tree.put(key_of(1), as_bytes("x"));
  test::ReferenceState state = h.states[9];
  state[key_of(1)] = Bytes{'x'};
  EXPECT_EQ(h.tree.root_hash(), test::reference_root(state));
}

TEST(SparseVersions, WorkingTreeIsIndependentOfCommittedOnes) {
  Tree tree;
  tree.put(key_of(1), as_bytes("a"));
  tree.put(key_of(2), as_bytes("b"));
  const Digest32 v0 = tree.root_hash();
  ASSERT_TRUE(tree.commit().ok());
  tree.erase(key_of(1));
  tree.put(key_of(3), as_bytes("c"));
  EXPECT_EQ(*tree.root_hash_at(0), v0);
  EXPECT_EQ(**tree.get_at(0, key_of(1)), Bytes{'a'});
  EXPECT_FALSE(tree.get_at(0, key_of(3))->has_value());
  EXPECT_FALSE(tree.get(key_of(1)).has_value());
}

// put and erase copy the committed nodes on their path (copy-on-write) instead of changing them.
TEST(SparseVersions, SingleKeyUpdatesKeepCommittedVersions) {
  std::mt19937_64 rng(47);
  Tree tree;
  test::ReferenceState state;
  std::vector<test::ReferenceState> states;
  for (int version = 0; version < 8; ++version) {
    for (int i = 0; i < 60; ++i) {
      const Digest32 key = key_of(rng() % 300);
      if (rng() % 4 == 0) {
        tree.erase(key);
        state.erase(key);
      } else {
        const Bytes value = {static_cast<std::uint8_t>(version), static_cast<std::uint8_t>(i)};
        tree.put(key, value);
        state[key] = value;
      }
    }
    ASSERT_EQ(tree.root_hash(), test::reference_root(state)) << version;
    ASSERT_TRUE(tree.commit().ok());
    states.push_back(state);
  }
  for (Tree::Version version = 0; version < 8; ++version) {
    const Digest32 root = test::reference_root(states[version]);
    ASSERT_EQ(*tree.root_hash_at(version), root) << version;
    for (std::uint64_t i = 0; i < 300; i += 3) {
      const Digest32 key = key_of(i);
      const auto expected = states[version].find(key);
      const SparseProof proof = *tree.prove_at(version, key);
      const Status verified = expected == states[version].end()
                                  ? verify_sparse_non_membership<Sha256>(root, key, proof)
                                  : verify_sparse_membership<Sha256>(
                                        root, key, Sha256::digest(expected->second), proof);
      EXPECT_TRUE(verified.ok()) << version << " " << i;
    }
  }
  ASSERT_TRUE(tree.prune(7).ok());
  EXPECT_EQ(tree.memory_usage().leaves, states[7].size());
  EXPECT_EQ(tree.memory_usage().internal_nodes, test::reference_interior_nodes(states[7]));
}

}  // namespace
}  // namespace merkleforge
