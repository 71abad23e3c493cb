#include "bench_suites.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace mforge {

namespace fs = std::filesystem;

namespace {

// The layout of the reference project's report; a suite is placed by the first entry its name
// starts with (bench_binary_tree_proofs goes with binary_tree).
const std::vector<std::string> kPreferredOrder = {"hash_throughput", "binary_tree",   "comparison",
                                                  "sparse_tree",     "patricia_trie", "verkle",
                                                  "node_store",      "proof"};

std::size_t rank_of(const std::string& suite) {
  for (std::size_t i = 0; i < kPreferredOrder.size(); ++i) {
    if (suite.rfind(kPreferredOrder[i], 0) == 0) return i;
  }
  return kPreferredOrder.size();
}

bool is_executable_file(const fs::directory_entry& entry) {
  std::error_code error;
  const auto permissions = entry.status(error).permissions();
  return !error && entry.is_regular_file(error) &&
         (permissions & fs::perms::owner_exec) != fs::perms::none;
}

}  // namespace

fs::path default_bench_dir() {
  if (const char* dir = std::getenv("MERKLEFORGE_BENCH_DIR")) return dir;
  std::error_code error;
  const fs::path self = fs::read_symlink("/proc/self/exe", error);
  return self.parent_path().parent_path().parent_path() / "bench";
}

std::vector<Suite> discover_suites(const fs::path& dir) {
  std::vector<Suite> suites;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    const std::string file = entry.path().filename().string();
    if (file.rfind("bench_", 0) != 0 || !is_executable_file(entry)) continue;
    suites.push_back({file.substr(6), entry.path()});
  }
  std::sort(suites.begin(), suites.end(), [](const Suite& a, const Suite& b) {
    return std::pair(rank_of(a.name), a.name) < std::pair(rank_of(b.name), b.name);
  });
  return suites;
}

RunMode quick_mode() {
  // Three short repetitions keep a median and a spread while the whole report stays within a few
  // minutes; the largest cases are left to the full run (benchmark_arguments).
  return {.quick = true, .repetitions = 3, .min_time_seconds = 0.02, .suite_timeout_seconds = 120};
}

RunMode full_mode() {
  return {.quick = false, .repetitions = 5, .min_time_seconds = 0.5, .suite_timeout_seconds = 1800};
}

RunMode suite_mode(const RunMode& mode, const std::string& suite) {
  // The provers' suites: one proof per row is already seconds, so one repetition.
  if (suite != "binius_prove" && suite != "boolean_prove" && suite != "state_proofs") return mode;
  RunMode out = mode;
  out.repetitions = 1;
  out.suite_timeout_seconds = std::max(mode.suite_timeout_seconds, 900);
  if (suite == "binius_prove") {
    out.quick_filter = "binius/verify/|/threads:2/";  // ~2 minutes on two cores, trace included
  }
  if (suite == "boolean_prove") {  // the batch-size sweep only in the full run
    out.quick_filter =
        "boolean/(native|verify)/|keccakf/merkleforge(-slim)?/(1024|8192)/|"
        "(sha256|blake3)/merkleforge(-slim)?/";
  }
  if (suite == "state_proofs") {  // the rows of ℓ* ≤ 23; ℓ* = 25–26 in the full run
    out.quick_filter =
        "/1000/(100000|1048576)|/accounts/[a-z-]+/merkleforge/100/|/writes/.*/200/100000";
  }
  return out;
}

std::vector<std::string> benchmark_arguments(const RunMode& base, const std::string& suite) {
  const RunMode mode = suite_mode(base, suite);
  std::ostringstream min_time;
  min_time << mode.min_time_seconds;
  std::vector<std::string> arguments = {
      "--benchmark_min_time=" + min_time.str(),
      "--benchmark_repetitions=" + std::to_string(mode.repetitions),
      "--benchmark_display_aggregates_only=true",
  };
  // Quick mode leaves out cases sized a million or more (`/1000000`, `insert1000000`) and Node
  // peers from 10,000 up (`insert10000/ethereumjs`: the JavaScript peers need tens of seconds
  // there); the full run has them.
  if (mode.quick) {
    arguments.push_back("--benchmark_filter=" +
                        (mode.quick_filter.empty()
                             ? std::string("-([/a-z][1-9][0-9]{6,}(/|$)|[0-9]{5,}/ethereumjs)")
                             : mode.quick_filter));
  }
  return arguments;
}

std::string reproduce_command(const Suite& suite, const RunMode& mode) {
  std::string command = suite.executable.string();
  for (const auto& argument : benchmark_arguments(mode, suite.name)) {
    command += " '" + argument + "'";
  }
  return command;
}

}  // namespace mforge
