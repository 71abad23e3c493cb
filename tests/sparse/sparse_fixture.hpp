// Random sparse trees for the proof tests: the tree under test beside the independent reference
// state (sparse_reference.hpp), and keys known to be absent.
#pragma once

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

}  // namespace merkleforge::test
