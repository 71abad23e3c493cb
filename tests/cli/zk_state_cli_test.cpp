// `mforge zk prove-state / verify-state / show-state`: reads of go-ethereum's own test trees
// (tests/vectors/bintrie: the root the proof is about is geth's), writes that complete them (the
// post-state root is geth's), inclusions in a log whose root is
// the binary tree's (tests/binary checks it against RFC 6962's vectors); altered proofs and
// statements are invalid (exit 1), bytes that are not a statement or proof and bad usage are
// malformed (exit 2).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>

#include "cli_support.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

class ZkStateCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("mf_zk_state_cli_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string read(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  static void write(const std::string& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
  }
  CommandOutput verify(const std::string& statement, const std::string& proof) {
    return run_mforge("zk verify-state --statement " + path(statement) + " --proof " + path(proof));
  }
  /// The named upstream case of the bintrie vectors.
  static nlohmann::json upstream(const std::string& name) {
    const nlohmann::json json = load_vectors("bintrie/bintrie_vectors.json");
    for (const auto& c : json["upstream"]) {
      if (c["test"] == name) return c;
    }
    ADD_FAILURE() << name;
    return {};
  }

 private:
  fs::path dir_;
};

TEST_F(ZkStateCli, ReadsOfGethsTreeProveAndVerify) {
  const nlohmann::json c = upstream("TestMerkleizeMultipleEntries");
  write(path("entries.json"), nlohmann::json({{"entries", c["entries"]}}).dump());
  // Key 0 holds 32 zero bytes (present); 40…0 is absent.
  const std::string zero = c["entries"][0][0], present = c["entries"][3][0];
  const std::string absent = "40" + std::string(62, '0');
  const auto proved = run_mforge("zk prove-state --tree bintrie --entries " + path("entries.json") +
                                 " --keys " + zero + "," + present + "," + absent + " --proof " +
                                 path("p") + " --statement " + path("s"));
  ASSERT_EQ(proved.exit_code, 0) << proved.err;
  const nlohmann::json summary = nlohmann::json::parse(proved.out);
  EXPECT_EQ(summary["root"], c["expected_root"]);
  EXPECT_EQ(summary["items"], 3);
  const auto ok = verify("s", "p");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "valid\n");
  const auto described =
      run_mforge("zk describe-state --statement " + path("s") + " --proof " + path("p"));
  ASSERT_EQ(described.exit_code, 0) << described.err;
  EXPECT_NE(described.out.find("sha256-pair"), std::string::npos) << described.out;
  EXPECT_NE(described.out.find("wiring"), std::string::npos) << described.out;
  const auto shown = run_mforge("zk show-state " + path("s"));
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const nlohmann::json statement = nlohmann::json::parse(shown.out);
  EXPECT_EQ(statement["tree"], "bintrie");
  EXPECT_EQ(statement["root"], c["expected_root"]);
  EXPECT_EQ(statement["reads"][0]["key"], zero);
  EXPECT_EQ(statement["reads"][0]["value"], c["entries"][0][1]);
  EXPECT_EQ(statement["reads"][1]["key"], absent);
  EXPECT_TRUE(statement["reads"][1]["value"].is_null());
  EXPECT_EQ(statement["reads"][2]["value"], c["entries"][3][1]);

  std::string s = read(path("s"));
  s[8] ^= 1;  // the root
  write(path("s2"), s);
  EXPECT_EQ(verify("s2", "p").exit_code, 1);
  s = read(path("s"));
  s[s.size() - 1] ^= 1;  // the last value
  write(path("s2"), s);
  EXPECT_EQ(verify("s2", "p").exit_code, 1);
  std::string p = read(path("p"));
  p[p.size() / 2] ^= 4;
  write(path("p2"), p);
  EXPECT_EQ(verify("s", "p2").exit_code, 1);
  write(path("junk"), "not a statement");
  EXPECT_EQ(verify("junk", "p").exit_code, 2);
  EXPECT_EQ(verify("s", "junk").exit_code, 2);
}

TEST_F(ZkStateCli, InclusionsInALogProveAndVerify) {
  std::mt19937_64 rng(9);
  std::vector<Digest32> leaves(300);
  std::string lines;
  for (auto& leaf : leaves) {
    for (auto& byte : leaf) byte = static_cast<std::uint8_t>(rng());
    lines += to_hex(leaf) + "\n";
  }
  write(path("leaves.txt"), lines);
  const auto proved = run_mforge("zk prove-state --tree rfc6962 --leaves " + path("leaves.txt") +
                                 " --indices 299,7,150 --commitment slim --proof " + path("p") +
                                 " --statement " + path("s"));
  ASSERT_EQ(proved.exit_code, 0) << proved.err;
  const nlohmann::json summary = nlohmann::json::parse(proved.out);
  EXPECT_EQ(summary["root"], to_hex(BinaryMerkleTree<Sha256>::from_leaf_hashes(leaves).root()));
  EXPECT_EQ(summary["commitment"], "slim");
  EXPECT_EQ(verify("s", "p").exit_code, 0);
  const auto described =
      run_mforge("zk describe-state --statement " + path("s") + " --proof " + path("p"));
  ASSERT_EQ(described.exit_code, 0) << described.err;
  EXPECT_NE(described.out.find("rfc6962-node"), std::string::npos) << described.out;
  EXPECT_NE(described.out.find("profile slim"), std::string::npos) << described.out;
  const nlohmann::json statement =
      nlohmann::json::parse(run_mforge("zk show-state " + path("s")).out);
  EXPECT_EQ(statement["size"], 300);
  EXPECT_EQ(statement["leaves"][0]["index"], 7);
  EXPECT_EQ(statement["leaves"][0]["hash"], to_hex(leaves[7]));
  std::string s = read(path("s"));
  s[s.size() - 3] ^= 1;  // leaf 299's hash
  write(path("s2"), s);
  EXPECT_EQ(verify("s2", "p").exit_code, 1);
}

