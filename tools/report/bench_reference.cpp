#include "bench_reference.hpp"

#include <algorithm>
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
    {"B", 1}, {"kB", 1e3}, {"MB", 1e6}, {"k", 1e3}, {"KiB", 1024.0}, {"MiB", 1048576.0}};

bool ends_with(const std::string& text, std::string_view suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

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
  f.not_captured = entry.value("not_captured", false);
  f.higher_is_better = entry.value("better", "lower") == "higher";
  f.value = f.not_captured ? 0.0 : entry.value("value", 0.0);
  if (entry.contains("seat")) {
    const json& seat = entry.at("seat");
    f.seat = Seat{seat.at("table").get<std::string>(), seat.at("row").get<std::string>(),
                  seat.at("column").get<std::string>()};
  }
  f.unit = entry.value("unit", "");
  f.counter = entry.value("counter", "");
  const std::string machine = entry.value("machine", "");
  f.machine = machines.value(machine, machine);
  f.note = entry.value("note", "");
  if (f.family.empty() || f.case_family.empty() || f.project.empty() ||
      !(f.value > 0 || f.not_captured)) {
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
  if (not_captured) return "not captured";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f %s", value, unit.c_str());
  return is_counter() ? buffer + (" [" + counter + "]") : buffer;
}

double counter_in_base_units(const std::string& name, double value) {
  if (ends_with(name, "_KiB")) return value * 1024.0;
  if (ends_with(name, "_MiB")) return value * 1048576.0;
  if (ends_with(name, "_s")) return value * 1e9;
  return value;
}

std::optional<std::string> ReferenceFigure::ours_text(const Measurement& ours) const {
  if (!ours.error.empty()) return std::nullopt;
  double in_unit = 0;
  if (is_counter()) {
    const auto it = ours.counters.find(counter);
    if (it == ours.counters.end()) return std::nullopt;
    in_unit = counter_in_base_units(counter, it->second) / kCounterUnits.at(unit);
  } else if (is_throughput()) {
    if (!(ours.bytes_per_second > 0)) return std::nullopt;
    in_unit = ours.bytes_per_second / kRateUnits.at(unit);
  } else {
    if (!(ours.time_ns.median > 0)) return std::nullopt;
    // A cell the seed left empty has no unit to match: ours in its own.
    std::string shown = unit;
    if (not_captured) {
      for (const char* u : {"s", "ms", "us", "ns"}) {
        shown = u;
        if (ours.time_ns.median >= kTimeUnitsNs.at(u)) break;
      }
    }
    in_unit = ours.time_ns.median / kTimeUnitsNs.at(shown);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.2f %s", in_unit, shown.c_str());
    return std::string(buffer);
  }
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f %s", in_unit, unit.c_str());
  return std::string(buffer);
}

std::optional<double> ReferenceFigure::speedup_of(const Measurement& ours) const {
  if (not_captured) return std::nullopt;
  if (is_counter()) {
    const auto it = ours.counters.find(counter);
    if (it == ours.counters.end() || !(it->second > 0)) return std::nullopt;
    const double mine = counter_in_base_units(counter, it->second);
    return higher_is_better ? mine / canonical_value() : canonical_value() / mine;
  }
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
  for (const auto& entry : document.value("tables", json::array())) {
    try {
      SeedTable table{entry.at("id").get<std::string>(),
                      entry.at("title").get<std::string>(),
                      entry.at("source").get<std::string>(),
                      entry.value("note", ""),
                      entry.value("row_header", ""),
                      entry.at("columns").get<std::vector<std::string>>(),
                      entry.value("threads", "1")};
      figures.tables_.push_back(std::move(table));
    } catch (const json::exception& error) {
      return make_error(Errc::malformed_input,
                        file.string() + ": table " + entry.dump() + ": " + error.what());
    }
  }
  for (const auto& entry : document["figures"]) {
    auto figure = figure_from(entry, machines);
    if (!figure)
      return make_error(Errc::malformed_input, file.string() + ": " + figure.error().message);
    if (figure->seat) {
      const auto table =
          std::find_if(figures.tables_.begin(), figures.tables_.end(),
                       [&](const SeedTable& t) { return t.id == figure->seat->table; });
      if (table == figures.tables_.end() ||
          std::find(table->columns.begin(), table->columns.end(), figure->seat->column) ==
              table->columns.end()) {
        return make_error(Errc::malformed_input,
                          file.string() + ": a figure sits in table '" + figure->seat->table +
                              "', column '" + figure->seat->column +
                              "', which the tables do not have: " + entry.dump());
      }
    }
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
