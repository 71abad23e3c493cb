// `mforge tree` against the RFC 6962 vectors (transparency-dev): roots of every size, generated
// inclusion proofs equal the published PATHs, and verify's exit codes (0 valid, 1 invalid,
// 2 malformed).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "cli_support.hpp"
#include "support/temp_dir.hpp"
#include "support/vectors.hpp"

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

class TreeCli : public ::testing::Test {
 protected:
  void SetUp() override { tree_ = load_vectors("binary/rfc6962_tree.json"); }

  // The first `size` vector leaves, one hex line each (leaf 0 is the empty line).
  std::string leaves_file(std::size_t size) const {
    const fs::path path = dir_ / ("leaves" + std::to_string(size));
    std::ofstream out(path);
    for (std::size_t i = 0; i < size; ++i)
      out << tree_["leaves"][i]["input_hex"].get<std::string>() << "\n";
    return "'" + path.string() + "'";
  }

  std::string write(const std::string& name, const std::string& text) const {
    const fs::path path = dir_ / name;
    std::ofstream(path) << text;
    return "'" + path.string() + "'";
  }

  TempDir dir_{"mf_tree_cli"};
  nlohmann::json tree_;
};

TEST_F(TreeCli, RootsOfEverySizeMatchTheVectors) {
  for (const auto& entry : tree_["roots"]) {
    const auto size = entry["size"].get<std::size_t>();
    if (size == 0) continue;  // an empty file is covered by the library tests
    const auto result = run_mforge("tree root --hex " + leaves_file(size));
    ASSERT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out, entry["root"].get<std::string>() + "\n") << "size " << size;
  }
}

TEST_F(TreeCli, InclusionProofsMatchThePublishedPathsAndVerify) {
  const auto proofs = load_vectors("binary/rfc6962_inclusion_proofs.json");
  for (const auto& vector : proofs["valid"]) {
    const auto size = vector["tree_size"].get<std::size_t>();
    const auto index = vector["leaf_index"].get<std::size_t>();
    const auto proved =
        run_mforge("tree prove --hex --index " + std::to_string(index) + " " + leaves_file(size));
    ASSERT_EQ(proved.exit_code, 0) << proved.err;
    const auto proof = nlohmann::json::parse(proved.out);
    EXPECT_EQ(proof["path"], vector["proof"]) << index << "/" << size;

    const std::string file = write("proof.json", proved.out);
    const std::string root = vector["root"].get<std::string>();
    const std::string trusted_size = " --size " + std::to_string(size);
    EXPECT_EQ(
        run_mforge("tree verify --root " + root + trusted_size + " --proof " + file).exit_code, 0);
    std::string wrong_root = root;
    wrong_root[0] = wrong_root[0] == '0' ? '1' : '0';
    EXPECT_EQ(run_mforge("tree verify --root " + wrong_root + trusted_size + " --proof " + file)
                  .exit_code,
              1);
  }
}

// The root does not commit to the tree's size, hash or node scheme: those come from the caller,
// and a proof stating other values is invalid (exit 1), while a missing --size is a usage error.
TEST_F(TreeCli, VerifyTakesSizeHashAndSchemeFromTheCallerNotTheProof) {
  const auto proofs = load_vectors("binary/rfc6962_inclusion_proofs.json");
  const auto& vector = proofs["valid"].at(0);
  const auto size = vector["tree_size"].get<std::size_t>();
  const auto index = vector["leaf_index"].get<std::size_t>();
  const auto proved =
      run_mforge("tree prove --hex --index " + std::to_string(index) + " " + leaves_file(size));
  ASSERT_EQ(proved.exit_code, 0) << proved.err;
  const std::string file = write("proof.json", proved.out);
  const std::string root = vector["root"].get<std::string>();
  const std::string verify = "tree verify --root " + root + " --proof " + file;
  ASSERT_EQ(run_mforge(verify + " --size " + std::to_string(size)).exit_code, 0);
  EXPECT_EQ(run_mforge(verify).exit_code, 2);
  EXPECT_EQ(run_mforge(verify + " --size " + std::to_string(size + 1)).exit_code, 1);
  EXPECT_EQ(run_mforge(verify + " --size " + std::to_string(size) + " --hash keccak256").exit_code,
            1);
  EXPECT_EQ(run_mforge(verify + " --size " + std::to_string(size) + " --scheme concat").exit_code,
            1);

  // A proof that states another size than the trusted one is rejected: leaf 0 of 6 leaves has a
  // path as long as in a tree of 7, so the restated proof still decodes.
  const auto proved6 = run_mforge("tree prove --hex --index 0 " + leaves_file(6));
  ASSERT_EQ(proved6.exit_code, 0) << proved6.err;
  std::string root6;
  for (const auto& entry : tree_["roots"]) {
    if (entry["size"] == 6) root6 = entry["root"].get<std::string>();
  }
  ASSERT_FALSE(root6.empty());
  auto restated = nlohmann::json::parse(proved6.out);
  ASSERT_EQ(restated["tree_size"], 6);
  const std::string verify6 = "tree verify --root " + root6 + " --size 6 --proof ";
  ASSERT_EQ(run_mforge(verify6 + write("six.json", proved6.out)).exit_code, 0);
  restated["tree_size"] = 7;
  EXPECT_EQ(run_mforge(verify6 + write("restated.json", restated.dump())).exit_code, 1);
}

TEST_F(TreeCli, ConsistencyVerifyNeedsTheTrustedSizes) {
  const auto proofs = load_vectors("binary/rfc6962_consistency_proofs.json");
  const auto& vector = proofs["valid"].at(1);
  const auto old_size = vector["old_size"].get<std::size_t>();
  const auto new_size = vector["new_size"].get<std::size_t>();
  const auto proved =
      run_mforge("tree consistency --hex --old " + std::to_string(old_size) + " --new " +
                 std::to_string(new_size) + " " + leaves_file(new_size));
  ASSERT_EQ(proved.exit_code, 0) << proved.err;
  const std::string file = write("consistency.json", proved.out);
  const std::string verify = "tree verify --root " + vector["new_root"].get<std::string>() +
                             " --old-root " + vector["old_root"].get<std::string>() + " --proof " +
                             file;
  EXPECT_EQ(run_mforge(verify + " --size " + std::to_string(new_size) + " --old-size " +
                       std::to_string(old_size))
                .exit_code,
            0);
  EXPECT_EQ(run_mforge(verify + " --size " + std::to_string(new_size)).exit_code, 2);
  EXPECT_EQ(run_mforge(verify + " --size " + std::to_string(new_size) + " --old-size " +
                       std::to_string(old_size + 1))
                .exit_code,
            1);
}

TEST_F(TreeCli, MalformedInputIsExitTwo) {
  const std::string root(64, 'a');
  EXPECT_EQ(run_mforge("tree verify --root " + root + " --size 1 --proof " +
                       write("bad.json", "not json"))
                .exit_code,
            2);
  EXPECT_EQ(
      run_mforge("tree verify --root zz --size 1 --proof " + write("empty.json", "{}")).exit_code,
      2);
  EXPECT_EQ(run_mforge("tree root --hex " + write("odd.txt", "abc\n")).exit_code, 2);
}

}  // namespace
}  // namespace merkleforge::test