// Writes that complete geth's tree: the post-state root is the one go-ethereum's test asserts.
TEST_F(ZkStateCli, WritesThatCompleteGethsTreeGiveGethsRoot) {
  for (const char* name : {"TestMerkleizeMultipleEntries", "TestSingleEntry"}) {
    const nlohmann::json c = upstream(name);
    const nlohmann::json& all = c["entries"];
    const std::size_t kept = all.size() / 2;  // the pre-state: the first half (or nothing)
    nlohmann::json pre = nlohmann::json::array(), writes = nlohmann::json::array();
    for (std::size_t i = 0; i < all.size(); ++i) (i < kept ? pre : writes).push_back(all[i]);
    write(path("pre.json"), nlohmann::json({{"entries", pre}}).dump());
    write(path("writes.json"), nlohmann::json({{"entries", writes}}).dump());
    const auto proved =
        run_mforge("zk prove-state --tree bintrie --entries " + path("pre.json") + " --writes " +
                   path("writes.json") + " --proof " + path("p") + " --statement " + path("s"));
    ASSERT_EQ(proved.exit_code, 0) << name << ": " << proved.err;
    const nlohmann::json summary = nlohmann::json::parse(proved.out);
    EXPECT_EQ(summary["post_root"], c["expected_root"]) << name;
    EXPECT_EQ(summary["items"], writes.size()) << name;
    const auto ok = verify("s", "p");
    EXPECT_EQ(ok.out, "valid\n") << name << ": " << ok.err;
    const nlohmann::json statement =
        nlohmann::json::parse(run_mforge("zk show-state " + path("s")).out);
    EXPECT_EQ(statement["post_root"], c["expected_root"]) << name;
    for (const auto& item : statement["reads"]) {
      EXPECT_TRUE(item["value"].is_null()) << name;  // every written key was absent
      EXPECT_FALSE(item["written"].is_null()) << name;
    }
    std::string s = read(path("s"));
    s[8 + 32] ^= 1;  // the post-state root
    write(path("s2"), s);
    EXPECT_EQ(verify("s2", "p").exit_code, 1) << name;
  }
}

// The EIP text's hash: the root the proof is about is `mforge bintrie root --variant eip`'s, and
// the statement says BLAKE3.
TEST_F(ZkStateCli, TheEipVariantProvesUnderTheBlake3Root) {
  const nlohmann::json c = upstream("TestMerkleizeMultipleEntries");
  write(path("entries.json"), nlohmann::json({{"entries", c["entries"]}}).dump());
  const auto root = run_mforge("bintrie root --variant eip " + path("entries.json"));
  ASSERT_EQ(root.exit_code, 0) << root.err;
  const std::string present = c["entries"][3][0];
  const auto proved =
      run_mforge("zk prove-state --tree bintrie --variant eip --entries " + path("entries.json") +
                 " --keys " + present + " --proof " + path("p") + " --statement " + path("s"));
  ASSERT_EQ(proved.exit_code, 0) << proved.err;
  EXPECT_EQ(nlohmann::json::parse(proved.out)["root"].get<std::string>() + "\n", root.out);
  EXPECT_NE(nlohmann::json::parse(proved.out)["root"], c["expected_root"]);  // not geth's
  EXPECT_EQ(verify("s", "p").out, "valid\n");
  const nlohmann::json statement =
      nlohmann::json::parse(run_mforge("zk show-state " + path("s")).out);
  EXPECT_EQ(statement["hash"], "blake3");
  std::string s = read(path("s"));
  s[7] = 0;  // SHA-256: the proof's blake3-pair instances show nothing there
  write(path("s2"), s);
  EXPECT_EQ(verify("s2", "p").exit_code, 1);
}

TEST_F(ZkStateCli, BadUsageIsMalformed) {
  EXPECT_EQ(
      run_mforge("zk prove-state --tree bintrie --proof " + path("p") + " --statement " + path("s"))
          .exit_code,
      2);
  write(path("leaves.txt"), "zz\n");
  EXPECT_EQ(run_mforge("zk prove-state --tree rfc6962 --leaves " + path("leaves.txt") +
                       " --indices 0 --proof " + path("p") + " --statement " + path("s"))
                .exit_code,
            2);
  write(path("leaves.txt"), std::string(64, 'a') + "\n");
  EXPECT_EQ(run_mforge("zk prove-state --tree rfc6962 --leaves " + path("leaves.txt") +
                       " --indices 1 --proof " + path("p") + " --statement " + path("s"))
                .exit_code,
            2);  // an index past the log
  EXPECT_EQ(run_mforge("zk prove-state --tree rfc6962 --leaves " + path("leaves.txt") +
                       " --indices 0 --writes " + path("leaves.txt") + " --proof " + path("p") +
                       " --statement " + path("s"))
                .exit_code,
            2);  // writes into a log
  write(path("writes.json"), "{\"entries\": [[\"00\", \"00\"]]}");
  write(path("entries.json"), "{\"entries\": []}");
  EXPECT_EQ(
      run_mforge("zk prove-state --tree bintrie --entries " + path("entries.json") + " --writes " +
                 path("writes.json") + " --proof " + path("p") + " --statement " + path("s"))
          .exit_code,
      2);  // a key that is not 32 bytes
}

}  // namespace
}  // namespace merkleforge::test
