// Crash testing: a writer child process commits in a loop and is SIGKILLed at a random moment; it
// reports every commit that returned through a pipe, so the parent knows the least the database
// must hold when it reopens it.
//
// The child is this test binary started again (fork + exec through posix_spawn) and told by
// environment variables to run one writer test. A bare fork() would not do: RocksDB's background
// threads (flush, compaction) do not survive fork, so a forked child's writes would stall.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace merkleforge::test {

/// Environment of a writer child: the folder it writes to and the pipe it reports on.
inline constexpr const char* kCrashDbEnv = "MERKLEFORGE_CRASH_DB";
inline constexpr const char* kCrashReportFdEnv = "MERKLEFORGE_CRASH_REPORT_FD";
inline constexpr int kCrashReportFd = 77;  // the pipe's number in the child

/// In a child: the database folder, or nullptr when this process is not a crash writer.
inline const char* crash_writer_db() {
  return std::getenv(kCrashDbEnv);
}

/// In a child: dies with the parent (a killed test run leaves no writer behind).
inline void die_with_parent() {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() == 1) std::_Exit(2);
}

/// In a child: tells the parent that commit `version` returned.
inline void report_committed(std::uint64_t version) {
  const ssize_t written = write(kCrashReportFd, &version, sizeof version);
  if (written != static_cast<ssize_t>(sizeof version)) std::_Exit(3);
}

/// A writer child running the test `gtest_filter` of this binary against folder `db`.
class CrashWriter {
 public:
  CrashWriter(const std::string& gtest_filter, const std::string& db) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe2 failed");
    read_fd_ = fds[0];

    std::vector<std::string> variables = {
        std::string(kCrashDbEnv) + "=" + db,
        std::string(kCrashReportFdEnv) + "=" + std::to_string(kCrashReportFd)};
    for (char** entry = environ; *entry != nullptr; ++entry) variables.emplace_back(*entry);
    std::vector<char*> envp;
    for (auto& variable : variables) envp.push_back(variable.data());
    envp.push_back(nullptr);
    std::string program = "/proc/self/exe", filter = "--gtest_filter=" + gtest_filter;
    char* argv[] = {program.data(), filter.data(), nullptr};

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], kCrashReportFd);  // dup2 clears CLOEXEC
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    const int spawned = posix_spawn(&pid_, program.c_str(), &actions, nullptr, argv, envp.data());
    posix_spawn_file_actions_destroy(&actions);
    close(fds[1]);
    if (spawned != 0) throw std::runtime_error(std::string("posix_spawn: ") + strerror(spawned));
  }
  ~CrashWriter() {
    if (pid_ > 0) kill_and_reap();
    close(read_fd_);
  }
  CrashWriter(const CrashWriter&) = delete;
  CrashWriter& operator=(const CrashWriter&) = delete;

  /// Waits until the child reports a commit or `timeout` passes; returns whether it reported.
  bool wait_for_report(std::chrono::milliseconds timeout) {
    pollfd ready{read_fd_, POLLIN, 0};
    if (poll(&ready, 1, static_cast<int>(timeout.count())) <= 0) return false;
    std::uint64_t version = 0;
    if (!read_exact(&version)) return false;
    last_ = version;
    return true;
  }

  /// SIGKILLs the child and returns the last version it reported (none if it reported nothing).
  /// Throws when the child had already ended by itself (a writer error).
  std::optional<std::uint64_t> kill_and_collect() {
    const int status = kill_and_reap();
    std::optional<std::uint64_t> last = last_;
    std::uint64_t version = 0;
    while (read_exact(&version)) last = version;
    if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGKILL) {
      throw std::runtime_error("the writer ended on its own (status " + std::to_string(status) +
                               "); see its stderr");
    }
    return last;
  }

 private:
  int kill_and_reap() {
    kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
    return status;
  }

  bool read_exact(std::uint64_t* value) {
    auto* bytes = reinterpret_cast<char*>(value);
    std::size_t got = 0;
    while (got < sizeof *value) {
      const ssize_t n = read(read_fd_, bytes + got, sizeof *value - got);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;  // EOF: a torn last report is not a commit report
      got += static_cast<std::size_t>(n);
    }
    return true;
  }

  pid_t pid_ = -1;
  int read_fd_ = -1;
  std::optional<std::uint64_t> last_;  // read by wait_for_report
};

/// After a kill, a database must hold a version at least as new as `start` (what the writer
/// resumed from) and `returned` (its last reported commit), and at most one newer (the commit in
/// flight when it died).
inline void expect_stored_version(std::uint64_t stored, std::uint64_t start,
                                  std::optional<std::uint64_t> returned) {
  const std::uint64_t least = std::max(start, returned.value_or(0));
  EXPECT_GE(stored, least) << "a commit that returned was lost";
  EXPECT_LE(stored, least + 1) << "only the commit in flight may be extra";
}

/// Runs `rounds` rounds: start the writer test `gtest_filter` on `db`, SIGKILL it, then
/// `check(start, returned)`, which reopens the database, checks it (at least with
/// expect_stored_version) and returns the version it holds, from which the next writer resumes.
/// Most rounds kill 0-300 ms after the writer's first commit returned (whatever its start-up
/// costs, e.g. under sanitizers); every third kills 0-400 ms after the start, maybe during
/// recovery. Fails unless the writers committed more than `rounds` times in all.
inline void run_crash_rounds(
    const std::string& gtest_filter, const std::string& db, int rounds,
    const std::function<std::uint64_t(std::uint64_t, std::optional<std::uint64_t>)>& check) {
  std::mt19937_64 random(std::random_device{}());
  std::uint64_t stored = 0;
  std::uint64_t committed = 0;
  for (int round = 0; round < rounds; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    std::optional<std::uint64_t> returned;
    {
      CrashWriter writer(gtest_filter, db);
      const bool early = round % 3 == 2;
      if (!early && !writer.wait_for_report(std::chrono::seconds(60))) {
        ADD_FAILURE() << "the writer committed nothing within a minute";
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(random() % (early ? 400 : 300)));
      returned = writer.kill_and_collect();
    }
    committed = std::max(committed, returned.value_or(0));
    stored = check(stored, returned);
    if (::testing::Test::HasFailure()) return;
  }
  EXPECT_GT(committed, static_cast<std::uint64_t>(rounds)) << "too few commits to test anything";
}

}  // namespace merkleforge::test
