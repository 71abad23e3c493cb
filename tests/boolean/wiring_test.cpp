// Wirings (boolean/wiring.hpp): the three node circuits against the hash layer, a Merkle tree of
// sha256-pair instances whose leaves and root are the only public values, cheating provers that
// break a link (output to input, and input to input) or a fixed port or rebalance the port
// weights, through the real pipeline; other statements; wrong arguments.
#include "merkleforge/boolean/wiring.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/hash/node_hashing.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "pipeline.hpp"
#include "walks_support.hpp"

namespace merkleforge::boolean {
namespace {

Bytes output_of(const Circuit& circuit, ByteSpan input) {
  Bytes out(circuit.output_bytes());
  circuit.output(test::witness_of(circuit, input), out);
  return out;
}

Bytes concat(ByteSpan x, ByteSpan y) {
  Bytes out(x.begin(), x.end());
  out.insert(out.end(), y.begin(), y.end());
  return out;
}

TEST(NodeCircuits, AreTheHashLayersNodeHashes) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 4; ++trial) {
    const Bytes left = test::random_bytes(32, rng), right = test::random_bytes(32, rng);
    const Digest32 pair = Sha256::digest(concat(left, right));
    EXPECT_EQ(output_of(sha256_pair_circuit(), concat(left, right)),
              Bytes(pair.begin(), pair.end()));
    Digest32 l, r;
    std::copy(left.begin(), left.end(), l.begin());
    std::copy(right.begin(), right.end(), r.begin());
    const Digest32 node = Rfc6962Hashing<Sha256>::node(l, r);
    EXPECT_EQ(output_of(rfc6962_node_circuit(), concat(left, right)),
              Bytes(node.begin(), node.end()));
    const Digest32 blake3 = Blake3::digest(concat(left, right));
    EXPECT_EQ(output_of(blake3_pair_circuit(), concat(left, right)),
              Bytes(blake3.begin(), blake3.end()));
  }
  for (const Circuit* circuit :
       {&sha256_pair_circuit(), &rfc6962_node_circuit(), &blake3_pair_circuit()}) {
    EXPECT_EQ(circuit->log_bits(), circuit == &blake3_pair_circuit() ? 14u : 16u)
        << circuit->name();
    EXPECT_TRUE(check_wirable(*circuit).ok()) << circuit->name();
    EXPECT_EQ(find_circuit(circuit->name()), circuit);
  }
}

/// A tree of 8 leaves hashed with sha256-pair: instance j < 4 hashes leaves 2j, 2j + 1 (fixed
/// ports), instances 4, 5 hash 0‖1 and 2‖3, instance 6 is the root (its output fixed).
struct Tree {
  std::vector<Bytes> leaves;
  Wiring wiring;
  Bytes inputs;  ///< the honest instances' inputs
  Bytes root;
};

Tree make_tree(std::mt19937_64& rng) {
  Tree t;
  for (int i = 0; i < 8; ++i) t.leaves.push_back(test::random_bytes(32, rng));
  t.wiring.count = 7;
  std::vector<Bytes> level = t.leaves;
  std::uint32_t next = 0;
  std::vector<std::uint32_t> made;  // instance of each node of the level above the leaves
  for (std::uint32_t j = 0; j < 4; ++j, ++next) {
    for (std::uint32_t c = 0; c < 2; ++c) {
      t.wiring.fixed.push_back({next, c});
      t.wiring.fixed_values.insert(t.wiring.fixed_values.end(), level[2 * j + c].begin(),
                                   level[2 * j + c].end());
    }
    made.push_back(next);
  }
  while (level.size() > 1) {
    std::vector<Bytes> above;
    for (std::size_t j = 0; j < level.size() / 2; ++j) {
      const Bytes input = concat(level[2 * j], level[2 * j + 1]);
      t.inputs.insert(t.inputs.end(), input.begin(), input.end());
      above.push_back(output_of(sha256_pair_circuit(), input));
    }
    level = above;
  }
  for (std::uint32_t j = 0; j < 3; ++j) {
    t.wiring.links.push_back({{made[2 * j]}, {4 + j, 0}});
    t.wiring.links.push_back({{made[2 * j + 1]}, {4 + j, 1}});
    made.push_back(4 + j);
  }
  t.root = level[0];
  t.wiring.fixed.push_back({6, kOutputPort});
  t.wiring.fixed_values.insert(t.wiring.fixed_values.end(), t.root.begin(), t.root.end());
  return t;
}

