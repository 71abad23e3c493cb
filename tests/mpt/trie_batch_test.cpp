// put_batch: into an empty trie (built top-down from the sorted keys, on one thread or on several)
// and into a non-empty one (puts in key order). Expected roots come from the TrieTests vectors and
// from the StackTrie builder (a separate algorithm, checked against geth's roots in
// stack_trie_test.cpp); random variable-length batches are compared with the same pairs put one
// by one (the put path, checked against every TrieTests file in trie_vectors_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <string>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/mpt/stack_trie.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;
using Pairs = std::vector<std::pair<Bytes, Bytes>>;
using Batch = std::vector<mpt::MerklePatriciaTrie::KeyValue>;

Batch batch_of(const Pairs& pairs, std::size_t first = 0,
               std::size_t last = std::numeric_limits<std::size_t>::max()) {
  Batch batch;
  for (std::size_t i = first; i < std::min(last, pairs.size()); ++i)
    batch.push_back({pairs[i].first, pairs[i].second});
  return batch;
}

Bytes trie_bytes(const json& value) {
  if (value.is_null()) return {};
  const auto text = value.get<std::string>();
  if (text.rfind("0x", 0) == 0) return test::hex_bytes(text);
  return Bytes(text.begin(), text.end());
}

// Every TrieTests case in two batches: the first builds the trie from nothing, the second goes
// into the non-empty trie; then the same with the first half put one by one.
TEST(TrieBatch, IntoNonEmptyTrieMatchesVectors) {
  std::size_t cases = 0;
  for (const std::string file : {"trietest.json", "trieanyorder.json"}) {
    const json file_cases = test::load_vectors("mpt/trie/" + file);
    for (const auto& [name, test_case] : file_cases.items()) {
      Pairs pairs;
      const json& in = test_case["in"];
      if (in.is_array()) {
        for (const auto& entry : in) pairs.emplace_back(trie_bytes(entry[0]), trie_bytes(entry[1]));
      } else {
        for (const auto& [key, value] : in.items())
          pairs.emplace_back(trie_bytes(key), trie_bytes(value));
      }
      const auto expected = test_case["root"].get<std::string>();
      for (std::size_t split = 0; split <= pairs.size(); ++split) {
        mpt::MerklePatriciaTrie batched;
        ASSERT_TRUE(batched.put_batch(batch_of(pairs, 0, split)).ok());
        ASSERT_TRUE(batched.put_batch(batch_of(pairs, split)).ok());
        EXPECT_EQ("0x" + to_hex(batched.root_hash()), expected) << name << " split " << split;

        mpt::MerklePatriciaTrie mixed;
        for (std::size_t i = 0; i < split; ++i)
          ASSERT_TRUE(mixed.put(pairs[i].first, pairs[i].second).ok());
        ASSERT_TRUE(mixed.put_batch(batch_of(pairs, split)).ok());
        EXPECT_EQ("0x" + to_hex(mixed.root_hash()), expected) << name << " split " << split;
      }
      ++cases;
    }
  }
  EXPECT_GT(cases, 5u);
}

Pairs random_pairs(std::mt19937_64& random, std::size_t count, std::size_t key_size) {
  std::map<Bytes, Bytes> distinct;
  while (distinct.size() < count) {
    Bytes key(key_size), value(1 + random() % 80);
    for (auto& byte : key) byte = static_cast<std::uint8_t>(random());
    for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
    distinct.emplace(std::move(key), std::move(value));
  }
  Pairs pairs(distinct.begin(), distinct.end());
  std::shuffle(pairs.begin(), pairs.end(), random);
  return pairs;
}

Digest32 stack_trie_root(Pairs pairs) {
  std::sort(pairs.begin(), pairs.end());
  mpt::StackTrieBuilder builder;
  for (const auto& [key, value] : pairs) EXPECT_TRUE(builder.add(key, value).ok());
  return builder.finish();
}

