// Persistence: commit to a NodeStore (memory and RocksDB), reopen, compare; damaged or missing
// nodes are errors, never wrong answers.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <random>

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "merkleforge/store/memory_store.hpp"
#include "merkleforge/store/rocksdb_store.hpp"
#include "support/temp_dir.hpp"

namespace merkleforge {
namespace {

using Contents = std::map<Bytes, Bytes>;

void apply_random_changes(mpt::MerklePatriciaTrie& trie, Contents& contents,
                          std::mt19937_64& random, int count) {
  for (int i = 0; i < count; ++i) {
    const std::uint64_t id = random() % 3000;
    const Digest32 key =
        Keccak256::digest(ByteSpan(reinterpret_cast<const std::uint8_t*>(&id), sizeof id));
    const Bytes key_bytes(key.begin(), key.end());
    if (random() % 4 == 0) {
      ASSERT_TRUE(trie.erase(key_bytes).ok());
      contents.erase(key_bytes);
    } else {
      Bytes value(1 + random() % 60, static_cast<std::uint8_t>(random()));
      ASSERT_TRUE(trie.put(key_bytes, value).ok());
      contents[key_bytes] = value;
    }
  }
}

void expect_contents(const mpt::MerklePatriciaTrie& trie, const Contents& contents) {
  for (const auto& [key, value] : contents) {
    auto found = trie.get(key);
    ASSERT_TRUE(found.ok());
    ASSERT_TRUE(found->has_value());
    EXPECT_TRUE(std::equal(value.begin(), value.end(), (*found)->begin(), (*found)->end()));
  }
}

void commit_reopen_cycle(NodeStore& store) {
  std::mt19937_64 random(31);
  mpt::MerklePatriciaTrie trie;
  Contents contents;
  std::vector<std::pair<Digest32, Contents>> history;
  for (int round = 0; round < 6; ++round) {
    apply_random_changes(trie, contents, random, 700);
    ASSERT_TRUE(trie.commit(store).ok());
    history.emplace_back(trie.root_hash(), contents);
    auto reopened = mpt::MerklePatriciaTrie::open(store);
    ASSERT_TRUE(reopened.ok()) << reopened.error().message;
    EXPECT_EQ(reopened->root_hash(), trie.root_hash());
    expect_contents(*reopened, contents);
    trie = std::move(*reopened);  // keep working on the reopened trie
  }
  for (const auto& [root, expected] : history) {  // every committed version is still there
    auto old = mpt::MerklePatriciaTrie::open_root(store, root);
    ASSERT_TRUE(old.ok()) << old.error().message;
    EXPECT_EQ(old->root_hash(), root);
    expect_contents(*old, expected);
  }
}

TEST(Store, CommitAndReopenInMemory) {
  MemoryNodeStore store;
  commit_reopen_cycle(store);
}

TEST(Store, CommitCloseReopenRocksDb) {
  const test::TempDir dir("mf_mpt_store");
  const auto path = dir / "db";
  Digest32 root{};
  Contents contents;
  {
    auto store = RocksDbNodeStore::open(path);
    ASSERT_TRUE(store.ok()) << store.error().message;
    std::mt19937_64 random(3);
    mpt::MerklePatriciaTrie trie;
    apply_random_changes(trie, contents, random, 2000);
    ASSERT_TRUE(trie.commit(**store).ok());
    root = trie.root_hash();
  }
  {
    auto store = RocksDbNodeStore::open(path);
    ASSERT_TRUE(store.ok()) << store.error().message;
    auto trie = mpt::MerklePatriciaTrie::open(**store);
    ASSERT_TRUE(trie.ok()) << trie.error().message;
    EXPECT_EQ(trie->root_hash(), root);
    expect_contents(*trie, contents);
  }
}

TEST(Store, EmptyAndSmallTries) {
  MemoryNodeStore store;
  mpt::MerklePatriciaTrie empty;
  ASSERT_TRUE(empty.commit(store, "empty").ok());
  auto reopened = mpt::MerklePatriciaTrie::open(store, "empty");
  ASSERT_TRUE(reopened.ok());
  EXPECT_EQ(reopened->root_hash(), mpt::kEmptyTrieRoot);
  mpt::MerklePatriciaTrie small;  // root under 32 bytes: still stored under its hash
  ASSERT_TRUE(small.put(Bytes{1}, Bytes{2}).ok());
  ASSERT_TRUE(small.commit(store, "small").ok());
  auto small_again = mpt::MerklePatriciaTrie::open(store, "small");
  ASSERT_TRUE(small_again.ok()) << small_again.error().message;
  EXPECT_EQ(small_again->root_hash(), small.root_hash());
  EXPECT_EQ(mpt::MerklePatriciaTrie::open(store, "nothing").error().code, Errc::not_found);
}

TEST(Store, DamagedOrMissingNodesAreErrors) {
  MemoryNodeStore store;
  mpt::MerklePatriciaTrie trie;
  Contents contents;
  std::mt19937_64 random(8);
  apply_random_changes(trie, contents, random, 300);
  ASSERT_TRUE(trie.commit(store).ok());
  std::vector<Bytes> node_keys;
  ASSERT_TRUE(store
                  .scan_prefix(Bytes{'m', 'n'},
                               [&](ByteSpan key, ByteSpan) {
                                 node_keys.emplace_back(key.begin(), key.end());
                                 return true;
                               })
                  .ok());
  ASSERT_GT(node_keys.size(), 10u);
  const Bytes victim = node_keys[node_keys.size() / 2];
  const Bytes original = **store.get(victim);

  WriteBatch flip;
  Bytes flipped = original;
  flipped[flipped.size() / 2] ^= 0x40;
  flip.put(victim, flipped);
  ASSERT_TRUE(store.write_batch(flip).ok());
  auto damaged = mpt::MerklePatriciaTrie::open(store);
  ASSERT_FALSE(damaged.ok());
  EXPECT_EQ(damaged.error().code, Errc::corrupt_data);

  WriteBatch drop;
  drop.erase(victim);
  ASSERT_TRUE(store.write_batch(drop).ok());
  auto missing = mpt::MerklePatriciaTrie::open(store);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code, Errc::corrupt_data);

  WriteBatch bad_record;
  bad_record.put(mpt::root_record_key("state"), Bytes{1, 2, 3});
  ASSERT_TRUE(store.write_batch(bad_record).ok());
  EXPECT_EQ(mpt::MerklePatriciaTrie::open(store).error().code, Errc::corrupt_data);
}

}  // namespace
}  // namespace merkleforge
