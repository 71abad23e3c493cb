// `mforge bintrie` and `mforge state-root --tree binary` against go-ethereum's values
// (tests/vectors/bintrie, core/genesis_test.go).
#include <gtest/gtest.h>

#include <fstream>

#include "cli_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "support/vectors.hpp"

namespace merkleforge::test {
namespace {

const nlohmann::json& bintrie_vectors() {
  static const nlohmann::json json = load_vectors("bintrie/bintrie_vectors.json");
  return json;
}

TEST(BintrieCli, RootsOfTheUpstreamCases) {
  for (const char* group : {"upstream", "upstream_heights"}) {
    for (const nlohmann::json& c : bintrie_vectors()[group]) {
      const nlohmann::json document = {{"entries", c["entries"]}};
      const auto result = run_mforge("bintrie root -", document.dump());
      EXPECT_EQ(result.exit_code, 0) << result.err;
      EXPECT_EQ(result.out, c["expected_root"].get<std::string>() + "\n")
          << c["test"].get<std::string>();
    }
  }
}

TEST(BintrieCli, KeysOfTheDerivedVectors) {
  for (const nlohmann::json& v : bintrie_vectors()["derived_keys"]) {
    const auto result = run_mforge("bintrie key " + v["address"].get<std::string>() + " " +
                                   v["tree_index"].get<std::string>() + " " +
                                   std::to_string(v["sub_index"].get<int>()));
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, v["key"].get<std::string>() + "\n");
  }
}

TEST(BintrieCli, EipTextVariant) {
  // The EIP text's key: BLAKE3(12 zero bytes ‖ address ‖ tree index little-endian)[0:31] ‖ sub.
  std::array<std::uint8_t, 64> message{};
  message[12 + 19] = 0x01;  // address 00…01
  message[32] = 0x05;       // tree index 5, little-endian
  Digest32 expected = Blake3::digest(message);
  expected[31] = 7;
  const auto key =
      run_mforge("bintrie key --variant eip 0000000000000000000000000000000000000001 5 7");
  EXPECT_EQ(key.exit_code, 0) << key.err;
  EXPECT_EQ(key.out, to_hex(expected) + "\n");
  // One entry at key 0: H(stem ‖ 0 ‖ r), r = eight levels of H(x ‖ 0) over H(value), in BLAKE3.
  Digest32 value{};
  value[0] = 1;
  Digest32 node = Blake3::digest(value);
  for (int level = 0; level < 8; ++level) {
    std::array<std::uint8_t, 64> pair{};
    std::copy(node.begin(), node.end(), pair.begin());
    node = Blake3::digest(pair);
  }
  std::array<std::uint8_t, 64> stem_message{};
  std::copy(node.begin(), node.end(), stem_message.begin() + 32);
  nlohmann::json document;
  document["entries"] =
      nlohmann::json::array({nlohmann::json::array({std::string(64, '0'), to_hex(value)})});
  const auto root = run_mforge("bintrie root --variant eip -", document.dump());
  EXPECT_EQ(root.exit_code, 0) << root.err;
  EXPECT_EQ(root.out, to_hex(Blake3::digest(stem_message)) + "\n");
  EXPECT_EQ(run_mforge("bintrie root --variant keccak -", document.dump()).exit_code, 2);
}

TEST(BintrieCli, ProveThenVerify) {
  const nlohmann::json& c = bintrie_vectors()["upstream_heights"][4];  // 256 entries
  const std::string file = ::testing::TempDir() + "bintrie_cli_tree.json";
  std::ofstream(file) << nlohmann::json{{"entries", c["entries"]}}.dump();
  const std::string present = c["entries"][5][0];
  const std::string value = c["entries"][5][1];
  std::string absent = present;
  absent.back() = '1';  // an absent slot of a present stem
  const std::string keys = present + "," + absent;
  const auto proof = run_mforge("bintrie prove '" + file + "' --keys " + keys);
  ASSERT_EQ(proof.exit_code, 0) << proof.err;
  const std::string root = c["expected_root"];
  const auto verified =
      run_mforge("bintrie verify - --root " + root + " --keys " + keys, proof.out);
  EXPECT_EQ(verified.exit_code, 0) << verified.err;
  EXPECT_EQ(verified.out, present + " " + value + "\n" + absent + " absent\n");
  const std::string other_root = bintrie_vectors()["upstream"][0]["expected_root"];
  EXPECT_EQ(
      run_mforge("bintrie verify - --root " + other_root + " --keys " + keys, proof.out).exit_code,
      1);
  std::string altered = proof.out;
  altered[2] = altered[2] == '0' ? '1' : '0';
  EXPECT_NE(run_mforge("bintrie verify - --root " + root + " --keys " + keys, altered).exit_code,
            0);
  EXPECT_EQ(run_mforge("bintrie verify - --root " + root + " --keys " + keys, "zz").exit_code, 2);
}

TEST(BintrieCli, BadInputIsAUsageError) {
  EXPECT_EQ(run_mforge("bintrie root -", "{\"entries\": [[\"00\", \"01\"]]}").exit_code, 2);
  EXPECT_EQ(run_mforge("bintrie root -", "[]").exit_code, 2);
  EXPECT_EQ(run_mforge("bintrie key 00 0 0").exit_code, 2);
  EXPECT_EQ(run_mforge("bintrie key 0000000000000000000000000000000000000000 x 0").exit_code, 2);
}

TEST(BintrieCli, StateRootOfGethsBinaryGenesis) {
  // go-ethereum core/genesis_test.go TestBinaryGenesisCommit @ 02b73d4ea718.
  const std::string genesis = R"({"alloc": {"0x0100000000000000000000000000000000000000":
      {"balance": "1", "storage": {
        "0x0100000000000000000000000000000000000000000000000000000000000000":
        "0x0100000000000000000000000000000000000000000000000000000000000000"}}}})";
  const auto result = run_mforge("state-root --tree binary -", genesis);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "0x0870fd587c41dc778019de8c5cb3193fe4ef1f417976461952d3712ba39163f5\n");
}

}  // namespace
}  // namespace merkleforge::test
