// Compatibility profiles against the real implementations (through Node) and chain facts.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "merkleforge/binary/bitcoin.hpp"
#include "merkleforge/binary/merkletreejs.hpp"
#include "merkleforge/binary/openzeppelin.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/core/hex.hpp"
#include "support/node_peer.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;

Digest32 digest(const json& hex) {
  return digest_from_hex(hex.get<std::string>()).value();
}

std::vector<Digest32> digests(const json& list) {
  std::vector<Digest32> out;
  for (const json& hex : list) out.push_back(digest(hex));
  return out;
}

// --- openzeppelin -------------------------------------------------------------------------------

struct Airdrop {
  std::vector<Bytes> addresses;  // 20 bytes each
  std::vector<std::uint64_t> amounts;
};

Airdrop make_airdrop(std::size_t count, std::uint32_t seed) {
  std::mt19937_64 rng(seed);
  Airdrop airdrop;
  for (std::size_t i = 0; i < count; ++i) {
    Bytes address(20);
    for (auto& byte : address) byte = static_cast<std::uint8_t>(rng());
    airdrop.addresses.push_back(address);
    airdrop.amounts.push_back(rng() >> (rng() % 64));
  }
  return airdrop;
}

// abi.encode(address, uint256): two 32-byte words, the address left-padded with zeros and the
// amount big-endian (Solidity ABI specification, static types).
Bytes abi_encode(const Bytes& address, std::uint64_t amount) {
  Bytes out(64, 0);
  std::copy(address.begin(), address.end(), out.begin() + 12);
  for (int i = 0; i < 8; ++i) out[63 - i] = static_cast<std::uint8_t>(amount >> (8 * i));
  return out;
}

// Leaf selections for multiproofs: none, one, all, and random subsets given in random order.
std::vector<std::vector<std::size_t>> multiproof_selections(std::size_t size, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::size_t> all(size);
  std::iota(all.begin(), all.end(), std::size_t{0});
  std::vector<std::vector<std::size_t>> selections = {{}, {size - 1}, all};
  for (int i = 0; i < 4; ++i) {
    std::shuffle(all.begin(), all.end(), rng);
    selections.emplace_back(all.begin(), all.begin() + static_cast<long>(1 + rng() % size));
  }
  return selections;
}

// Our multiproofs equal OpenZeppelin's, verify against the root, and fail once altered.
void expect_multiproofs_equal(const openzeppelin::StandardMerkleTree& tree,
                              const std::vector<std::vector<std::size_t>>& selections,
                              const json& theirs) {
  for (std::size_t s = 0; s < selections.size(); ++s) {
    const auto ours = tree.multiproof(selections[s]);
    ASSERT_TRUE(ours.ok()) << ours.error().message;
    EXPECT_EQ(ours->leaves, digests(theirs[s]["leaves"])) << "selection " << s;
    EXPECT_EQ(ours->proof, digests(theirs[s]["proof"])) << "selection " << s;
    EXPECT_EQ(ours->proof_flags, theirs[s]["proof_flags"].get<std::vector<bool>>());
    EXPECT_TRUE(
        openzeppelin::verify_multiproof(tree.root(), ours->leaves, ours->proof, ours->proof_flags));
    if (!ours->proof.empty()) {
      std::vector<Digest32> bad = ours->proof;
      bad.front()[31] ^= 0x80;
      EXPECT_FALSE(
          openzeppelin::verify_multiproof(tree.root(), ours->leaves, bad, ours->proof_flags));
    }
  }
}

