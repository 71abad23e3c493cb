// `mforge hash` against independent tools: coreutils sha256sum, OpenSSL's dgst, and b3sum (the
// official BLAKE3 implementation); Keccak-256 against @noble/hashes; Grøstl-256 against published
// digests (no tool or package here has it).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "cli_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "support/node_peer.hpp"
#include "support/temp_dir.hpp"

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

class HashCli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937 random(42);
    for (std::size_t size :
         {std::size_t{0}, std::size_t{1}, std::size_t{1025}, std::size_t{3} << 20}) {
      Bytes data(size);
      for (auto& byte : data) byte = static_cast<std::uint8_t>(random());
      const fs::path path = dir_ / ("f" + std::to_string(size));
      std::ofstream(path, std::ios::binary)
          .write(reinterpret_cast<const char*>(data.data()),
                 static_cast<std::streamsize>(data.size()));
      files_.push_back(path);
      contents_.push_back(std::move(data));
    }
  }

  std::string file_list() const {
    std::string list;
    for (const auto& file : files_) list += "'" + file.string() + "' ";
    return list;
  }

  TempDir dir_{"mf_hash_cli"};
  std::vector<fs::path> files_;
  std::vector<Bytes> contents_;
};

TEST_F(HashCli, Sha256MatchesCoreutils) {
  const auto result = run_mforge("hash --algo sha256 " + file_list());
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, shell_output("sha256sum " + file_list()));
}

TEST_F(HashCli, Sha3MatchesOpenSsl) {
  const auto result = run_mforge("hash --algo sha3-256 " + file_list());
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::string expected;
  for (const auto& file : files_) {
    const std::string line = shell_output("openssl dgst -sha3-256 -r '" + file.string() + "'");
    expected += line.substr(0, 64) + "  " + file.string() + "\n";
  }
  EXPECT_EQ(result.out, expected);
}

TEST_F(HashCli, Blake3MatchesB3sum) {
  const auto result = run_mforge("hash --algo blake3 " + file_list());
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, shell_output("b3sum " + file_list()));
}

TEST_F(HashCli, Keccak256MatchesNoble) {
  const auto result = run_mforge("hash --algo keccak256 " + file_list());
  EXPECT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json request = {{"algo", "keccak256"}, {"messages", nlohmann::json::array()}};
  for (const auto& data : contents_) request["messages"].push_back(to_hex(data));
  const auto reply = run_node_peer("noble_hashes.mjs", request);
  std::string expected;
  for (std::size_t i = 0; i < files_.size(); ++i) {
    expected += reply["digests"][i].get<std::string>() + "  " + files_[i].string() + "\n";
  }
  EXPECT_EQ(result.out, expected);
}

TEST(HashCliStdin, ReadsStdinWhenNoFileIsGiven) {
  const auto result = run_mforge("hash", "abc");
  EXPECT_EQ(result.exit_code, 0);
  // FIPS 180-4 example: SHA-256("abc").
  EXPECT_EQ(result.out, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -\n");
}

TEST(HashCliStdin, Groestl256PublishedDigests) {
  // Binius v0 crates/hash/tests/integration_tests.rs (test_multi_update, test_empty_input), also in
  // tests/vectors/binius/groestl256_kats.json.
  const auto fox =
      run_mforge("hash --algo groestl256", "The quick brown fox jumps over the lazy dog");
  EXPECT_EQ(fox.exit_code, 0) << fox.err;
  EXPECT_EQ(fox.out, "8c7ad62eb26a21297bc39c2d7293b4bd4d3399fa8afab29e970471739e28b301  -\n");
  const auto empty = run_mforge("hash -a groestl256", "");
  EXPECT_EQ(empty.exit_code, 0) << empty.err;
  EXPECT_EQ(empty.out, "1a52d11d550039be16107f9c58db9ebcc417f16f736adb2502567119f0083467  -\n");
}

TEST(HashCliErrors, MissingFileIsAnErrorOnStderr) {
  const auto result = run_mforge("hash /nonexistent/file");
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_TRUE(result.out.empty());
  EXPECT_NE(result.err.find("/nonexistent/file"), std::string::npos);
}

TEST(HashCliErrors, UnknownAlgorithmIsAUsageError) {
  const auto result = run_mforge("hash --algo md5");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("unknown algorithm"), std::string::npos);
}

TEST(HashCliErrors, DirectoryIsAnError) {
  const auto result = run_mforge("hash /");
  EXPECT_NE(result.exit_code, 0);
  EXPECT_FALSE(result.err.empty());
}

}  // namespace
}  // namespace merkleforge::test
