// Which benchmark suites exist and how each run mode invokes them.
//
// Suites are the executables bench_<suite> built from bench/ (bench/CMakeLists.txt). They are found
// at run time, so the report works with whatever suites the build has.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace mforge {

struct Suite {
  std::string name;                  ///< "hash_throughput"
  std::filesystem::path executable;  ///< <build>/bench/bench_hash_throughput
};

/// The folder holding the bench executables: $MERKLEFORGE_BENCH_DIR, else <build>/bench for the
/// mforge executable at <build>/tools/mforge/mforge.
std::filesystem::path default_bench_dir();

/// The executables named bench_* in `dir`, in report order: the suites of the reference report
/// first (hash throughput, binary tree, comparison, sparse tree, Patricia trie, ...), then any
/// other suite alphabetically.
std::vector<Suite> discover_suites(const std::filesystem::path& dir);

/// The run settings of one mode.
struct RunMode {
  bool quick = false;
  int repetitions = 3;
  double min_time_seconds = 0.5;
  int suite_timeout_seconds = 1800;  ///< a suite still running then is stopped and reported
  /// Google Benchmark's filter in quick mode (empty: the mode's default, cases below 1M).
  std::string quick_filter = {};
};

RunMode quick_mode();
RunMode full_mode();

/// The settings of `mode` for one suite. Every suite takes the mode's, but the proof system's
/// table (binius_prove: the nine Binius rows at the table's counts, seconds per proof), which runs
/// each case once, with a longer limit, and in quick mode on two threads only.
RunMode suite_mode(const RunMode& mode, const std::string& suite);
/// Google Benchmark arguments selecting and measuring the cases of `suite` in `mode` (without
/// output options).
std::vector<std::string> benchmark_arguments(const RunMode& mode, const std::string& suite);

/// The shell command a reader can paste to reproduce a suite's table.
std::string reproduce_command(const Suite& suite, const RunMode& mode);

}  // namespace mforge
