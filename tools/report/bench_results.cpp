#include "bench_results.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <numeric>
#include <sstream>

namespace mforge {

using nlohmann::json;

Stats stats_of(std::vector<double> values) {
  Stats stats;
  stats.repetitions = values.size();
  if (values.empty()) return stats;
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  stats.median =
      values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  stats.mean =
      std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
  if (values.size() > 1) {
    double squares = 0;
    for (double value : values) squares += (value - stats.mean) * (value - stats.mean);
    stats.stddev = std::sqrt(squares / static_cast<double>(values.size() - 1));
  }
  return stats;
}

double to_nanoseconds(double value, const std::string& unit) {
  if (unit == "us") return value * 1e3;
  if (unit == "ms") return value * 1e6;
  if (unit == "s") return value * 1e9;
  return value;
}

std::optional<double> size_from_case_name(const std::string& case_name) {
  std::size_t end = case_name.size();
  double multiplier = 1;
  const auto ends_with = [&](const std::string& suffix) {
    return end >= suffix.size() &&
           case_name.compare(end - suffix.size(), suffix.size(), suffix) == 0;
  };
  // Binary suffixes first: "MiB" must not be read as "M" followed by "iB".
  for (const auto& [suffix, factor] : {std::pair<const char*, double>{"KiB", 1024.0},
                                       {"MiB", 1048576.0},
                                       {"GiB", 1073741824.0},
                                       {"K", 1e3},
                                       {"M", 1e6},
                                       {"k", 1e3}}) {
    if (ends_with(suffix)) {
      end -= std::string(suffix).size();
      multiplier = factor;
      break;
    }
  }
  std::size_t begin = end;
  while (begin > 0 && std::isdigit(static_cast<unsigned char>(case_name[begin - 1]))) --begin;
  if (begin == end) return std::nullopt;
  return std::stod(case_name.substr(begin, end - begin)) * multiplier;
}

namespace {

std::vector<std::string> split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  for (std::string part; std::getline(stream, part, separator);) parts.push_back(part);
  return parts;
}

bool is_number(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

// Google Benchmark appends its run options to names ("real_time", "repeats:3", ...). They say how a
// figure was taken, not what was measured, and are dropped; "threads:N" is kept as a variant.
bool is_run_option(const std::string& part) {
  for (const char* option : {"real_time", "process_time", "manual_time"}) {
    if (part == option) return true;
  }
  for (const char* prefix : {"repeats:", "iterations:", "min_time:", "min_warmup_time:"}) {
    if (part.rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// Fills the name parts: <family>/<subject>/<case>/<implementation>, then numeric arguments and
// variant labels (kernel, thread count) in any order. A name with fewer parts is an error, so that
// no figure lands in the wrong column.
Measurement measurement_named(const std::string& run_name) {
  Measurement m;
  m.name = run_name;
  std::vector<std::string> parts;
  for (auto& part : split(run_name, '/')) {
    if (!is_run_option(part)) parts.push_back(std::move(part));
  }
  if (parts.size() < 4) {
    m.family = parts.empty() ? run_name : parts[0];
    m.subject = parts.size() > 1 ? parts[1] : "";
    m.case_name = parts.size() > 2 ? parts[2] : "";
    m.implementation = "unknown";
    m.error = "benchmark name does not follow <family>/<subject>/<case>/<implementation>";
    return m;
  }
  m.family = parts[0];
  m.subject = parts[1];
  m.case_name = parts[2];
  m.implementation = parts[3];
  std::vector<std::string> args;
  for (std::size_t i = 4; i < parts.size(); ++i) {
    std::string& target = is_number(parts[i]) ? m.args : m.variant;
    if (!target.empty()) target += '/';
    target += parts[i];
    if (is_number(parts[i])) args.push_back(parts[i]);
  }
  if (!args.empty()) {
    m.size = std::stod(args.front());
  } else {
    m.size = size_from_case_name(m.case_name);
  }
  return m;
}

/// The fields Google Benchmark writes for every run; every other number is a user counter.
bool is_standard_field(const std::string& key) {
  static const char* const kFields[] = {"name",
                                        "run_name",
                                        "run_type",
                                        "repetitions",
                                        "repetition_index",
                                        "threads",
                                        "iterations",
                                        "real_time",
                                        "cpu_time",
                                        "time_unit",
                                        "bytes_per_second",
                                        "items_per_second",
                                        "family_index",
                                        "per_family_instance_index",
                                        "aggregate_name",
                                        "aggregate_unit",
                                        "error_occurred",
                                        "error_message",
                                        "label",
                                        "suite"};
  return std::find(std::begin(kFields), std::end(kFields), key) != std::end(kFields);
}

struct Samples {
  std::vector<double> times_ns;
  std::map<std::string, std::vector<double>> counters;
  std::map<std::string, double> aggregate_counters;  // the median aggregate's
  std::vector<double> bytes_per_second;
  std::vector<double> items_per_second;
  std::map<std::string, double> aggregates_ns;  // "median", "mean", "stddev"
  std::map<std::string, double> aggregate_rates;
  std::string error;
};

}  // namespace

std::string Measurement::case_key() const {
  return family + "/" + subject + "/" + case_name + (args.empty() ? "" : "/" + args);
}

std::string Measurement::case_family() const {
  // The size is in the case name only when no argument gives it ("prove_leaf0/.../100" is the
  // case prove_leaf0 at size 100).
  if (!args.empty() || !size_from_case_name(case_name)) return case_name;
  std::string text = case_name;
  while (!text.empty() && !std::isdigit(static_cast<unsigned char>(text.back()))) text.pop_back();
  while (!text.empty() && std::isdigit(static_cast<unsigned char>(text.back()))) text.pop_back();
  return text.empty() ? case_name : text;
}

std::string Measurement::label() const {
  std::string text = case_key();
  if (!variant.empty()) text += " [" + variant + "]";
  if (implementation != "merkleforge") text += " (" + implementation + ")";
  return text;
}

bool Measurement::is_merkleforge() const {
  return implementation == "merkleforge" || implementation.rfind("merkleforge-", 0) == 0;
}

std::vector<Measurement> measurements_from(const json& document) {
  std::vector<std::string> order;
  std::map<std::string, Samples> samples;
  for (const auto& bench : document.value("benchmarks", json::array())) {
    const std::string run_name = bench.value("run_name", bench.value("name", ""));
    if (run_name.empty()) continue;
    if (!samples.count(run_name)) order.push_back(run_name);
    Samples& s = samples[run_name];
    if (bench.value("error_occurred", false)) {
      s.error = bench.value("error_message", "error");
      continue;
    }
    const double time_ns =
        to_nanoseconds(bench.value("real_time", 0.0), bench.value("time_unit", "ns"));
    if (bench.value("run_type", "iteration") == "aggregate") {
      const std::string aggregate = bench.value("aggregate_name", "");
      s.aggregates_ns[aggregate] = time_ns;
      if (aggregate == "median") {
        s.aggregate_rates["bytes"] = bench.value("bytes_per_second", 0.0);
        s.aggregate_rates["items"] = bench.value("items_per_second", 0.0);
        for (const auto& [key, value] : bench.items()) {
          if (value.is_number() && !is_standard_field(key)) {
            s.aggregate_counters[key] = value.get<double>();
          }
        }
      }
      if (aggregate == "median" || aggregate == "mean") {
        s.aggregates_ns["repetitions"] = bench.value("repetitions", 0.0);
      }
      continue;
    }
    s.times_ns.push_back(time_ns);
    for (const auto& [key, value] : bench.items()) {
      if (value.is_number() && !is_standard_field(key))
        s.counters[key].push_back(value.get<double>());
    }
    s.bytes_per_second.push_back(bench.value("bytes_per_second", 0.0));
    s.items_per_second.push_back(bench.value("items_per_second", 0.0));
  }
  std::vector<Measurement> measurements;
  for (const auto& run_name : order) {
    const Samples& s = samples[run_name];
    Measurement m = measurement_named(run_name);
    if (!s.error.empty()) m.error = s.error;
    if (!s.times_ns.empty()) {
      m.time_ns = stats_of(s.times_ns);
      m.bytes_per_second = stats_of(s.bytes_per_second).median;
      m.items_per_second = stats_of(s.items_per_second).median;
      for (const auto& [key, values] : s.counters) m.counters[key] = stats_of(values).median;
    } else if (s.aggregates_ns.count("median") || s.aggregates_ns.count("mean")) {
      const auto get = [&](const char* key) {
        const auto it = s.aggregates_ns.find(key);
        return it == s.aggregates_ns.end() ? 0.0 : it->second;
      };
      m.time_ns = {get("median") > 0 ? get("median") : get("mean"), get("mean"), get("stddev"),
                   static_cast<std::size_t>(get("repetitions"))};
      const auto rate = [&](const char* key) {
        const auto it = s.aggregate_rates.find(key);
        return it == s.aggregate_rates.end() ? 0.0 : it->second;
      };
      m.bytes_per_second = rate("bytes");
      m.items_per_second = rate("items");
      m.counters = s.aggregate_counters;
    } else if (m.error.empty()) {
      continue;
    }
    measurements.push_back(std::move(m));
  }
  return measurements;
}

}  // namespace mforge
