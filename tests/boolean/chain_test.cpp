// Chains of instances (boolean/engine.hpp, verify_chain): SHA-256 of a long message with only the
// digest public, equal to the hash layer's; a whole BLAKE3 chunk, equal to the published vector;
// cheating provers that break a link, reorder instances or start from another head, through the
// real pipeline; other statements; altered proofs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <vector>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "pipeline.hpp"
#include "support/temp_dir.hpp"
#include "support/vectors.hpp"
#include "walks_support.hpp"

namespace merkleforge::boolean {
namespace {

const Circuit& sha256() {
  return sha256_builder_circuit();
}

/// FIPS 180-4's initial hash value, big-endian: the chain's head.
Bytes sha256_iv() {
  return merkleforge::test::hex_bytes(
      "6a09e667bb67ae853c6ef372a54ff53a510e527f9b05688c1f83d9ab5be0cd19");
}

/// The message padded (FIPS 180-4 §5.1.1): whole 64-byte blocks.
Bytes padded(ByteSpan message) {
  Bytes blocks(message.begin(), message.end());
  blocks.push_back(0x80);
  while (blocks.size() % 64 != 56) blocks.push_back(0);
  const std::uint64_t bits = 8 * message.size();
  for (int byte = 7; byte >= 0; --byte)
    blocks.push_back(static_cast<std::uint8_t>(bits >> (8 * byte)));
  return blocks;
}

void expect_rejected(const Status& status, std::string_view why) {
  ASSERT_FALSE(status.ok()) << why;
  EXPECT_EQ(status.error().code, Errc::corrupt_data) << why << ": " << status.error().message;
}

/// A chain's committed bits built instance by instance from given inputs (each complete: its
/// first bytes are whatever link the test wants), padded as the prover pads.
struct Built {
  std::vector<std::uint64_t> z;
  Bytes last_output;
};
Built build_chain(const Circuit& circuit, const std::vector<Bytes>& inputs) {
  const std::size_t words = circuit.words();
  std::size_t batch = 1;
  while (batch < inputs.size()) batch *= 2;
  Built built{std::vector<std::uint64_t>(batch * words), Bytes(circuit.output_bytes())};
  for (std::size_t i = 0; i < batch; ++i) {
    const Bytes input = i < inputs.size() ? inputs[i] : Bytes(circuit.input_bytes());
    circuit.witness(input, std::span(built.z).subspan(i * words, words));
  }
  circuit.output(std::span(built.z).subspan((inputs.size() - 1) * words, words), built.last_output);
  return built;
}

/// Instance inputs of an honest SHA-256 chain: each chaining value then its block.
std::vector<Bytes> honest_inputs(ByteSpan blocks) {
  std::vector<Bytes> inputs;
  Bytes link = sha256_iv(), out(32);
  for (std::size_t i = 0; i < blocks.size() / 64; ++i) {
    Bytes input = link;
    input.insert(input.end(), blocks.begin() + 64 * i, blocks.begin() + 64 * (i + 1));
    inputs.push_back(input);
    const Words z = test::witness_of(sha256(), input);
    sha256().output(z, out);
    link = out;
  }
  return inputs;
}

class Sha256Chain : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(51);
    message_ = test::random_bytes(300, rng);  // 5 blocks once padded
    blocks_ = padded(message_);
    auto proved = prove_chain(sha256(), 5, sha256_iv(), blocks_);
    ASSERT_TRUE(proved) << proved.error().message;
    proved_ = *proved;
  }
  Bytes message_, blocks_;
  Proved proved_;
};

TEST_F(Sha256Chain, TheTailIsTheHashLayersDigestAndTheProofVerifies) {
  const Digest32 digest = Sha256::digest(message_);
  EXPECT_EQ(proved_.outputs, Bytes(digest.begin(), digest.end()));
  EXPECT_TRUE(verify_chain(sha256(), 5, sha256_iv(), proved_.outputs, proved_.proof).ok());
}

