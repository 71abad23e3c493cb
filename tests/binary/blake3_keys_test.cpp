// BLAKE3 domain separation (docs/binary-tree.md): the leaf and node keys are derive_key of the
// documented context strings, and a leaf and a node hash equal keyed BLAKE3 in @noble/hashes.
#include <gtest/gtest.h>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/core/hex.hpp"
#include "support/node_peer.hpp"

namespace merkleforge {
namespace {

TEST(Blake3TreeKeys, MatchNobleDeriveKeyAndKeyedHash) {
  using Scheme = Rfc6962Hashing<Blake3>;
  const auto leaf_key = test::run_node_peer(
      "noble_hashes.mjs", {{"algo", "blake3"},
                           {"messages", {""}},
                           {"context", "MerkleForge 2026-11 binary tree leaf v1"}});
  const auto node_key = test::run_node_peer(
      "noble_hashes.mjs", {{"algo", "blake3"},
                           {"messages", {""}},
                           {"context", "MerkleForge 2026-11 binary tree node v1"}});
  EXPECT_EQ(to_hex(Scheme::leaf_key()), leaf_key["digests"][0]);
  EXPECT_EQ(to_hex(Scheme::node_key()), node_key["digests"][0]);

  const Bytes data = {'a', 'b', 'c'};
  Digest32 left{};
  Digest32 right{};
  left.fill(0x11);
  right.fill(0x22);
  Bytes pair(left.begin(), left.end());
  pair.insert(pair.end(), right.begin(), right.end());
  const auto leaf = test::run_node_peer(
      "noble_hashes.mjs",
      {{"algo", "blake3"}, {"messages", {to_hex(data)}}, {"key", to_hex(Scheme::leaf_key())}});
  const auto node = test::run_node_peer(
      "noble_hashes.mjs",
      {{"algo", "blake3"}, {"messages", {to_hex(pair)}}, {"key", to_hex(Scheme::node_key())}});
  EXPECT_EQ(to_hex(Scheme::leaf(data)), leaf["digests"][0]);
  EXPECT_EQ(to_hex(Scheme::node(left, right)), node["digests"][0]);
  EXPECT_NE(Scheme::leaf_key(), Scheme::node_key());
}

}  // namespace
}  // namespace merkleforge
