#include "bench_progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace mforge {

Progress::Progress(std::vector<std::size_t> cases_per_suite, double seconds_per_case)
    : cases_per_suite_(std::move(cases_per_suite)),
      done_per_suite_(cases_per_suite_.size(), 0),
      seconds_per_case_(seconds_per_case),
      start_(std::chrono::steady_clock::now()),
      enabled_(::isatty(STDERR_FILENO) == 1) {}

std::size_t Progress::cases_done_total() const {
  return std::accumulate(done_per_suite_.begin(), done_per_suite_.end(), std::size_t{0});
}

double Progress::seconds_left() const {
  const std::size_t total =
      std::accumulate(cases_per_suite_.begin(), cases_per_suite_.end(), std::size_t{0});
  const std::size_t done = cases_done_total();
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double per_case = done > 0 ? elapsed / static_cast<double>(done) : seconds_per_case_;
  return total > done ? per_case * static_cast<double>(total - done) : 0.0;
}

void Progress::update(std::size_t index, const std::string& suite, std::size_t cases_done) {
  if (index < done_per_suite_.size()) done_per_suite_[index] = cases_done;
  if (!enabled_) return;
  const std::size_t cases = index < cases_per_suite_.size() ? cases_per_suite_[index] : 0;
  std::fprintf(stderr, "\r[mforge bench] suite %zu/%zu %s: %zu/%zu cases, ~%s left\x1b[K",
               index + 1, cases_per_suite_.size(), suite.c_str(), cases_done, cases,
               format_duration(seconds_left()).c_str());
  std::fflush(stderr);
}

void Progress::suite_finished(std::size_t index) {
  if (index < done_per_suite_.size()) done_per_suite_[index] = cases_per_suite_[index];
}

void Progress::finish() {
  if (!enabled_) return;
  std::fprintf(stderr, "\r\x1b[K");
  std::fflush(stderr);
}

std::string format_duration(double seconds) {
  const long total = std::lround(std::max(0.0, seconds));
  if (total < 60) return std::to_string(total) + "s";
  return std::to_string(total / 60) + "m" + (total % 60 < 10 ? "0" : "") +
         std::to_string(total % 60) + "s";
}

}  // namespace mforge