TEST_F(Sha256Chain, OtherStatementsAreRejected) {
  Bytes tail = proved_.outputs;
  tail[7] ^= 0x10;
  expect_rejected(verify_chain(sha256(), 5, sha256_iv(), tail, proved_.proof), "another tail");
  Bytes head = sha256_iv();
  head[0] ^= 1;
  expect_rejected(verify_chain(sha256(), 5, head, proved_.outputs, proved_.proof), "another head");
  expect_rejected(verify_chain(sha256(), 6, sha256_iv(), proved_.outputs, proved_.proof),
                  "another count");
  expect_rejected(verify_chain(sha256(), 4, sha256_iv(), proved_.outputs, proved_.proof),
                  "a shorter chain");
  // Not a chain at all: the same proof as a batch whose outputs are the tail, five times.
  Bytes outputs;
  for (int i = 0; i < 5; ++i)
    outputs.insert(outputs.end(), proved_.outputs.begin(), proved_.outputs.end());
  expect_rejected(verify(sha256(), 5, outputs, proved_.proof), "read as unchained");
}

TEST_F(Sha256Chain, AlteredProofsAreRejected) {
  for (std::size_t at :
       {std::size_t{12}, std::size_t{200}, proved_.proof.size() / 2, proved_.proof.size() - 5}) {
    Bytes proof = proved_.proof;
    proof[at] ^= 0x04;
    const Status verdict = verify_chain(sha256(), 5, sha256_iv(), proved_.outputs, proof);
    EXPECT_FALSE(verdict.ok()) << "byte " << at;
  }
}

TEST_F(Sha256Chain, ABrokenLinkIsRejected) {
  // Instance 3 starts from instance 1's chaining value instead of instance 2's output: every
  // instance is a true compression, only one link is false.
  std::vector<Bytes> inputs = honest_inputs(blocks_);
  std::copy_n(inputs[1].begin(), 32, inputs[3].begin());
  Bytes out(32);
  const Words z3 = test::witness_of(sha256(), inputs[3]);
  sha256().output(z3, out);
  std::copy(out.begin(), out.end(), inputs[4].begin());
  const Built built = build_chain(sha256(), inputs);
  auto proof = detail::prove_chain_bits(sha256(), 5, built.z, sha256_iv(), built.last_output);
  ASSERT_TRUE(proof) << proof.error().message;
  expect_rejected(verify_chain(sha256(), 5, sha256_iv(), built.last_output, *proof), "broken link");
}

TEST_F(Sha256Chain, ReorderedInstancesAreRejected) {
  std::vector<Bytes> inputs = honest_inputs(blocks_);
  std::swap(inputs[1], inputs[2]);
  const Built built = build_chain(sha256(), inputs);
  auto proof = detail::prove_chain_bits(sha256(), 5, built.z, sha256_iv(), built.last_output);
  ASSERT_TRUE(proof) << proof.error().message;
  expect_rejected(verify_chain(sha256(), 5, sha256_iv(), built.last_output, *proof), "reordered");
}

TEST_F(Sha256Chain, AnotherHeadOrTailThanTheCommittedOnesIsRejected) {
  std::vector<Bytes> inputs = honest_inputs(blocks_);
  const Built honest = build_chain(sha256(), inputs);
  Bytes head = sha256_iv();
  head[31] ^= 0x80;  // claimed, while z starts from the IV
  auto proof = detail::prove_chain_bits(sha256(), 5, honest.z, head, honest.last_output);
  ASSERT_TRUE(proof);
  expect_rejected(verify_chain(sha256(), 5, head, honest.last_output, *proof), "false head");
  Bytes tail = honest.last_output;
  tail[0] ^= 1;
  proof = detail::prove_chain_bits(sha256(), 5, honest.z, sha256_iv(), tail);
  ASSERT_TRUE(proof);
  expect_rejected(verify_chain(sha256(), 5, sha256_iv(), tail, *proof), "false tail");
}

