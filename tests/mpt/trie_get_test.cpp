// MerklePatriciaTrie::get against a std::map of the same pairs: present keys, and absent keys that
// differ from a present one in a single nibble at every position (the leaf or extension path
// comparison must catch it wherever it lies), or are a prefix or an extension of one.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "merkleforge/mpt/trie.hpp"

namespace merkleforge {
namespace {

std::optional<Bytes> expected_value(const std::map<Bytes, Bytes>& contents, const Bytes& key) {
  const auto found = contents.find(key);
  if (found == contents.end()) return std::nullopt;
  return found->second;
}

void expect_get(const mpt::MerklePatriciaTrie& trie, const std::map<Bytes, Bytes>& contents,
                const Bytes& key) {
  const auto got = trie.get(key);
  ASSERT_TRUE(got.ok());
  const std::optional<Bytes> expected = expected_value(contents, key);
  ASSERT_EQ(got->has_value(), expected.has_value());
  if (expected) {
    EXPECT_EQ(Bytes((*got)->begin(), (*got)->end()), *expected);
  }
}

TEST(TrieGet, EveryNibbleChangedIsAbsent) {
  std::mt19937_64 random(31);
  for (const std::size_t key_size : {1u, 3u, 20u, 32u, 45u}) {
    std::map<Bytes, Bytes> contents;
    mpt::MerklePatriciaTrie trie;
    for (int i = 0; i < 300; ++i) {
      Bytes key(key_size), value(1 + random() % 40);
      for (auto& byte : key) byte = static_cast<std::uint8_t>(random());
      for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
      ASSERT_TRUE(trie.put(key, value).ok());
      contents[key] = value;
    }
    for (const auto& [key, value] : contents) {
      expect_get(trie, contents, key);
      for (std::size_t nibble = 0; nibble < 2 * key.size(); ++nibble) {
        Bytes changed = key;
        changed[nibble / 2] ^= static_cast<std::uint8_t>(nibble % 2 == 0 ? 0x10 : 0x01);
        expect_get(trie, contents, changed);
      }
      expect_get(trie, contents, Bytes(key.begin(), key.end() - 1));
      Bytes longer = key;
      longer.push_back(0x5a);
      expect_get(trie, contents, longer);
    }
  }
}

}  // namespace
}  // namespace merkleforge
