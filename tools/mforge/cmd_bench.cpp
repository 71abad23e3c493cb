// mforge bench: runs the Google Benchmark suites built beside mforge and prints the report: the
// environment, then one table per suite with each MerkleForge figure beside the peer measured in
// the same run and the reference project's published figure. `mforge bench compare` diffs two
// JSON reports.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench_compare.hpp"
#include "bench_energy.hpp"
#include "bench_environment.hpp"
#include "bench_html.hpp"
#include "bench_progress.hpp"
#include "bench_reference.hpp"
#include "bench_results.hpp"
#include "bench_runner.hpp"
#include "bench_seed.hpp"
#include "bench_suites.hpp"
#include "bench_table.hpp"
#include "commands.hpp"

namespace mforge {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;

struct BenchOptions {
  bool quick = false;
  std::vector<std::string> suites;
  std::string json_path;
  std::string bench_dir;
  std::string reference_path;
  std::string html_dir;
  std::string from_path;
};

struct CompareOptions {
  std::string old_path;
  std::string new_path;
};

// The layout of results.json (--json, --html): the version in the file, and the only one --from
// reads. Version 2: the seed tables and the scoreboard; "schema_version" itself.
constexpr int kReportSchemaVersion = 2;

// The energy table is measured by mforge itself rather than by a bench executable.
constexpr const char* kEnergySuite = "energy";

bool energy_selected(const BenchOptions& options) {
  return options.suites.empty() || std::find(options.suites.begin(), options.suites.end(),
                                             kEnergySuite) != options.suites.end();
}

// The suites to run: all found, or those named by --suite (an unknown name is a usage error).
bool select_suites(const BenchOptions& options, std::vector<Suite>& selected) {
  const fs::path dir =
      options.bench_dir.empty() ? default_bench_dir() : fs::path(options.bench_dir);
  const std::vector<Suite> found = discover_suites(dir);
  if (options.suites.empty()) {
    selected = found;
    if (selected.empty()) {
      std::cerr
          << "mforge bench: no bench_* executables in " << dir.string()
          << " (build the bench targets, or set --bench-dir); only the energy table is measured\n";
    }
    return true;
  }
  for (const auto& name : options.suites) {
    if (name == kEnergySuite) continue;
    const auto it =
        std::find_if(found.begin(), found.end(), [&](const Suite& s) { return s.name == name; });
    if (it == found.end()) {
      std::cerr << "mforge bench: no suite '" << name << "' in " << dir.string()
                << "; available: energy";
      for (const auto& s : found) std::cerr << " " << s.name;
      std::cerr << "\n";
      return false;
    }
    selected.push_back(*it);
  }
  return true;
}

std::unique_ptr<ReferenceFigures> load_references(const BenchOptions& options) {
  const fs::path file =
      options.reference_path.empty() ? default_reference_file() : fs::path(options.reference_path);
  auto loaded = ReferenceFigures::load(file);
  if (!loaded) {
    std::cerr << "mforge bench: published figures not shown: " << loaded.error().message << "\n";
    return nullptr;
  }
  return std::make_unique<ReferenceFigures>(std::move(*loaded));
}

// Google Benchmark's entries with the suite they came from, so one file holds every suite.
void append_benchmarks(const std::string& suite, const json& results, json& report) {
  if (!report.contains("context") && results.contains("context"))
    report["context"] = results["context"];
  for (auto bench : results.value("benchmarks", json::array())) {
    bench["suite"] = suite;
    report["benchmarks"].push_back(std::move(bench));
  }
}

bool isatty_stderr() {
  return ::isatty(STDERR_FILENO) == 1;
}

bool write_json(const std::string& path, const json& report) {
  std::ofstream out(path);
  out << report.dump(1) << "\n";
  if (!out) std::cerr << "mforge bench: cannot write " << path << "\n";
  return static_cast<bool>(out);
}

bool write_html(const std::string& dir, const json& report) {
  const auto written = write_html_report(dir, report);
  if (!written) {
    std::cerr << "mforge bench: no report page: " << written.error().message << "\n";
    return false;
  }
  std::cout << "\nreport page: " << (fs::path(dir) / "index.html").string() << "\n";
  return true;
}

// --from: the page of an earlier --json report, without measuring anything.
int render_saved_report(const BenchOptions& options) {
  std::ifstream in(options.from_path);
  const json report = json::parse(in, nullptr, false);
  if (!in.good() && !in.eof()) {
    std::cerr << "mforge bench: cannot read " << options.from_path << "\n";
    return kExitIo;
  }
  if (report.is_discarded() || !report.is_object() || !report.contains("benchmarks")) {
    std::cerr << "mforge bench: " << options.from_path << " is not a benchmark JSON report\n";
    return kExitUsage;
  }
  const json version = report.value("schema_version", json(nullptr));
  if (version != kReportSchemaVersion) {
    std::cerr << "mforge bench: " << options.from_path << " is a report of schema version "
              << (version.is_null() ? "1 (no schema_version)" : version.dump())
              << "; this mforge reads version " << kReportSchemaVersion
              << " (measure again, or render it with the mforge that wrote it)\n";
    return kExitUsage;
  }
  if (options.html_dir.empty()) {
    std::cerr << "mforge bench: --from needs --html DIR\n";
    return kExitUsage;
  }
  return write_html(options.html_dir, report) ? kExitOk : kExitIo;
}

int run_bench(const BenchOptions& options) {
  if (!options.from_path.empty()) return render_saved_report(options);
  std::vector<Suite> suites;
  if (!select_suites(options, suites)) return kExitUsage;
  const RunMode mode = options.quick ? quick_mode() : full_mode();
  const auto references = load_references(options);

  const ordered_json env = environment();
  std::cout << "# MerkleForge benchmark report (" << (mode.quick ? "quick" : "full") << " mode, "
            << mode.repetitions << " repetitions per figure)\n\n";
  print_environment(env);

  std::vector<std::size_t> cases;
  for (const auto& suite : suites) {
    cases.push_back(count_cases(suite, benchmark_arguments(mode, suite.name)));
  }
  Progress progress(cases, mode.repetitions * mode.min_time_seconds * 2 + 0.05);

  json report = {{"benchmarks", json::array()}};
  json suite_runs = json::array();
  json peers = json::array();
  json published = json::array();
  std::size_t succeeded = 0;
  std::vector<std::string> problems;
  std::vector<Measurement> all_measurements;  // every suite's, for the seed tables
  for (std::size_t i = 0; i < suites.size(); ++i) {
    const Suite& suite = suites[i];
    progress.update(i, suite.name, 0);
    const SuiteRun run = run_suite(suite, benchmark_arguments(mode, suite.name),
                                   suite_mode(mode, suite.name).suite_timeout_seconds,
                                   [&](std::size_t done) { progress.update(i, suite.name, done); });
    progress.suite_finished(i);
    progress.finish();
    const std::string reproduce = reproduce_command(suite, mode);
    suite_runs.push_back({{"name", suite.name},
                          {"ok", run.ok},
                          {"error", run.error},
                          {"seconds", run.seconds},
                          {"reproduce", reproduce}});
    if (!run.ok) {
      std::cout << "\n## " << suite.name << "\nnot measured: " << run.error << "\n";
      problems.push_back(suite.name + ": " + run.error);
      continue;
    }
    ++succeeded;
    const std::vector<Measurement> measurements = measurements_from(run.results);
    all_measurements.insert(all_measurements.end(), measurements.begin(), measurements.end());
    print_suite_table(suite.name, reproduce, measurements, references.get());
    append_benchmarks(suite.name, run.results, report);
    for (auto& pair : peer_comparisons(measurements)) peers.push_back(std::move(pair));
    if (references) {
      for (auto& pair : reference_comparisons(measurements, *references))
        published.push_back(std::move(pair));
    }
  }
  if (energy_selected(options)) {
    if (isatty_stderr()) std::cerr << "[mforge bench] energy table: building 100K-leaf trees...";
    const EnergyReport energy = measure_energy(mode.quick ? 3 : 10);
    if (isatty_stderr()) std::cerr << "\r\x1b[K";
    print_energy_table(energy, references.get());
    report["energy"] = energy_json(energy);
    const json energy_entries = energy_benchmark_entries(energy);
    for (const Measurement& m : measurements_from({{"benchmarks", energy_entries}})) {
      all_measurements.push_back(m);
    }
    for (const auto& entry : energy_entries) report["benchmarks"].push_back(entry);
    ++succeeded;
  }
  if (!problems.empty()) {
    std::cout << "\nSuites without results (the report above covers the others):\n";
    for (const auto& problem : problems) std::cout << "  " << problem << "\n";
  }

  if (references) {
    const std::string host = env["cpu"].get<std::string>() + ", " + env["cores"].get<std::string>();
    report["seed_tables"] = seed_tables(*references, all_measurements, host);
    report["scoreboard"] = scoreboard(peers, report["seed_tables"]);
    print_seed_tables(report["seed_tables"], report["scoreboard"]);
  }
  report["schema_version"] = kReportSchemaVersion;
  report["environment"] = env;
  report["mode"] = mode.quick ? "quick" : "full";
  report["suites"] = suite_runs;
  report["peer_comparisons"] = peers;
  report["reference_comparisons"] = published;
  if (!options.json_path.empty() && !write_json(options.json_path, report)) return kExitIo;
  if (!options.html_dir.empty() && !write_html(options.html_dir, report)) return kExitIo;
  return succeeded > 0 ? kExitOk : kExitIo;
}

}  // namespace

