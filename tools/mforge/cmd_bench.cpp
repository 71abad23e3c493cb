// mforge bench: runs the Google Benchmark suites built beside mforge and prints, per case, the
// MerkleForge figure next to the peer measured in the same run, with the speed-up.
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "commands.hpp"

namespace mforge {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::vector<std::string> kSuites = {"hash_throughput"};

struct BenchOptions {
  bool quick = false;
  std::vector<std::string> suites;
  std::string json_path;
};

fs::path bench_dir() {
  if (const char* dir = std::getenv("MERKLEFORGE_BENCH_DIR")) return dir;
  // Build tree layout: <build>/tools/mforge/mforge and <build>/bench/bench_<suite>.
  return fs::read_symlink("/proc/self/exe").parent_path().parent_path().parent_path() / "bench";
}

std::string read_first_line_with(const char* path, const std::string& key) {
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key, 0) == 0) {
      const auto colon = line.find(':');
      return colon == std::string::npos ? line : line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  }
  return "unknown";
}

std::string read_file_trimmed(const char* path) {
  std::ifstream in(path);
  std::string text;
  std::getline(in, text);
  return text.empty() ? "not readable" : text;
}

json environment() {
  utsname uts{};
  uname(&uts);
  const std::time_t now = std::time(nullptr);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", std::gmtime(&now));
  return {
      {"cpu", read_first_line_with("/proc/cpuinfo", "model name")},
      {"cores", std::thread::hardware_concurrency()},
      {"memory", read_first_line_with("/proc/meminfo", "MemTotal")},
      {"os", read_first_line_with("/etc/os-release", "PRETTY_NAME=")},
      {"kernel", std::string(uts.sysname) + " " + uts.release},
      {"compiler", "g++ " __VERSION__},
      {"flags", MERKLEFORGE_BUILD_FLAGS},
      {"governor", read_file_trimmed("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")},
      {"date", date},
      {"commit", MERKLEFORGE_GIT_COMMIT},
  };
}

// Runs one suite and returns Google Benchmark's JSON, or an error message.
std::variant<json, std::string> run_suite(const std::string& suite, bool quick) {
  const fs::path exe = bench_dir() / ("bench_" + suite);
  if (!fs::exists(exe)) return "benchmark executable not found: " + exe.string() + " (build the bench targets)";
  const fs::path out = fs::temp_directory_path() / ("mforge_bench_" + std::to_string(::getpid()) + ".json");
  std::string command = "'" + exe.string() + "' --benchmark_format=console --benchmark_out_format=json" +
                        " --benchmark_out='" + out.string() + "'";
  command += quick ? " --benchmark_min_time=0.05" : " --benchmark_repetitions=5 --benchmark_report_aggregates_only=true";
  command += " > /dev/null";
  if (std::system(command.c_str()) != 0) return "suite " + suite + " failed (" + command + ")";
  std::ifstream in(out);
  json result = json::parse(in, nullptr, false);
  fs::remove(out);
  if (result.is_discarded()) return "suite " + suite + " wrote unreadable JSON";
  return result;
}

// One measured figure: time per iteration and, where the benchmark set them, rates.
struct Figure {
  double real_time_ns = 0;
  double bytes_per_second = 0;
  double items_per_second = 0;
};

double to_ns(double value, const std::string& unit) {
  if (unit == "us") return value * 1e3;
  if (unit == "ms") return value * 1e6;
  if (unit == "s") return value * 1e9;
  return value;
}

// Benchmark names are <suite>/<subject>/<case>/<implementation> (bench/README.md); repetitions
// report a "_median" aggregate, which is preferred.
using Table = std::map<std::pair<std::string, std::string>, std::map<std::string, Figure>>;

Table tabulate(const json& results) {
  Table table;
  for (const auto& bench : results.value("benchmarks", json::array())) {
    std::string name = bench.value("name", "");
    const std::string aggregate = bench.value("aggregate_name", "");
    if (!aggregate.empty() && aggregate != "median") continue;
    if (aggregate == "median") name = bench.value("run_name", name);
    std::vector<std::string> parts;
    std::stringstream stream(name);
    for (std::string part; std::getline(stream, part, '/');) parts.push_back(part);
    if (parts.size() < 4) continue;
    Figure figure{to_ns(bench.value("real_time", 0.0), bench.value("time_unit", "ns")),
                  bench.value("bytes_per_second", 0.0), bench.value("items_per_second", 0.0)};
    table[{parts[1], parts[2]}][parts[3]] = figure;
  }
  return table;
}

