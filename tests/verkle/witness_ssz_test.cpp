// The SSZ form of execution witnesses, checked against @chainsafe/ssz (Lodestar's SSZ library,
// through tests/peers/verkle_witness_ssz.mjs) with the containers of consensus-specs EIP-6800:
// the same witnesses give the same bytes, each side decodes the other's, and for mutated bytes
// both decoders accept or reject alike.
#include <gtest/gtest.h>

#include <random>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/witness.hpp"
#include "support/node_peer.hpp"
#include "witness_cases.hpp"

namespace merkleforge::verkle {
namespace {

constexpr const char* kPeerScript = "verkle_witness_ssz.mjs";

/// The Kaustinen witnesses, and one of our trie's with absent values and other stems (which the
/// Kaustinen ones lack) and new values set.
std::vector<ExecutionWitness> sample_witnesses() {
  std::vector<ExecutionWitness> witnesses;
  for (WitnessCase& c : witness_cases()) witnesses.push_back(std::move(c.witness));
  std::mt19937_64 rng(5);
  VerkleTrie trie;
  std::vector<TreeKey> keys;
  for (int i = 0; i < 64; ++i) {
    TreeKey key{};
    for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    trie.insert(key, Digest32{static_cast<std::uint8_t>(i)});
    // Odd ones: a stem that differs in its last byte, proven absent by the present one, which
    // the witness then lists in other_stems.
    if (i % 2 == 1) key[30] ^= 1;
    keys.push_back(key);
  }
  Result<ExecutionWitness> ours = prove_keys(trie, keys);
  EXPECT_TRUE(ours.ok());
  ours->state_diff.front().suffix_diffs.front().new_value = Digest32{0x42};
  witnesses.push_back(std::move(*ours));
  return witnesses;
}

TEST(VerkleWitnessSsz, SameBytesAsChainSafeSszBothWays) {
  const std::vector<ExecutionWitness> witnesses = sample_witnesses();
  ASSERT_GE(witnesses.size(), 4u);
  ASSERT_FALSE(witnesses.back().verkle_proof.other_stems.empty());
  nlohmann::json request{{"encode", nlohmann::json::array()}};
  for (const ExecutionWitness& w : witnesses)
    request["encode"].push_back(nlohmann::json::parse(to_json(w)));
  const nlohmann::json reply = test::run_node_peer(kPeerScript, request);
  ASSERT_EQ(reply["encoded"].size(), witnesses.size());
  for (std::size_t i = 0; i < witnesses.size(); ++i) {
    const Bytes ours = to_ssz(witnesses[i]);
    EXPECT_EQ(to_hex(ours), reply["encoded"][i].get<std::string>()) << "witness " << i;
    const Result<Bytes> theirs = from_hex(reply["encoded"][i].get<std::string>());
    ASSERT_TRUE(theirs.ok());
    const Result<ExecutionWitness> decoded = parse_execution_witness_ssz(*theirs);
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(to_json(*decoded), to_json(witnesses[i]));
  }
}

TEST(VerkleWitnessSsz, DecodedWitnessesVerify) {
  for (const WitnessCase& c : witness_cases()) {
    const Result<ExecutionWitness> decoded = parse_execution_witness_ssz(to_ssz(c.witness));
    ASSERT_TRUE(decoded.ok()) << decoded.error().message;
    EXPECT_EQ(verify_execution_witness(*decoded, c.pre_state_root).ok(), c.expected_valid);
  }
}

Bytes mutate(const Bytes& original, std::mt19937& rng) {
  Bytes bytes = original;
  switch (rng() % 4) {
    case 0:
      bytes.resize(rng() % bytes.size());
      break;
    case 1:
      bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(rng() % bytes.size()),
                   static_cast<std::uint8_t>(rng()));
      break;
    case 2:  // the offsets and selectors sit among the first bytes of each part
      bytes[rng() % std::min<std::size_t>(bytes.size(), 64)] ^=
          static_cast<std::uint8_t>(1 << rng() % 8);
      break;
    default:
      bytes[rng() % bytes.size()] = static_cast<std::uint8_t>(rng());
      break;
  }
  return bytes;
}

// Acceptance must agree with the peer's decoder, what both accept must decode alike, and what we
// accept must be canonical (encode back to the same bytes; the fuzz target's property).
TEST(VerkleWitnessSsz, MutatedBytesDecodeLikeChainSafe) {
  const ExecutionWitness witness = sample_witnesses().back();
  const Bytes original = to_ssz(witness);
  std::mt19937 rng(6);
  std::vector<Bytes> mutants;
  for (int i = 0; i < 400; ++i) mutants.push_back(mutate(original, rng));
  nlohmann::json request{{"decode", nlohmann::json::array()}};
  for (const Bytes& m : mutants) request["decode"].push_back(to_hex(m));
  const nlohmann::json reply = test::run_node_peer(kPeerScript, request);
  int accepted = 0;
  for (std::size_t i = 0; i < mutants.size(); ++i) {
    const Result<ExecutionWitness> ours = parse_execution_witness_ssz(mutants[i]);
    const nlohmann::json& theirs = reply["decoded"][i];
    ASSERT_EQ(ours.ok(), !theirs.contains("error"))
        << "mutant " << i << ": " << (ours.ok() ? theirs["error"].dump() : ours.error().message);
    if (!ours) {
      EXPECT_EQ(ours.error().code, Errc::malformed_input);
      continue;
    }
    ++accepted;
    EXPECT_EQ(to_ssz(*ours), mutants[i]) << "mutant " << i << " is not canonical";
    EXPECT_EQ(nlohmann::json::parse(to_json(*ours)), theirs) << "mutant " << i;
  }
  EXPECT_GT(accepted, 0);
  EXPECT_LT(accepted, static_cast<int>(mutants.size()));
}

TEST(VerkleWitnessSsz, MalformedBytesAreErrors) {
  for (const char* text : {"", "00", "0800000008000000", "0400000008000000", "ffffffff00000000"}) {
    EXPECT_FALSE(parse_execution_witness_ssz(from_hex(text).value()).ok()) << text;
  }
}

}  // namespace
}  // namespace merkleforge::verkle