Words committed(const Circuit& circuit, ByteSpan inputs, std::size_t count) {
  return detail::instance_bits(circuit, inputs, count);
}

void expect_rejected(const Status& status, std::string_view why) {
  ASSERT_FALSE(status.ok()) << why;
  EXPECT_EQ(status.error().code, Errc::corrupt_data) << why << ": " << status.error().message;
}

class Sha256Tree : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(44);
    tree_ = make_tree(rng);
    auto proved = prove_wired(circuit(), tree_.wiring, tree_.inputs);
    ASSERT_TRUE(proved) << proved.error().message;
    proof_ = proved->proof;
  }
  static const Circuit& circuit() { return sha256_pair_circuit(); }
  Tree tree_;
  Bytes proof_;
};

TEST_F(Sha256Tree, TheRootIsTheHashLayersAndTheProofVerifies) {
  std::vector<Bytes> nodes = tree_.leaves;
  while (nodes.size() > 1) {
    std::vector<Bytes> above;
    for (std::size_t j = 0; j < nodes.size(); j += 2) {
      const Digest32 d = Sha256::digest(concat(nodes[j], nodes[j + 1]));
      above.emplace_back(d.begin(), d.end());
    }
    nodes = above;
  }
  EXPECT_EQ(tree_.root, nodes[0]);
  EXPECT_TRUE(verify_wired(circuit(), tree_.wiring, proof_).ok());
  EXPECT_FALSE(verify_wired(circuit(), tree_.wiring, proof_, pcs::Profile::slim).ok());
}

TEST_F(Sha256Tree, OtherStatementsAreRejected) {
  Wiring other = tree_.wiring;
  other.fixed_values.back() ^= 1;  // another root
  expect_rejected(verify_wired(circuit(), other, proof_), "another root");
  other = tree_.wiring;
  other.fixed_values[40] ^= 0x20;  // another leaf 1
  expect_rejected(verify_wired(circuit(), other, proof_), "another leaf");
  other = tree_.wiring;
  std::swap(other.links[0], other.links[1]);  // 0‖1 hashed as 1‖0
  expect_rejected(verify_wired(circuit(), other, proof_), "swapped children");
  other = tree_.wiring;
  other.links.pop_back();
  expect_rejected(verify_wired(circuit(), other, proof_), "a link fewer");
  other = tree_.wiring;
  other.count = 8;
  expect_rejected(verify_wired(circuit(), other, proof_), "another count");
  EXPECT_FALSE(verify_wired(rfc6962_node_circuit(), tree_.wiring, proof_).ok());
}

TEST_F(Sha256Tree, AlteredProofsAreRejected) {
  for (std::size_t at : {std::size_t{12}, std::size_t{300}, proof_.size() / 2, proof_.size() - 5}) {
    Bytes proof = proof_;
    proof[at] ^= 0x04;
    EXPECT_FALSE(verify_wired(circuit(), tree_.wiring, proof).ok()) << "byte " << at;
  }
}

// Every instance is a true hash, but instance 5 hashes leaf 2's pair from another leaf: its
// input is not instance 1's output, and the root it gives is claimed all the same.
TEST_F(Sha256Tree, ABrokenLinkIsRejected) {
  Bytes inputs = tree_.inputs;
  inputs[5 * 64 + 3] ^= 0x01;  // instance 5's left child
  // Instance 6 takes instance 5's new output, so only the link 1 → (5, 0) is false.
  const Bytes five = output_of(circuit(), ByteSpan(inputs).subspan(5 * 64, 64));
  std::copy(five.begin(), five.end(), inputs.begin() + 6 * 64 + 32);
  const Words z = committed(circuit(), inputs, 7);
  Wiring claimed = tree_.wiring;
  const Bytes root = output_of(circuit(), ByteSpan(inputs).subspan(6 * 64, 64));
  std::copy(root.begin(), root.end(), claimed.fixed_values.end() - 32);
  EXPECT_FALSE(prove_wired(circuit(), claimed, inputs).ok());  // the honest prover refuses
  auto proof = detail::prove_wired_bits(circuit(), claimed, z);
  ASSERT_TRUE(proof) << proof.error().message;
  expect_rejected(verify_wired(circuit(), claimed, *proof), "broken link");
}

