// `mforge hash` against independent tools: coreutils sha256sum, OpenSSL's dgst, and b3sum (the
// official BLAKE3 implementation); Keccak-256 against @noble/hashes; Grøstl-256 against published
// digests (no tool or package here has it).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "cli_support.hpp"
#include "file_digest.hpp"
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

// ---- the sha256sum / b3sum replacement: names, formats, checking, errors, standard input ----

/// Files with names that need escaping (a backslash, a newline, a carriage return), and a plain
/// one, in their own directory; commands run there on "*" so that every tool sees the same names.
class HashCliNames : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const auto& [name, text] : std::vector<std::pair<std::string, std::string>>{
             {"back\\slash", "a"}, {"new\nline", "b"}, {"cr\rx", "c"}, {"plain name", "d"}}) {
      std::ofstream(dir_ / name, std::ios::binary) << text;
    }
  }
  /// `command` run in the directory (shell_output: a reference tool).
  std::string there(const std::string& command) const {
    return shell_output("cd '" + dir_.path().string() + "' && " + command);
  }
  CommandOutput mforge_there(const std::string& arguments, const std::string& stdin_text = "") {
    return run_mforge(arguments, stdin_text, dir_.path().string());
  }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  TempDir dir_{"mf_hash_names"};
};

TEST_F(HashCliNames, LinesAreThoseOfSha256sumAndB3sumByteForByte) {
  // GNU coreutils 9 escapes \, \n and \r and starts such a line with a backslash; b3sum 1.2
  // escapes \ and \n only.
  EXPECT_EQ(mforge_there("hash *").out, there("sha256sum *"));
  EXPECT_EQ(mforge_there("hash --tag *").out, there("sha256sum --tag *"));
  EXPECT_EQ(mforge_there("hash -a blake3 *").out, there("b3sum *"));
}

TEST_F(HashCliNames, CheckAcceptsTheirListsAndTheyAcceptOurs) {
  write("gnu.list", there("sha256sum *"));
  write("tag.list", there("sha256sum --tag *"));
  write("b3.list", there("b3sum *"));
  for (const char* list : {"gnu.list", "tag.list"}) {
    const auto checked = mforge_there(std::string("hash -c ") + list);
    EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
    EXPECT_NE(checked.out.find("plain name: OK"), std::string::npos) << checked.out;
  }
  EXPECT_EQ(mforge_there("hash -a blake3 --check b3.list").exit_code, 0);
  write("ours.list", mforge_there("hash *").out);
  write("ours_tag.list", mforge_there("hash --tag *").out);
  write("ours_b3.list", mforge_there("hash -a blake3 *").out);
  // The reference tools exit non-zero on any failure, which shell_output turns into an exception.
  EXPECT_NO_THROW(there("sha256sum --check --strict ours.list"));
  EXPECT_NO_THROW(there("sha256sum --check --strict ours_tag.list"));
  EXPECT_NO_THROW(there("b3sum --check ours_b3.list"));
}

TEST_F(HashCliNames, CheckReportsEveryKindOfFailure) {
  const std::string good = mforge_there("hash 'plain name'").out;
  write("mixed.list", good + std::string(64, '0') + "  plain name\n" + "not a checksum line\n" +
                          mforge_there("hash 'plain name'").out.substr(0, 66) + "gone\n");
  const auto checked = mforge_there("hash -c mixed.list");
  EXPECT_EQ(checked.exit_code, 1);
  EXPECT_NE(checked.out.find("plain name: OK"), std::string::npos) << checked.out;
  EXPECT_NE(checked.out.find("plain name: FAILED\n"), std::string::npos) << checked.out;
  EXPECT_NE(checked.out.find("gone: FAILED open or read"), std::string::npos) << checked.out;
  for (const char* warning :
       {"WARNING: 1 line is improperly formatted", "WARNING: 1 listed file could not be read",
        "WARNING: 1 computed checksum did NOT match"}) {
    EXPECT_NE(checked.err.find(warning), std::string::npos) << warning << "\n" << checked.err;
  }
  const auto status = mforge_there("hash -c --status mixed.list");
  EXPECT_EQ(status.exit_code, 1);
  EXPECT_TRUE(status.out.empty()) << status.out;
  // Only good lines and a missing file: --ignore-missing passes, --quiet prints nothing for OK.
  write("missing.list", good + good.substr(0, 66) + "gone\n");
  EXPECT_EQ(mforge_there("hash -c missing.list").exit_code, 1);
  const auto ignoring = mforge_there("hash -c --ignore-missing --quiet missing.list");
  EXPECT_EQ(ignoring.exit_code, 0) << ignoring.err;
  EXPECT_TRUE(ignoring.out.empty()) << ignoring.out;
  // An improperly formatted line fails only with --strict; a list without any checksum line fails.
  write("loose.list", good + "# a comment\n");
  EXPECT_EQ(mforge_there("hash -c loose.list").exit_code, 0);
  EXPECT_EQ(mforge_there("hash -c --strict loose.list").exit_code, 1);
  write("empty.list", "nothing here\n");
  const auto empty = mforge_there("hash -c empty.list");
  EXPECT_EQ(empty.exit_code, 1);
  EXPECT_NE(empty.err.find("no properly formatted sha256 checksum lines"), std::string::npos);
  // A tagged line of another algorithm is not a checksum line of this one.
  write("other.list", mforge_there("hash --tag -a blake3 'plain name'").out);
  EXPECT_EQ(mforge_there("hash -c other.list").exit_code, 1);
  EXPECT_EQ(mforge_there("hash --quiet 'plain name'").exit_code, 2);  // needs --check
}

