// Runs one benchmark suite executable and collects its Google Benchmark JSON.
#pragma once

#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench_suites.hpp"

namespace mforge {

struct SuiteRun {
  bool ok = false;
  std::string error;       ///< why the suite gave no results (not built, crashed, timed out, ...)
  nlohmann::json results;  ///< Google Benchmark's JSON document when ok
  double seconds = 0;      ///< wall-clock duration of the run
};

/// Number of benchmark cases `arguments` select in `suite` (--benchmark_list_tests); 0 when the
/// executable cannot be listed.
std::size_t count_cases(const Suite& suite, const std::vector<std::string>& arguments);

/// Runs `suite` with `arguments` plus JSON file output. `on_case_done(n)` is called each time the
/// n-th case finishes. A suite still running after `timeout_seconds` is stopped; its failure is
/// returned, never thrown, so the caller can carry on with the other suites.
SuiteRun run_suite(const Suite& suite, const std::vector<std::string>& arguments,
                   int timeout_seconds, const std::function<void(std::size_t)>& on_case_done);

}  // namespace mforge