TEST_F(Sha256Tree, AFalseFixedPortIsRejected) {
  Bytes inputs = tree_.inputs;
  inputs[2 * 64] ^= 0x80;  // instance 2 hashes another leaf 4; everything above follows it
  const Bytes two = output_of(circuit(), ByteSpan(inputs).subspan(2 * 64, 64));
  std::copy(two.begin(), two.end(), inputs.begin() + 5 * 64);
  const Bytes five = output_of(circuit(), ByteSpan(inputs).subspan(5 * 64, 64));
  std::copy(five.begin(), five.end(), inputs.begin() + 6 * 64 + 32);
  const Words z = committed(circuit(), inputs, 7);
  auto proof = detail::prove_wired_bits(circuit(), tree_.wiring, z);
  ASSERT_TRUE(proof) << proof.error().message;
  expect_rejected(verify_wired(circuit(), tree_.wiring, *proof), "false leaf");
}

// A broken link with the sumcheck balanced by the weight of one port: every round checks, and
// the verifier's own evaluation of the weights is what rejects it.
TEST_F(Sha256Tree, PortWeightsThatAreNotTheStatementsAreRejected) {
  Bytes inputs = tree_.inputs;
  inputs[6 * 64] ^= 0x01;  // the root hashes another left child than instance 4's output
  Wiring claimed = tree_.wiring;
  const Bytes root = output_of(circuit(), ByteSpan(inputs).subspan(6 * 64, 64));
  std::copy(root.begin(), root.end(), claimed.fixed_values.end() - 32);
  const detail::AlterPorts balance = [](detail::PortColumns& c) {
    B128 total;
    for (std::size_t p = 0; p < c.values.size(); ++p) {
      for (std::size_t i = 0; i < c.values[p].size(); ++i)
        total += c.values[p][i] * c.weights[p][i];
    }
    ASSERT_NE(total, c.sum);  // the link is broken
    c.weights[0][0] += (c.sum + total) * c.values[0][0].inverse();
  };
  auto proof = detail::prove_wired_bits(circuit(), claimed, committed(circuit(), inputs, 7),
                                        nullptr, detail::WitnessCheck::skip, balance);
  ASSERT_TRUE(proof) << proof.error().message;
  const Status verdict = verify_wired(circuit(), claimed, *proof);
  ASSERT_FALSE(verdict.ok());
  EXPECT_NE(verdict.error().message.find("port weights disagree"), std::string::npos)
      << verdict.error().message;
}

/// Two instances hashing a ‖ s and b ‖ t, their left chunks and outputs fixed, their right chunks
/// (private) linked input to input: the statement says one private s gives both outputs.
struct SharedSibling {
  Wiring wiring;
  Bytes inputs;
};

SharedSibling shared_sibling(ByteSpan a, ByteSpan b, ByteSpan s, ByteSpan t) {
  SharedSibling out;
  out.inputs = concat(concat(a, s), concat(b, t));
  out.wiring.count = 2;
  out.wiring.links = {{{0, 1}, {1, 1}}};
  out.wiring.fixed = {{0, 0}, {1, 0}, {0, kOutputPort}, {1, kOutputPort}};
  const Circuit& pair = sha256_pair_circuit();
  for (const Bytes& value : {Bytes(a.begin(), a.end()), Bytes(b.begin(), b.end()),
                             output_of(pair, concat(a, s)), output_of(pair, concat(b, t))}) {
    out.wiring.fixed_values.insert(out.wiring.fixed_values.end(), value.begin(), value.end());
  }
  return out;
}

