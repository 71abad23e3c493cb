// Accounts and genesis allocations, and persistence through NodeStore.
#include "merkleforge/bintrie/account.hpp"

#include <gtest/gtest.h>

#include <random>

#include "bintrie/bintrie_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/store/memory_store.hpp"

namespace merkleforge::bintrie {
namespace {

TEST(BintrieGenesis, GethBinaryGenesisCommitRoot) {
  // go-ethereum core/genesis_test.go TestBinaryGenesisCommit @ 02b73d4ea718: alloc
  // {0x01 00…00: balance 1, storage {0x01 00…00: 0x01 00…00}} has state root 0870fd58…63f5.
  const auto alloc = mpt::parse_genesis_alloc(R"({"alloc": {
      "0x0100000000000000000000000000000000000000": {"balance": "1", "storage": {
        "0x0100000000000000000000000000000000000000000000000000000000000000":
        "0x0100000000000000000000000000000000000000000000000000000000000000"}}}})");
  ASSERT_TRUE(alloc.ok()) << alloc.error().message;
  auto trie = genesis_trie(*alloc);
  ASSERT_TRUE(trie.ok());
  EXPECT_EQ(to_hex(trie->root()),
            "0870fd587c41dc778019de8c5cb3193fe4ef1f417976461952d3712ba39163f5");
}

TEST(BintrieGenesis, AccountEntriesAsGethWritesThem) {
  Address address{};
  address[19] = 0x42;
  Bytes code(70, 0x5b);  // 3 chunks
  Digest32 balance{};
  balance[31] = 9;
  const auto entries = account_entries(address, 3, balance, code);
  ASSERT_TRUE(entries.ok());
  ASSERT_EQ(entries->size(), 5u);
  EXPECT_EQ((*entries)[0].key, basic_data_key(address));
  EXPECT_EQ((*entries)[0].value, basic_data_leaf(3, balance, 70));
  EXPECT_EQ((*entries)[1].key, code_hash_key(address));
  EXPECT_EQ((*entries)[1].value, Keccak256::digest(code));
  const auto chunks = chunkify_code(code);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ((*entries)[2 + i].key, code_chunk_key(address, i));
    EXPECT_EQ((*entries)[2 + i].value, chunks[i]);
  }
}

TEST(BintrieGenesis, CodeChunksAcrossGroups) {
  // 128 + 200 chunks: chunks 128.. fall in tree index 1.
  Address address{};
  address[0] = 1;
  const Bytes code(31 * 200, 0x00);
  const auto entries = account_entries(address, 0, Digest32{}, code);
  ASSERT_TRUE(entries.ok());
  for (std::size_t i = 0; i < 200; ++i) {
    EXPECT_EQ((*entries)[2 + i].key, code_chunk_key(address, i)) << i;
  }
}

TEST(BintrieStore, CommitAndOpen) {
  std::mt19937_64 rng(11);
  MemoryNodeStore store;
  BinaryTrie<> trie;
  std::vector<Entry> entries(300);
  for (Entry& e : entries) {
    for (auto& byte : e.key) byte = static_cast<std::uint8_t>(rng());
    for (auto& byte : e.value) byte = static_cast<std::uint8_t>(rng());
  }
  trie.insert_batch(std::span(entries).first(200));
  ASSERT_TRUE(trie.commit(store, "a").ok());
  trie.insert_batch(std::span(entries).subspan(200));
  trie.remove(entries[0].key);
  ASSERT_TRUE(trie.commit(store, "a").ok());
  auto reopened = BinaryTrie<>::open(store, "a");
  ASSERT_TRUE(reopened.ok()) << reopened.error().message;
  EXPECT_EQ(reopened->root(), trie.root());
  EXPECT_EQ(reopened->get(entries[0].key), Digest32{});
  EXPECT_EQ(reopened->get(entries[250].key), entries[250].value);
  EXPECT_EQ(BinaryTrie<>::open(store, "b").error().code, Errc::not_found);
}

/// A store whose next write fails, counting the batches it applies.
class FailingStore : public NodeStore {
 public:
  Result<std::optional<Bytes>> get(ByteSpan key) const override { return inner_.get(key); }
  Status scan_prefix(ByteSpan prefix, const ScanVisitor& visit) const override {
    return inner_.scan_prefix(prefix, visit);
  }
  Status write_batch(const WriteBatch& batch) override {
    if (fail_next) {
      fail_next = false;
      return make_error(Errc::io_error, "disk full");
    }
    ++batches;
    return inner_.write_batch(batch);
  }
  bool fail_next = false;
  int batches = 0;

 private:
  MemoryNodeStore inner_;
};

TEST(BintrieStore, OneBatchPerCommitAndAFailedCommitIsRetried) {
  FailingStore store;
  BinaryTrie<> trie;
  TreeKey a{}, b{};
  b[0] = 0x80;
  trie.insert(a, Digest32{1});
  ASSERT_TRUE(trie.commit(store).ok());
  EXPECT_EQ(store.batches, 1);
  trie.insert(b, Digest32{2});
  store.fail_next = true;
  EXPECT_EQ(trie.commit(store).error().code, Errc::io_error);
  // Nothing of the failed commit is visible: the stored tree is still the first one.
  auto before = BinaryTrie<>::open(store);
  ASSERT_TRUE(before.ok());
  EXPECT_FALSE(before->get(b).has_value());
  ASSERT_TRUE(trie.commit(store).ok());  // writes b's stem again
  EXPECT_EQ(store.batches, 2);
  auto after = BinaryTrie<>::open(store);
  ASSERT_TRUE(after.ok());
  EXPECT_EQ(after->get(b), Digest32{2});
  EXPECT_EQ(after->root(), trie.root());
}

TEST(BintrieStore, CorruptRecordsAreReported) {
  MemoryNodeStore store;
  BinaryTrie<> trie;
  trie.insert(TreeKey{}, Digest32{1});
  ASSERT_TRUE(trie.commit(store).ok());
  // A different value under the same stem record: the rebuilt root differs.
  Bytes stem_key = {'b', 's', 5, 's', 't', 'a', 't', 'e'};
  stem_key.insert(stem_key.end(), 31, 0);
  Bytes record(33, 0);
  record[1] = 2;
  WriteBatch batch;
  batch.put(ByteSpan(stem_key), ByteSpan(record));
  ASSERT_TRUE(store.write_batch(batch).ok());
  EXPECT_EQ(BinaryTrie<>::open(store).error().code, Errc::corrupt_data);
  batch.clear();
  batch.put(ByteSpan(stem_key), ByteSpan(record).first(20));
  ASSERT_TRUE(store.write_batch(batch).ok());
  EXPECT_EQ(BinaryTrie<>::open(store).error().code, Errc::corrupt_data);
}

}  // namespace
}  // namespace merkleforge::bintrie
