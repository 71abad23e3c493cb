// `mforge verkle` against the published Verkle vectors (tests/vectors/verkle).
#include <gtest/gtest.h>

#include <fstream>

#include "cli_support.hpp"
#include "support/vectors.hpp"

namespace merkleforge::test {
namespace {

TEST(VerkleCli, RootsOfTheTrieVectors) {
  const nlohmann::json vectors = load_vectors("verkle/trie_roots.json");
  for (const nlohmann::json& vector : vectors["cases"]) {
    nlohmann::json document = nlohmann::json::object();
    for (const nlohmann::json& entry : vector["entries"]) document[entry[0]] = entry[1];
    if (document.size() != vector["entries"].size()) continue;  // a key written twice
    const auto result = run_mforge("verkle root -", document.dump());
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, vector["root_commitment"].get<std::string>() + "\n")
        << vector["name"].get<std::string>();
  }
}

TEST(VerkleCli, TreeKeyOfTheZeroAddress) {
  // rust-verkle smoke_test_address_zero: pedersen_hash(64 zero bytes), the key is its first 31
  // bytes and the sub-index.
  const auto result = run_mforge("verkle tree-key 0000000000000000000000000000000000000000 0 0");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "1a100684fd68185060405f3f160e4bb6e034194336b547bdae323f888d533200\n");
}

TEST(VerkleCli, KaustinenWitnessesVerifyOrFail) {
  const nlohmann::json index =
      load_vectors("verkle/rust-verkle-java/execution_witness_prestate_roots.json");
  for (const nlohmann::json& entry : index["witnesses"]) {
    const auto path =
        vectors_dir() / "verkle" / "rust-verkle-java" / entry["file"].get<std::string>();
    const auto result = run_mforge("verkle verify-witness '" + path.string() + "' --root " +
                                   entry["pre_state_root"].get<std::string>());
    EXPECT_EQ(result.exit_code, entry["expected_valid"].get<bool>() ? 0 : 1)
        << result.out << result.err;
  }
}

TEST(VerkleCli, ProveThenVerifyAWitness) {
  const nlohmann::json vectors = load_vectors("verkle/trie_roots.json");
  const nlohmann::json& vector = vectors["cases"][3];  // five keys of one stem
  nlohmann::json document = nlohmann::json::object();
  for (const nlohmann::json& entry : vector["entries"]) document[entry[0]] = entry[1];
  const std::string file = ::testing::TempDir() + "verkle_cli_trie.json";
  std::ofstream(file) << document.dump();
  const std::string present = vector["entries"][1][0];
  std::string absent = present;
  absent.back() = '9';  // suffix 0x09: absent in a present stem
  const auto proof = run_mforge("verkle prove '" + file + "' --keys " + present + "," + absent);
  ASSERT_EQ(proof.exit_code, 0) << proof.err;
  const std::string root = vector["root_commitment"];
  EXPECT_EQ(run_mforge("verkle verify-witness - --root " + root, proof.out).exit_code, 0);
  const std::string other_root = vectors["cases"][1]["root_commitment"];
  EXPECT_EQ(run_mforge("verkle verify-witness - --root " + other_root, proof.out).exit_code, 1);
  EXPECT_EQ(run_mforge("verkle verify-witness - --root " + root, "{}").exit_code, 2);
  EXPECT_EQ(run_mforge("verkle prove '" + file + "' --keys 00").exit_code, 2);

  const auto ssz =
      run_mforge("verkle prove '" + file + "' --format ssz --keys " + present + "," + absent);
  ASSERT_EQ(ssz.exit_code, 0) << ssz.err;
  EXPECT_EQ(ssz.out.rfind("0x", 0), 0u);
  EXPECT_EQ(run_mforge("verkle verify-witness - --root " + root, ssz.out).exit_code, 0);
  EXPECT_EQ(run_mforge("verkle verify-witness - --root " + other_root, ssz.out).exit_code, 1);
  EXPECT_EQ(run_mforge("verkle verify-witness - --root " + root, ssz.out.substr(0, 40)).exit_code,
            2);
}

TEST(VerkleCli, BadInputIsAUsageError) {
  EXPECT_EQ(run_mforge("verkle root -", "[1, 2]").exit_code, 2);
  EXPECT_EQ(run_mforge("verkle root -", R"({"00": "00"})").exit_code, 2);
  EXPECT_EQ(run_mforge("verkle root /nonexistent/file.json").exit_code, 3);
  EXPECT_EQ(run_mforge("verkle tree-key 00 0 0").exit_code, 2);
  EXPECT_EQ(run_mforge("verkle tree-key 0000000000000000000000000000000000000000 x 0").exit_code,
            2);
  EXPECT_NE(run_mforge("verkle tree-key 0000000000000000000000000000000000000000 0 256").exit_code,
            0);
}

}  // namespace
}  // namespace merkleforge::test