TEST_F(HashCliNames, UnreadableFilesDoNotStopTheOthers) {
  const auto result = mforge_there("hash . gone 'plain name'");
  EXPECT_EQ(result.exit_code, 3);
  EXPECT_EQ(result.out, there("sha256sum 'plain name'"));
  EXPECT_NE(result.err.find(".: Is a directory"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("gone: No such file or directory"), std::string::npos) << result.err;
}

TEST_F(HashCli, StandardInputFromAFileOrAPipeIsTheFile) {
  const std::string file = files_.back().string();  // 3 MiB
  const std::string expected = shell_output("sha256sum < '" + file + "'");
  EXPECT_EQ(shell_output("'" MFORGE_EXE "' hash < '" + file + "'"), expected);
  EXPECT_EQ(shell_output("cat '" + file + "' | '" MFORGE_EXE "' hash"), expected);
  EXPECT_EQ(shell_output("cat '" + file + "' | '" MFORGE_EXE "' hash -a blake3"),
            shell_output("b3sum < '" + file + "'"));
  // Standard input a reader has already consumed 1,000 bytes of: the rest, as sha256sum sees it.
  const std::string skip = "dd bs=1000 count=1 of=/dev/null status=none; ";
  EXPECT_EQ(shell_output("{ " + skip + "'" MFORGE_EXE "' hash; } < '" + file + "'"),
            shell_output("{ " + skip + "sha256sum; } < '" + file + "'"));
  // BLAKE3 hashes a regular file in parts on two threads, from standard input's offset too.
  EXPECT_EQ(
      shell_output("{ " + skip + "'" MFORGE_EXE "' hash -a blake3 --threads 2; } < '" + file + "'"),
      shell_output("{ " + skip + "b3sum --num-threads 1; } < '" + file + "'"));
}

/// Peak resident KiB of `mforge hash -a blake3 --threads 2 <file>` (the child's, from wait4).
long hash_peak_kib(const std::string& file) {
  const pid_t child = ::fork();
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::execl(MFORGE_EXE, MFORGE_EXE, "hash", "-a", "blake3", "--threads", "2", file.c_str(),
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  struct rusage usage {};
  if (::wait4(child, &status, 0, &usage) != child || !WIFEXITED(status) ||
      WEXITSTATUS(status) != 0) {
    ADD_FAILURE() << "mforge hash " << file << " failed";
    return -1;
  }
  return usage.ru_maxrss;
}

// A file larger than any buffer is hashed in bounded memory: a sparse 1 GiB file (no disk space
// used) through mforge hash -a blake3 on two threads peaks at most 64 MiB above the same command
// on a one-byte file (the baseline holds what a sanitizer build adds). Mapping it (the old path)
// held 256 MiB of it at a time.
TEST(HashCliMemory, LargeFileInBoundedMemory) {
  const TempDir dir("mf_hash_large");
  const std::string small = (dir / "small").string();
  std::ofstream(small) << 'x';
  const std::string large = (dir / "sparse").string();
  std::ofstream(large).close();
  ASSERT_EQ(::truncate(large.c_str(), off_t{1} << 30), 0);
  const long baseline = hash_peak_kib(small);
  const long peak = hash_peak_kib(large);
  ASSERT_GT(baseline, 0);
  EXPECT_LT(peak, baseline + 64 * 1024) << "peak resident KiB; baseline " << baseline;
}

// Buffer boundaries and the reader thread: digests with odd small buffers (a read ends mid-block,
// mid-chunk) on 1 to 3 threads equal the one-buffer serial digest, for every algorithm; the
// serial digest itself is checked against the reference tools above.
TEST_F(HashCli, BuffersAndThreadsGiveTheSameDigests) {
  for (const char* name : {"sha256", "keccak256", "sha3-256", "blake3", "groestl256"}) {
    const auto hash = mforge::file_hash_named(name);
    ASSERT_TRUE(hash.has_value());
    for (const auto& file : files_) {
      auto serial = mforge::digest_file(*hash, file.string(), 1);
      ASSERT_TRUE(serial.ok());
      for (const unsigned threads : {1u, 2u, 3u}) {
        for (const std::size_t buffer : {std::size_t{4096} + 17, std::size_t{65536}}) {
          auto other = mforge::digest_file(*hash, file.string(), threads, buffer);
          ASSERT_TRUE(other.ok());
          EXPECT_EQ(*other, *serial) << name << " " << file << " " << threads << " " << buffer;
        }
      }
    }
  }
}

}  // namespace
}  // namespace merkleforge::test
