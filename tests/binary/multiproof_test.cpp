// Multiproofs: every subset of small trees verifies; mutated proofs, repeated and out-of-range
// indices are rejected; the proof is never longer than the separate inclusion proofs.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "sample_tree.hpp"

namespace merkleforge {
namespace {

using Tree = test::SampleTree;
using test::make_sample_tree;

std::vector<Digest32> leaf_hashes_of(const Tree& tree, const std::vector<std::uint64_t>& indices) {
  std::vector<Digest32> out;
  for (std::uint64_t index : indices) out.push_back(tree.leaf_hash(index).value());
  return out;
}

TEST(MultiProof, EverySubsetOfSmallTreesVerifies) {
  for (std::uint64_t size = 1; size <= 9; ++size) {
    const Tree tree = make_sample_tree(size);
    for (std::uint32_t mask = 1; mask < (1u << size); ++mask) {
      std::vector<std::uint64_t> indices;
      for (std::uint64_t i = 0; i < size; ++i) {
        if (mask & (1u << i)) indices.push_back(i);
      }
      const MultiProof proof = tree.multiproof(indices).value();
      EXPECT_EQ(proof.siblings.size(), multiproof_length(size, proof.leaf_indices));
      EXPECT_TRUE(
          verify<Sha256>(tree.root(), tree.size(), proof, leaf_hashes_of(tree, proof.leaf_indices)))
          << "size " << size << " mask " << mask;
      if (indices.size() == 1) {
        EXPECT_EQ(proof.siblings, tree.inclusion_proof(indices[0]).value().path);
      }
      if (indices.size() == size) {
        EXPECT_TRUE(proof.siblings.empty());
      }
    }
  }
}

TEST(MultiProof, UnsortedInputIsSortedAndSharedSiblingsAreSentOnce) {
  const Tree tree = make_sample_tree(10000);
  const std::vector<std::uint64_t> indices = {9999, 17, 5000, 16, 0, 4096};
  const MultiProof proof = tree.multiproof(indices).value();
  EXPECT_TRUE(std::is_sorted(proof.leaf_indices.begin(), proof.leaf_indices.end()));
  std::size_t separate = 0;
  for (std::uint64_t index : indices) separate += tree.inclusion_proof(index).value().path.size();
  EXPECT_LT(proof.siblings.size(), separate);
  // Verification accepts any order, as long as each leaf hash stays with its index.
  EXPECT_TRUE(verify_multiproof<Sha256>(tree.root(), tree.size(), indices,
                                        leaf_hashes_of(tree, indices), proof.siblings));
  std::set<Digest32> distinct(proof.siblings.begin(), proof.siblings.end());
  EXPECT_EQ(distinct.size(), proof.siblings.size());
}

TEST(MultiProof, BadIndexListsAreErrors) {
  const Tree tree = make_sample_tree(10);
  EXPECT_FALSE(tree.multiproof(std::vector<std::uint64_t>{}).ok());
  EXPECT_FALSE(tree.multiproof(std::vector<std::uint64_t>{3, 10}).ok());
  const auto repeated = tree.multiproof(std::vector<std::uint64_t>{4, 2, 4});
  ASSERT_FALSE(repeated.ok());
  EXPECT_NE(repeated.error().message.find("more than once"), std::string::npos);
  EXPECT_FALSE(Tree().multiproof(std::vector<std::uint64_t>{0}).ok());
}

TEST(MultiProof, MutationsAreRejected) {
  const Tree tree = make_sample_tree(37);
  const std::vector<std::uint64_t> indices = {1, 2, 20, 36};
  const MultiProof proof = tree.multiproof(indices).value();
  const std::vector<Digest32> leaves = leaf_hashes_of(tree, indices);
  const Digest32 root = tree.root();
  ASSERT_TRUE(verify<Sha256>(root, 37, proof, leaves));
  for (std::size_t i = 0; i < proof.siblings.size(); ++i) {
    MultiProof bad = proof;
    bad.siblings[i][i % 32] ^= 0x10;
    EXPECT_FALSE(verify<Sha256>(root, 37, bad, leaves)) << "sibling " << i;
  }
  MultiProof shorter = proof;
  shorter.siblings.pop_back();
  EXPECT_FALSE(verify<Sha256>(root, 37, shorter, leaves));
  MultiProof longer = proof;
  longer.siblings.push_back(root);
  EXPECT_FALSE(verify<Sha256>(root, 37, longer, leaves));
  MultiProof other_size = proof;
  other_size.tree_size = 38;
  EXPECT_FALSE(verify<Sha256>(root, 37, other_size, leaves));
  MultiProof other_hash = proof;
  other_hash.hash = HashAlgorithm::blake3;
  EXPECT_FALSE(verify<Sha256>(root, 37, other_hash, leaves));
  std::vector<Digest32> swapped = leaves;
  std::swap(swapped[0], swapped[1]);
  EXPECT_FALSE(verify<Sha256>(root, 37, proof, swapped));
  const std::vector<std::uint64_t> duplicate = {1, 1, 20, 36};
  EXPECT_FALSE(verify_multiproof<Sha256>(root, 37, duplicate, leaves, proof.siblings));
  const std::vector<std::uint64_t> beyond = {1, 2, 20, 37};
  EXPECT_FALSE(verify_multiproof<Sha256>(root, 37, beyond, leaves, proof.siblings));
  EXPECT_FALSE(verify_multiproof<Sha256>(root, 0, indices, leaves, proof.siblings));
  EXPECT_FALSE(verify_multiproof<Sha256>(
      root, 37, indices, std::span<const Digest32>(leaves).first(3), proof.siblings));
}

TEST(MultiProof, RandomSubsetsOfALargerTree) {
  const Tree tree = make_sample_tree(1000);
  std::mt19937 rng(9);
  for (int round = 0; round < 200; ++round) {
    std::vector<std::uint64_t> indices;
    const std::size_t count = 1 + rng() % 40;
    std::set<std::uint64_t> chosen;
    while (chosen.size() < count) chosen.insert(rng() % 1000);
    indices.assign(chosen.begin(), chosen.end());
    std::shuffle(indices.begin(), indices.end(), rng);
    const MultiProof proof = tree.multiproof(indices).value();
    ASSERT_TRUE(
        verify<Sha256>(tree.root(), tree.size(), proof, leaf_hashes_of(tree, proof.leaf_indices)));
  }
}

}  // namespace
}  // namespace merkleforge
