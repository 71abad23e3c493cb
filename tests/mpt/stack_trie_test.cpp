// StackTrieBuilder: geth's TestStackTrieInsertAndHash roots, and equality with the trie (roots
// and emitted nodes) on random sorted data.
#include "merkleforge/mpt/stack_trie.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "merkleforge/store/memory_store.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

// geth checks the root after every insert; the builder's root of each prefix of a group must be it.
TEST(StackTrie, GethInsertAndHashVectors) {
  const auto data = test::load_vectors("mpt/trie/geth_stacktrie_insert_and_hash.json");
  std::size_t steps = 0;
  for (const auto& group : data["groups"]) {
    const auto& group_steps = group["steps"];
    for (std::size_t upto = 0; upto < group_steps.size(); ++upto) {
      mpt::StackTrieBuilder builder;
      for (std::size_t i = 0; i <= upto; ++i) {
        const auto value = group_steps[i]["value_ascii"].get<std::string>();
        ASSERT_TRUE(
            builder
                .add(test::hex_bytes(group_steps[i]["key_hex"].get<std::string>()), as_bytes(value))
                .ok());
      }
      EXPECT_EQ(to_hex(builder.finish()),
                to_hex(test::hex_bytes(group_steps[upto]["root_after"].get<std::string>())))
          << group["comment"] << " step " << upto;
      ++steps;
    }
  }
  EXPECT_EQ(steps, 104u);
}

std::map<Bytes, Bytes> random_pairs(std::mt19937_64& random, std::size_t count,
                                    std::size_t key_size) {
  std::map<Bytes, Bytes> pairs;
  while (pairs.size() < count) {
    Bytes key(key_size), value(1 + random() % 40);
    for (auto& byte : key) byte = static_cast<std::uint8_t>(random() % (key_size <= 2 ? 4 : 256));
    for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
    pairs.emplace(std::move(key), std::move(value));
  }
  return pairs;
}

// The builder's emitted nodes are exactly the hashed nodes the trie commits, and roots agree.
TEST(StackTrie, EqualsTrieOnRandomSortedData) {
  std::mt19937_64 random(99);
  for (const std::size_t count : {1u, 2u, 3u, 17u, 300u, 5000u}) {
    for (const std::size_t key_size : {2u, 32u}) {
      if (key_size == 2 && count > 16) continue;  // 2-byte keys over 4 symbols: at most 16
      const auto pairs = random_pairs(random, count, key_size);
      std::set<Bytes> emitted;
      mpt::StackTrieBuilder builder([&](mpt::Nibbles, const Digest32& hash, ByteSpan rlp) {
        EXPECT_EQ(Keccak256::digest(rlp), hash);
        emitted.insert(Bytes(rlp.begin(), rlp.end()));
      });
      mpt::MerklePatriciaTrie trie;
      for (const auto& [key, value] : pairs) {
        ASSERT_TRUE(builder.add(key, value).ok());
        ASSERT_TRUE(trie.put(key, value).ok());
      }
      const Digest32 root = builder.finish();
      EXPECT_EQ(root, trie.root_hash()) << count << " keys of " << key_size;
      MemoryNodeStore store;
      ASSERT_TRUE(trie.commit(store).ok());
      std::set<Bytes> committed;
      ASSERT_TRUE(store
                      .scan_prefix(Bytes{'m', 'n'},
                                   [&](ByteSpan, ByteSpan value) {
                                     committed.insert(Bytes(value.begin(), value.end()));
                                     return true;
                                   })
                      .ok());
      EXPECT_EQ(emitted, committed) << count << " keys of " << key_size;
    }
  }
}

TEST(StackTrie, VariableLengthPrefixFreeKeys) {
  // Transaction-trie style keys: RLP(i) for i = 0..299, inserted in key order.
  std::map<Bytes, Bytes> pairs;
  for (std::uint64_t i = 0; i < 300; ++i) {
    Bytes key = i == 0 ? Bytes{0x80}
                       : (i < 128 ? Bytes{static_cast<std::uint8_t>(i)}
                                  : Bytes{0x82, static_cast<std::uint8_t>(i >> 8),
                                          static_cast<std::uint8_t>(i)});
    if (i >= 128 && i < 256) key = {0x81, static_cast<std::uint8_t>(i)};
    pairs.emplace(key, Bytes(40, static_cast<std::uint8_t>(i)));
  }
  mpt::StackTrieBuilder builder;
  mpt::MerklePatriciaTrie trie;
  for (const auto& [key, value] : pairs) {
    ASSERT_TRUE(builder.add(key, value).ok());
    ASSERT_TRUE(trie.put(key, value).ok());
  }
  EXPECT_EQ(builder.finish(), trie.root_hash());
}

TEST(StackTrie, RejectsBadOrder) {
  mpt::StackTrieBuilder builder;
  ASSERT_TRUE(builder.add(Bytes{0x10, 0x20}, Bytes{1}).ok());
  EXPECT_EQ(builder.add(Bytes{0x10, 0x20}, Bytes{1}).error().code, Errc::invalid_argument);
  EXPECT_EQ(builder.add(Bytes{0x10, 0x10}, Bytes{1}).error().code, Errc::invalid_argument);
  EXPECT_EQ(builder.add(Bytes{0x10}, Bytes{1}).error().code, Errc::invalid_argument);
  EXPECT_EQ(builder.add(Bytes{0x10, 0x20, 0x30}, Bytes{1}).error().code, Errc::invalid_argument);
  EXPECT_EQ(builder.add(Bytes{0x11}, Bytes{}).error().code, Errc::invalid_argument);
  ASSERT_TRUE(builder.add(Bytes{0x11}, Bytes{2}).ok());
  mpt::MerklePatriciaTrie trie;
  ASSERT_TRUE(trie.put(Bytes{0x10, 0x20}, Bytes{1}).ok());
  ASSERT_TRUE(trie.put(Bytes{0x11}, Bytes{2}).ok());
  EXPECT_EQ(builder.finish(), trie.root_hash());
  EXPECT_EQ(builder.finish(), mpt::kEmptyTrieRoot);
}

}  // namespace
}  // namespace merkleforge
