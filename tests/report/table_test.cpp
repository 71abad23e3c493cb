// The report's table on a recorded fixture: every figure in the right column, every label unique
// and naming its variant (kernel, thread count), Google Benchmark's suffixes dropped, and a name
// outside the naming scheme shown as an error instead of landing in a peer column.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "bench_results.hpp"
#include "bench_table.hpp"

namespace mforge {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kData = MERKLEFORGE_REPORT_TEST_DATA;

std::vector<Measurement> fixture() {
  std::ifstream in(kData / "gbench/labels.json");
  return measurements_from(json::parse(in));
}

/// The printed table's data lines, split into cells (two or more spaces separate cells).
std::vector<std::vector<std::string>> table_cells(const std::vector<Measurement>& measurements) {
  testing::internal::CaptureStdout();
  print_suite_table("fixture", "bench_fixture", measurements, nullptr);
  std::istringstream out(testing::internal::GetCapturedStdout());
  std::vector<std::vector<std::string>> rows;
  bool in_table = false;
  for (std::string line; std::getline(out, line);) {
    if (line.rfind("  case", 0) == 0) {
      in_table = true;
      continue;
    }
    if (!in_table || line.size() < 3) continue;
    std::vector<std::string> cells;
    std::size_t at = 2;
    while (at < line.size()) {
      std::size_t end = line.find("  ", at);
      if (end == std::string::npos) end = line.size();
      cells.push_back(line.substr(at, end - at));
      at = line.find_first_not_of(' ', end);
      if (at == std::string::npos) break;
    }
    rows.push_back(cells);
  }
  return rows;
}

const std::vector<std::string>* row_labelled(const std::vector<std::vector<std::string>>& rows,
                                             const std::string& label) {
  for (const auto& row : rows) {
    if (!row.empty() && row[0] == label) return &row;
  }
  return nullptr;
}

TEST(ReportTable, EveryFigureSitsInItsColumnUnderAUniqueLabel) {
  const auto rows = table_cells(fixture());
  std::set<std::string> labels;
  for (const auto& row : rows) {
    if (!row.empty()) {
      EXPECT_TRUE(labels.insert(row[0]).second) << "label twice: " << row[0];
    }
  }

  const auto* fp = row_labelled(rows, "verkle/fp/mul");
  ASSERT_NE(fp, nullptr);
  ASSERT_GE(fp->size(), 2u);
  EXPECT_EQ((*fp)[1], "42.19 ns");

  const auto* store = row_labelled(rows, "node_store/rocksdb/get_hot");
  ASSERT_NE(store, nullptr) << "real_time must not become a part of the label";
  ASSERT_GE(store->size(), 4u);
  EXPECT_EQ((*store)[1], "310.00 ns");
  EXPECT_EQ((*store)[2], "rocksdb-direct 290.00 ns");
  EXPECT_EQ((*store)[3], "1.07x slower");

  const auto* gfni = row_labelled(rows, "binius/b128_mul/canonical [gfni]");
  ASSERT_NE(gfni, nullptr);
  EXPECT_EQ((*gfni)[1], "3.50 ns");
  ASSERT_NE(row_labelled(rows, "binius/b128_mul/canonical [tower_reference]"), nullptr);

  const auto* one = row_labelled(rows, "patricia/accounts_root/100000 [threads:1]");
  const auto* two = row_labelled(rows, "patricia/accounts_root/100000 [threads:2]");
  ASSERT_NE(one, nullptr);
  ASSERT_NE(two, nullptr);
  EXPECT_EQ((*one)[1], "60.00 ms");
  EXPECT_EQ((*two)[1], "40.00 ms");

  // Both kernels are ours, each compared with the same peer.
  const auto* avx2 = row_labelled(rows, "hash/sha256/throughput1MiB (merkleforge-avx2)");
  const auto* shani = row_labelled(rows, "hash/sha256/throughput1MiB (merkleforge-shani)");
  ASSERT_NE(avx2, nullptr);
  ASSERT_NE(shani, nullptr);
  ASSERT_GE(avx2->size(), 3u);
  EXPECT_EQ((*avx2)[2].rfind("openssl ", 0), 0u) << (*avx2)[2];
  ASSERT_GE(shani->size(), 3u);
  EXPECT_EQ((*shani)[2].rfind("openssl ", 0), 0u) << (*shani)[2];
}

TEST(ReportTable, ANameOutsideTheSchemeIsAnErrorNotAPeer) {
  const auto measurements = fixture();
  const auto bad = std::find_if(measurements.begin(), measurements.end(),
                                [](const Measurement& m) { return m.family == "sparse_tree"; });
  ASSERT_NE(bad, measurements.end());
  EXPECT_NE(bad->error.find("does not follow"), std::string::npos) << bad->error;
  const auto rows = table_cells(measurements);
  for (const auto& row : rows) {
    if (row.empty() || row[0].rfind("sparse_tree/insert", 0) != 0) continue;
    ASSERT_GE(row.size(), 2u);
    EXPECT_EQ(row[1].rfind("error: ", 0), 0u) << row[1];
    return;
  }
  ADD_FAILURE() << "the misnamed benchmark is missing from the table";
}

TEST(ReportTable, PeerComparisonsAreLabelledLikeTheRows) {
  const json pairs = peer_comparisons(fixture());
  std::set<std::string> cases;
  for (const auto& pair : pairs) {
    EXPECT_TRUE(
        cases.insert(pair["case"].get<std::string>() + " vs " + pair["peer"].get<std::string>())
            .second)
        << pair.dump();
  }
  EXPECT_TRUE(cases.count("hash/sha256/throughput1MiB (merkleforge-avx2) vs openssl"));
  EXPECT_TRUE(cases.count("hash/sha256/throughput1MiB (merkleforge-shani) vs openssl"));
}

}  // namespace
}  // namespace mforge
