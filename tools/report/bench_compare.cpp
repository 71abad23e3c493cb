#include "bench_compare.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "bench_table.hpp"

namespace mforge {

using nlohmann::json;

const char* verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::faster:
      return "faster";
    case Verdict::slower:
      return "slower";
    case Verdict::only_old:
      return "only in old";
    case Verdict::only_new:
      return "only in new";
    case Verdict::within_noise:
      break;
  }
  return "within noise";
}

Verdict judge(const Stats& old_time, const Stats& new_time) {
  const double difference = new_time.median - old_time.median;
  double noise = kSingleRunNoise * old_time.median;
  if (old_time.repetitions > 1 && new_time.repetitions > 1) {
    const double spread = std::hypot(old_time.stddev, new_time.stddev);
    noise = std::max(2 * spread, 0.01 * old_time.median);
  }
  if (std::abs(difference) <= noise) return Verdict::within_noise;
  return difference < 0 ? Verdict::faster : Verdict::slower;
}

std::vector<FigureChange> compare_reports(const json& old_report, const json& new_report) {
  std::vector<FigureChange> changes;
  std::map<std::string, std::size_t> index;
  for (const auto& m : measurements_from(old_report)) {
    if (!m.error.empty()) continue;
    index[m.name] = changes.size();
    changes.push_back({m.name, m.time_ns, std::nullopt, 0, Verdict::only_old});
  }
  for (const auto& m : measurements_from(new_report)) {
    if (!m.error.empty()) continue;
    const auto it = index.find(m.name);
    if (it == index.end()) {
      changes.push_back({m.name, std::nullopt, m.time_ns, 0, Verdict::only_new});
      continue;
    }
    FigureChange& change = changes[it->second];
    change.new_time = m.time_ns;
    change.change =
        change.old_time->median > 0 ? m.time_ns.median / change.old_time->median - 1 : 0;
    change.verdict = judge(*change.old_time, m.time_ns);
  }
  return changes;
}

namespace {

std::optional<json> read_report(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::cerr << "mforge bench compare: cannot read " << path << "\n";
    return std::nullopt;
  }
  json report = json::parse(in, nullptr, false);
  if (report.is_discarded() || !report.is_object() || !report.contains("benchmarks") ||
      !report["benchmarks"].is_array()) {
    std::cerr << "mforge bench compare: " << path << " is not a benchmark JSON report\n";
    return std::nullopt;
  }
  return report;
}

std::string time_cell(const std::optional<Stats>& time) {
  if (!time) return "-";
  Measurement m;
  m.time_ns = *time;
  std::string text = format_figure(m);
  if (time->repetitions > 1 && time->median > 0) {
    char spread[32];
    std::snprintf(spread, sizeof spread, " ±%.1f%%", 100 * time->stddev / time->median);
    text += spread;
  }
  return text;
}

}  // namespace

bool print_comparison(const std::string& old_path, const std::string& new_path) {
  const auto old_report = read_report(old_path);
  const auto new_report = read_report(new_path);
  if (!old_report || !new_report) return false;
  const auto changes = compare_reports(*old_report, *new_report);
  std::size_t width = 6;
  for (const auto& c : changes) width = std::max(width, c.name.size());
  std::printf("%-*s  %-20s  %-20s  %8s  %s\n", static_cast<int>(width), "figure",
              "old (median ±sd)", "new (median ±sd)", "change", "verdict");
  std::map<Verdict, int> counts;
  for (const auto& c : changes) {
    char change[16] = "-";
    if (c.old_time && c.new_time) std::snprintf(change, sizeof change, "%+.1f%%", 100 * c.change);
    std::printf("%-*s  %-20s  %-20s  %8s  %s\n", static_cast<int>(width), c.name.c_str(),
                time_cell(c.old_time).c_str(), time_cell(c.new_time).c_str(), change,
                verdict_name(c.verdict));
    ++counts[c.verdict];
  }
  std::printf("\n%d faster, %d slower, %d within noise, %d only in old, %d only in new\n",
              counts[Verdict::faster], counts[Verdict::slower], counts[Verdict::within_noise],
              counts[Verdict::only_old], counts[Verdict::only_new]);
  return true;
}

}  // namespace mforge
