// What a user of `mforge hash` feels: the whole process hashing a file in the page cache, beside
// the tools it replaces on the same file in the same run — `openssl dgst` (SHA-256, SHA3-256; no
// Keccak-256 digest in OpenSSL 3.0) and `b3sum` (BLAKE3, with its default threads and with one).
// Wall time per process, start to exit (posix_spawn + waitpid); the file (256 MiB of pseudo-random
// bytes, read once before timing) lives in $TMPDIR for the run.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "harness.hpp"

extern char** environ;

namespace merkleforge::hash_bench {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kFileBytes = std::size_t{256} << 20;

/// The file, written once per process and removed at exit.
const std::string& test_file() {
  struct File {
    std::string path;
    File() {
      const char* dir = std::getenv("TMPDIR");
      path = (fs::path(dir ? dir : "/tmp") / ("mforge_hash_bench_" + std::to_string(::getpid())))
                 .string();
      std::ofstream out(path, std::ios::binary);
      std::mt19937_64 rng(1);
      std::vector<std::uint64_t> block(1 << 16);
      for (std::size_t written = 0; written < kFileBytes; written += 8 * block.size()) {
        for (auto& word : block) word = rng();
        out.write(reinterpret_cast<const char*>(block.data()),
                  static_cast<std::streamsize>(8 * block.size()));
      }
    }
    ~File() { std::remove(path.c_str()); }
  };
  static const File file;
  return file.path;
}

/// Runs `argv` with its output discarded; the exit status, or -1 when it could not start.
int run(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void hash_file(benchmark::State& state, std::vector<std::string> command) {
  command.push_back(test_file());
  if (run(command) != 0) {  // also the warm-up: the file is in the page cache afterwards
    state.SkipWithError((command[0] + " is not available or failed").c_str());
    return;
  }
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const int status = run(command);
    state.SetIterationTime(
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (status != 0) {
      state.SkipWithError((command[0] + " failed").c_str());
      return;
    }
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * kFileBytes));
}

void add(const std::string& name, std::vector<std::string> command) {
  benchmark::RegisterBenchmark(("hash/" + name).c_str(), hash_file, std::move(command))
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
}

const bool registered = [] {
  const std::string mforge = MFORGE_EXE;
  add("sha256/file256MiB/merkleforge", {mforge, "hash", "-a", "sha256"});
  add("sha256/file256MiB/openssl", {"openssl", "dgst", "-sha256"});
  add("sha3-256/file256MiB/merkleforge", {mforge, "hash", "-a", "sha3-256"});
  add("sha3-256/file256MiB/openssl", {"openssl", "dgst", "-sha3-256"});
  add("blake3/file256MiB/merkleforge", {mforge, "hash", "-a", "blake3"});
  add("blake3/file256MiB/b3sum", {"b3sum"});
  add("blake3/file256MiB/merkleforge/threads:1",
      {mforge, "hash", "-a", "blake3", "--threads", "1"});
  add("blake3/file256MiB/b3sum/threads:1", {"b3sum", "--num-threads", "1"});
  return true;
}();

}  // namespace
}  // namespace merkleforge::hash_bench
