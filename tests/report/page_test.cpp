// The report page in a real browser: `mforge bench --from --html` renders a small synthetic
// report, headless Chromium loads it from disk (no network), and the test checks that every
// chart painted pixels, that the page raised no error, and that a screenshot was taken.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/temp_dir.hpp"

namespace mforge {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct Output {
  int status = -1;
  std::string text;
};

Output run(const std::string& command) {
  Output output;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (!pipe) return output;
  std::array<char, 4096> buffer;
  for (std::size_t n; (n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0;)
    output.text.append(buffer.data(), n);
  output.status = ::pclose(pipe);
  return output;
}

json benchmark(const std::string& name, double ns) {
  return {
      {"name", name},    {"run_name", name},  {"run_type", "iteration"},
      {"real_time", ns}, {"time_unit", "ns"}, {"suite", name.substr(0, name.find('/')) + "_suite"}};
}

// Two structures at three sizes, a peer, a published comparison and an energy table whose
// counters are unavailable: every kind of chart and table on the page.
json synthetic_report() {
  json report = {{"benchmarks", json::array()}};
  for (const char* hash : {"sha256", "blake3"}) {
    for (int size : {100, 1000, 10000}) {
      for (int repetition = 0; repetition < 3; ++repetition) {
        const double base = size * (hash[0] == 's' ? 40.0 : 25.0) + repetition;
        report["benchmarks"].push_back(benchmark(
            "binary/" + std::string(hash) + "/build/merkleforge/" + std::to_string(size), base));
        report["benchmarks"].push_back(benchmark(
            "binary/" + std::string(hash) + "/build/openssl/" + std::to_string(size), base * 1.7));
      }
    }
  }
  report["suites"] = {{{"name", "binary_suite"},
                       {"ok", true},
                       {"error", ""},
                       {"seconds", 1.0},
                       {"reproduce", "bench_binary_suite"}},
                      {{"name", "missing_suite"},
                       {"ok", false},
                       {"error", "exit status 1"},
                       {"seconds", 0.1},
                       {"reproduce", "x"}}};
  report["peer_comparisons"] = {
      {{"case", "binary/sha256/build/1000"}, {"peer", "openssl"}, {"speedup", 1.7}},
      {{"case", "binary/blake3/build/1000"}, {"peer", "openssl"}, {"speedup", 0.6}}};
  report["reference_comparisons"] = {{{"case", "binary/sha256/build/10000"},
                                      {"project", "MerkleForge (Rust)"},
                                      {"speedup", 12.5},
                                      {"machine", "i7-1185G7 </script> test"}}};
  report["energy"] = {{"workload", "synthetic"},
                      {"leaves", 100000},
                      {"rows",
                       {{{"hash", "sha256"},
                         {"wall_ns", {{"median", 2e6}}},
                         {"cycles", nullptr},
                         {"instructions", nullptr},
                         {"joules", nullptr}}}},
                      {"counters", {{"available", false}, {"reason", "no PMU"}}},
                      {"energy", {{"available", false}, {"reason", "no powercap"}}}};
  report["environment"] = {{"cpu", "test CPU"}, {"date", "today"}, {"commit", "abc"}};
  report["mode"] = "quick";
  report["schema_version"] = 2;
  // One seed table of two rows: a won cell, a lost one, a size, and a cell the seed left empty.
  const auto cell = [](const char* column, const char* published, const char* ours, json speedup,
                       const char* kind) {
    return json{{"column", column},
                {"published", published},
                {"ours", ours},
                {"speedup", speedup},
                {"kind", kind},
                {"threads", "1"},
                {"project", "P"},
                {"note", ""},
                {"not_captured", speedup.is_null()}};
  };
  report["seed_tables"] = {
      {{"id", "t"},
       {"title", "MerkleForge (Rust): binary tree"},
       {"source", "a seed"},
       {"note", ""},
       {"row_header", "Leaves"},
       {"columns", {"Build", "Proof size", "Root"}},
       {"host", "test CPU"},
       {"rows",
        {{{"label", "100"},
          {"cells",
           {cell("Build", "147.19 us", "10.00 us", 14.7, "time"),
            cell("Proof size", "469 B", "480 B", 0.98, "size"),
            cell("Root", "not captured", "2.00 us", nullptr, "time")}}},
         {{"label", "1,000"}, {"cells", {cell("Build", "1.80 ms", "3.60 ms", 0.5, "time")}}}}}}};
  report["scoreboard"] = {
      {"same_run",
       {{"cells", 2},
        {"wins", 1},
        {"geomean", 1.01},
        {"losses",
         {{{"label", "binary/blake3/build/1000 vs openssl"}, {"speedup", 0.6}, {"kind", "time"}}}},
        {"unmeasured", json::array()}}},
      {"published",
       {{"cells", 3},
        {"wins", 1},
        {"geomean", 1.9},
        {"not_captured", 1},
        {"losses", {{{"label", "binary tree: 1,000, Build"}, {"speedup", 0.5}, {"kind", "time"}}}},
        {"unmeasured", json::array()}}}};
  return report;
}

class ReportPage : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(dir_ / "profile");
    std::ofstream(dir_ / "report.json") << synthetic_report().dump();
  }

