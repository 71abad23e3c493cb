#include "bench_energy.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>

#include "bench_rapl.hpp"
#include "bench_table.hpp"
#include "merkleforge/binary/tree.hpp"
#include "merkleforge/hash/algorithms.hpp"

namespace mforge {

using nlohmann::json;

namespace {

const char* kEnergyHashes[] = {"sha256", "keccak256", "sha3-256", "blake3"};

// Deterministic, incompressible-looking leaf bytes (a 64-bit LCG): the work must not depend on
// the data, only its amount, but constant leaves would invite shortcuts.
merkleforge::Bytes leaf_data(std::size_t leaves) {
  merkleforge::Bytes data(leaves * 32);
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  for (auto& byte : data) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    byte = static_cast<std::uint8_t>(state >> 56);
  }
  return data;
}

// One build; returns the first root byte so the work cannot be optimised away.
std::uint8_t build_once(merkleforge::HashAlgorithm algorithm, const merkleforge::Bytes& data) {
  return merkleforge::with_hasher(algorithm, [&](auto tag) -> std::uint8_t {
    using H = typename decltype(tag)::type;
    auto tree = merkleforge::BinaryMerkleTree<H>::from_fixed_size_leaves(data, 32);
    return tree ? tree->root()[0] : 0;
  });
}

struct Samples {
  std::vector<double> wall_ns, cycles, instructions, joules;
};

std::optional<Stats> stats_if_any(const std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  return stats_of(values);
}

std::string count_text(const std::optional<Stats>& stats, const char* unit, double scale) {
  if (!stats) return "n/a";
  char text[48];
  std::snprintf(text, sizeof text, "%.2f %s", stats->median / scale, unit);
  return text;
}

}  // namespace

EnergyReport measure_energy(int repetitions, std::size_t leaves) {
  EnergyReport report;
  report.leaves = leaves;
  report.workload = "BinaryMerkleTree<H>::from_fixed_size_leaves, " + std::to_string(leaves) +
                    " leaves of 32 bytes (RFC 6962 hashing; batch kernels, parallel levels)";
  // Counters first: they follow threads created after they are opened, i.e. the build's pool.
  auto counters = PerfCounters::open();
  if (counters) {
    report.counters_scope = counters->scope();
  } else {
    report.counters_unavailable = counters.error().message;
  }
  std::optional<RaplMeter> meter;
  if (auto zones = find_rapl_packages()) {
    meter.emplace(std::move(*zones));
  } else {
    report.energy_unavailable = zones.error().message;
  }
  const merkleforge::Bytes data = leaf_data(leaves);
  volatile std::uint8_t sink = 0;
  for (const char* name : kEnergyHashes) {
    const auto algorithm = *merkleforge::hash_from_name(name);
    sink = static_cast<std::uint8_t>(sink ^ build_once(algorithm, data));  // warm-up
    Samples samples;
    for (int i = 0; i < repetitions; ++i) {
      if (meter && !meter->start()) meter.reset();
      if (counters) counters->start();
      const auto start = std::chrono::steady_clock::now();
      sink = static_cast<std::uint8_t>(sink ^ build_once(algorithm, data));
      const auto end = std::chrono::steady_clock::now();
      if (counters) {
        const CounterValues values = counters->stop();
        samples.cycles.push_back(static_cast<double>(values.cycles));
        samples.instructions.push_back(static_cast<double>(values.instructions));
      }
      if (meter) {
        auto joules = meter->stop_joules();
        if (joules) {
          samples.joules.push_back(*joules);
        } else {
          report.energy_unavailable = joules.error().message;
          meter.reset();
        }
      }
      samples.wall_ns.push_back(std::chrono::duration<double, std::nano>(end - start).count());
    }
    report.rows.push_back(
        {name, stats_of(samples.wall_ns), stats_if_any(samples.cycles),
         stats_if_any(samples.instructions),
         report.energy_unavailable.empty() ? stats_if_any(samples.joules) : std::nullopt});
  }
  return report;
}

std::vector<Measurement> energy_measurements(const EnergyReport& report) {
  std::vector<Measurement> measurements;
  for (const auto& row : report.rows) {
    Measurement m;
    m.family = "energy";
    m.subject = row.hash;
    m.case_name = "build";
    m.implementation = "merkleforge";
    m.args = std::to_string(report.leaves);
    m.size = static_cast<double>(report.leaves);
    m.name = m.family + "/" + m.subject + "/build/merkleforge/" + m.args;
    m.time_ns = row.wall_ns;
    measurements.push_back(std::move(m));
  }
  return measurements;
}