TEST(OpenZeppelinProfile, RootsLeafHashesAndProofsEqualTheJavaScriptLibrary) {
  const std::vector<std::size_t> sizes = {1, 2, 3, 5, 8, 13, 100};
  json request = {{"cases", json::array()}};
  std::vector<Airdrop> airdrops;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    airdrops.push_back(make_airdrop(sizes[i], static_cast<std::uint32_t>(i)));
    json values = json::array();
    for (std::size_t v = 0; v < sizes[i]; ++v) {
      values.push_back(
          {"0x" + to_hex(airdrops[i].addresses[v]), std::to_string(airdrops[i].amounts[v])});
    }
    request["cases"].push_back(
        {{"types", {"address", "uint256"}},
         {"values", values},
         {"sort_leaves", i % 2 == 0},
         {"multiproofs", multiproof_selections(sizes[i], static_cast<std::uint32_t>(i))}});
  }
  const json reply = test::run_node_peer("openzeppelin_tree.mjs", request);
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const json& expected = reply["cases"][i];
    std::vector<Digest32> leaves;
    for (std::size_t v = 0; v < sizes[i]; ++v) {
      leaves.push_back(
          openzeppelin::leaf_hash(abi_encode(airdrops[i].addresses[v], airdrops[i].amounts[v])));
    }
    EXPECT_EQ(leaves, digests(expected["leaf_hashes"])) << "case " << i;
    const auto tree = openzeppelin::StandardMerkleTree::from_leaf_hashes(leaves, i % 2 == 0);
    ASSERT_TRUE(tree.ok());
    EXPECT_EQ(tree->root(), digest(expected["root"])) << "case " << i;
    for (std::size_t v = 0; v < sizes[i]; ++v) {
      const std::vector<Digest32> their_proof = digests(expected["proofs"][v]);
      EXPECT_EQ(tree->proof(v).value(), their_proof) << "case " << i << " value " << v;
      EXPECT_TRUE(openzeppelin::verify(tree->root(), leaves[v], their_proof));
      if (!their_proof.empty()) {
        std::vector<Digest32> bad = their_proof;
        bad.back()[0] ^= 1;
        EXPECT_FALSE(openzeppelin::verify(tree->root(), leaves[v], bad));
      }
    }
    EXPECT_FALSE(tree->proof(sizes[i]).ok());
    expect_multiproofs_equal(*tree, multiproof_selections(sizes[i], static_cast<std::uint32_t>(i)),
                             expected["multiproofs"]);
  }
  EXPECT_FALSE(openzeppelin::StandardMerkleTree::from_leaf_hashes({}).ok());
}

TEST(OpenZeppelinProfile, MultiproofRejectsBadIndicesAndMalformedProofs) {
  std::vector<Digest32> leaves(5);
  for (std::size_t i = 0; i < leaves.size(); ++i) leaves[i][0] = static_cast<std::uint8_t>(i + 1);
  const auto tree = openzeppelin::StandardMerkleTree::from_leaf_hashes(leaves).value();
  EXPECT_FALSE(tree.multiproof(std::vector<std::size_t>{1, 5}).ok());
  EXPECT_FALSE(tree.multiproof(std::vector<std::size_t>{3, 1, 3}).ok());

  const auto good = tree.multiproof(std::vector<std::size_t>{4, 0, 2}).value();
  auto flags = good.proof_flags;
  flags.push_back(true);  // one flag too many: the counts no longer fit
  EXPECT_FALSE(openzeppelin::process_multiproof(good.leaves, good.proof, flags).ok());
  flags = good.proof_flags;
  flags.flip();  // same count, other operands: no crash, and not the root
  EXPECT_FALSE(openzeppelin::verify_multiproof(tree.root(), good.leaves, good.proof, flags));
  const std::vector<Digest32> no_leaves;
  EXPECT_FALSE(openzeppelin::process_multiproof(no_leaves, {}, {}).ok());
  // Random flag vectors of every length never crash and only the real one reaches the root.
  std::mt19937 rng(9);
  for (int round = 0; round < 2000; ++round) {
    std::vector<bool> random_flags(rng() % 8);
    for (std::size_t f = 0; f < random_flags.size(); ++f) random_flags[f] = (rng() & 1) != 0;
    const auto root = openzeppelin::process_multiproof(good.leaves, good.proof, random_flags);
    if (root.ok() && random_flags != good.proof_flags) {
      EXPECT_NE(*root, tree.root());
    }
  }
}

// --- merkletreejs
// ---------------------------------------------------------------------------------