// A prover with a broken link that balances the sumcheck by changing the link weights (the
// first input's weight takes up the difference): every round then checks, and the verifier's own
// evaluation of the weights is what rejects it.
TEST_F(Sha256Chain, LinkWeightsThatAreNotTheStatementsAreRejected) {
  std::vector<Bytes> inputs = honest_inputs(blocks_);
  std::copy_n(inputs[0].begin(), 32, inputs[2].begin());  // instance 2 restarts from the IV
  Bytes out(32);
  for (std::size_t i = 2; i + 1 < inputs.size(); ++i) {
    sha256().output(test::witness_of(sha256(), inputs[i]), out);
    std::copy(out.begin(), out.end(), inputs[i + 1].begin());
  }
  const Built built = build_chain(sha256(), inputs);
  const detail::AlterLinks balance = [](detail::LinkColumns& c) {
    B128 total;
    for (std::size_t i = 0; i < c.outputs.size(); ++i) {
      total += c.outputs[i] * c.to_output[i] + c.inputs[i] * c.to_input[i];
    }
    ASSERT_NE(total, c.sum);  // the link is broken
    c.to_input[0] += (c.sum + total) * c.inputs[0].inverse();
  };
  auto proof = detail::prove_chain_bits(sha256(), 5, built.z, sha256_iv(), built.last_output,
                                        nullptr, detail::WitnessCheck::skip, balance);
  ASSERT_TRUE(proof) << proof.error().message;
  const Status verdict = verify_chain(sha256(), 5, sha256_iv(), built.last_output, *proof);
  ASSERT_FALSE(verdict.ok());
  EXPECT_NE(verdict.error().message.find("link weights disagree"), std::string::npos)
      << verdict.error().message;
}

/// BLAKE3's IV as the chain's head (the paper's IV, little-endian words).
Bytes blake3_iv() {
  return merkleforge::test::hex_bytes(
      "67e6096a85ae67bb72f36e3c3af54fa57f520e518c68059babd9831f19cde05b");
}

/// A one-chunk message (at most 1,024 bytes) as a chain of BLAKE3 compressions: per block, the
/// block, counter 0 (chunk 0), its length and its flags (CHUNK_START on the first, CHUNK_END |
/// ROOT on the last). Returns the chain inputs after the chaining value, and the block count.
std::pair<Bytes, std::size_t> chunk_chain(ByteSpan message) {
  const std::size_t blocks = std::max<std::size_t>(1, (message.size() + 63) / 64);
  Bytes rest;
  for (std::size_t j = 0; j < blocks; ++j) {
    Bytes block(64);
    const std::size_t size = std::min<std::size_t>(64, message.size() - 64 * j);
    std::copy_n(message.begin() + 64 * j, size, block.begin());
    rest.insert(rest.end(), block.begin(), block.end());
    rest.resize(rest.size() + 8);
    const std::uint8_t flags = (j == 0 ? 1 : 0) | (j + 1 == blocks ? 2 | 8 : 0);
    for (const std::uint8_t byte :
         {static_cast<std::uint8_t>(size), std::uint8_t{0}, std::uint8_t{0}, std::uint8_t{0}, flags,
          std::uint8_t{0}, std::uint8_t{0}, std::uint8_t{0}}) {
      rest.push_back(byte);
    }
  }
  return {rest, blocks};
}

