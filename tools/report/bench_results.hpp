// The results model of `mforge bench`: Google Benchmark JSON turned into one Measurement per
// benchmark, with statistics over repetitions and the parts of the name the report groups by.
//
// Names follow bench/README.md: <family>/<subject>/<case>/<implementation>[/<arg or variant>...],
// e.g. `hash/sha256/latency32/merkleforge`, `binary/sha256/build/merkleforge/100000` or
// `binius/b128_mul/canonical/merkleforge/gfni`; Google Benchmark's run options are dropped
// (`threads:N` is a variant), and a name with fewer parts is reported as an error.
#pragma once

#include <cstddef>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace mforge {

/// Median, mean and sample standard deviation of the repetitions of one figure.
struct Stats {
  double median = 0;
  double mean = 0;
  double stddev = 0;  ///< 0 with a single repetition
  std::size_t repetitions = 0;
};

/// Stats of `values` (empty input gives all zeros).
Stats stats_of(std::vector<double> values);

struct Measurement {
  std::string name;             ///< run name without aggregate suffix
  std::string family;           ///< "hash"
  std::string subject;          ///< "sha256"
  std::string case_name;        ///< "latency32"
  std::string implementation;   ///< "merkleforge", "openssl", ...
  std::string args;             ///< numeric arguments after the implementation, "/"-joined
  std::string variant;          ///< other parts after the implementation (kernel, "threads:2")
  std::optional<double> size;   ///< problem size from the arguments or the case name, if any
  Stats time_ns;                ///< wall-clock time per iteration
  double bytes_per_second = 0;  ///< median over repetitions; 0 when the benchmark set none
  double items_per_second = 0;
  /// The benchmark's user counters (proof_KiB, alloc_bytes_per_op, ...), median over repetitions.
  std::map<std::string, double> counters;
  std::string error;  ///< Google Benchmark's error message for a skipped benchmark

  /// The figure with its case: `family/subject/case[/args]`, shared by an implementation and its
  /// peers.
  std::string case_key() const;
  /// The unique row label: case key, variant in brackets, implementation in parentheses unless it
  /// is plain "merkleforge" — e.g. "hash/sha256/throughput1MiB (merkleforge-avx2)".
  std::string label() const;
  /// The case name without its size: "latency32" -> "latency".
  std::string case_family() const;
  bool is_merkleforge() const;
};

/// Converts a time in Google Benchmark's `time_unit` to nanoseconds.
double to_nanoseconds(double value, const std::string& unit);

/// The size written at the end of a case name: "latency32" -> 32, "throughput1MiB" -> 1048576,
/// "build10K" -> 10000; nullopt when there is none.
std::optional<double> size_from_case_name(const std::string& case_name);

/// One Measurement per run name in a Google Benchmark JSON document, in first-seen order. Iteration
/// entries give the statistics; a file holding only aggregates (`*_median`, `*_mean`,
/// `*_stddev`) is read from those instead.
std::vector<Measurement> measurements_from(const nlohmann::json& google_benchmark_json);

}  // namespace mforge
