// The reference file against the suites that exist: every published figure has a benchmark row
// of ours to stand beside (the names every bench executable registers, and the energy table's),
// every figure sits in a table of its seed and every column of a table holds a figure; and the
// seed tables and scoreboard built from measurements written here.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "bench_energy.hpp"
#include "bench_reference.hpp"
#include "bench_seed.hpp"

namespace mforge {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

#ifdef MERKLEFORGE_BENCH_DIR
/// Every benchmark name the suites of `dir` register (--benchmark_list_tests).
std::vector<std::string> registered_names(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    if (file.rfind("bench_", 0) != 0 || !entry.is_regular_file()) continue;
    FILE* pipe = ::popen(("'" + entry.path().string() + "' --benchmark_list_tests").c_str(), "r");
    if (pipe == nullptr) continue;
    std::array<char, 4096> line;
    while (std::fgets(line.data(), line.size(), pipe) != nullptr) {
      std::string name(line.data());
      while (!name.empty() && (name.back() == '\n' || name.back() == '\r')) name.pop_back();
      if (!name.empty()) names.push_back(name);
    }
    ::pclose(pipe);
  }
  return names;
}
#endif

TEST(ReferenceFile, EveryFigureHasARowOfOursAndASeat) {
#ifndef MERKLEFORGE_BENCH_DIR
  GTEST_SKIP() << "a build without the bench suites (the release preset has them)";
#else
  auto references = ReferenceFigures::load(default_reference_file());
  ASSERT_TRUE(references.ok()) << references.error().message;
  json document = {{"benchmarks", json::array()}};
  for (const std::string& name : registered_names(MERKLEFORGE_BENCH_DIR)) {
    document["benchmarks"].push_back(
        {{"name", name}, {"run_name", name}, {"real_time", 1.0}, {"time_unit", "ns"}});
  }
  ASSERT_GT(document["benchmarks"].size(), 100u)
      << "no bench executables in " MERKLEFORGE_BENCH_DIR;
  std::vector<Measurement> rows = measurements_from(document);
  for (const Measurement& m : energy_measurements(measure_energy(1, 1000))) {
    Measurement named = m;  // the energy table's names, at the report's size
    named.size = 100000;
    named.args = "100000";
    rows.push_back(named);
  }
  std::set<const ReferenceFigure*> matched;
  for (const Measurement& m : rows) {
    if (!m.is_merkleforge()) continue;
    for (const ReferenceFigure* f : references->matching(m)) matched.insert(f);
  }
  for (const ReferenceFigure& f : references->all()) {
    EXPECT_TRUE(matched.count(&f))
        << "no row of ours for " << f.family << "/" << f.subject << "/" << f.case_family << " "
        << f.size.value_or(0) << " (" << f.project << ")";
    EXPECT_TRUE(f.seat.has_value()) << f.family << "/" << f.case_family << " sits in no table";
  }
  for (const SeedTable& table : references->tables()) {
    for (const std::string& column : table.columns) {
      const bool filled = std::any_of(
          references->all().begin(), references->all().end(), [&](const ReferenceFigure& f) {
            return f.seat && f.seat->table == table.id && f.seat->column == column;
          });
      EXPECT_TRUE(filled) << table.id << ": column " << column << " holds no figure";
    }
  }
#endif
}

json benchmark(const std::string& name, double ns, json counters = json::object()) {
  json entry = {{"name", name}, {"run_name", name}, {"real_time", ns}, {"time_unit", "ns"}};
  for (const auto& [key, value] : counters.items()) entry[key] = value;
  return entry;
}

