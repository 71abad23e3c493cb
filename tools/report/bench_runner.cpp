#include "bench_runner.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace mforge {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// A child process whose stdout is read through a pipe and whose stderr goes to a file.
struct Child {
  pid_t pid = -1;
  int stdout_fd = -1;
};

Child spawn(const fs::path& executable, const std::vector<std::string>& arguments,
            const fs::path& stderr_file) {
  int pipe_fds[2];
  if (::pipe(pipe_fds) != 0) return {};
  std::vector<char*> argv;
  std::string program = executable.string();
  argv.push_back(program.data());
  std::vector<std::string> copies = arguments;
  for (auto& argument : copies) argv.push_back(argument.data());
  argv.push_back(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::dup2(pipe_fds[1], STDOUT_FILENO);
    const int err = ::open(stderr_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (err >= 0) ::dup2(err, STDERR_FILENO);
    ::close(pipe_fds[0]);
    ::execv(program.c_str(), argv.data());
    ::_exit(127);
  }
  ::close(pipe_fds[1]);
  if (pid < 0) {
    ::close(pipe_fds[0]);
    return {};
  }
  return {pid, pipe_fds[0]};
}

// Console lines start with the benchmark name; repetitions and aggregates of one case share it
// up to the aggregate suffix, so distinct names count finished cases.
std::string case_of_console_line(const std::string& line) {
  std::string name = line.substr(0, line.find(' '));
  for (const char* suffix : {"_mean", "_median", "_stddev", "_cv"}) {
    const std::string s = suffix;
    if (name.size() > s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0) {
      return name.substr(0, name.size() - s.size());
    }
  }
  return name;
}

// Reads the child's stdout until it closes or the deadline passes; returns false on timeout.
bool follow_output(const Child& child, std::chrono::steady_clock::time_point deadline,
                   const std::function<void(std::size_t)>& on_case_done) {
  std::set<std::string> cases_seen;
  std::string pending;
  char buffer[4096];
  while (true) {
    const auto left = deadline - std::chrono::steady_clock::now();
    if (left <= std::chrono::steady_clock::duration::zero()) return false;
    pollfd fd{child.stdout_fd, POLLIN, 0};
    const int ready = ::poll(&fd, 1, 200);
    if (ready <= 0) continue;
    const ssize_t n = ::read(child.stdout_fd, buffer, sizeof buffer);
    if (n <= 0) return true;
    pending.append(buffer, static_cast<std::size_t>(n));
    for (std::size_t end; (end = pending.find('\n')) != std::string::npos;) {
      const std::string line = pending.substr(0, end);
      pending.erase(0, end + 1);
      // Result lines start with a benchmark name, which has a '/'; header lines do not.
      const std::string name = case_of_console_line(line);
      if (name.find('/') == std::string::npos) continue;
      if (cases_seen.insert(name).second && on_case_done) {
        on_case_done(cases_seen.size());
      }
    }
  }
}

std::string tail_of_file(const fs::path& path, std::size_t max_chars) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  const std::string all = text.str();
  return all.size() <= max_chars ? all : "..." + all.substr(all.size() - max_chars);
}

std::string describe_exit(int status) {
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "exit status " + std::to_string(WEXITSTATUS(status));
}

}  // namespace

std::size_t count_cases(const Suite& suite, const std::vector<std::string>& arguments) {
  std::vector<std::string> list_arguments = arguments;
  list_arguments.push_back("--benchmark_list_tests=true");
  const fs::path err = fs::temp_directory_path() / ("mforge_list_" + std::to_string(::getpid()));
  const Child child = spawn(suite.executable, list_arguments, err);
  if (child.pid < 0) return 0;
  std::size_t lines = 0;
  char buffer[4096];
  for (ssize_t n; (n = ::read(child.stdout_fd, buffer, sizeof buffer)) > 0;) {
    for (ssize_t i = 0; i < n; ++i) lines += buffer[i] == '\n';
  }
  ::close(child.stdout_fd);
  int status = 0;
  ::waitpid(child.pid, &status, 0);
  std::error_code ignored;
  fs::remove(err, ignored);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? lines : 0;
}

SuiteRun run_suite(const Suite& suite, const std::vector<std::string>& arguments,
                   int timeout_seconds, const std::function<void(std::size_t)>& on_case_done) {
  SuiteRun run;
  const std::string stem = "mforge_bench_" + std::to_string(::getpid()) + "_" + suite.name;
  const fs::path json_file = fs::temp_directory_path() / (stem + ".json");
  const fs::path err_file = fs::temp_directory_path() / (stem + ".err");
  std::vector<std::string> all_arguments = arguments;
  all_arguments.push_back("--benchmark_format=console");
  all_arguments.push_back("--benchmark_color=false");
  all_arguments.push_back("--benchmark_out_format=json");
  all_arguments.push_back("--benchmark_out=" + json_file.string());

  const auto start = std::chrono::steady_clock::now();
  const Child child = spawn(suite.executable, all_arguments, err_file);
  if (child.pid < 0) {
    run.error = "cannot start " + suite.executable.string();
    return run;
  }
  const bool finished =
      follow_output(child, start + std::chrono::seconds(timeout_seconds), on_case_done);
  if (!finished) ::kill(child.pid, SIGKILL);
  ::close(child.stdout_fd);
  int status = 0;
  ::waitpid(child.pid, &status, 0);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::error_code ignored;
  if (!finished) {
    run.error = "stopped after the " + std::to_string(timeout_seconds) + " s limit of this mode";
  } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    run.error = describe_exit(status) + ": " + tail_of_file(err_file, 400);
  } else {
    std::ifstream in(json_file);
    run.results = json::parse(in, nullptr, false);
    if (run.results.is_discarded()) {
      run.error = "wrote unreadable JSON";
    } else {
      run.ok = true;
    }
  }
  fs::remove(json_file, ignored);
  fs::remove(err_file, ignored);
  return run;
}

}  // namespace mforge
