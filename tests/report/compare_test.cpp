// Noise-aware verdicts of `mforge bench compare`, and the published-figure file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>

#include "bench_compare.hpp"
#include "bench_reference.hpp"
#include "support/temp_dir.hpp"

namespace mforge {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

Stats timing(double median, double stddev, std::size_t repetitions) {
  return {median, median, stddev, repetitions};
}

TEST(Compare, VerdictUsesTheSpreadOfRepetitions) {
  // Medians 100 vs 90: a 10% change. With sd 2 on each side, 2*hypot = 5.7 < 10: real.
  EXPECT_EQ(judge(timing(100, 2, 5), timing(90, 2, 5)), Verdict::faster);
  EXPECT_EQ(judge(timing(100, 2, 5), timing(110, 2, 5)), Verdict::slower);
  // With sd 8 on each side, 2*hypot = 22.6 > 10: noise.
  EXPECT_EQ(judge(timing(100, 8, 5), timing(90, 8, 5)), Verdict::within_noise);
  // No spread: a 1% floor.
  EXPECT_EQ(judge(timing(100, 0, 5), timing(99.5, 0, 5)), Verdict::within_noise);
}

TEST(Compare, SingleRunsUseTheFixedThreshold) {
  EXPECT_EQ(judge(timing(100, 0, 1), timing(104, 0, 1)), Verdict::within_noise);
  EXPECT_EQ(judge(timing(100, 0, 1), timing(106, 0, 1)), Verdict::slower);
}

json report(const std::vector<std::pair<std::string, std::vector<double>>>& runs) {
  json document = {{"benchmarks", json::array()}};
  for (const auto& [name, times] : runs) {
    for (double t : times) {
      document["benchmarks"].push_back({{"name", name},
                                        {"run_name", name},
                                        {"run_type", "iteration"},
                                        {"real_time", t},
                                        {"time_unit", "ns"}});
    }
  }
  return document;
}

TEST(Compare, ReportsPairFiguresByName) {
  const json old_report = report({{"hash/a/latency32/merkleforge", {100, 101, 99}},
                                  {"hash/b/latency32/merkleforge", {50, 50, 50}}});
  const json new_report = report({{"hash/a/latency32/merkleforge", {80, 81, 79}},
                                  {"hash/c/latency32/merkleforge", {10, 10, 10}}});
  const auto changes = compare_reports(old_report, new_report);
  ASSERT_EQ(changes.size(), 3u);
  EXPECT_EQ(changes[0].verdict, Verdict::faster);
  EXPECT_NEAR(changes[0].change, -0.2, 1e-12);
  EXPECT_EQ(changes[1].verdict, Verdict::only_old);
  EXPECT_EQ(changes[2].verdict, Verdict::only_new);
}

TEST(Reference, ShippedFileLoadsAndMatchesOurNames) {
  const auto figures = ReferenceFigures::load(fs::path(MERKLEFORGE_SOURCE_DIR) /
                                              "tools/report/reference_figures.json");
  ASSERT_TRUE(figures) << figures.error().message;
  EXPECT_GT(figures->all().size(), 40u);
  Measurement m;
  m.family = "hash";
  m.subject = "sha256";
  m.case_name = "latency32";
  m.implementation = "merkleforge";
  m.size = 32;
  m.time_ns = timing(54.8, 0, 1);
  const auto found = figures->matching(m);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->text(), "109.60 ns");
  EXPECT_NEAR(*found[0]->speedup_of(m), 2.0, 1e-9);
  EXPECT_NE(found[0]->machine.find("i7-1185G7"), std::string::npos);
}

TEST(Reference, ThroughputFiguresCompareRates) {
  const auto figures = ReferenceFigures::load(fs::path(MERKLEFORGE_SOURCE_DIR) /
                                              "tools/report/reference_figures.json");
  ASSERT_TRUE(figures);
  Measurement m;
  m.family = "hash";
  m.subject = "blake3";
  m.case_name = "throughput1MiB";
  m.size = 1048576;
  m.bytes_per_second = 2 * 5.99 * 1073741824.0;
  const auto found = figures->matching(m);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_NEAR(*found[0]->speedup_of(m), 2.0, 1e-9);
}

TEST(Reference, FiguresNamingAnImplementationStandOnlyBesideIt) {
  const auto figures = ReferenceFigures::load(fs::path(MERKLEFORGE_SOURCE_DIR) /
                                              "tools/report/reference_figures.json");
  ASSERT_TRUE(figures);
  Measurement verkle;
  verkle.family = "verkle_trie";
  verkle.subject = "accounts";
  verkle.case_name = "tries_random";
  verkle.implementation = "merkleforge-verkle";
  verkle.size = 1000;
  verkle.time_ns = timing(10.4e6, 0, 1);
  Measurement mpt = verkle;
  mpt.implementation = "merkleforge-mpt";
  EXPECT_TRUE(figures->matching(mpt).empty());

  const auto found = figures->matching(verkle);
  ASSERT_EQ(found.size(), 3u);  // time, bytes and allocations per op
  std::map<std::string, const ReferenceFigure*> by_counter;
  for (const auto* figure : found) by_counter[figure->counter] = figure;
  EXPECT_NEAR(*by_counter.at("")->speedup_of(verkle), 2.0, 1e-9);
  const ReferenceFigure& bytes = *by_counter.at("alloc_bytes_per_op");
  EXPECT_EQ(bytes.text(), "3.57 MB [alloc_bytes_per_op]");
  EXPECT_DOUBLE_EQ(bytes.canonical_value(), 3.57e6);
  EXPECT_FALSE(bytes.speedup_of(verkle));  // a counter is no time
  EXPECT_DOUBLE_EQ(by_counter.at("allocs_per_op")->canonical_value(), 35.5e3);
}

TEST(Reference, MalformedFilesAreErrorsNotCrashes) {
  const merkleforge::test::TempDir scratch("mf_ref");
  const fs::path file = scratch / "figures.json";
  for (
      const char* text :
      {"", "[]", R"({"figures": 3})", R"({"figures": [{"family": 1}]})",
       R"({"figures": [{"family": "hash", "case": "x", "project": "p", "value": 1, "unit": "furlongs"}]})",
       R"({"figures": [{"family": "hash", "case": "x", "project": "p", "value": 1, "unit": "ns", "size": "big"}]})",
       R"({"figures": [{"family": "hash", "case": "x", "project": "p", "value": 1, "unit": "MB"}]})",
       R"({"figures": [{"family": "hash", "case": "x", "project": "p", "value": 1, "unit": "ms", "counter": "c"}]})"}) {
    std::ofstream(file) << text;
    const auto figures = ReferenceFigures::load(file);
    EXPECT_FALSE(figures) << text;
  }
  fs::remove(file);
  EXPECT_FALSE(ReferenceFigures::load(file));
}

}  // namespace
}  // namespace mforge