TEST(SeedTables, CellsRatiosThreadsAndTheScoreboard) {
  const fs::path file = fs::temp_directory_path() / "mf_seed_reference.json";
  {
    std::ofstream out(file);
    out << R"({"machines": {"m": "a machine"},
      "tables": [{"id": "t", "title": "Seed", "source": "somewhere", "row_header": "Size",
                  "columns": ["Build", "Verify", "Proof", "Root"], "threads": "1"}],
      "figures": [
        {"family": "binary", "subject": "sha256", "case": "build", "size": 100, "project": "P",
         "value": 2, "unit": "us", "machine": "m", "seat": {"table": "t", "row": "100", "column": "Build"}},
        {"family": "binary", "subject": "sha256", "case": "verify", "size": 100, "project": "P",
         "value": 100, "unit": "ns", "machine": "m", "seat": {"table": "t", "row": "100", "column": "Verify"}},
        {"family": "binary", "subject": "sha256", "case": "prove", "size": 100, "project": "P",
         "value": 1, "unit": "KiB", "counter": "proof_KiB", "machine": "m",
         "seat": {"table": "t", "row": "100", "column": "Proof"}},
        {"family": "binary", "subject": "sha256", "case": "root", "size": 100, "project": "P",
         "not_captured": true, "unit": "ns", "machine": "m", "seat": {"table": "t", "row": "100", "column": "Root"}},
        {"family": "binary", "subject": "sha256", "case": "build", "size": 1000, "project": "P",
         "value": 1, "unit": "ms", "machine": "m", "seat": {"table": "t", "row": "1000", "column": "Build"}}
      ]})";
  }
  auto references = ReferenceFigures::load(file);
  fs::remove(file);
  ASSERT_TRUE(references.ok()) << references.error().message;
  const json document = {
      {"benchmarks",
       {benchmark("binary/sha256/build/merkleforge/100", 1000),  // 2 us published: 2x faster
        benchmark("binary/sha256/verify/merkleforge/100/threads:2", 400),            // 4x slower
        benchmark("binary/sha256/prove/merkleforge/100", 50, {{"proof_KiB", 0.5}}),  // 2x smaller
        benchmark("binary/sha256/root/merkleforge/100", 2500)}}};
  const json tables = seed_tables(*references, measurements_from(document), "host");
  ASSERT_EQ(tables.size(), 1u);
  const json& rows = tables[0]["rows"];
  ASSERT_EQ(rows.size(), 2u);
  const json& cells = rows[0]["cells"];
  ASSERT_EQ(cells.size(), 4u);
  EXPECT_EQ(cells[0]["ours"], "1.00 us");
  EXPECT_NEAR(cells[0]["speedup"].get<double>(), 2.0, 1e-9);
  EXPECT_EQ(cells[0]["threads"], "1");
  EXPECT_NEAR(cells[1]["speedup"].get<double>(), 0.25, 1e-9);
  EXPECT_EQ(cells[1]["threads"], "2");
  EXPECT_EQ(cells[2]["ours"], "0.50 KiB");
  EXPECT_NEAR(cells[2]["speedup"].get<double>(), 2.0, 1e-9);
  EXPECT_EQ(cells[2]["kind"], "size");
  EXPECT_EQ(cells[3]["published"], "not captured");
  EXPECT_EQ(cells[3]["ours"], "2.50 us");
  EXPECT_TRUE(cells[3]["speedup"].is_null());
  EXPECT_EQ(rows[1]["cells"][0]["error"], "not measured in this run");

  const json peers = {{{"case", "a"}, {"peer", "x"}, {"speedup", 3.0}},
                      {{"case", "b"}, {"peer", "y"}, {"speedup", 0.5}}};
  const json board = scoreboard(peers, tables);
  EXPECT_EQ(board["same_run"]["cells"], 2);
  EXPECT_EQ(board["same_run"]["wins"], 1);
  EXPECT_NEAR(board["same_run"]["geomean"].get<double>(), std::sqrt(1.5), 1e-9);
  EXPECT_EQ(board["published"]["cells"], 3);
  EXPECT_EQ(board["published"]["wins"], 2);
  ASSERT_EQ(board["published"]["losses"].size(), 1u);
  EXPECT_NE(board["published"]["losses"][0]["label"].get<std::string>().find("Verify"),
            std::string::npos);
  EXPECT_EQ(board["published"]["not_captured"], 1);
  ASSERT_EQ(board["published"]["unmeasured"].size(), 1u);
}

}  // namespace
}  // namespace mforge
