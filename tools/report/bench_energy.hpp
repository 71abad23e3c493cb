// Energy-aware construction: per hash, the wall time, CPU cycles, instructions and package energy
// of building a 100K-leaf binary Merkle tree (BinaryMerkleTree::from_fixed_size_leaves over
// 32-byte leaves, the reference project's `bench_energy` workload). Counters and energy are shown
// only where the machine provides them; otherwise the report says why, never a zero.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench_perf.hpp"
#include "bench_reference.hpp"
#include "bench_results.hpp"

namespace mforge {

struct EnergyRow {
  std::string hash;
  Stats wall_ns;
  std::optional<Stats> cycles;
  std::optional<Stats> instructions;
  std::optional<Stats> joules;
};

struct EnergyReport {
  std::string workload;
  std::size_t leaves = 0;
  std::vector<EnergyRow> rows;
  std::string counters_scope;        ///< set when counters were measured
  std::string counters_unavailable;  ///< why not, otherwise
  std::string energy_unavailable;    ///< why package energy was not measured, if not
};

/// Builds the tree `repetitions` times per hash (after one warm-up build) and measures each build.
EnergyReport measure_energy(int repetitions, std::size_t leaves = 100000);

/// The energy rows as measurements named energy/<hash>/build/merkleforge/<leaves>, so they can be
/// compared with published figures and written like any other benchmark.
std::vector<Measurement> energy_measurements(const EnergyReport& report);

void print_energy_table(const EnergyReport& report, const ReferenceFigures* references);

/// The report as JSON, and its rows as Google Benchmark entries (with cycles, instructions and
/// joules as counters where measured).
nlohmann::json energy_json(const EnergyReport& report);
nlohmann::json energy_benchmark_entries(const EnergyReport& report);

}  // namespace mforge