void print_energy_table(const EnergyReport& report, const ReferenceFigures* references) {
  std::cout << "\n## energy\nworkload: " << report.workload
            << "\nreproduce: mforge bench --suite energy\n\n";
  std::printf("  %-10s %-22s %-14s %-14s %-16s %s\n", "hash", "wall time (median ±sd)", "cycles",
              "instructions", "package energy", "published (other machine)");
  const auto measurements = energy_measurements(report);
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    const EnergyRow& row = report.rows[i];
    const Measurement& m = measurements[i];
    char wall[48];
    std::snprintf(wall, sizeof wall, "%s ±%.1f%%", format_figure(m).c_str(),
                  row.wall_ns.median > 0 ? 100 * row.wall_ns.stddev / row.wall_ns.median : 0.0);
    std::string published = "-";
    if (references) {
      for (const auto* figure : references->matching(m)) {
        const auto speedup = figure->speedup_of(m);
        published = figure->project + " " + figure->text() +
                    (speedup ? " (ours " + format_speedup(*speedup) + ")" : "");
      }
    }
    std::printf("  %-10s %-22s %-14s %-14s %-16s %s\n", row.hash.c_str(), wall,
                count_text(row.cycles, "M", 1e6).c_str(),
                count_text(row.instructions, "M", 1e6).c_str(),
                count_text(row.joules, "J", 1).c_str(), published.c_str());
  }
  if (!report.counters_unavailable.empty()) {
    std::cout << "  cycles, instructions: not available on this machine: "
              << report.counters_unavailable << "\n";
  } else {
    std::cout << "  cycles, instructions: " << report.counters_scope << "\n";
  }
  if (!report.energy_unavailable.empty()) {
    std::cout << "  package energy: not available on this machine: " << report.energy_unavailable
              << "\n";
  }
}

json energy_json(const EnergyReport& report) {
  json rows = json::array();
  const auto stats_json = [](const std::optional<Stats>& s) -> json {
    if (!s) return nullptr;
    return {{"median", s->median},
            {"mean", s->mean},
            {"stddev", s->stddev},
            {"repetitions", s->repetitions}};
  };
  for (const auto& row : report.rows) {
    rows.push_back({{"hash", row.hash},
                    {"wall_ns", stats_json(row.wall_ns)},
                    {"cycles", stats_json(row.cycles)},
                    {"instructions", stats_json(row.instructions)},
                    {"joules", stats_json(row.joules)}});
  }
  return {{"workload", report.workload},
          {"leaves", report.leaves},
          {"rows", rows},
          {"counters", report.counters_unavailable.empty()
                           ? json{{"available", true}, {"scope", report.counters_scope}}
                           : json{{"available", false}, {"reason", report.counters_unavailable}}},
          {"energy", report.energy_unavailable.empty()
                         ? json{{"available", true}}
                         : json{{"available", false}, {"reason", report.energy_unavailable}}}};
}

json energy_benchmark_entries(const EnergyReport& report) {
  json entries = json::array();
  const auto measurements = energy_measurements(report);
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    const EnergyRow& row = report.rows[i];
    for (const auto& [aggregate, value] : {std::pair{"mean", row.wall_ns.mean},
                                           {"median", row.wall_ns.median},
                                           {"stddev", row.wall_ns.stddev}}) {
      json entry = {{"name", measurements[i].name + "_" + aggregate},
                    {"run_name", measurements[i].name},
                    {"run_type", "aggregate"},
                    {"aggregate_name", aggregate},
                    {"repetitions", row.wall_ns.repetitions},
                    {"iterations", 1},
                    {"real_time", value},
                    {"cpu_time", value},
                    {"time_unit", "ns"},
                    {"suite", "energy"}};
      if (std::string(aggregate) == "median") {
        if (row.cycles) entry["cycles"] = row.cycles->median;
        if (row.instructions) entry["instructions"] = row.instructions->median;
        if (row.joules) entry["joules"] = row.joules->median;
      }
      entries.push_back(std::move(entry));
    }
  }
  return entries;
}

}  // namespace mforge
