// The tree against go-ethereum's roots and heights (tests/vectors/bintrie), and a random
// differential test: one-by-one inserts, the batch path and an independent from-scratch model.
#include "merkleforge/bintrie/trie.hpp"

#include <gtest/gtest.h>

#include <random>

#include "bintrie/bintrie_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/blake3.hpp"

namespace merkleforge::bintrie {
namespace {

using test::digest_hex;
using test::entries_of;
using test::model_root;
using test::vectors;

void check_case(const nlohmann::json& c) {
  SCOPED_TRACE(c.at("test").get<std::string>());
  const auto entries = entries_of(c.at("entries"));
  const std::string expected = c.at("expected_root");
  const auto height = c.contains("height")
                          ? c.at("height").get<std::size_t>()
                          : c.at("upstream_asserted").at("height").get<std::size_t>();
  BinaryTrie one_by_one;
  for (const Entry& e : entries) one_by_one.insert(e.key, e.value);
  EXPECT_EQ(to_hex(one_by_one.root()), expected);
  EXPECT_EQ(one_by_one.height(), height);
  BinaryTrie batch;
  batch.insert_batch(entries);
  EXPECT_EQ(to_hex(batch.root()), expected);
  EXPECT_EQ(batch.height(), height);
  EXPECT_EQ(to_hex(model_root(entries)), expected);
  for (const Entry& e : entries) EXPECT_EQ(one_by_one.get(e.key), e.value);
}

TEST(BintrieTrie, UpstreamRoots) {
  for (const auto& c : vectors().at("upstream")) {
    EXPECT_EQ(c.at("upstream_asserted").at("root"), c.at("expected_root"));
    check_case(c);
  }
}

TEST(BintrieTrie, UpstreamHeights) {
  for (const auto& c : vectors().at("upstream_heights")) check_case(c);
}

TEST(BintrieTrie, EmptyTree) {
  BinaryTrie trie;
  EXPECT_EQ(trie.root(), Digest32{});
  EXPECT_EQ(trie.height(), 0u);
  EXPECT_FALSE(trie.get(TreeKey{}).has_value());
  EXPECT_FALSE(trie.remove(TreeKey{}));
}

TEST(BintrieTrie, RemoveWritesZeroAsGeth) {
  BinaryTrie trie;
  TreeKey a{}, b{};
  b[0] = 0x80;
  trie.insert(a, digest_hex(std::string(64, '1')));
  trie.insert(b, digest_hex(std::string(64, '2')));
  EXPECT_TRUE(trie.remove(a));
  EXPECT_EQ(trie.get(a), Digest32{});  // present, zero
  EXPECT_EQ(trie.size(), 2u);
  EXPECT_EQ(trie.root(), model_root({{a, Digest32{}}, {b, digest_hex(std::string(64, '2'))}}));
}

/// Random entries with shared stems and long shared stem prefixes, so that chains and splits at
/// every depth range occur.
std::vector<Entry> random_entries(std::mt19937_64& rng, std::size_t count) {
  std::vector<Entry> out;
  std::vector<TreeKey> stems;
  for (std::size_t i = 0; i < count; ++i) {
    TreeKey key{};
    const auto mode = rng() % 4;
    if (mode == 0 && !stems.empty()) {
      key = stems[rng() % stems.size()];  // same stem, other slot
    } else if (mode == 1 && !stems.empty()) {
      key = stems[rng() % stems.size()];  // shares a prefix, flips one later bit
      const auto bit = static_cast<unsigned>(rng() % 248);
      key[bit / 8] ^= static_cast<std::uint8_t>(0x80 >> (bit % 8));
    } else {
      for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    }
    key[31] = static_cast<std::uint8_t>(rng());
    stems.push_back(key);
    Digest32 value{};
    if (rng() % 8 != 0) {
      for (auto& byte : value) byte = static_cast<std::uint8_t>(rng());
    }
    out.push_back({key, value});
  }
  return out;
}

TEST(BintrieTrie, RandomDifferential) {
  std::mt19937_64 rng(27);
  for (int round = 0; round < 20; ++round) {
    const auto entries = random_entries(rng, 1 + rng() % 300);
    const Digest32 expected = model_root(entries);
    BinaryTrie one_by_one;
    for (const Entry& e : entries) one_by_one.insert(e.key, e.value);
    BinaryTrie batch;
    batch.insert_batch(entries);
    // Half by batch, rehashed, then the rest one by one and by batch again.
    BinaryTrie mixed;
    const std::size_t half = entries.size() / 2;
    mixed.insert_batch(std::span(entries).first(half));
    const Digest32 half_root = mixed.root();
    EXPECT_EQ(half_root, model_root({entries.begin(), entries.begin() + half}));
    const std::size_t three_quarters = half + (entries.size() - half) / 2;
    for (std::size_t i = half; i < three_quarters; ++i)
      mixed.insert(entries[i].key, entries[i].value);
    mixed.insert_batch(std::span(entries).subspan(three_quarters));
    EXPECT_EQ(to_hex(one_by_one.root()), to_hex(expected)) << "round " << round;
    EXPECT_EQ(to_hex(batch.root()), to_hex(expected)) << "round " << round;
    EXPECT_EQ(to_hex(mixed.root()), to_hex(expected)) << "round " << round;
    EXPECT_EQ(one_by_one.height(), batch.height());
    EXPECT_EQ(one_by_one.height(), mixed.height());
    EXPECT_EQ(one_by_one.size(), batch.size());
    // Overwrites after a root: only their paths rehash.
    for (int i = 0; i < 5; ++i) {
      const Entry& e = entries[rng() % entries.size()];
      Digest32 value{};
      value[0] = static_cast<std::uint8_t>(i + 1);
      one_by_one.insert(e.key, value);
    }
    std::vector<Entry> now;
    for (const Entry& e : entries) now.push_back({e.key, *one_by_one.get(e.key)});
    EXPECT_EQ(to_hex(one_by_one.root()), to_hex(model_root(now))) << "round " << round;
  }
}

TEST(BintrieTrie, ParallelRehashOfALargeTree) {
  // Above the parallel threshold (8192 stems): the subtrees hashed by oneTBB must agree with the
  // model and with a tree built one by one below the threshold then grown.
  std::mt19937_64 rng(5);
  std::vector<Entry> entries(12000);
  for (Entry& e : entries) {
    for (auto& byte : e.key) byte = static_cast<std::uint8_t>(rng());
    for (auto& byte : e.value) byte = static_cast<std::uint8_t>(rng());
  }
  BinaryTrie batch;
  batch.insert_batch(entries);
  const Digest32 expected = model_root(entries);
  EXPECT_EQ(to_hex(batch.root()), to_hex(expected));
  BinaryTrie grown;
  grown.insert_batch(std::span(entries).first(1000));
  (void)grown.root();
  for (std::size_t i = 1000; i < entries.size(); ++i)
    grown.insert(entries[i].key, entries[i].value);
  EXPECT_EQ(to_hex(grown.root()), to_hex(expected));
}

TEST(BintrieTrie, Blake3Instantiation) {
  // The EIP-text hash: one stem, one value: H(stem ‖ 0 ‖ subtree) with subtree = 8 levels of
  // H(x ‖ 0) over H(value).
  TreeKey key{};
  Digest32 value{};
  value[0] = 7;
  BinaryTrie<Blake3> trie;
  trie.insert(key, value);
  Digest32 node = Blake3::digest(value);
  for (int level = 0; level < 8; ++level) {
    std::array<std::uint8_t, 64> message{};
    std::copy(node.begin(), node.end(), message.begin());
    node = Blake3::digest(message);
  }
  std::array<std::uint8_t, 64> message{};
  std::copy(node.begin(), node.end(), message.begin() + 32);
  EXPECT_EQ(to_hex(trie.root()), to_hex(Blake3::digest(message)));
}

}  // namespace
}  // namespace merkleforge::bintrie
