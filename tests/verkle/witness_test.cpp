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

namespace merkleforge::verkle {
namespace {

struct WitnessCase {
  ExecutionWitness witness;
  Point32 pre_state_root;
  bool expected_valid;
};

std::vector<WitnessCase> witness_cases() {
  const auto dir = test::vectors_dir() / "verkle" / "rust-verkle-java";
  const nlohmann::json index =
      test::load_vectors("verkle/rust-verkle-java/execution_witness_prestate_roots.json");
  std::vector<WitnessCase> cases;
  for (const auto& entry : index["witnesses"]) {
    std::ifstream file(dir / entry["file"].get<std::string>());
    std::stringstream text;
    text << file.rdbuf();
    Result<ExecutionWitness> witness = parse_execution_witness(text.str());
    EXPECT_TRUE(witness.ok()) << entry["file"] << ": " << witness.error().message;
    if (!witness) continue;
    const Digest32 root = digest_from_hex(entry["pre_state_root"].get<std::string>()).value();
    cases.push_back({std::move(*witness), root, entry["expected_valid"].get<bool>()});
  }
  return cases;
}

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

TEST(VerkleWitness, TruncatedAndMutatedJsonNeverCrashes) {
  // The fuzz target's property (fuzz/verkle_witness_fuzz.cpp) on mutations of a real witness.
  std::ifstream file(test::vectors_dir() / "verkle" / "rust-verkle-java" / "valid_block_1.json");
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string original = buffer.str();
  const Point32 root = witness_cases().at(0).pre_state_root;
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
      (void)verify_execution_witness(*witness, root);
    }
  }
  EXPECT_GT(parsed, 0);  // some mutations keep the JSON well formed and reach the verifier
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
