// Sparse-tree persistence: commits and prunes written to a NodeStore, reopened with every kept
// version intact (checked against the reference roots), corruption detected on open.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"
#include "merkleforge/store/memory_store.hpp"
#include "merkleforge/store/rocksdb_store.hpp"
#include "sparse_reference.hpp"
#include "support/temp_dir.hpp"

namespace merkleforge {
namespace {

using Tree = SparseMerkleTree<Sha256>;

/// Applies `blocks` random blocks to `tree` and `states` (one committed version per block).
void commit_blocks(Tree& tree, std::vector<test::ReferenceState>& states, int blocks,
                   std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  test::ReferenceState state = states.empty() ? test::ReferenceState{} : states.back();
  for (int block = 0; block < blocks; ++block) {
    for (int i = 0; i < 40; ++i) {
      const Digest32 key = Tree::key_hash(as_bytes(std::to_string(rng() % 300)));
      if (rng() % 5 == 0) {
        tree.erase(key);
        state.erase(key);
      } else {
        Bytes value(rng() % 60, static_cast<std::uint8_t>(rng()));
        tree.put(key, value);
        state[key] = value;
      }
    }
    ASSERT_EQ(*tree.commit(), states.size());
    states.push_back(state);
  }
}

void expect_versions(const Tree& tree, const std::vector<test::ReferenceState>& states,
                     std::uint64_t from) {
  ASSERT_EQ(*tree.oldest_version(), from);
  ASSERT_EQ(*tree.latest_version(), states.size() - 1);
  for (std::uint64_t version = from; version < states.size(); ++version) {
    const Digest32 root = test::reference_root(states[version]);
    ASSERT_EQ(*tree.root_hash_at(version), root) << version;
    for (const auto& [key, value] : states[version]) {
      ASSERT_EQ(**tree.get_at(version, key), value);
    }
  }
  EXPECT_EQ(tree.size(), states.back().size());
  EXPECT_EQ(tree.root_hash(), test::reference_root(states.back()));
}

void reopen_round_trip(NodeStore& store, const std::function<NodeStore&()>& reopen) {
  std::vector<test::ReferenceState> states;
  {
    auto tree = Tree::open(store);
    ASSERT_TRUE(tree.ok()) << tree.error().message;
    EXPECT_FALSE((*tree)->latest_version().has_value());
    commit_blocks(**tree, states, 6, 1);
    ASSERT_TRUE((*tree)->prune(2).ok());
    (*tree)->put(Tree::key_hash(as_bytes("uncommitted")), as_bytes("lost"));  // never committed
  }
  NodeStore& second = reopen();
  {
    auto tree = Tree::open(second);
    ASSERT_TRUE(tree.ok()) << tree.error().message;
    expect_versions(**tree, states, 2);
    commit_blocks(**tree, states, 4, 2);
    ASSERT_TRUE((*tree)->prune(7).ok());
    expect_versions(**tree, states, 7);
  }
  NodeStore& third = reopen();
  auto tree = Tree::open(third);
  ASSERT_TRUE(tree.ok()) << tree.error().message;
  expect_versions(**tree, states, 7);
  // Pruning to the latest version leaves exactly one tree's nodes in memory.
  ASSERT_TRUE((*tree)->prune(9).ok());
  EXPECT_EQ((*tree)->memory_usage().leaves, states.back().size());
  EXPECT_EQ((*tree)->memory_usage().internal_nodes, test::reference_interior_nodes(states.back()));
}

TEST(SparseStore, MemoryStoreReopen) {
  MemoryNodeStore store;
  reopen_round_trip(store, [&]() -> NodeStore& { return store; });
  // After pruning to the last version the store holds one root and that tree's nodes only.
  EXPECT_GT(store.size(), 0u);
  auto tree = Tree::open(store);
  ASSERT_TRUE(tree.ok());
  EXPECT_EQ(store.size(),
            1 + (*tree)->memory_usage().leaves + (*tree)->memory_usage().internal_nodes);
}

TEST(SparseStore, RocksDbReopen) {
  const test::TempDir dir("mf_sparse_store");
  const auto path = dir / "db";
  std::unique_ptr<RocksDbNodeStore> db;
  auto open_db = [&]() -> NodeStore& {
    db.reset();
    auto opened = RocksDbNodeStore::open(path);
    if (!opened) throw std::runtime_error(opened.error().message);
    db = std::move(*opened);
    return *db;
  };
  reopen_round_trip(open_db(), open_db);
  db.reset();
}

TEST(SparseStore, DamagedRecordsAreReported) {
  MemoryNodeStore store;
  std::vector<test::ReferenceState> states;
  {
    auto tree = Tree::open(store);
    ASSERT_TRUE(tree.ok());
    commit_blocks(**tree, states, 2, 3);
  }
  std::vector<std::pair<Bytes, Bytes>> entries;
  ASSERT_TRUE(store
                  .scan_prefix({},
                               [&](ByteSpan key, ByteSpan value) {
                                 entries.emplace_back(Bytes(key.begin(), key.end()),
                                                      Bytes(value.begin(), value.end()));
                                 return true;
                               })
                  .ok());
  for (const auto& [key, value] : entries) {
    Bytes damaged = value;
    damaged[damaged.size() / 2] ^= 0x10;
    WriteBatch batch;
    batch.put(key, damaged);
    ASSERT_TRUE(store.write_batch(batch).ok());
    const auto tree = Tree::open(store);
    ASSERT_FALSE(tree.ok());
    EXPECT_EQ(tree.error().code, Errc::corrupt_data) << tree.error().message;
    batch.clear();
    batch.put(key, value);
    ASSERT_TRUE(store.write_batch(batch).ok());
  }
  WriteBatch drop;
  drop.erase(entries.front().first);
  ASSERT_TRUE(store.write_batch(drop).ok());
  EXPECT_FALSE(Tree::open(store).ok());
}

}  // namespace
}  // namespace merkleforge
