// Random sparse trees for the proof tests: the tree under test beside the independent reference
// state (sparse_reference.hpp), and keys known to be absent.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/sparse_merkle_tree.hpp"
#include "sparse_reference.hpp"

namespace merkleforge::test {

inline Digest32 random_key(std::mt19937_64& rng) {
  Digest32 key;
  for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
  return key;
}

struct RandomSparseTree {
  SparseMerkleTree<Sha256> tree;
  ReferenceState state;
  std::vector<Digest32> present, absent;

  RandomSparseTree(std::size_t size, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    for (std::size_t i = 0; i < size; ++i) {
      const Digest32 key = random_key(rng);
      const Bytes value = {static_cast<std::uint8_t>(i), static_cast<std::uint8_t>(i >> 8)};
      tree.put(key, value);
      state[key] = value;
      present.push_back(key);
    }
    for (std::size_t i = 0; i < 64; ++i) absent.push_back(random_key(rng));
  }

  /// The value hash of a present key, computed with OpenSSL from the reference state.
  Digest32 value_hash(const Digest32& key) const { return openssl_sha256(state.at(key)); }
};

/// `accepted` holds for `encoded` but for no single-bit flip and no truncation of it.
template <class Accepted>
void expect_mutations_rejected(const Bytes& encoded, Accepted&& accepted) {
  ASSERT_TRUE(accepted(encoded));
  for (std::size_t bit = 0; bit < encoded.size() * 8; ++bit) {
    Bytes mutated = encoded;
    mutated[bit / 8] ^= static_cast<std::uint8_t>(1u << (bit % 8));
    EXPECT_FALSE(accepted(mutated)) << "bit " << bit;
  }
  for (std::size_t length = 0; length < encoded.size(); ++length)
    EXPECT_FALSE(accepted(Bytes(encoded.begin(), encoded.begin() + static_cast<long>(length))));
}

}  // namespace merkleforge::test
