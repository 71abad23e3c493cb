// MerklePatriciaTrie against ethereum/tests TrieTests (ordered, any-order in both orders, secure,
// hex-encoded secure; each through put and through put_batch) and the root after every step of
// geth's TestStackTrieInsertAndHash.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;

// TrieTests strings: "0x…" is hex, anything else its ASCII bytes; null is the empty value.
Bytes trie_bytes(const json& value) {
  if (value.is_null()) return {};
  const auto text = value.get<std::string>();
  if (text.rfind("0x", 0) == 0) return test::hex_bytes(text);
  return Bytes(text.begin(), text.end());
}

using Pairs = std::vector<std::pair<Bytes, Bytes>>;

Pairs pairs_of(const json& in) {
  Pairs pairs;
  if (in.is_array()) {
    for (const auto& entry : in) pairs.emplace_back(trie_bytes(entry[0]), trie_bytes(entry[1]));
  } else {
    for (const auto& [key, value] : in.items())
      pairs.emplace_back(trie_bytes(key), trie_bytes(value));
  }
  return pairs;
}

enum class Insert { one_by_one, batch };

// The root after putting `pairs` in order, one put at a time or in one put_batch (which must
// give the same root: a later pair of the same key wins, null erases).
std::string root_of(const Pairs& pairs, bool secure, Insert insert = Insert::one_by_one) {
  std::vector<Digest32> hashed;
  std::vector<mpt::MerklePatriciaTrie::KeyValue> batch;
  for (const auto& [key, value] : pairs) hashed.push_back(Keccak256::digest(key));
  for (std::size_t i = 0; i < pairs.size(); ++i)
    batch.push_back({secure ? ByteSpan(hashed[i]) : ByteSpan(pairs[i].first), pairs[i].second});
  mpt::MerklePatriciaTrie trie;
  if (insert == Insert::batch) {
    EXPECT_TRUE(trie.put_batch(batch).ok());
  } else {
    for (const auto& pair : batch) EXPECT_TRUE(trie.put(pair.key, pair.value).ok());
  }
  return "0x" + to_hex(trie.root_hash());
}

void check_file(const std::string& file, bool secure, bool also_reversed) {
  const auto cases = test::load_vectors("mpt/trie/" + file);
  ASSERT_FALSE(cases.empty());
  for (const auto& [name, test_case] : cases.items()) {
    Pairs pairs = pairs_of(test_case["in"]);
    const auto expected = test_case["root"].get<std::string>();
    EXPECT_EQ(root_of(pairs, secure), expected) << file << " " << name;
    EXPECT_EQ(root_of(pairs, secure, Insert::batch), expected) << file << " " << name << " (batch)";
    if (also_reversed) {
      std::reverse(pairs.begin(), pairs.end());
      EXPECT_EQ(root_of(pairs, secure), expected) << file << " " << name << " (reversed)";
    }
  }
}

TEST(TrieVectors, Ordered) {
  check_file("trietest.json", false, false);
}
TEST(TrieVectors, AnyOrder) {
  check_file("trieanyorder.json", false, true);
}
TEST(TrieVectors, OrderedSecure) {
  check_file("trietest_secureTrie.json", true, false);
}
TEST(TrieVectors, AnyOrderSecure) {
  check_file("trieanyorder_secureTrie.json", true, true);
}
TEST(TrieVectors, HexEncodedSecure) {
  const auto cases = test::load_vectors("mpt/trie/hex_encoded_securetrie_test.json");
  ASSERT_EQ(cases.size(), 3u);
  for (const auto& [name, test_case] : cases.items()) {
    ASSERT_TRUE(test_case["hexEncoded"].get<bool>());
    Pairs pairs;
    for (const auto& [key, value] : test_case["in"].items()) {
      pairs.emplace_back(test::hex_bytes(key), test::hex_bytes(value.get<std::string>()));
    }
    EXPECT_EQ(root_of(pairs, true), test_case["root"].get<std::string>()) << name;
    EXPECT_EQ(root_of(pairs, true, Insert::batch), test_case["root"].get<std::string>()) << name;
  }
}

TEST(TrieVectors, GethStackTrieStepsOnTheTrie) {
  const auto data = test::load_vectors("mpt/trie/geth_stacktrie_insert_and_hash.json");
  std::size_t steps = 0;
  for (const auto& group : data["groups"]) {
    mpt::MerklePatriciaTrie trie;
    for (const auto& step : group["steps"]) {
      const auto value = step["value_ascii"].get<std::string>();
      ASSERT_TRUE(
          trie.put(test::hex_bytes(step["key_hex"].get<std::string>()), as_bytes(value)).ok());
      EXPECT_EQ(to_hex(trie.root_hash()),
                to_hex(test::hex_bytes(step["root_after"].get<std::string>())))
          << group["comment"] << " step " << steps;
      ++steps;
    }
  }
  EXPECT_EQ(steps, 104u);
}

TEST(TrieVectors, EmptyTrieRoot) {
  mpt::MerklePatriciaTrie trie;
  EXPECT_EQ(trie.root_hash(), Keccak256::digest(Bytes{0x80}));
}

}  // namespace
}  // namespace merkleforge
