// The tree against an independent reference: RFC 9162 §2.1 MTH, PATH and SUBPROOF written out
// recursively as in the RFC text, over leaf/node hashes computed without the batch kernel
// (OpenSSL for SHA-256 and SHA3-256; the incremental API for Keccak-256; keyed BLAKE3 with keys
// checked against @noble/hashes in blake3_keys_test.cpp). Every hash of the hash layer, sizes
// 0..70 exhaustively, one size above the parallel threshold.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <bit>
#include <random>
#include <vector>

#include "merkleforge/binary/frontier.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"

namespace merkleforge {
namespace {

Digest32 openssl_digest(const EVP_MD* md, std::uint8_t prefix, ByteSpan a, ByteSpan b = {}) {
  Digest32 out{};
  unsigned length = 0;
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  EVP_DigestInit_ex(ctx, md, nullptr);
  EVP_DigestUpdate(ctx, &prefix, 1);
  EVP_DigestUpdate(ctx, a.data(), a.size());
  EVP_DigestUpdate(ctx, b.data(), b.size());
  EVP_DigestFinal_ex(ctx, out.data(), &length);
  EVP_MD_CTX_free(ctx);
  return out;
}

template <class H>
struct Reference {
  static Digest32 leaf(ByteSpan data) {
    H h;
    const std::uint8_t prefix = 0x00;
    h.update({&prefix, 1});
    h.update(data);
    return h.finalize();
  }
  static Digest32 node(const Digest32& l, const Digest32& r) {
    H h;
    const std::uint8_t prefix = 0x01;
    h.update({&prefix, 1});
    h.update(l);
    h.update(r);
    return h.finalize();
  }
};

template <>
struct Reference<Sha256> {
  static Digest32 leaf(ByteSpan data) { return openssl_digest(EVP_sha256(), 0x00, data); }
  static Digest32 node(const Digest32& l, const Digest32& r) {
    return openssl_digest(EVP_sha256(), 0x01, l, r);
  }
};

template <>
struct Reference<Sha3_256> {
  static Digest32 leaf(ByteSpan data) { return openssl_digest(EVP_sha3_256(), 0x00, data); }
  static Digest32 node(const Digest32& l, const Digest32& r) {
    return openssl_digest(EVP_sha3_256(), 0x01, l, r);
  }
};

template <>
struct Reference<Blake3> {
  static Digest32 leaf(ByteSpan data) {
    return Blake3::keyed(Rfc6962Hashing<Blake3>::leaf_key()).update(data).finalize();
  }
  static Digest32 node(const Digest32& l, const Digest32& r) {
    return Blake3::keyed(Rfc6962Hashing<Blake3>::node_key()).update(l).update(r).finalize();
  }
};

template <class H>
struct RfcModel {
  std::vector<Digest32> leaves;  // leaf hashes

  static std::uint64_t split(std::uint64_t n) { return std::bit_floor(n - 1); }

