// Package energy from RAPL through the Linux powercap interface (/sys/class/powercap).
//
// Each CPU package is a zone `intel-rapl:<n>` (the name is used on AMD too) with `name`
// ("package-0"), `energy_uj` (a counter in microjoules) and `max_energy_range_uj` (the value at
// which the counter wraps back to 0). Sub-zones (`intel-rapl:0:0`, cores/uncore/dram) are parts of
// their package and are not added again.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "merkleforge/core/result.hpp"

namespace mforge {

struct RaplZone {
  std::string name;                   ///< "package-0"
  std::filesystem::path energy_file;  ///< .../intel-rapl:0/energy_uj
  std::uint64_t max_range_uj = 0;
};

/// The package zones under `powercap_root`, or why there are none usable (missing interface,
/// no package zone, unreadable counter).
merkleforge::Result<std::vector<RaplZone>> find_rapl_packages(
    const std::filesystem::path& powercap_root = "/sys/class/powercap");

/// Reads a zone's counter. Errors: io_error with the reason (permission: energy_uj is readable by
/// root only since Linux 5.10).
merkleforge::Result<std::uint64_t> read_energy_uj(const RaplZone& zone);

/// Energy between two readings of a counter that wraps from `max_range_uj` to 0; at most one wrap
/// is assumed, so the interval must be shorter than a wrap period (minutes at full load).
std::uint64_t energy_delta_uj(std::uint64_t before, std::uint64_t after,
                              std::uint64_t max_range_uj);

/// Sums the energy of all packages over an interval.
class RaplMeter {
 public:
  explicit RaplMeter(std::vector<RaplZone> zones) : zones_(std::move(zones)) {}

  merkleforge::Status start();
  /// Joules used by all packages since start().
  merkleforge::Result<double> stop_joules();

 private:
  std::vector<RaplZone> zones_;
  std::vector<std::uint64_t> start_uj_;
};

}  // namespace mforge
