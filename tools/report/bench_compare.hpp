// `mforge bench compare OLD.json NEW.json`: the change of each figure between two reports, with a
// verdict that accounts for the run-to-run noise measured by the repetitions.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench_results.hpp"

namespace mforge {

enum class Verdict { faster, slower, within_noise, only_old, only_new };

const char* verdict_name(Verdict verdict);

/// Relative change below which a difference between single runs (no spread known) is noise.
inline constexpr double kSingleRunNoise = 0.05;

/// Compares two timings of one figure. With repetitions on both sides, a change is real when the
/// medians differ by more than twice the combined standard deviation (and more than 1%); without
/// repetitions, when they differ by more than kSingleRunNoise.
Verdict judge(const Stats& old_time, const Stats& new_time);

struct FigureChange {
  std::string name;
  std::optional<Stats> old_time;
  std::optional<Stats> new_time;
  double change = 0;  ///< new median / old median - 1 (negative: faster)
  Verdict verdict = Verdict::within_noise;
};

/// One change per figure present in either report (Google Benchmark JSON or `mforge bench --json`).
std::vector<FigureChange> compare_reports(const nlohmann::json& old_report,
                                          const nlohmann::json& new_report);

/// Reads both files and prints the comparison table; false (with the reason on stderr) when a file
/// cannot be read as a report.
bool print_comparison(const std::string& old_path, const std::string& new_path);

}  // namespace mforge
