// `mforge mpt root` on the ethereum/tests TrieTests files exactly as published: every named test,
// one "NAME 0xROOT" line each, checked against the file's own roots (exit 1 on a mismatch).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_support.hpp"
#include "support/temp_dir.hpp"
#include "support/vectors.hpp"

namespace merkleforge::test {
namespace {

namespace fs = std::filesystem;

/// The lines mforge printed, split.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

/// Runs `mpt root` on a published file and checks one line per named test with the file's root.
void expect_published_roots(const std::string& file, const std::string& flags) {
  const auto tests = load_vectors("mpt/trie/" + file);
  const auto result =
      run_mforge("mpt root " + flags + (vectors_dir() / "mpt/trie" / file).string());
  ASSERT_EQ(result.exit_code, 0) << file << ": " << result.err;
  const auto lines = lines_of(result.out);
  ASSERT_EQ(lines.size(), tests.size()) << file;
  std::size_t line = 0;
  for (const auto& [name, test] : tests.items()) {
    EXPECT_EQ(lines[line++], name + " " + test["root"].get<std::string>()) << file;
  }
}

TEST(MptCli, PublishedTrieTestFilesGiveTheirRoots) {
  expect_published_roots("trietest.json", "");
  expect_published_roots("trieanyorder.json", "");
  expect_published_roots("trietest_secureTrie.json", "--secure ");
  expect_published_roots("trieanyorder_secureTrie.json", "--secure ");
  expect_published_roots("hex_encoded_securetrie_test.json", "--secure ");
}

TEST(MptCli, ARootThatDiffersFromTheTestsIsExitOne) {
  auto tests = load_vectors("mpt/trie/trietest.json");
  const std::string first = tests.begin().key();
  std::string root = tests[first]["root"].get<std::string>();
  root.back() = root.back() == '0' ? '1' : '0';
  tests[first]["root"] = root;
  const TempDir scratch("mf_mpt_cli");
  const fs::path file = scratch / "trietest.json";
  std::ofstream(file) << tests.dump();
  const auto result = run_mforge("mpt root " + file.string());
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE(result.err.find(first), std::string::npos) << result.err;
  EXPECT_EQ(lines_of(result.out).size(), tests.size());
}

}  // namespace
}  // namespace merkleforge::test
