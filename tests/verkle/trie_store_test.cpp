// VerkleTrie::commit / open on both NodeStores: what was committed comes back, and damaged
// records are errors, never a different tree.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "merkleforge/store/memory_store.hpp"
#include "merkleforge/store/rocksdb_store.hpp"
#include "merkleforge/verkle/trie.hpp"
#include "support/temp_dir.hpp"

namespace merkleforge::verkle {
namespace {

struct Entries {
  std::vector<std::pair<TreeKey, Digest32>> list;
};

Entries random_entries(std::mt19937_64& rng, std::size_t count) {
  Entries entries;
  for (std::size_t i = 0; i < count; ++i) {
    TreeKey key;
    Digest32 value;
    for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    for (auto& byte : value) byte = static_cast<std::uint8_t>(rng());
    if (i % 3 == 1) std::copy_n(entries.list.back().first.begin(), 31, key.begin());  // same stem
    entries.list.emplace_back(key, value);
  }
  return entries;
}

VerkleTrie trie_of(const Entries& entries) {
  VerkleTrie trie;
  for (const auto& [key, value] : entries.list) trie.insert(key, value);
  return trie;
}

void expect_same(VerkleTrie& expected, VerkleTrie& actual, const Entries& probes) {
  EXPECT_EQ(actual.root(), expected.root());
  EXPECT_EQ(actual.size(), expected.size());
  for (const auto& [key, value] : probes.list) EXPECT_EQ(actual.get(key), expected.get(key));
}

TEST(VerkleTrieStore, CommitThenOpenGivesTheSameTree) {
  std::mt19937_64 rng(31);
  MemoryNodeStore store;
  const Entries entries = random_entries(rng, 120);
  VerkleTrie trie = trie_of(entries);
  ASSERT_TRUE(trie.commit(store).ok());
  auto reopened = VerkleTrie::open(store);
  ASSERT_TRUE(reopened.ok()) << reopened.error().message;
  expect_same(trie, *reopened, entries);

  // Overwrites, erasures (whole stems too) and new keys, committed again on the reopened tree.
  for (std::size_t i = 0; i < entries.list.size(); i += 4)
    ASSERT_TRUE(reopened->erase(entries.list[i].first));
  for (std::size_t i = 1; i < entries.list.size(); i += 5)
    reopened->insert(entries.list[i].first, Digest32{});
  const Entries more = random_entries(rng, 30);
  for (const auto& [key, value] : more.list) reopened->insert(key, value);
  ASSERT_TRUE(reopened->commit(store).ok());
  auto again = VerkleTrie::open(store);
  ASSERT_TRUE(again.ok()) << again.error().message;
  expect_same(*reopened, *again, entries);
  expect_same(*reopened, *again, more);

  // Trees of other names are independent; an unknown name is not found.
  VerkleTrie other;
  other.insert(more.list[0].first, more.list[0].second);
  ASSERT_TRUE(other.commit(store, "other").ok());
  EXPECT_EQ(VerkleTrie::open(store, "other")->size(), 1u);
  EXPECT_EQ(VerkleTrie::open(store)->size(), reopened->size());
  EXPECT_EQ(VerkleTrie::open(store, "missing").error().code, Errc::not_found);
  EXPECT_EQ(other.commit(store, std::string(256, 'n')).error().code, Errc::invalid_argument);
}

TEST(VerkleTrieStore, DamagedRecordsAreCorruptData) {
  std::mt19937_64 rng(32);
  MemoryNodeStore store;
  const Entries entries = random_entries(rng, 20);
  VerkleTrie trie = trie_of(entries);
  ASSERT_TRUE(trie.commit(store).ok());
  const TreeKey& key = entries.list[0].first;
  // "vs" ‖ len("state") ‖ "state" ‖ stem (docs/storage.md)
  const std::string_view prefix("vs\x05state", 8);
  Bytes record_key(prefix.size() + 31);
  std::copy(prefix.begin(), prefix.end(), record_key.begin());
  std::copy_n(key.begin(), 31, record_key.begin() + 8);
  const Bytes original = store.get(record_key).value().value();

  const auto open_with = [&](const Bytes& value) {
    WriteBatch batch;
    batch.put(record_key, value);
    EXPECT_TRUE(store.write_batch(batch).ok());
    return VerkleTrie::open(store);
  };
  Bytes altered = original;
  altered.back() ^= 1;  // well formed, another value: the root no longer matches
  EXPECT_EQ(open_with(altered).error().code, Errc::corrupt_data);
  EXPECT_EQ(open_with(Bytes(original.begin(), original.end() - 1)).error().code,
            Errc::corrupt_data);
  EXPECT_EQ(open_with(Bytes{}).error().code, Errc::corrupt_data);
  EXPECT_TRUE(open_with(original).ok());
}

TEST(VerkleTrieStore, SurvivesReopeningARocksDbDatabase) {
  const test::TempDir scratch("mf_verkle_store");
  const auto dir = scratch / "db";
  std::mt19937_64 rng(33);
  const Entries entries = random_entries(rng, 60);
  VerkleTrie trie = trie_of(entries);
  {
    auto store = RocksDbNodeStore::open(dir);
    ASSERT_TRUE(store.ok()) << store.error().message;
    ASSERT_TRUE(trie.commit(**store).ok());
  }
  auto store = RocksDbNodeStore::open(dir);
  ASSERT_TRUE(store.ok()) << store.error().message;
  auto reopened = VerkleTrie::open(**store);
  ASSERT_TRUE(reopened.ok()) << reopened.error().message;
  expect_same(trie, *reopened, entries);
  store->reset();
}

}  // namespace
}  // namespace merkleforge::verkle