  std::string chromium(const std::string& arguments) const {
    return "timeout 180 chromium --headless --no-sandbox --disable-gpu --disable-quic "
           "--no-first-run "
           "--disable-background-networking --disable-component-update --disable-sync "
           "--user-data-dir='" +
           (dir_ / "profile").string() + "' " + arguments;
  }

  merkleforge::test::TempDir dir_{"mf_report_page"};
};

TEST_F(ReportPage, ChartsDrawWithoutErrorsInHeadlessChromium) {
  const fs::path page_dir = dir_ / "page";
  const Output rendered =
      run(std::string("'") + MFORGE_EXE + "' bench --from '" + (dir_ / "report.json").string() +
          "' --html '" + page_dir.string() + "' 2>&1");
  ASSERT_EQ(rendered.status, 0) << rendered.text;
  ASSERT_TRUE(fs::exists(page_dir / "index.html"));
  ASSERT_TRUE(fs::exists(page_dir / "results.json"));

  const std::string url = "file://" + (page_dir / "index.html").string();
  const Output dom =
      run(chromium("--enable-logging=stderr --v=0 --virtual-time-budget=5000 --dump-dom '" + url +
                   "#selftest' 2>'" + (dir_ / "console.log").string() + "'"));
  ASSERT_EQ(dom.status, 0) << "is the Debian package chromium installed? "
                           << dom.text.substr(0, 500);
  const std::string marker = "<pre id=\"selftest-result\">";
  const auto begin = dom.text.find(marker);
  ASSERT_NE(begin, std::string::npos) << "the page did not finish its self-check:\n"
                                      << dom.text.substr(0, 2000);
  const auto end = dom.text.find("</pre>", begin);
  const json result =
      json::parse(dom.text.substr(begin + marker.size(), end - begin - marker.size()));

  EXPECT_EQ(result["errors"], json::array()) << result.dump();
  // Every seed cell of ours is on the page, and no cell is an error.
  EXPECT_EQ(result["seed_cells"],
            json({"10.00 us (1t)", "480 B (1t)", "2.00 us (1t)", "3.60 ms (1t)"}))
      << result.dump();
  EXPECT_EQ(result["seed_errors"], json::array()) << result.dump();
  // Peer bars (one chart: binary), published bars (binary), one time-against-size chart.
  ASSERT_EQ(result["canvases"].size(), 3u) << result.dump();
  for (const auto& canvas : result["canvases"]) {
    const double area = canvas["width"].get<double>() * canvas["height"].get<double>();
    EXPECT_GT(canvas["painted"].get<double>(), 0.01 * area) << canvas.dump();
  }
  std::ifstream console(dir_ / "console.log");
  std::stringstream log;
  log << console.rdbuf();
  for (std::string line; std::getline(log, line);) {
    EXPECT_EQ(line.find(":CONSOLE("), std::string::npos) << line;
  }

  const fs::path screenshot = dir_ / "screenshot.png";
  const Output shot =
      run(chromium("--window-size=1280,2000 --virtual-time-budget=5000 --screenshot='" +
                   screenshot.string() + "' '" + url + "' 2>&1"));
  ASSERT_EQ(shot.status, 0) << shot.text.substr(0, 500);
  ASSERT_TRUE(fs::exists(screenshot));
  EXPECT_GT(fs::file_size(screenshot), 20000u);  // a blank 1280x2000 PNG is a few KB
  if (const char* keep = std::getenv("MERKLEFORGE_KEEP_SCREENSHOT"))
    fs::copy_file(screenshot, keep, fs::copy_options::overwrite_existing);
}

TEST_F(ReportPage, BadInputIsAnErrorNotACrash) {
  std::ofstream(dir_ / "bad.json") << "{\"benchmarks\": 3";
  const Output bad =
      run(std::string("'") + MFORGE_EXE + "' bench --from '" + (dir_ / "bad.json").string() +
          "' --html '" + (dir_ / "out").string() + "' 2>&1");
  EXPECT_EQ(WEXITSTATUS(bad.status), 2) << bad.text;
  const Output missing =
      run(std::string("'") + MFORGE_EXE + "' bench --from '" + (dir_ / "nothing.json").string() +
          "' --html '" + (dir_ / "out").string() + "' 2>&1");
  EXPECT_NE(WEXITSTATUS(missing.status), 0) << missing.text;
  // A report of another layout is refused by name, not rendered wrongly.
  json old = synthetic_report();
  old.erase("schema_version");
  std::ofstream(dir_ / "old.json") << old.dump();
  const Output refused =
      run(std::string("'") + MFORGE_EXE + "' bench --from '" + (dir_ / "old.json").string() +
          "' --html '" + (dir_ / "out").string() + "' 2>&1");
  EXPECT_EQ(WEXITSTATUS(refused.status), 2) << refused.text;
  EXPECT_NE(refused.text.find("schema version 1"), std::string::npos) << refused.text;
  EXPECT_NE(refused.text.find("reads version 2"), std::string::npos) << refused.text;
}

}  // namespace
}  // namespace mforge
