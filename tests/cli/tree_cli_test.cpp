// `mforge tree` against the RFC 6962 vectors (transparency-dev): roots of every size, generated
// inclusion proofs equal the published PATHs, and verify's exit codes (0 valid, 1 invalid,
// 2 malformed).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "cli_support.hpp"
#include "support/vectors.hpp"

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

class TreeCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("mf_tree_cli_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    tree_ = load_vectors("binary/rfc6962_tree.json");
  }
  void TearDown() override { fs::remove_all(dir_); }

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

  fs::path dir_;
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
    EXPECT_EQ(run_mforge("tree verify --root " + root + " --proof " + file).exit_code, 0);
    std::string wrong_root = root;
    wrong_root[0] = wrong_root[0] == '0' ? '1' : '0';
    EXPECT_EQ(run_mforge("tree verify --root " + wrong_root + " --proof " + file).exit_code, 1);
  }
}

TEST_F(TreeCli, MalformedInputIsExitTwo) {
  const std::string root(64, 'a');
  EXPECT_EQ(run_mforge("tree verify --root " + root + " --proof " + write("bad.json", "not json"))
                .exit_code,
            2);
  EXPECT_EQ(run_mforge("tree verify --root zz --proof " + write("empty.json", "{}")).exit_code, 2);
  EXPECT_EQ(run_mforge("tree root --hex " + write("odd.txt", "abc\n")).exit_code, 2);
}

}  // namespace
}  // namespace merkleforge::test