TEST(MerkletreejsProfile, RootsAndProofsEqualTheJavaScriptLibrary) {
  const std::vector<std::size_t> sizes = {1, 2, 3, 4, 5, 6, 7, 9, 17, 33, 100};
  json request = {{"cases", json::array()}};
  std::vector<std::vector<Digest32>> cases;
  std::mt19937 rng(5);
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    std::vector<Digest32> leaves(sizes[i]);
    json hex = json::array();
    for (Digest32& leaf : leaves) {
      for (auto& byte : leaf) byte = static_cast<std::uint8_t>(rng());
      hex.push_back(to_hex(leaf));
    }
    cases.push_back(leaves);
    request["cases"].push_back({{"hash", i % 2 ? "keccak256" : "sha256"}, {"leaves", hex}});
  }
  // hashLeaves: true over 32-byte leaves corresponds to from_leaves().
  request["cases"].push_back(
      {{"hash", "sha256"}, {"leaves", request["cases"][6]["leaves"]}, {"hash_leaves", true}});
  const json reply = test::run_node_peer("merkletreejs_tree.mjs", request);
  auto check = [&](const auto& tree, const json& expected, std::size_t i) {
    EXPECT_EQ(tree.root(), digest(expected["root"])) << "case " << i;
    for (std::uint64_t leaf = 0; leaf < tree.size(); ++leaf) {
      EXPECT_EQ(tree.inclusion_proof(leaf).value().path, digests(expected["proofs"][leaf]))
          << "case " << i << " leaf " << leaf;
    }
  };
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    if (i % 2) {
      check(MerkletreejsTree<Keccak256>::from_leaf_hashes(cases[i]), reply["cases"][i], i);
    } else {
      check(MerkletreejsTree<Sha256>::from_leaf_hashes(cases[i]), reply["cases"][i], i);
    }
  }
  std::vector<Bytes> data;
  for (const Digest32& leaf : cases[6]) data.emplace_back(leaf.begin(), leaf.end());
  check(MerkletreejsTree<Sha256>::from_leaves(data), reply["cases"][sizes.size()], sizes.size());
  // The verifier of the same scheme accepts the library's proofs.
  const auto tree = MerkletreejsTree<Sha256>::from_leaf_hashes(cases[10]);
  EXPECT_TRUE((verify_inclusion<Sha256, ConcatHashing<Sha256>>(
      digest(reply["cases"][10]["root"]), 100, 42, cases[10][42],
      digests(reply["cases"][10]["proofs"][42]))));
}

// --- bitcoin
// ----------------------------------------------------------------------------------------

std::vector<Digest32> txids(std::initializer_list<const char*> display_hex) {
  std::vector<Digest32> out;
  for (const char* hex : display_hex) out.push_back(bitcoin::from_display_hex(hex).value());
  return out;
}

// Facts: txids and header merkle roots of mainnet blocks, display byte order.
TEST(BitcoinProfile, RealBlockMerkleRoots) {
  struct Block {
    const char* name;
    std::vector<Digest32> txids;
    const char* merkle_root;
  };
  const std::vector<Block> blocks = {
      {"genesis (block 0)",
       txids({"4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"}),
       "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"},
      {"block 170",
       txids({"b1fea52486ce0c62bb442b530a3f0132b826c74e473d1f2c220bfa78111c5082",
              "f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16"}),
       "7dac2c5666815c17a3b36427de37bb9d2e2c5ccec3f8633eb91a4205cb4c10ff"},
      {"block 100000",
       txids({"8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87",
              "fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4",
              "6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4",
              "e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d"}),
       "f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766"},
  };
  for (const Block& block : blocks) {
    const bitcoin::MerkleRoot result = bitcoin::merkle_root(block.txids);
    EXPECT_EQ(to_hex(bitcoin::reversed(result.root)), block.merkle_root) << block.name;
    EXPECT_FALSE(result.mutated) << block.name;
  }
}

TEST(BitcoinProfile, DuplicatedTailIsDetectedAsMutation) {
  // Block 100000's first three txids: [a,b,c] and [a,b,c,c] share a root (CVE-2012-2459).
  const std::vector<Digest32> three =
      txids({"8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87",
             "fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4",
             "6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4"});
  std::vector<Digest32> four = three;
  four.push_back(three.back());
  const bitcoin::MerkleRoot honest = bitcoin::merkle_root(three);
  const bitcoin::MerkleRoot forged = bitcoin::merkle_root(four);
  EXPECT_EQ(honest.root, forged.root);
  EXPECT_FALSE(honest.mutated);
  EXPECT_TRUE(forged.mutated);
  // Duplication one level up: [a,b,c,d,a,b,c,d] pairs two equal subtree hashes.
  std::vector<Digest32> doubled = four;
  doubled[3] = txids({"e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d"})[0];
  const std::vector<Digest32> base = doubled;
  doubled.insert(doubled.end(), base.begin(), base.end());
  EXPECT_TRUE(bitcoin::merkle_root(doubled).mutated);
  EXPECT_FALSE(bitcoin::merkle_root(base).mutated);
  EXPECT_EQ(bitcoin::merkle_root({}).root, Digest32{});
}

// The RFC 6962 tree has no such ambiguity: duplicating the last leaf changes the root.
TEST(BitcoinProfile, Rfc6962TreeDistinguishesDuplicatedTail) {
  std::vector<Digest32> leaves(3);
  leaves[0].fill(1);
  leaves[1].fill(2);
  leaves[2].fill(3);
  std::vector<Digest32> four = leaves;
  four.push_back(leaves[2]);
  EXPECT_NE(BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves).root(),
            BinaryMerkleTree<Sha256>::from_leaf_hashes(four).root());
}

}  // namespace
}  // namespace merkleforge
