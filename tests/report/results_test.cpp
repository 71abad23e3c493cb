// Parsing Google Benchmark JSON into measurements, and name parts.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "bench_results.hpp"

namespace mforge {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
const fs::path kData = MERKLEFORGE_REPORT_TEST_DATA;

json load(const fs::path& file) {
  std::ifstream in(file);
  return json::parse(in);
}

// Google Benchmark computed median/mean/stddev of the same repetitions in the recorded file.
TEST(Results, StatisticsMatchGoogleBenchmarkAggregates) {
  const json recorded = load(kData / "gbench/hash_repetitions.json");
  const auto measurements = measurements_from(recorded);
  ASSERT_EQ(measurements.size(), 17u);
  std::size_t checked = 0;
  for (const auto& m : measurements) {
    for (const auto& bench : recorded["benchmarks"]) {
      if (bench.value("run_name", "") != m.name || bench.value("run_type", "") != "aggregate")
        continue;
      const std::string aggregate = bench["aggregate_name"];
      const double expected = bench["real_time"].get<double>();  // ns in this file
      if (aggregate == "median") {
        EXPECT_NEAR(m.time_ns.median, expected, expected * 1e-9) << m.name;
      }
      if (aggregate == "mean") {
        EXPECT_NEAR(m.time_ns.mean, expected, expected * 1e-9) << m.name;
      }
      if (aggregate == "stddev") {
        EXPECT_NEAR(m.time_ns.stddev, expected, expected * 1e-6 + 1e-9) << m.name;
      }
      ++checked;
    }
    EXPECT_EQ(m.time_ns.repetitions, 3u) << m.name;
  }
  EXPECT_EQ(checked, 17u * 4);  // mean, median, stddev, cv per measurement
}

TEST(Results, AggregatesOnlyFilesAreRead) {
  json recorded = load(kData / "gbench/hash_repetitions.json");
  json aggregates_only = {{"benchmarks", json::array()}};
  for (const auto& bench : recorded["benchmarks"]) {
    if (bench["run_type"] == "aggregate") aggregates_only["benchmarks"].push_back(bench);
  }
  const auto from_all = measurements_from(recorded);
  const auto from_aggregates = measurements_from(aggregates_only);
  ASSERT_EQ(from_all.size(), from_aggregates.size());
  for (std::size_t i = 0; i < from_all.size(); ++i) {
    EXPECT_NEAR(from_aggregates[i].time_ns.median, from_all[i].time_ns.median,
                from_all[i].time_ns.median * 1e-9);
    EXPECT_EQ(from_aggregates[i].time_ns.repetitions, 3u);
  }
}

TEST(Results, NamePartsAndSizes) {
  const json document = {{"benchmarks",
                          {{{"name", "binary/sha256/build/merkleforge/100000/real_time"},
                            {"run_name", "binary/sha256/build/merkleforge/100000/real_time"},
                            {"run_type", "iteration"},
                            {"real_time", 2.5},
                            {"time_unit", "ms"}},
                           {{"name", "hash/sha256/throughput1MiB/openssl"},
                            {"run_type", "iteration"},
                            {"real_time", 700.0},
                            {"time_unit", "us"},
                            {"bytes_per_second", 1.5e9}}}}};
  const auto m = measurements_from(document);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].family, "binary");
  EXPECT_EQ(m[0].subject, "sha256");
  EXPECT_EQ(m[0].case_family(), "build");
  EXPECT_EQ(m[0].implementation, "merkleforge");
  EXPECT_EQ(m[0].args, "100000");
  EXPECT_EQ(m[0].size, 100000.0);
  EXPECT_EQ(m[0].time_ns.median, 2.5e6);
  EXPECT_EQ(m[0].case_key(), "binary/sha256/build/100000");
  EXPECT_TRUE(m[0].is_merkleforge());
  EXPECT_EQ(m[1].size, 1048576.0);
  EXPECT_EQ(m[1].case_family(), "throughput");
  EXPECT_EQ(m[1].time_ns.median, 700e3);
  EXPECT_EQ(m[1].bytes_per_second, 1.5e9);
  EXPECT_FALSE(m[1].is_merkleforge());
}

TEST(Results, SizeFromCaseName) {
  EXPECT_EQ(size_from_case_name("latency32"), 32.0);
  EXPECT_EQ(size_from_case_name("build10K"), 10000.0);
  EXPECT_EQ(size_from_case_name("throughput64KiB"), 65536.0);
  EXPECT_EQ(size_from_case_name("insert"), std::nullopt);
}

TEST(Results, StatsOfHandValues) {
  const Stats s = stats_of({30, 10, 20});
  EXPECT_EQ(s.median, 20);
  EXPECT_EQ(s.mean, 20);
  EXPECT_DOUBLE_EQ(s.stddev, 10);  // sqrt((100 + 0 + 100) / 2)
  EXPECT_EQ(stats_of({1, 2, 3, 4}).median, 2.5);
  EXPECT_EQ(stats_of({}).repetitions, 0u);
}

TEST(Results, ErroredBenchmarkKeepsItsMessage) {
  const json document = {{"benchmarks",
                          {{{"name", "hash/x/latency32/merkleforge"},
                            {"error_occurred", true},
                            {"error_message", "kernel unavailable"}}}}};
  const auto m = measurements_from(document);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].error, "kernel unavailable");
}

}  // namespace
}  // namespace mforge