std::string format_figure(const Figure& f) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(2);
  if (f.bytes_per_second > 0 && f.real_time_ns > 1e5) {
    text << f.bytes_per_second / (1 << 30) << " GiB/s";
  } else if (f.items_per_second > 0) {
    text << f.items_per_second / 1e6 << " M/s";
  } else if (f.real_time_ns >= 1e6) {
    text << f.real_time_ns / 1e6 << " ms";
  } else if (f.real_time_ns >= 1e3) {
    text << f.real_time_ns / 1e3 << " us";
  } else {
    text << f.real_time_ns << " ns";
  }
  return text.str();
}

void print_table(const std::string& suite, const Table& table) {
  std::cout << "\n## " << suite << "\n"
            << "reproduce: " << (bench_dir() / ("bench_" + suite)).string() << "\n\n";
  std::cout << std::left << std::setw(12) << "subject" << std::setw(16) << "case" << std::setw(16) << "merkleforge"
            << std::setw(28) << "peer (same run)" << "speed-up\n";
  for (const auto& [key, impls] : table) {
    const auto ours = impls.find("merkleforge");
    std::cout << std::left << std::setw(12) << key.first << std::setw(16) << key.second << std::setw(16)
              << (ours == impls.end() ? "-" : format_figure(ours->second));
    bool first_peer = true;
    for (const auto& [impl, figure] : impls) {
      if (impl == "merkleforge" || impl.rfind("merkleforge-", 0) == 0) continue;
      if (!first_peer) std::cout << "\n" << std::string(44, ' ');
      first_peer = false;
      std::ostringstream peer;
      peer << impl << " " << format_figure(figure);
      std::cout << std::setw(28) << peer.str();
      if (ours != impls.end() && ours->second.real_time_ns > 0) {
        std::cout << std::fixed << std::setprecision(2) << figure.real_time_ns / ours->second.real_time_ns << "x";
      }
    }
    std::cout << "\n";
  }
}

int run_bench(const BenchOptions& options) {
  const json env = environment();
  std::cout << "# MerkleForge benchmark report" << (options.quick ? " (quick)" : "") << "\n\nEnvironment\n";
  for (const auto& [key, value] : env.items()) {
    std::cout << "  " << std::left << std::setw(10) << key << (value.is_string() ? value.get<std::string>() : value.dump())
              << "\n";
  }
  json all = {{"environment", env}, {"suites", json::object()}};
  int status = kExitOk;
  for (const auto& suite : options.suites.empty() ? kSuites : options.suites) {
    std::cerr << "[mforge bench] running suite " << suite << " ...\n";
    auto result = run_suite(suite, options.quick);
    if (auto* error = std::get_if<std::string>(&result)) {
      std::cerr << "mforge bench: " << *error << "\n";
      status = kExitIo;
      continue;
    }
    const json& results = std::get<json>(result);
    print_table(suite, tabulate(results));
    all["suites"][suite] = results;
  }
  if (!options.json_path.empty()) {
    std::ofstream out(options.json_path);
    out << all.dump(1) << "\n";
    if (!out) {
      std::cerr << "mforge bench: cannot write " << options.json_path << "\n";
      return kExitIo;
    }
  }
  return status;
}

}  // namespace

void register_bench(CLI::App& app, int& exit_code) {
  auto* command = app.add_subcommand("bench", "Run the benchmark suites and print the report tables");
  auto options = std::make_shared<BenchOptions>();
  command->add_flag("--quick", options->quick, "short measurement time per case (a few minutes in all)");
  command->add_option("--suite", options->suites, "suite(s) to run (default: all)");
  command->add_option("--json", options->json_path, "also write all results as JSON to this file");
  command->callback([options, &exit_code] { exit_code = run_bench(*options); });
}

}  // namespace mforge