// The parallel build (threshold 1: subtries under the first branch on oneTBB threads) and the
// serial one give the StackTrie's root; the built trie then takes puts, erases and gets.
TEST(TrieBatch, EmptyTrieBuildEqualsStackTrie) {
  std::mt19937_64 random(2024);
  for (const std::size_t count : {1u, 2u, 3u, 16u, 17u, 300u, 20000u}) {
    const Pairs pairs = random_pairs(random, count, 32);
    const Digest32 expected = stack_trie_root(pairs);
    for (const std::size_t threshold : {std::size_t{1}, std::numeric_limits<std::size_t>::max()}) {
      mpt::MerklePatriciaTrie trie;
      trie.set_parallel_threshold(threshold);
      ASSERT_TRUE(trie.put_batch(batch_of(pairs)).ok());
      EXPECT_EQ(to_hex(trie.root_hash()), to_hex(expected)) << count << " keys";
      for (std::size_t i = 0; i < pairs.size(); i += 1 + pairs.size() / 50) {
        const auto found = trie.get(pairs[i].first);
        ASSERT_TRUE(found.ok());
        ASSERT_TRUE(found->has_value());
        EXPECT_TRUE(std::ranges::equal(**found, pairs[i].second));
      }
      // Half the keys erased, the rest changed: the StackTrie root of what is left.
      Pairs left;
      for (std::size_t i = 0; i < pairs.size(); ++i) {
        if (i % 2 == 0) {
          ASSERT_TRUE(trie.erase(pairs[i].first).ok());
        } else {
          left.emplace_back(pairs[i].first, Bytes{static_cast<std::uint8_t>(i), 1, 2});
          ASSERT_TRUE(trie.put(left.back().first, left.back().second).ok());
        }
      }
      const Digest32 expected_left = left.empty() ? mpt::kEmptyTrieRoot : stack_trie_root(left);
      EXPECT_EQ(to_hex(trie.root_hash()), to_hex(expected_left)) << count << " keys, changed";
    }
  }
}

// Keys sharing their first 8 bytes or more (the sort's heads tie, splits lie past nibble 16),
// keys that are prefixes of others, repeated keys (the last pair wins) and empty values
// (erasures): a batch into an empty trie gives the root of the same pairs put one by one.
TEST(TrieBatch, EmptyTrieBuildOfTiedPrefixedRepeatedKeys) {
  std::mt19937_64 random(7);
  for (int round = 0; round < 200; ++round) {
    Pairs pairs;
    const std::size_t count = 1 + random() % 60;
    for (std::size_t i = 0; i < count; ++i) {
      Bytes key(random() % 12, 0xab);  // long runs of one byte: equal heads
      for (auto& byte : key)
        if (random() % 4 == 0) byte = static_cast<std::uint8_t>(0xa0 + random() % 3);
      Bytes value(random() % 5 == 0 ? 0 : 1 + random() % 40, static_cast<std::uint8_t>(i));
      pairs.emplace_back(std::move(key), std::move(value));
      if (random() % 6 == 0) pairs.push_back(pairs[random() % pairs.size()]);  // a repeat
    }
    mpt::MerklePatriciaTrie one_by_one;
    for (const auto& [key, value] : pairs) ASSERT_TRUE(one_by_one.put(key, value).ok());
    for (const std::size_t threshold : {std::size_t{1}, std::numeric_limits<std::size_t>::max()}) {
      mpt::MerklePatriciaTrie batched;
      batched.set_parallel_threshold(threshold);
      ASSERT_TRUE(batched.put_batch(batch_of(pairs)).ok());
      EXPECT_EQ(to_hex(batched.root_hash()), to_hex(one_by_one.root_hash())) << "round " << round;
    }
  }
}

TEST(TrieBatch, EmptyBatchAndOnlyErasures) {
  mpt::MerklePatriciaTrie trie;
  ASSERT_TRUE(trie.put_batch({}).ok());
  EXPECT_TRUE(trie.empty());
  const Bytes key{1, 2, 3}, value{4};
  const Batch erasures = {{key, value}, {key, {}}};
  ASSERT_TRUE(trie.put_batch(erasures).ok());
  EXPECT_TRUE(trie.empty());
  EXPECT_EQ(trie.root_hash(), mpt::kEmptyTrieRoot);
}

}  // namespace
}  // namespace merkleforge
