// The execution witnesses of the Kaustinen testnet in tests/vectors (rust-verkle's Java-binding
// tests), with their pre-state roots and whether each is valid.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/witness.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {

struct WitnessCase {
  ExecutionWitness witness;
  Point32 pre_state_root;
  bool expected_valid;
};

inline std::vector<WitnessCase> witness_cases() {
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

}  // namespace merkleforge::verkle