TEST(BooleanWiring, ALinkBetweenTwoInputsHolds) {
  std::mt19937_64 rng(45);
  const Circuit& pair = sha256_pair_circuit();
  const Bytes a = test::random_bytes(32, rng), b = test::random_bytes(32, rng),
              s = test::random_bytes(32, rng);
  const SharedSibling honest = shared_sibling(a, b, s, s);
  auto proved = prove_wired(pair, honest.wiring, honest.inputs);
  ASSERT_TRUE(proved) << proved.error().message;
  EXPECT_TRUE(verify_wired(pair, honest.wiring, proved->proof).ok());

  // A cheating prover: the second output is of another sibling t, the pipeline runs on the true
  // hashes of a ‖ s and b ‖ t.
  Bytes t = s;
  t[7] ^= 0x40;
  const SharedSibling cheat = shared_sibling(a, b, s, t);
  EXPECT_EQ(prove_wired(pair, cheat.wiring, cheat.inputs).error().code, Errc::invalid_argument);
  auto proof = detail::prove_wired_bits(pair, cheat.wiring, committed(pair, cheat.inputs, 2));
  ASSERT_TRUE(proof) << proof.error().message;
  expect_rejected(verify_wired(pair, cheat.wiring, *proof), "two siblings for one");
  // Without the link the same proof shows what it claims: the link is what refuses it.
  Wiring unlinked = cheat.wiring;
  unlinked.links.clear();
  auto free = detail::prove_wired_bits(pair, unlinked, committed(pair, cheat.inputs, 2));
  ASSERT_TRUE(free) << free.error().message;
  EXPECT_TRUE(verify_wired(pair, unlinked, *free).ok());
}

TEST(BooleanWiring, WrongArgumentsAreErrors) {
  const Circuit& pair = sha256_pair_circuit();
  Wiring w;
  w.count = 2;
  w.links = {{{0}, {1, 0}}};
  EXPECT_TRUE(derive_wired_params(pair, w).ok());
  const auto expect_invalid = [&](const Wiring& wiring, std::string_view why) {
    const Status s = verify_wired(pair, wiring, Bytes(64));
    ASSERT_FALSE(s.ok()) << why;
    EXPECT_EQ(s.error().code, Errc::invalid_argument) << why << ": " << s.error().message;
  };
  Wiring bad = w;
  bad.links = {{{0}, {1, 2}}};
  expect_invalid(bad, "a chunk past the input");
  bad.links = {{{0}, {2, 0}}};
  expect_invalid(bad, "an instance past the count");
  bad.links = {{{2}, {1, 0}}};
  expect_invalid(bad, "a link from past the count");
  bad.links = {{{0, 2}, {1, 0}}};
  expect_invalid(bad, "a link from a chunk past the input");
  bad.links = {{{1, 0}, {1, 0}}};
  expect_invalid(bad, "a port linked to itself");
  bad.links = {};
  expect_invalid(bad, "nothing to check");
  bad = w;
  bad.fixed = {{1, kOutputPort}};
  bad.fixed_values = Bytes(31);
  expect_invalid(bad, "fixed values of the wrong size");
  bad = w;
  bad.count = 0;
  expect_invalid(bad, "no instances");
  const Status keccak = verify_wired(keccakf_circuit(), w, Bytes(64));
  ASSERT_FALSE(keccak.ok());
  EXPECT_NE(keccak.error().message.find("cannot be wired"), std::string::npos);
  EXPECT_EQ(prove_wired(pair, w, Bytes(100)).error().code, Errc::wrong_size);
  const auto broken = prove_wired(pair, w, Bytes(128));  // instance 1's left chunk is not H(0)
  ASSERT_FALSE(broken.ok());
  EXPECT_NE(broken.error().message.find("link 0"), std::string::npos) << broken.error().message;
  Wiring fixed;
  fixed.count = 1;
  fixed.fixed = {{0, kOutputPort}};
  fixed.fixed_values = Bytes(32, 7);  // not SHA-256 of 64 zero bytes
  const auto false_output = prove_wired(pair, fixed, Bytes(64));
  ASSERT_FALSE(false_output.ok());
  EXPECT_NE(false_output.error().message.find("fixed port 0"), std::string::npos)
      << false_output.error().message;
}

}  // namespace
}  // namespace merkleforge::boolean
