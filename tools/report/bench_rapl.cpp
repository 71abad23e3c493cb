#include "bench_rapl.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <regex>

namespace mforge {

namespace fs = std::filesystem;
using merkleforge::Errc;
using merkleforge::make_error;

namespace {

std::string first_line(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  return line;
}

merkleforge::Result<std::uint64_t> read_counter(const fs::path& file) {
  std::ifstream in(file);
  if (!in) {
    const int error = errno;
    std::string reason = file.string() + ": " + std::strerror(error);
    if (error == EACCES || error == EPERM) {
      reason += " (energy_uj is readable by root only since Linux 5.10)";
    }
    return make_error(Errc::io_error, reason);
  }
  std::uint64_t value = 0;
  if (!(in >> value)) return make_error(Errc::malformed_input, file.string() + ": not a number");
  return value;
}

}  // namespace

merkleforge::Result<std::vector<RaplZone>> find_rapl_packages(const fs::path& powercap_root) {
  std::error_code error;
  if (!fs::is_directory(powercap_root, error)) {
    return make_error(Errc::unsupported,
                      powercap_root.string() +
                          " does not exist: the kernel exposes no powercap/RAPL interface "
                          "(usual in virtual machines, or the intel_rapl driver is not loaded)");
  }
  const std::regex package_zone(R"(intel-rapl:[0-9]+)");
  std::vector<RaplZone> zones;
  for (const auto& entry : fs::directory_iterator(powercap_root, error)) {
    const std::string zone = entry.path().filename().string();
    if (!std::regex_match(zone, package_zone)) continue;
    const std::string name = first_line(entry.path() / "name");
    if (name.rfind("package", 0) != 0) continue;
    auto max_range = read_counter(entry.path() / "max_energy_range_uj");
    if (!max_range) return max_range.error();
    zones.push_back({name, entry.path() / "energy_uj", *max_range});
  }
  if (zones.empty()) {
    return make_error(Errc::unsupported,
                      powercap_root.string() + " has no RAPL package zone (intel-rapl:<n>)");
  }
  std::sort(zones.begin(), zones.end(),
            [](const RaplZone& a, const RaplZone& b) { return a.name < b.name; });
  for (const auto& zone : zones) {
    auto probe = read_energy_uj(zone);
    if (!probe) return probe.error();
  }
  return zones;
}

merkleforge::Result<std::uint64_t> read_energy_uj(const RaplZone& zone) {
  return read_counter(zone.energy_file);
}

std::uint64_t energy_delta_uj(std::uint64_t before, std::uint64_t after,
                              std::uint64_t max_range_uj) {
  return after >= before ? after - before : max_range_uj - before + after;
}

merkleforge::Status RaplMeter::start() {
  start_uj_.clear();
  for (const auto& zone : zones_) {
    auto value = read_energy_uj(zone);
    if (!value) return value.error();
    start_uj_.push_back(*value);
  }
  return merkleforge::Ok{};
}

merkleforge::Result<double> RaplMeter::stop_joules() {
  if (start_uj_.size() != zones_.size()) {
    return make_error(Errc::invalid_argument, "RaplMeter::stop_joules without start");
  }
  std::uint64_t total_uj = 0;
  for (std::size_t i = 0; i < zones_.size(); ++i) {
    auto value = read_energy_uj(zones_[i]);
    if (!value) return value.error();
    total_uj += energy_delta_uj(start_uj_[i], *value, zones_[i].max_range_uj);
  }
  return static_cast<double>(total_uj) * 1e-6;
}

}  // namespace mforge
