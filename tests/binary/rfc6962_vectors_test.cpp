// RFC 6962 / RFC 9162 conformance: tests/vectors/binary (transparency-dev/merkle data).
#include <gtest/gtest.h>

#include <vector>

#include "merkleforge/binary/frontier.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using Tree = BinaryMerkleTree<Sha256>;
using nlohmann::json;

Digest32 digest(const json& hex) {
  const Bytes bytes = test::hex_bytes(hex.get<std::string>());
  Digest32 out{};
  if (bytes.size() != out.size()) throw std::runtime_error("vector digest is not 32 bytes");
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

std::vector<Digest32> digests(const json& list) {
  std::vector<Digest32> out;
  for (const json& hex : list) out.push_back(digest(hex));
  return out;
}

std::vector<Bytes> vector_leaves() {
  std::vector<Bytes> leaves;
  const json vectors = test::load_vectors("binary/rfc6962_tree.json");
  EXPECT_EQ(vectors["leaves"].size(), 8u);
  for (const json& leaf : vectors["leaves"]) {
    leaves.push_back(test::hex_bytes(leaf["input_hex"].get<std::string>()));
  }
  return leaves;
}

Tree full_tree() {
  return Tree::from_leaves(vector_leaves());
}

TEST(Rfc6962Vectors, LeafHashes) {
  const json vectors = test::load_vectors("binary/rfc6962_tree.json");
  ASSERT_EQ(vectors["leaves"].size(), 8u);
  for (const json& leaf : vectors["leaves"]) {
    const Bytes data = test::hex_bytes(leaf["input_hex"].get<std::string>());
    EXPECT_EQ(Rfc6962Hashing<Sha256>::leaf(data), digest(leaf["leaf_hash"]));
  }
}

TEST(Rfc6962Vectors, RootsOfEverySizeBulkAppendAndFrontier) {
  const json vectors = test::load_vectors("binary/rfc6962_tree.json");
  const std::vector<Bytes> leaves = vector_leaves();
  ASSERT_EQ(leaves.size(), 8u);
  ASSERT_EQ(vectors["roots"].size(), 9u);  // sizes 0 … 8
  EXPECT_EQ(Tree().root(), digest(vectors["empty_root"]["root"]));
  Tree appended;
  MerkleFrontier<Sha256> frontier;
  const Tree full = full_tree();
  for (const json& entry : vectors["roots"]) {
    const auto size = entry["size"].get<std::size_t>();
    ASSERT_LE(size, leaves.size());
    const Digest32 expected = digest(entry["root"]);
    while (appended.size() < size) {
      appended.append(leaves[appended.size()]);
      frontier.append(leaves[frontier.size()]);
    }
    const std::vector<Bytes> prefix(leaves.begin(), leaves.begin() + static_cast<long>(size));
    EXPECT_EQ(Tree::from_leaves(prefix).root(), expected) << "bulk, size " << size;
    EXPECT_EQ(appended.root(), expected) << "append, size " << size;
    EXPECT_EQ(frontier.root(), expected) << "frontier, size " << size;
    EXPECT_EQ(full.root_at(size).value(), expected) << "root_at, size " << size;
  }
  EXPECT_FALSE(full.root_at(9).ok());
}

TEST(Rfc6962Vectors, SubtreeHashes) {
  const Tree tree = full_tree();
  const json vectors = test::load_vectors("binary/rfc6962_tree.json");
  ASSERT_EQ(vectors["subtree_hashes"].size(), 15u);  // every complete subtree of 8 leaves
  for (const json& entry : vectors["subtree_hashes"]) {
    const auto begin = entry["leaves"][0].get<std::uint64_t>();
    const auto end = entry["leaves"][1].get<std::uint64_t>();
    EXPECT_EQ(tree.range_hash(begin, end), digest(entry["hash"])) << begin << ".." << end;
  }
}

TEST(Rfc6962Vectors, InclusionProofsGenerateAndVerify) {
  const Tree tree = full_tree();
  const json vectors = test::load_vectors("binary/rfc6962_inclusion_proofs.json");
  ASSERT_EQ(vectors["valid"].size(), 15u);
  for (const json& entry : vectors["valid"]) {
    const auto index = entry["leaf_index"].get<std::uint64_t>();
    const auto size = entry["tree_size"].get<std::uint64_t>();
    const std::vector<Digest32> path = digests(entry["proof"]);
    const Result<InclusionProof> proof = tree.inclusion_proof(index, size);
    ASSERT_TRUE(proof.ok()) << proof.error().message;
    EXPECT_EQ(proof->path, path) << "leaf " << index << " of " << size;
    EXPECT_EQ(inclusion_proof_length(index, size), path.size());
    EXPECT_TRUE(verify_inclusion<Sha256>(digest(entry["root"]), size, index,
                                         digest(entry["leaf_hash"]), path));
    EXPECT_TRUE(verify<Sha256>(digest(entry["root"]), size, *proof, digest(entry["leaf_hash"])));
  }
}

TEST(Rfc6962Vectors, InclusionProofsInvalidAreRejected) {
  const json vectors = test::load_vectors("binary/rfc6962_inclusion_proofs.json");
  ASSERT_EQ(vectors["invalid"].size(), 13u);
  for (const json& entry : vectors["invalid"]) {
    EXPECT_FALSE(verify_inclusion<Sha256>(digest(entry["root"]),
                                          entry["tree_size"].get<std::uint64_t>(),
                                          entry["leaf_index"].get<std::uint64_t>(),
                                          digest(entry["leaf_hash"]), digests(entry["proof"])))
        << entry["description"];
  }
}

TEST(Rfc6962Vectors, ConsistencyProofsGenerateAndVerify) {
  const Tree tree = full_tree();
  const json vectors = test::load_vectors("binary/rfc6962_consistency_proofs.json");
  ASSERT_EQ(vectors["valid"].size(), 19u);
  for (const json& entry : vectors["valid"]) {
    const auto old_size = entry["old_size"].get<std::uint64_t>();
    const auto new_size = entry["new_size"].get<std::uint64_t>();
    const std::vector<Digest32> path = digests(entry["proof"]);
    const Result<ConsistencyProof> proof = tree.consistency_proof(old_size, new_size);
    ASSERT_TRUE(proof.ok()) << proof.error().message;
    EXPECT_EQ(proof->path, path) << old_size << " -> " << new_size;
    EXPECT_EQ(consistency_proof_ranges(old_size, new_size).size(), path.size());
    EXPECT_TRUE(verify_consistency<Sha256>(digest(entry["old_root"]), old_size,
                                           digest(entry["new_root"]), new_size, path))
        << old_size << " -> " << new_size;
  }
}

TEST(Rfc6962Vectors, ConsistencyProofsInvalidAreRejected) {
  const json vectors = test::load_vectors("binary/rfc6962_consistency_proofs.json");
  ASSERT_EQ(vectors["invalid"].size(), 13u);
  for (const json& entry : vectors["invalid"]) {
    EXPECT_FALSE(verify_consistency<Sha256>(
        digest(entry["old_root"]), entry["old_size"].get<std::uint64_t>(),
        digest(entry["new_root"]), entry["new_size"].get<std::uint64_t>(), digests(entry["proof"])))
        << entry["description"];
  }
}

TEST(Rfc6962Vectors, ProofRequestsOutOfRangeAreErrors) {
  const Tree tree = full_tree();
  EXPECT_FALSE(tree.inclusion_proof(8).ok());
  EXPECT_FALSE(tree.inclusion_proof(2, 9).ok());
  EXPECT_FALSE(tree.inclusion_proof(0, 0).ok());
  EXPECT_FALSE(tree.consistency_proof(0, 5).ok());
  EXPECT_FALSE(tree.consistency_proof(6, 5).ok());
  EXPECT_FALSE(tree.consistency_proof(2, 9).ok());
  EXPECT_FALSE(Tree().inclusion_proof(0).ok());
}

}  // namespace
}  // namespace merkleforge