void register_bench(CLI::App& app, int& exit_code) {
  auto* command =
      app.add_subcommand("bench", "Run the benchmark suites and print the report tables");
  auto options = std::make_shared<BenchOptions>();
  command->add_flag("--quick", options->quick,
                    "short measurement (3 repetitions of 20 ms per case, cases up to 1M elements)");
  command->add_option("--suite", options->suites,
                      "suite(s) to run, e.g. hash_throughput (default: all)");
  command->add_option("--json", options->json_path,
                      "also write all results (Google Benchmark JSON + environment + comparisons)");
  command->add_option("--html", options->html_dir,
                      "also write the self-contained report page DIR/index.html (+ results.json)");
  command->add_option(
      "--from", options->from_path,
      "with --html: render the page of an earlier --json report instead of measuring");
  command->add_option("--bench-dir", options->bench_dir, "folder of the bench_* executables");
  command->add_option(
      "--reference", options->reference_path,
      "published figures to show beside ours (default: tools/report/reference_figures.json)");

  auto* compare =
      command->add_subcommand("compare", "Change per figure between two --json reports");
  auto compare_options = std::make_shared<CompareOptions>();
  compare->add_option("old", compare_options->old_path, "report before the change")->required();
  compare->add_option("new", compare_options->new_path, "report after the change")->required();
  compare->callback([compare_options, &exit_code] {
    exit_code = print_comparison(compare_options->old_path, compare_options->new_path) ? kExitOk
                                                                                       : kExitUsage;
  });

  command->callback([options, compare, &exit_code] {
    if (compare->parsed()) return;
    exit_code = run_bench(*options);
  });
}

}  // namespace mforge
