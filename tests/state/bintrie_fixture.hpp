// A random binary tree and keys of every kind for the state proofs' tests.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <string_view>
#include <vector>

#include "merkleforge/bintrie/trie.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::state::test {

using bintrie::TreeKey;

inline TreeKey random_key(std::mt19937_64& rng) {
  TreeKey key;
  for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
  return key;
}

/// 300 random stems of 1–3 slots, one slot holding 32 zero bytes (present).
template <class H = Sha256>
struct Fixture {
  bintrie::BinaryTrie<H> trie;
  std::vector<TreeKey> present;
  TreeKey zero_valued{};
};

template <class H = Sha256>
Fixture<H> random_trie(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Fixture<H> f;
  for (int s = 0; s < 300; ++s) {
    TreeKey key = random_key(rng);
    for (int slot = 0; slot < 1 + static_cast<int>(rng() % 3); ++slot) {
      key[31] = static_cast<std::uint8_t>(rng());
      Digest32 value{};
      value[rng() % 32] = static_cast<std::uint8_t>(1 + rng() % 255);
      f.trie.insert(key, value);
      f.present.push_back(key);
    }
  }
  f.zero_valued = f.present[17];
  f.trie.insert(f.zero_valued, Digest32{});
  return f;
}

/// Present keys, the zero-valued one, and keys absent in each way: an absent slot of a present
/// stem, a stem beside another with the same path, a path ending in an empty child.
template <class H>
std::vector<TreeKey> mixed_keys(const Fixture<H>& f, std::mt19937_64& rng) {
  std::vector<TreeKey> keys = {f.zero_valued};
  for (int i = 0; i < 12; ++i) keys.push_back(f.present[rng() % f.present.size()]);
  TreeKey slot = f.present[3];
  slot[31] ^= 0x80;
  TreeKey beside = f.present[5];
  beside[30] ^= 1;
  keys.push_back(slot);
  keys.push_back(beside);
  for (int i = 0; i < 3; ++i) keys.push_back(random_key(rng));
  return keys;
}

inline void expect_rejected(const Status& status, std::string_view why) {
  ASSERT_FALSE(status.ok()) << why;
  EXPECT_EQ(status.error().code, Errc::corrupt_data) << why << ": " << status.error().message;
}

}  // namespace merkleforge::state::test
