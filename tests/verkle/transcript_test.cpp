// Fiat–Shamir transcript: replays go-ipa's TestVector0..4 (tests/vectors/verkle/transcript.json).
#include "merkleforge/verkle/transcript.hpp"

#include <gtest/gtest.h>

#include <string>

#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

Fr scalar_argument(const std::string& text) {
  if (text == "r-1") return -Fr::one();
  return Fr::from_u64(std::stoull(text));
}

/// Runs the operations of one vector; returns the challenges in order.
std::vector<std::string> replay(const nlohmann::json& vector) {
  Transcript transcript(vector.at("init_label").get<std::string>());
  std::vector<std::string> challenges;
  for (const auto& op : vector.at("ops")) {
    const auto name = op.at(0).get<std::string>();
    const auto label = op.at(1).get<std::string>();
    if (name == "challenge") {
      challenges.push_back(to_hex(transcript.challenge_scalar(label).to_bytes_le()));
    } else if (name == "append_scalar") {
      transcript.append_scalar(label, scalar_argument(op.at(2).get<std::string>()));
    } else if (name == "append_point") {
      EXPECT_EQ(op.at(2).get<std::string>(), "G");
      transcript.append_point(label, Element::generator());
    } else if (name == "domain_sep") {
      transcript.domain_separator(label);
    } else {
      ADD_FAILURE() << "unknown transcript operation " << name;
    }
  }
  return challenges;
}

TEST(VerkleTranscript, GoIpaVectors) {
  const auto vectors = test::load_vectors("verkle/transcript.json").at("vectors");
  ASSERT_EQ(vectors.size(), 5u);
  for (const auto& vector : vectors) {
    SCOPED_TRACE(vector.at("name").get<std::string>());
    const std::vector<std::string> challenges = replay(vector);
    if (vector.contains("challenges_le")) {
      EXPECT_EQ(challenges, vector.at("challenges_le").get<std::vector<std::string>>());
      ASSERT_EQ(challenges.size(), 2u);
      EXPECT_NE(challenges[0], challenges[1]);
    } else {
      ASSERT_EQ(challenges.size(), 1u);
      EXPECT_EQ(challenges[0], vector.at("challenge_le").get<std::string>());
    }
  }
}

TEST(VerkleTranscript, LabelsAndOrderMatter) {
  Transcript a("p"), b("p"), c("p");
  a.append_scalar("x", Fr::from_u64(1));
  b.append_scalar("y", Fr::from_u64(1));
  c.append_scalar("x", Fr::from_u64(2));
  const Fr ca = a.challenge_scalar("c");
  EXPECT_FALSE(ca == b.challenge_scalar("c"));
  EXPECT_FALSE(ca == c.challenge_scalar("c"));
}

}  // namespace
}  // namespace merkleforge::verkle
