// Succinct inclusion proofs for RFC 6962 logs (state/log.hpp): proofs from the binary tree's own
// multiproofs, checked against the tree's root (itself checked against RFC 6962's vectors in
// tests/binary); other statements; a cheating prover that runs the real pipeline on a false leaf;
// malformed proofs and statements.
#include <gtest/gtest.h>

#include <random>

#include "container.hpp"
#include "log_wiring.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/binary/verify.hpp"
#include "merkleforge/boolean/wiring.hpp"
#include "merkleforge/state/prover.hpp"
#include "pipeline.hpp"

namespace merkleforge::state {
namespace {

using Tree = BinaryMerkleTree<Sha256>;

Digest32 random_digest(std::mt19937_64& rng) {
  Digest32 d;
  for (auto& byte : d) byte = static_cast<std::uint8_t>(rng());
  return d;
}

struct Log {
  Tree tree;
  LogStatement statement;
  std::vector<Digest32> siblings;
};

Log make_log(std::uint64_t size, std::vector<std::uint64_t> indices, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Digest32> leaves;
  for (std::uint64_t i = 0; i < size; ++i) leaves.push_back(random_digest(rng));
  Log log{Tree::from_leaf_hashes(leaves), {}, {}};
  log.statement.size = size;
  log.statement.root = log.tree.root();
  log.statement.indices = indices;
  for (const std::uint64_t i : indices) log.statement.leaf_hashes.push_back(leaves[i]);
  log.siblings = log.tree.multiproof(indices)->siblings;
  return log;
}

void expect_rejected(const Status& status, std::string_view why) {
  ASSERT_FALSE(status.ok()) << why;
  EXPECT_EQ(status.error().code, Errc::corrupt_data) << why << ": " << status.error().message;
}

class LogProof : public ::testing::Test {
 protected:
  void SetUp() override {
    log_ = make_log(100, {0, 3, 37, 64, 99}, 6962);
    auto proof = prove_log_inclusions(log_.statement, log_.siblings);
    ASSERT_TRUE(proof) << proof.error().message;
    proof_ = *proof;
  }
  Log log_;
  Bytes proof_;
};

TEST_F(LogProof, VerifiesWhereTheMultiproofDoes) {
  ASSERT_TRUE((verify_multiproof<Sha256>(log_.statement.root, 100, log_.statement.indices,
                                         log_.statement.leaf_hashes, log_.siblings)));
  EXPECT_TRUE(verify_log_inclusions(log_.statement, proof_).ok());
  // One instance per node the walk hashes: the pruned tree's leaves (the 5 leaves and the
  // siblings) less one.
  EXPECT_EQ(*log_instances(log_.statement), 5 + log_.siblings.size() - 1);
  EXPECT_FALSE(verify_log_inclusions(log_.statement, proof_, pcs::Profile::slim).ok());
}

TEST_F(LogProof, OtherStatementsAreRejected) {
  LogStatement other = log_.statement;
  other.root[5] ^= 1;
  expect_rejected(verify_log_inclusions(other, proof_), "another root");
  other = log_.statement;
  other.leaf_hashes[2][0] ^= 0x40;
  expect_rejected(verify_log_inclusions(other, proof_), "another leaf hash");
  other = log_.statement;
  other.indices[2] = 38;  // another position of the same hash
  expect_rejected(verify_log_inclusions(other, proof_), "another index");
  other = log_.statement;
  other.size = 101;
  expect_rejected(verify_log_inclusions(other, proof_), "another size");
  other = log_.statement;
  other.indices.pop_back(), other.leaf_hashes.pop_back();
  expect_rejected(verify_log_inclusions(other, proof_), "a leaf fewer");
}

TEST_F(LogProof, AlteredProofsAreRejected) {
  for (std::size_t at : {std::size_t{20}, std::size_t{400}, proof_.size() / 2, proof_.size() - 3}) {
    Bytes proof = proof_;
    proof[at] ^= 0x08;
    EXPECT_FALSE(verify_log_inclusions(log_.statement, proof).ok()) << "byte " << at;
  }
  const auto malformed = [&](Bytes proof, std::string_view why) {
    const Status s = verify_log_inclusions(log_.statement, proof);
    ASSERT_FALSE(s.ok()) << why;
    EXPECT_EQ(s.error().code, Errc::malformed_input) << why << ": " << s.error().message;
  };
  Bytes proof = proof_;
  proof[0] = 'X';
  malformed(proof, "another magic");
  proof = proof_;
  proof[4] = 2;
  malformed(proof, "another version");
  proof = proof_;
  proof[5] = 9;
  malformed(proof, "another tree kind");
  malformed(Bytes(proof_.begin(), proof_.begin() + 5), "truncated header");
  EXPECT_FALSE(
      verify_log_inclusions(log_.statement, ByteSpan(proof_).first(proof_.size() - 1)).ok());
}

// The prover claims leaf 37 has another hash: every node above it is hashed from the false leaf,
// honestly, and the real pipeline proves those instances under the claim's wiring, whose root
// they do not give. The honest prover refuses the claim.
TEST_F(LogProof, ACheatingProverWithAFalseLeafIsRejected) {
  LogStatement claimed = log_.statement;
  claimed.leaf_hashes[2][31] ^= 1;
  EXPECT_EQ(prove_log_inclusions(claimed, log_.siblings).error().code, Errc::invalid_argument);
  const auto instances = detail::derive_log_wiring(claimed, log_.siblings);
  ASSERT_TRUE(instances);
  ASSERT_NE(instances->root, claimed.root);
  const auto wiring = detail::derive_log_wiring(claimed, std::nullopt);
  const boolean::Circuit& circuit = boolean::rfc6962_node_circuit();
  auto proof = boolean::detail::prove_wired_bits(
      circuit, wiring->wiring,
      boolean::detail::instance_bits(circuit, instances->inputs, instances->wiring.count));
  ASSERT_TRUE(proof) << proof.error().message;
  expect_rejected(
      verify_log_inclusions(claimed, detail::encode_container(TreeKind::rfc6962, *proof)),
      "a false leaf");
}

TEST(LogProofs, EdgeShapes) {
  for (const auto& [size, indices] :
       std::vector<std::pair<std::uint64_t, std::vector<std::uint64_t>>>{
           {2, {1}}, {3, {2}}, {7, {0, 1, 2, 3, 4, 5, 6}}, {64, {63}}, {65, {64}}}) {
    const Log log = make_log(size, indices, size);
    auto proof = prove_log_inclusions(log.statement, log.siblings);
    ASSERT_TRUE(proof) << size << ": " << proof.error().message;
    EXPECT_TRUE(verify_log_inclusions(log.statement, *proof).ok()) << size;
  }
  const Log one = make_log(1, {0}, 1);
  auto proof = prove_log_inclusions(one.statement, one.siblings);
  ASSERT_TRUE(proof);
  EXPECT_EQ(proof->size(), 6u);  // the container alone: the leaf is the root
  EXPECT_TRUE(verify_log_inclusions(one.statement, *proof).ok());
  LogStatement other = one.statement;
  other.root[0] ^= 1;
  expect_rejected(verify_log_inclusions(other, *proof), "another root of one leaf");
  Bytes longer = *proof;
  longer.push_back(0);
  EXPECT_EQ(verify_log_inclusions(one.statement, longer).error().code, Errc::malformed_input);
}

TEST(LogProofs, WrongArgumentsAreErrors) {
  const Log log = make_log(20, {2, 5, 11}, 20);
  const auto invalid = [&](const LogStatement& statement, std::string_view why) {
    const Status s = verify_log_inclusions(statement, Bytes(64));
    ASSERT_FALSE(s.ok()) << why;
    EXPECT_EQ(s.error().code, Errc::invalid_argument) << why << ": " << s.error().message;
  };
  LogStatement s = log.statement;
  std::swap(s.indices[0], s.indices[1]);
  invalid(s, "unsorted");
  s = log.statement;
  s.indices[1] = 2;
  invalid(s, "repeated");
  s = log.statement;
  s.indices[2] = 20;
  invalid(s, "past the size");
  s = log.statement;
  s.leaf_hashes.pop_back();
  invalid(s, "a hash fewer");
  s.indices.clear(), s.leaf_hashes.clear();
  invalid(s, "no leaves");
  std::vector<Digest32> siblings = log.siblings;
  siblings.pop_back();
  EXPECT_EQ(prove_log_inclusions(log.statement, siblings).error().code, Errc::invalid_argument);
  siblings = log.siblings;
  siblings.push_back({});
  EXPECT_EQ(prove_log_inclusions(log.statement, siblings).error().code, Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::state