  Digest32 mth(std::uint64_t begin, std::uint64_t end) const {
    if (end - begin == 1) return leaves[begin];
    const std::uint64_t k = split(end - begin);
    return Reference<H>::node(mth(begin, begin + k), mth(begin + k, end));
  }
  // PATH(m, D[begin:end])
  void path(std::uint64_t m, std::uint64_t begin, std::uint64_t end,
            std::vector<Digest32>& out) const {
    if (end - begin == 1) return;
    const std::uint64_t k = split(end - begin);
    if (m < k) {
      path(m, begin, begin + k, out);
      out.push_back(mth(begin + k, end));
    } else {
      path(m - k, begin + k, end, out);
      out.push_back(mth(begin, begin + k));
    }
  }
  // SUBPROOF(m, D[begin:end], b)
  void subproof(std::uint64_t m, std::uint64_t begin, std::uint64_t end, bool b,
                std::vector<Digest32>& out) const {
    const std::uint64_t n = end - begin;
    if (m == n) {
      if (!b) out.push_back(mth(begin, end));
      return;
    }
    const std::uint64_t k = split(n);
    if (m <= k) {
      subproof(m, begin, begin + k, b, out);
      out.push_back(mth(begin + k, end));
    } else {
      subproof(m - k, begin + k, end, false, out);
      out.push_back(mth(begin, begin + k));
    }
  }
};

std::vector<Bytes> make_leaves(std::size_t count, std::size_t size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<Bytes> leaves(count, Bytes(size));
  for (Bytes& leaf : leaves) {
    for (auto& byte : leaf) byte = static_cast<std::uint8_t>(rng());
  }
  return leaves;
}

template <class H>
class TreeReference : public ::testing::Test {};
using Hashes = ::testing::Types<Sha256, Keccak256, Sha3_256, Blake3>;
TYPED_TEST_SUITE(TreeReference, Hashes);

TYPED_TEST(TreeReference, RootsProofsAndEarlierSizesMatchTheRfcModel) {
  using H = TypeParam;
  using Tree = BinaryMerkleTree<H>;
  const std::vector<Bytes> leaves = make_leaves(70, 7, 1);
  RfcModel<H> model;
  for (const Bytes& leaf : leaves) model.leaves.push_back(Reference<H>::leaf(leaf));
  const Tree full = Tree::from_leaves(leaves);
  Tree appended;
  MerkleFrontier<H> frontier;
  std::vector<Digest32> reused_path(3);  // inclusion_path() overwrites what it holds
  for (std::uint64_t n = 1; n <= leaves.size(); ++n) {
    appended.append(leaves[n - 1]);
    frontier.append(leaves[n - 1]);
    const Digest32 root = model.mth(0, n);
    ASSERT_EQ(appended.root(), root) << "size " << n;
    ASSERT_EQ(frontier.root(), root) << "size " << n;
    ASSERT_EQ(full.root_at(n).value(), root) << "size " << n;
    for (std::uint64_t m = 0; m < n; ++m) {
      std::vector<Digest32> expected;
      model.path(m, 0, n, expected);
      const InclusionProof proof = full.inclusion_proof(m, n).value();
      ASSERT_EQ(proof.path, expected) << "leaf " << m << " of " << n;
      ASSERT_EQ(appended.inclusion_proof(m).value().path, expected) << "leaf " << m << " of " << n;
      ASSERT_TRUE(appended.inclusion_path(m, reused_path).ok());
      ASSERT_EQ(reused_path, expected) << "leaf " << m << " of " << n;
      ASSERT_TRUE(verify_inclusion<H>(root, n, m, model.leaves[m], proof.path));
    }
    EXPECT_FALSE(appended.inclusion_path(n, reused_path).ok());
    for (std::uint64_t m = 1; m <= n; ++m) {
      std::vector<Digest32> expected;
      model.subproof(m, 0, n, true, expected);
      const ConsistencyProof proof = full.consistency_proof(m, n).value();
      ASSERT_EQ(proof.path, expected) << m << " -> " << n;
      ASSERT_TRUE(verify_consistency<H>(model.mth(0, m), m, root, n, proof.path));
    }
  }
}

TYPED_TEST(TreeReference, ParallelBulkBuildAndFixedSizeLeaves) {
  using H = TypeParam;
  using Tree = BinaryMerkleTree<H>;
  // Bulk builds hash aligned subtrees of 4,096 leaves in parallel, then the levels above them:
  // four whole subtrees, a partial fifth, and two levels on top.
  const std::size_t count = 4 * 4096 + 1001;
  const std::vector<Bytes> leaves = make_leaves(count, 32, 2);
  RfcModel<H> model;
  Bytes concatenated;
  for (const Bytes& leaf : leaves) {
    model.leaves.push_back(Reference<H>::leaf(leaf));
    concatenated.insert(concatenated.end(), leaf.begin(), leaf.end());
  }
  const Digest32 root = model.mth(0, count);
  EXPECT_EQ(Tree::from_leaves(leaves).root(), root);
  EXPECT_EQ(Tree::from_fixed_size_leaves(concatenated, 32).value().root(), root);
  const Tree tree = Tree::from_leaf_hashes(model.leaves);
  EXPECT_EQ(tree.root(), root);
  for (std::uint64_t index : {0ul, 4095ul, 4096ul, 8191ul, 12288ul, 16384ul, count - 1}) {
    std::vector<Digest32> expected;
    model.path(index, 0, count, expected);
    EXPECT_EQ(tree.inclusion_proof(index).value().path, expected) << "leaf " << index;
  }
  EXPECT_FALSE(Tree::from_fixed_size_leaves(concatenated, 31).ok());
  EXPECT_FALSE(Tree::from_fixed_size_leaves(concatenated, 0).ok());
}

TYPED_TEST(TreeReference, UpdateEqualsRebuild) {
  using H = TypeParam;
  using Tree = BinaryMerkleTree<H>;
  std::vector<Bytes> leaves = make_leaves(45, 5, 3);
  Tree tree = Tree::from_leaves(leaves);
  std::mt19937 rng(4);
  for (int round = 0; round < 60; ++round) {
    const std::size_t index = rng() % leaves.size();
    leaves[index][0] ^= static_cast<std::uint8_t>(1 + rng() % 255);
    ASSERT_TRUE(tree.update(index, leaves[index]).ok());
    RfcModel<H> model;
    for (const Bytes& leaf : leaves) model.leaves.push_back(Reference<H>::leaf(leaf));
    ASSERT_EQ(tree.root(), model.mth(0, leaves.size())) << "after updating leaf " << index;
    ASSERT_EQ(tree.root_at(index + 1).value(), model.mth(0, index + 1));
  }
  EXPECT_FALSE(tree.update(leaves.size(), leaves[0]).ok());
}

TYPED_TEST(TreeReference, CopiesAreIndependent) {
  using H = TypeParam;
  using Tree = BinaryMerkleTree<H>;
  const std::vector<Bytes> leaves = make_leaves(11, 3, 5);
  Tree a = Tree::from_leaves(leaves);
  const Digest32 before = a.root();
  Tree b = a;
  b.append(leaves[0]);
  EXPECT_EQ(a.root(), before);
  EXPECT_NE(b.root(), before);
  EXPECT_EQ(b.root_at(11).value(), before);
}

}  // namespace
}  // namespace merkleforge
