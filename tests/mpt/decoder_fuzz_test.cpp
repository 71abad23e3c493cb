// The fuzz targets' properties, exercised in CI on random and mutated inputs: the node decoder
// accepts only canonical nodes; proof verifiers never crash and never accept damaged proofs.
#include <gtest/gtest.h>

#include <random>

#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/proof.hpp"

namespace merkleforge {
namespace {

Bytes reencode(const mpt::DecodedNode& node) {
  Bytes path(node.kind == mpt::NodeKind::branch ? 0 : node.path.size());
  for (std::size_t i = 0; i < path.size(); ++i) path[i] = node.path[i];
  Bytes out;
  if (node.kind == mpt::NodeKind::leaf) mpt::encode_leaf(out, path, node.value);
  if (node.kind == mpt::NodeKind::extension)
    mpt::encode_extension(out, path, mpt::ref_of_child_item(node.child));
  if (node.kind == mpt::NodeKind::branch) {
    std::array<mpt::NodeRef, 16> refs;
    std::array<const mpt::NodeRef*, 16> pointers;
    for (std::size_t i = 0; i < 16; ++i)
      refs[i] = mpt::ref_of_child_item(node.children[i]), pointers[i] = &refs[i];
    mpt::encode_branch(out, pointers, node.value);
  }
  return out;
}

std::vector<Bytes> sample_nodes(std::mt19937_64& random, mpt::MerklePatriciaTrie& trie,
                                std::vector<Bytes>& keys) {
  for (int i = 0; i < 300; ++i) {
    Bytes key(1 + random() % 33);
    for (auto& byte : key) byte = static_cast<std::uint8_t>(random() % 4);
    Bytes value(1 + random() % 50, static_cast<std::uint8_t>(random()));
    EXPECT_TRUE(trie.put(key, value).ok());
    keys.push_back(key);
  }
  std::vector<Bytes> nodes;
  for (std::size_t i = 0; i < keys.size(); i += 7) {
    const auto proof = trie.prove(keys[i]);  // a named Result: the loop must not outlive it
    for (const auto& node : proof.value()) nodes.push_back(node);
  }
  return nodes;
}

void mutate(std::mt19937_64& random, Bytes& bytes) {
  const int edits = 1 + static_cast<int>(random() % 3);
  for (int e = 0; e < edits; ++e) {
    if (bytes.empty()) bytes.push_back(static_cast<std::uint8_t>(random()));
    switch (random() % 3) {
      case 0:
        bytes[random() % bytes.size()] = static_cast<std::uint8_t>(random());
        break;
      case 1:
        bytes.resize(random() % bytes.size());
        break;
      default:
        bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(random() % (bytes.size() + 1)),
                     static_cast<std::uint8_t>(random()));
    }
  }
}

TEST(DecoderFuzz, NodeDecoderAcceptsOnlyCanonicalNodes) {
  std::mt19937_64 random(4242);
  mpt::MerklePatriciaTrie trie;
  std::vector<Bytes> keys;
  const auto nodes = sample_nodes(random, trie, keys);
  for (const auto& node : nodes) {
    auto decoded = mpt::decode_node(node);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(reencode(*decoded), node);
  }
  std::size_t accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    Bytes input = nodes[random() % nodes.size()];
    mutate(random, input);
    auto decoded = mpt::decode_node(input);
    if (!decoded) continue;
    ++accepted;
    EXPECT_EQ(reencode(*decoded), input);
  }
  EXPECT_GT(accepted, 0u);
}

TEST(DecoderFuzz, ProofVerifierRejectsDamagedProofs) {
  std::mt19937_64 random(777);
  mpt::MerklePatriciaTrie trie;
  std::vector<Bytes> keys;
  sample_nodes(random, trie, keys);
  const Digest32 root = trie.root_hash();
  for (int round = 0; round < 3000; ++round) {
    const Bytes& key = keys[random() % keys.size()];
    auto proof = *trie.prove(key);
    const auto honest = mpt::verify_proof(root, key, proof);
    ASSERT_TRUE(honest.ok() && honest->has_value());
    Bytes& victim = proof[random() % proof.size()];
    const Bytes original = victim;
    mutate(random, victim);
    if (victim == original) continue;
    auto verified = mpt::verify_proof(root, key, proof);
    // A changed node no longer matches its hash: always rejected.
    EXPECT_FALSE(verified.ok());
    std::vector<Bytes> random_nodes(1 + random() % 3);
    for (auto& node : random_nodes) mutate(random, node);
    EXPECT_FALSE(mpt::verify_proof(root, key, random_nodes).ok());
  }
}

}  // namespace
}  // namespace merkleforge
