#include "bench_reference.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

namespace mforge {

namespace fs = std::filesystem;
using merkleforge::Errc;
using merkleforge::make_error;
using nlohmann::json;

namespace {

const std::map<std::string, double> kTimeUnitsNs = {
    {"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}};
const std::map<std::string, double> kRateUnits = {
    {"KiB/s", 1024.0}, {"MiB/s", 1048576.0}, {"GiB/s", 1073741824.0}};
// Go's benchmark tooling prints B/op with decimal prefixes and counts in thousands ("35.5k").
const std::map<std::string, double> kCounterUnits = {
    {"B", 1}, {"kB", 1e3}, {"MB", 1e6}, {"k", 1e3}};

// A figure from one entry of the file; wrongly typed fields are reported, not thrown.
merkleforge::Result<ReferenceFigure> figure_from(const json& entry, const json& machines) try {
  if (!entry.is_object()) return make_error(Errc::malformed_input, "figure is not an object");
  ReferenceFigure f;
  f.family = entry.value("family", "");
  f.subject = entry.value("subject", "");
  f.case_family = entry.value("case", "");
  if (entry.contains("size")) f.size = entry.at("size").get<double>();
  f.implementation = entry.value("implementation", "");
  f.project = entry.value("project", "");
  f.value = entry.value("value", 0.0);
  f.unit = entry.value("unit", "");
  f.counter = entry.value("counter", "");
  const std::string machine = entry.value("machine", "");
  f.machine = machines.value(machine, machine);
  f.note = entry.value("note", "");
  if (f.family.empty() || f.case_family.empty() || f.project.empty() || !(f.value > 0)) {
    return make_error(Errc::malformed_input,
                      "figure needs family, case, project and a value > 0: " + entry.dump());
  }
  const bool known_unit = f.is_counter() ? kCounterUnits.count(f.unit) != 0
                                         : kTimeUnitsNs.count(f.unit) || kRateUnits.count(f.unit);
  if (!known_unit) {
    return make_error(Errc::malformed_input, "unknown unit '" + f.unit + "' in " + entry.dump());
  }
  return f;
} catch (const json::exception& error) {
  return make_error(Errc::malformed_input, std::string(error.what()) + " in " + entry.dump());
}

}  // namespace

bool ReferenceFigure::is_throughput() const {
  return kRateUnits.count(unit) != 0;
}

double ReferenceFigure::canonical_value() const {
  if (is_counter()) return value * kCounterUnits.at(unit);
  return is_throughput() ? value * kRateUnits.at(unit) : value * kTimeUnitsNs.at(unit);
}

std::string ReferenceFigure::text() const {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f %s", value, unit.c_str());
  return is_counter() ? buffer + (" [" + counter + "]") : buffer;
}

std::optional<double> ReferenceFigure::speedup_of(const Measurement& ours) const {
  if (is_counter()) return std::nullopt;
  if (is_throughput()) {
    if (!(ours.bytes_per_second > 0)) return std::nullopt;
    return ours.bytes_per_second / canonical_value();
  }
  if (!(ours.time_ns.median > 0)) return std::nullopt;
  return canonical_value() / ours.time_ns.median;
}

merkleforge::Result<ReferenceFigures> ReferenceFigures::load(const fs::path& file) {
  std::ifstream in(file);
  if (!in) return make_error(Errc::not_found, "cannot read reference figures " + file.string());
  const json document = json::parse(in, nullptr, false);
  if (document.is_discarded() || !document.contains("figures") || !document["figures"].is_array()) {
    return make_error(Errc::malformed_input,
                      file.string() + ": not a JSON object with \"figures\"");
  }
  ReferenceFigures figures;
  const json machines = document.contains("machines") && document["machines"].is_object()
                            ? document["machines"]
                            : json::object();
  for (const auto& entry : document["figures"]) {
    auto figure = figure_from(entry, machines);
    if (!figure)
      return make_error(Errc::malformed_input, file.string() + ": " + figure.error().message);
    figures.figures_.push_back(std::move(*figure));
  }
  return figures;
}

std::vector<const ReferenceFigure*> ReferenceFigures::matching(const Measurement& m) const {
  std::vector<const ReferenceFigure*> found;
  for (const auto& f : figures_) {
    if (f.family != m.family || f.case_family != m.case_family()) continue;
    if (!f.subject.empty() && f.subject != m.subject) continue;
    if (!f.implementation.empty() && f.implementation != m.implementation) continue;
    if (f.size != m.size) continue;
    found.push_back(&f);
  }
  return found;
}

fs::path default_reference_file() {
  if (const char* file = std::getenv("MERKLEFORGE_REFERENCE_FIGURES")) return file;
  return fs::path(MERKLEFORGE_SOURCE_DIR) / "tools" / "report" / "reference_figures.json";
}

}  // namespace mforge