TEST(BooleanChain, ABlake3ChunkIsThePublishedDigest) {
  const auto json = merkleforge::test::load_vectors("hash/blake3_test_vectors.json");
  for (const std::size_t length : {std::size_t{1023}, std::size_t{1024}}) {
    Bytes message(length);
    for (std::size_t i = 0; i < length; ++i) message[i] = static_cast<std::uint8_t>(i % 251);
    const auto [rest, blocks] = chunk_chain(message);
    auto proved = prove_chain(blake3_circuit(), blocks, blake3_iv(), rest);
    ASSERT_TRUE(proved) << proved.error().message;
    std::string expected;
    for (const auto& c : json.at("cases")) {
      if (c.at("input_len").get<std::size_t>() == length) expected = c.at("hash");
    }
    EXPECT_EQ(proved->outputs, merkleforge::test::hex_bytes(expected.substr(0, 64))) << length;
    EXPECT_TRUE(
        verify_chain(blake3_circuit(), blocks, blake3_iv(), proved->outputs, proved->proof).ok());
  }
}

/// b3sum's digest of `message` (Debian's b3sum, the peer the hash layer is also checked against).
Bytes b3sum_of(ByteSpan message) {
  const merkleforge::test::TempDir dir("boolean-b3sum");
  const std::filesystem::path file = dir.path() / "message";
  std::ofstream(file, std::ios::binary)
      .write(reinterpret_cast<const char*>(message.data()),
             static_cast<std::streamsize>(message.size()));
  FILE* pipe = popen(("b3sum --no-names '" + file.string() + "'").c_str(), "r");
  if (pipe == nullptr) return {};
  char hex[65] = {};
  const std::size_t read = std::fread(hex, 1, 64, pipe);
  pclose(pipe);
  return read == 64 ? merkleforge::test::hex_bytes(hex) : Bytes{};
}

// A random 1,000-byte message (one chunk of 16 blocks) proved as a chain: its tail is b3sum's
// digest.
TEST(BooleanChain, ABlake3ChunkIsB3sumsDigest) {
  std::mt19937_64 rng(52);
  const Bytes message = test::random_bytes(1000, rng);
  const auto [rest, blocks] = chunk_chain(message);
  auto proved = prove_chain(blake3_circuit(), blocks, blake3_iv(), rest);
  ASSERT_TRUE(proved) << proved.error().message;
  const Bytes peer = b3sum_of(message);
  ASSERT_EQ(peer.size(), 32u) << "b3sum did not run";
  EXPECT_EQ(proved->outputs, peer);
  EXPECT_TRUE(verify_chain(blake3_circuit(), blocks, blake3_iv(), peer, proved->proof).ok());
}

TEST(BooleanChain, OneInstanceIsAChainToo) {
  const Bytes blocks = padded(Bytes{'a', 'b', 'c'});
  auto proved = prove_chain(sha256(), 1, sha256_iv(), blocks);
  ASSERT_TRUE(proved) << proved.error().message;
  EXPECT_EQ(proved->outputs,
            merkleforge::test::hex_bytes(
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));  // FIPS 180-2
  EXPECT_TRUE(verify_chain(sha256(), 1, sha256_iv(), proved->outputs, proved->proof).ok());
}

TEST(BooleanChain, WrongArgumentsAreErrors) {
  const Bytes blocks(128), iv = sha256_iv();
  EXPECT_EQ(prove_chain(sha256(), 2, iv, ByteSpan(blocks).first(100)).error().code,
            Errc::wrong_size);
  EXPECT_EQ(prove_chain(sha256(), 2, ByteSpan(iv).first(31), blocks).error().code,
            Errc::invalid_argument);
  // The hand-written SHA-256 commits its words' bits in value order, not as its outputs: its
  // links could not compare bit for bit, and it is refused.
  auto refused = prove_chain(sha256_circuit(), 2, iv, blocks);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("cannot be chained"), std::string::npos);
  EXPECT_EQ(verify_chain(keccakf_circuit(), 2, Bytes(200), Bytes(200), Bytes(10)).error().code,
            Errc::invalid_argument);
  EXPECT_EQ(verify_chain(sha256(), 0, iv, iv, Bytes(10)).error().code, Errc::invalid_argument);
  EXPECT_EQ(verify_chain(sha256(), 2, iv, iv, Bytes(3)).error().code, Errc::malformed_input);
}

}  // namespace
}  // namespace merkleforge::boolean
