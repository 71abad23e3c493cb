// A trie built (and hashed) by put_batch into an empty trie is an ordinary trie afterwards:
// proofs of its keys verify under the StackTrie root of the pairs (a separate algorithm, checked
// against geth's roots in stack_trie_test.cpp), it commits to a store and reopens, and puts and
// erases made right after the build (before any root_hash) are reflected in the next root.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <random>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/mpt/proof.hpp"
#include "merkleforge/mpt/stack_trie.hpp"
#include "merkleforge/mpt/trie.hpp"
#include "merkleforge/store/memory_store.hpp"

namespace merkleforge {
namespace {

using Pairs = std::map<Bytes, Bytes>;  // key order, as the StackTrie takes them

// Random keys of 32 bytes (account-like) or of 3 bytes out of {0, 1, 2} (long shared paths, nodes
// under 32 bytes inlined in their parents). The StackTrie takes no key that prefixes another.
Pairs random_pairs(std::mt19937_64& random, std::size_t count, bool short_keys) {
  Pairs pairs;
  while (pairs.size() < count) {
    Bytes key(short_keys ? 3 : 32), value(1 + random() % (short_keys ? 4 : 80));
    for (auto& byte : key) byte = static_cast<std::uint8_t>(short_keys ? random() % 3 : random());
    for (auto& byte : value) byte = static_cast<std::uint8_t>(random());
    pairs.emplace(std::move(key), std::move(value));
  }
  return pairs;
}

Digest32 stack_trie_root(const Pairs& pairs) {
  if (pairs.empty()) return mpt::kEmptyTrieRoot;
  mpt::StackTrieBuilder builder;
  for (const auto& [key, value] : pairs) EXPECT_TRUE(builder.add(key, value).ok());
  return builder.finish();
}

mpt::MerklePatriciaTrie built_trie(const Pairs& pairs, std::size_t threshold) {
  std::vector<mpt::MerklePatriciaTrie::KeyValue> batch;
  for (const auto& [key, value] : pairs) batch.push_back({key, value});
  std::shuffle(batch.begin(), batch.end(), std::mt19937_64(pairs.size()));
  mpt::MerklePatriciaTrie trie;
  trie.set_parallel_threshold(threshold);
  EXPECT_TRUE(trie.put_batch(batch).ok());
  return trie;
}

struct Shape {
  std::size_t count;
  bool short_keys;
};
constexpr Shape kShapes[] = {{1, false}, {2, false}, {40, false}, {3000, false},
                             {1, true},  {5, true},  {20, true}};
constexpr std::size_t kThresholds[] = {1, std::numeric_limits<std::size_t>::max()};

/// Calls check(pairs, trie, shape, threshold) for random pairs of every shape, each built into an
/// empty trie on many threads and on one.
template <class Check>
void for_each_built_trie(std::uint64_t seed, Check check) {
  std::mt19937_64 random(seed);
  for (const Shape shape : kShapes) {
    const Pairs pairs = random_pairs(random, shape.count, shape.short_keys);
    for (const std::size_t threshold : kThresholds) {
      mpt::MerklePatriciaTrie trie = built_trie(pairs, threshold);
      check(pairs, trie, shape, threshold);
    }
  }
}

TEST(TrieSortedBuild, ProofsVerifyUnderStackTrieRoot) {
  for_each_built_trie(
      11, [](const Pairs& pairs, mpt::MerklePatriciaTrie& trie, const Shape&, std::size_t) {
        const Digest32 root = stack_trie_root(pairs);
        for (const auto& [key, value] : pairs) {
          const auto proof = trie.prove(key);  // before root_hash: the build hashed the nodes
          ASSERT_TRUE(proof.ok());
          const auto proven = mpt::verify_proof(root, key, *proof);
          ASSERT_TRUE(proven.ok()) << proven.error().message;
          ASSERT_TRUE(proven->has_value());
          EXPECT_EQ(**proven, value);
        }
        const Bytes absent(33, 0xee);  // longer than any key: absent
        const auto proof = trie.prove(absent);
        ASSERT_TRUE(proof.ok());
        const auto proven = mpt::verify_proof(root, absent, *proof);
        ASSERT_TRUE(proven.ok());
        EXPECT_FALSE(proven->has_value());
      });
}

TEST(TrieSortedBuild, CommitsAndReopens) {
  for_each_built_trie(
      12, [](const Pairs& pairs, mpt::MerklePatriciaTrie& trie, const Shape&, std::size_t) {
        const Digest32 root = stack_trie_root(pairs);
        MemoryNodeStore store;
        ASSERT_TRUE(trie.commit(store).ok());
        auto reopened = mpt::MerklePatriciaTrie::open(store);
        ASSERT_TRUE(reopened.ok()) << reopened.error().message;
        EXPECT_EQ(to_hex(reopened->root_hash()), to_hex(root));
        for (const auto& [key, value] : pairs) {
          const auto found = reopened->get(key);
          ASSERT_TRUE(found.ok());
          ASSERT_TRUE(found->has_value());
          EXPECT_TRUE(std::ranges::equal(**found, value));
        }
      });
}

// Changes straight after the build must drop the references the build computed on their paths.
TEST(TrieSortedBuild, ChangesBeforeTheFirstRootHash) {
  for_each_built_trie(13, [](const Pairs& pairs, mpt::MerklePatriciaTrie& trie, const Shape& shape,
                             std::size_t threshold) {
    Pairs left = pairs;
    std::size_t i = 0;
    for (const auto& [key, value] : pairs) {
      if (i++ % 3 == 0) {
        ASSERT_TRUE(trie.erase(key).ok());
        left.erase(key);
      } else if (i % 3 == 0) {
        const Bytes changed{static_cast<std::uint8_t>(i), 7};
        ASSERT_TRUE(trie.put(key, changed).ok());
        left[key] = changed;
      }
    }
    const Bytes added(shape.short_keys ? 3 : 32, 0x5a);
    ASSERT_TRUE(trie.put(added, Bytes{1, 2, 3}).ok());
    left[added] = Bytes{1, 2, 3};
    EXPECT_EQ(to_hex(trie.root_hash()), to_hex(stack_trie_root(left)))
        << shape.count << " keys, threshold " << threshold;
  });
}

}  // namespace
}  // namespace merkleforge
