// `mforge smt` against the penumbra-zone/jmt SHA-256 vectors: roots from files and through a
// RocksDB store (--db), proofs that verify under the vector roots, and verify's exit codes
// (0 valid, 1 invalid, 2 malformed).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_support.hpp"
#include "support/temp_dir.hpp"
#include "support/vectors.hpp"

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

class SmtCli : public ::testing::Test {
 protected:
  void SetUp() override {
    vectors_ = load_vectors("smt/jmt_sha2_256_vectors.json")["vectors"];
    ASSERT_EQ(vectors_.size(), 3u);
  }

  /// The JSON object {key hex: value hex} of vector `index`'s data, written to a file.
  std::string data_file(std::size_t index) const {
    nlohmann::json object = nlohmann::json::object();
    for (const auto& entry : vectors_[index]["data"]) object[entry["key"]] = entry["value"];
    return write("data" + std::to_string(index) + ".json", object.dump());
  }
  std::string root_of(std::size_t index) const {
    return vectors_[index]["expected_root"].get<std::string>();
  }
  std::string write(const std::string& name, const std::string& text) const {
    const fs::path path = dir_ / name;
    std::ofstream(path) << text;
    return "'" + path.string() + "'";
  }
  std::string db(const std::string& name) const { return "'" + (dir_ / name).string() + "'"; }

  /// `mforge smt prove` output for `key_hex`, saved to a file; the quoted path.
  std::string proof_file(const std::string& source, const std::string& key_hex,
                         const std::string& name) const {
    const auto proof = run_mforge("smt prove " + source + " --key " + key_hex);
    EXPECT_EQ(proof.exit_code, 0) << proof.err;
    return write(name, proof.out);
  }

  TempDir dir_{"mf_smt_cli"};
  nlohmann::json vectors_;
};

TEST_F(SmtCli, RootsMatchTheVectors) {
  for (std::size_t i = 0; i < vectors_.size(); ++i) {
    const auto result = run_mforge("smt root " + data_file(i));
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, root_of(i) + "\n") << "vector " << i;
  }
}

/// Vector 2 is vector 1 plus one key: applying the difference to a stored tree gives its root,
/// and a later run reads the committed tree back.
TEST_F(SmtCli, DatabaseTreeAccumulatesCommits) {
  const std::string store = db("store");
  auto result = run_mforge("smt root " + data_file(1) + " --db " + store);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, root_of(1) + "\n");
  const std::string added = write("added.json", "{\"676f6f64627965\":\"776f726c64\"}");
  result = run_mforge("smt root " + added + " --db " + store);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, root_of(2) + "\n");

  const std::string proof = proof_file("--db " + store, "68656c6c6f", "db_proof.json");
  result = run_mforge("smt verify --root " + root_of(2) + " --key 68656c6c6f --proof " + proof);
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
}

TEST_F(SmtCli, ProofsVerifyUnderTheVectorRootOnly) {
  const std::string data = data_file(2);
  const std::string present = proof_file(data, "68656c6c6f", "present.json");
  const std::string absent = proof_file(data, "00", "absent.json");
  for (const auto& [proof, key] : {std::pair{present, "68656c6c6f"}, std::pair{absent, "00"}}) {
    const std::string trusted_key = std::string(" --key ") + key;
    auto result = run_mforge("smt verify --root " + root_of(2) + trusted_key + " --proof " + proof);
    EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
    result = run_mforge("smt verify --root " + root_of(1) + trusted_key + " --proof " + proof);
    EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  }
}

// The key, like the root, is the caller's: a valid proof about another key does not answer for it.
TEST_F(SmtCli, AProofAboutAnotherKeyIsInvalid) {
  const std::string proof = proof_file(data_file(2), "68656c6c6f", "hello.json");
  auto result = run_mforge("smt verify --root " + root_of(2) + " --key 00 --proof " + proof);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  result = run_mforge("smt verify --root " + root_of(2) + " --proof " + proof);
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
}

TEST_F(SmtCli, TamperedProofsAreInvalid) {
  const std::string data = data_file(2);
  const auto proof = run_mforge("smt prove " + data + " --key 68656c6c6f");
  ASSERT_EQ(proof.exit_code, 0) << proof.err;
  auto document = nlohmann::json::parse(proof.out);
  ASSERT_EQ(document["value"], "776f726c64");  // the vector's value for "hello"
  document["value"] = "776f726c65";
  const auto result = run_mforge("smt verify --root " + root_of(2) + " --key 68656c6c6f --proof " +
                                 write("v.json", document.dump()));
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;

  document = nlohmann::json::parse(proof.out);
  document["value"] = nullptr;  // the present key claimed absent
  const auto absent = run_mforge("smt verify --root " + root_of(2) + " --key 68656c6c6f --proof " +
                                 write("a.json", document.dump()));
  EXPECT_EQ(absent.exit_code, 1) << absent.out << absent.err;
}

TEST_F(SmtCli, MalformedInputIsAUsageError) {
  const std::string proof = proof_file(data_file(2), "68656c6c6f", "p.json");
  EXPECT_EQ(run_mforge("smt verify --root zz --key 00 --proof " + proof).exit_code, 2);
  EXPECT_EQ(
      run_mforge("smt verify --root " + root_of(2) + " --key 00 --proof " + write("bad.json", "{"))
          .exit_code,
      2);
  EXPECT_EQ(run_mforge("smt root " + write("bad_data.json", "{\"0g\":\"00\"}")).exit_code, 2);
  EXPECT_EQ(run_mforge("smt root " + write("list.json", "[1,2]")).exit_code, 2);
  EXPECT_EQ(run_mforge("smt prove " + data_file(1) + " --key xyz").exit_code, 2);
  EXPECT_EQ(run_mforge("smt prove --key 00").exit_code, 2);
  EXPECT_EQ(run_mforge("smt root").exit_code, 2);  // missing FILE
}

}  // namespace
}  // namespace merkleforge::test
