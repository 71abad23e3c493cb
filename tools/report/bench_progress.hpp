// The progress line `mforge bench` keeps on stderr while suites run: which suite, how many of its
// cases are done, and an estimate of the time left. Shown only when stderr is a terminal, so logs
// and pipes stay clean.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace mforge {

class Progress {
 public:
  /// `cases_per_suite[i]` is the number of cases of the i-th suite to run (0 when unknown);
  /// `seconds_per_case` is the first guess of a case's duration, replaced by the measured rate
  /// once cases finish.
  Progress(std::vector<std::size_t> cases_per_suite, double seconds_per_case);

  /// Suite `index` (named `suite`) has finished `cases_done` of its cases.
  void update(std::size_t index, const std::string& suite, std::size_t cases_done);
  /// Suite `index` is over (finished, failed or stopped).
  void suite_finished(std::size_t index);
  /// Clears the line.
  void finish();

  /// Estimated seconds left given the cases done so far (exposed for tests).
  double seconds_left() const;

 private:
  std::size_t cases_done_total() const;

  std::vector<std::size_t> cases_per_suite_;
  std::vector<std::size_t> done_per_suite_;
  double seconds_per_case_;
  std::chrono::steady_clock::time_point start_;
  bool enabled_;
};

/// "1m20s", "45s".
std::string format_duration(double seconds);

}  // namespace mforge
