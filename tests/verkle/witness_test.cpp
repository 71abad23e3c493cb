// Execution witnesses of the Kaustinen testnet (rust-verkle's Java-binding tests): the valid ones
// verify against their pre-state roots, the altered one does not, and no change to a witness
// makes it verify or crash.
#include "merkleforge/verkle/witness.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"
#include "witness_cases.hpp"

namespace merkleforge::verkle {
namespace {

TEST(VerkleWitness, KaustinenWitnessesVerifyOrAreRejected) {
  const auto cases = witness_cases();
  ASSERT_EQ(cases.size(), 3u);
  for (const WitnessCase& c : cases) {
    const Status result = verify_execution_witness(c.witness, c.pre_state_root);
    EXPECT_EQ(result.ok(), c.expected_valid) << (result.ok() ? "" : result.error().message);
    // The altered witness is well formed: it is its proof that fails.
    if (!result.ok()) {
      EXPECT_EQ(result.error().code, Errc::corrupt_data) << result.error().message;
    }
  }
}

TEST(VerkleWitness, AnotherRootOrAlteredValuesFail) {
  const auto cases = witness_cases();
  ASSERT_FALSE(cases.empty());
  const WitnessCase& valid = cases[1];  // block 72: 65 openings
  ASSERT_TRUE(valid.expected_valid);
  EXPECT_FALSE(verify_execution_witness(valid.witness, cases[0].pre_state_root).ok());

  std::mt19937 rng(3);
  for (int round = 0; round < 40; ++round) {
    ExecutionWitness altered = valid.witness;
    auto& stem_diff = altered.state_diff[rng() % altered.state_diff.size()];
    auto& suffix_diff = stem_diff.suffix_diffs[rng() % stem_diff.suffix_diffs.size()];
    switch (round % 4) {
      case 0:
        if (suffix_diff.current_value) {
          (*suffix_diff.current_value)[rng() % 32] ^= static_cast<std::uint8_t>(1 + rng() % 255);
        } else {
          suffix_diff.current_value = Digest32{};  // absent claimed present (as zero)
        }
        break;
      case 1:
        suffix_diff.suffix = static_cast<std::uint8_t>(suffix_diff.suffix + 1 + rng() % 255);
        break;
      case 2:
        altered.verkle_proof
            .depth_extension_present[rng() % altered.verkle_proof.depth_extension_present.size()] ^=
            static_cast<std::uint8_t>(1 + rng() % 255);
        break;
      default:
        altered.verkle_proof.d[rng() % 32] ^= static_cast<std::uint8_t>(1 + rng() % 255);
        break;
    }
    EXPECT_FALSE(verify_execution_witness(altered, valid.pre_state_root).ok()) << "round " << round;
  }
}

/// The witness with every new_value cleared: what verify_execution_witness checks.
ExecutionWitness without_new_values(ExecutionWitness witness) {
  for (auto& stem : witness.state_diff)
    for (auto& suffix : stem.suffix_diffs) suffix.new_value.reset();
  return witness;
}

TEST(VerkleWitness, TruncatedAndMutatedJsonNeverCrashes) {
  // The fuzz target's property (fuzz/verkle_witness_fuzz.cpp) on mutations of a real witness.
  std::ifstream file(test::vectors_dir() / "verkle" / "rust-verkle-java" / "valid_block_1.json");
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string original = buffer.str();
  const WitnessCase block_1 = witness_cases().at(0);
  const Point32 root = block_1.pre_state_root;
  const std::string original_prestate = to_json(without_new_values(block_1.witness));
  std::mt19937 rng(4);
  int parsed = 0;
  for (int round = 0; round < 300; ++round) {
    std::string text = original;
    if (round % 3 == 0) {
      text.resize(rng() % text.size());
    } else {
      for (int flips = 0; flips < 3; ++flips)
        text[rng() % text.size()] = "0123456789abcdef\"]{},:x"[rng() % 24];
    }
    if (const auto witness = parse_execution_witness(text)) {
      ++parsed;
      // A witness that still verifies must claim the original pre-state with the original proof;
      // only the post-state values (new_value), which the proof does not bind, may differ.
      if (verify_execution_witness(*witness, root).ok()) {
        EXPECT_EQ(to_json(without_new_values(*witness)), original_prestate) << "round " << round;
      }
    }
  }
  EXPECT_GT(parsed, 0);  // some mutations keep the JSON well formed and reach the verifier
}

TEST(VerkleWitness, KaustinenWitnessesSurviveOurJson) {
  for (const WitnessCase& c : witness_cases()) {
    const auto again = parse_execution_witness(to_json(c.witness));
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(verify_execution_witness(*again, c.pre_state_root).ok(), c.expected_valid);
    EXPECT_EQ(to_json(*again), to_json(c.witness));
  }
}

// A trie whose keys exercise every kind of claim: values present, absent inside a present stem
// (in both halves), absent where another stem sits, absent below an empty slot, deep paths.
TEST(VerkleWitness, ProofsOfOurTrieVerify) {
  std::mt19937_64 rng(21);
  VerkleTrie trie;
  std::vector<TreeKey> present;
  for (int i = 0; i < 300; ++i) {
    TreeKey key{};
    for (auto& byte : key) byte = static_cast<std::uint8_t>(rng());
    if (i % 5 == 0) key[0] = key[1] = key[2] = 0x77;  // a cluster with internal nodes in depth
    Digest32 value;
    for (auto& byte : value) byte = static_cast<std::uint8_t>(rng());
    trie.insert(key, value);
    present.push_back(key);
  }
  const Point32 root = trie.root();
  for (int round = 0; round < 8; ++round) {
    std::vector<TreeKey> keys;
    for (int k = 0; k < 1 + round * 3; ++k) {
      TreeKey key = present[rng() % present.size()];
      switch (rng() % 5) {
        case 0:
          key[31] ^= 0x80;
          break;  // absent, other half
        case 1:
          key[31] ^= 0x01;
          break;  // absent, same half
        case 2:
          key[30] ^= 0x01;
          break;  // other stem at the path
        case 3:
          key[0] = static_cast<std::uint8_t>(rng());
          key[5] ^= 1;
          break;  // often empty
        default:
          break;  // present
      }
      keys.push_back(key);
    }
    const auto witness = prove_keys(trie, keys);
    ASSERT_TRUE(witness.ok()) << witness.error().message;
    const Status verified = verify_execution_witness(*witness, root);
    EXPECT_TRUE(verified.ok()) << "round " << round << ": " << verified.error().message;
    for (const TreeKey& key : keys) {  // the witness states the trie's values
      bool found = false;
      for (const auto& diff : witness->state_diff) {
        if (!std::equal(diff.stem.begin(), diff.stem.end(), key.begin())) continue;
        for (const auto& suffix : diff.suffix_diffs) {
          if (suffix.suffix == key[31]) {
            found = true;
            EXPECT_EQ(suffix.current_value, trie.get(key));
          }
        }
      }
      EXPECT_TRUE(found);
    }
    const auto reparsed = parse_execution_witness(to_json(*witness));
    ASSERT_TRUE(reparsed.ok());
    EXPECT_TRUE(verify_execution_witness(*reparsed, root).ok());
    ExecutionWitness lying = *witness;
    auto& claim = lying.state_diff.front().suffix_diffs.front();
    claim.current_value = claim.current_value ? std::nullopt : std::optional<Digest32>(Digest32{});
    EXPECT_FALSE(verify_execution_witness(lying, root).ok());
  }
  EXPECT_FALSE(prove_keys(trie, {}).ok());
}

TEST(VerkleWitness, MalformedJsonIsAnError) {
  for (const char* text :
       {"", "[]", "{}", R"({"stateDiff": 1})",
        R"({"stateDiff": [{"stem": "0x00"}], "verkleProof": {}})",
        R"({"stateDiff": [], "verkleProof": {"otherStems": [], "depthExtensionPresent": "0x",
                               "commitmentsByPath": [], "d": "0x00", "ipaProof": {}}})"}) {
    EXPECT_FALSE(parse_execution_witness(text).ok()) << text;
  }
}

}  // namespace
}  // namespace merkleforge::verkle
