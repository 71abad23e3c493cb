#include "bench_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <set>

namespace mforge {

using nlohmann::json;

namespace {

std::string printf_string(const char* format, double value, const char* unit) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value, unit);
  return buffer;
}

std::string format_time(double ns) {
  if (ns >= 1e9) return printf_string("%.2f %s", ns / 1e9, "s");
  if (ns >= 1e6) return printf_string("%.2f %s", ns / 1e6, "ms");
  if (ns >= 1e3) return printf_string("%.2f %s", ns / 1e3, "us");
  return printf_string("%.2f %s", ns, "ns");
}

std::string format_rate(double bytes_per_second) {
  if (bytes_per_second >= 1073741824.0) {
    return printf_string("%.2f %s", bytes_per_second / 1073741824.0, "GiB/s");
  }
  return printf_string("%.2f %s", bytes_per_second / 1048576.0, "MiB/s");
}

// Median with the spread of the repetitions, e.g. "45.12 ns ±1.3%".
std::string format_with_spread(const Measurement& m) {
  std::string text = format_figure(m);
  if (m.time_ns.repetitions > 1 && m.time_ns.median > 0) {
    text += printf_string(" ±%.1f%s", 100 * m.time_ns.stddev / m.time_ns.median, "%");
  }
  return text;
}

// A plain-text table whose columns are as wide as their widest cell.
class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header) { rows_.push_back(std::move(header)); }
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  void print(std::ostream& out) const {
    std::vector<std::size_t> widths;
    for (const auto& row : rows_) {
      widths.resize(std::max(widths.size(), row.size()), 0);
      for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
    }
    for (const auto& row : rows_) {
      std::string line;
      for (std::size_t i = 0; i < row.size(); ++i) {
        line += row[i] + std::string(widths[i] - row[i].size() + 2, ' ');
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out << "  " << line << "\n";
    }
  }

 private:
  std::vector<std::vector<std::string>> rows_;
};

/// "verkle" of "merkleforge-verkle" or "ethereumjs-verkle"; empty without a '-'.
std::string structure_suffix(const std::string& implementation) {
  const auto dash = implementation.find('-');
  return dash == std::string::npos ? "" : implementation.substr(dash + 1);
}

}  // namespace

std::vector<CaseRow> case_rows(const std::vector<Measurement>& measurements) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const Measurement*>> by_case;
  for (const auto& m : measurements) {
    if (!by_case.count(m.case_key())) order.push_back(m.case_key());
    by_case[m.case_key()].push_back(&m);
  }
  std::vector<CaseRow> rows;
  for (const auto& key : order) {
    const auto& group = by_case[key];
    // A name outside the scheme has no implementation to go by; its error shows in our column.
    const auto is_ours = [](const Measurement* m) {
      return m->is_merkleforge() || m->implementation == "unknown";
    };
    std::vector<const Measurement*> peers;
    std::set<std::string> our_suffixes;
    for (const auto* m : group) {
      if (!is_ours(m)) peers.push_back(m);
      if (m->is_merkleforge()) our_suffixes.insert(structure_suffix(m->implementation));
    }
    bool any_ours = false;
    for (const auto* m : group) {
      if (!is_ours(m)) continue;
      // A peer of one structure ("ethereumjs-verkle") stands beside ours of that structure
      // ("merkleforge-verkle") only, not beside the MPT's and the binary trie's rows of the case.
      std::vector<const Measurement*> beside;
      for (const auto* peer : peers) {
        const std::string suffix = structure_suffix(peer->implementation);
        if (!our_suffixes.count(suffix) || suffix == structure_suffix(m->implementation)) {
          beside.push_back(peer);
        }
      }
      rows.push_back({m, beside});
      any_ours = true;
    }
    if (!any_ours) {
      for (const auto* peer : peers) rows.push_back({nullptr, {peer}});
    }
  }
  return rows;
}

std::string format_figure(const Measurement& m) {
  if (!m.error.empty()) return "error: " + m.error;
  return m.bytes_per_second > 0 ? format_rate(m.bytes_per_second) : format_time(m.time_ns.median);
}

std::string format_speedup(double speedup) {
  if (speedup >= 1) return printf_string("%.2f%s faster", speedup, "x");
  return printf_string("%.2f%s slower", 1 / speedup, "x");
}

void print_suite_table(const std::string& suite, const std::string& reproduce,
                       const std::vector<Measurement>& measurements,
                       const ReferenceFigures* references) {
  std::cout << "\n## " << suite << "\nreproduce: " << reproduce << "\n\n";
  std::set<std::string> machines;
  TextTable table({"case", "merkleforge (median ±sd)", "peer, same run", "ours vs peer",
                   "published (other machine)", "ours vs published"});
  for (const auto& row : case_rows(measurements)) {
    std::vector<std::vector<std::string>> peer_cells;
    for (const auto* peer : row.peers) {
      std::string ratio = "-";
      if (row.ours && row.ours->time_ns.median > 0 && peer->time_ns.median > 0) {
        ratio = format_speedup(peer->time_ns.median / row.ours->time_ns.median);
      }
      const std::string variant = peer->variant.empty() ? "" : " [" + peer->variant + "]";
      peer_cells.push_back(
          {peer->implementation + variant + " " + format_with_spread(*peer), ratio});
    }
    std::vector<std::vector<std::string>> reference_cells;
    if (row.ours && references) {
      for (const auto* figure : references->matching(*row.ours)) {
        machines.insert(figure->machine);
        const auto speedup = figure->speedup_of(*row.ours);
        reference_cells.push_back(
            {figure->project + " " + figure->text(), speedup ? format_speedup(*speedup) : "-"});
      }
    }
    const Measurement& first = row.ours ? *row.ours : *row.peers.front();
    const std::size_t lines = std::max<std::size_t>({1, peer_cells.size(), reference_cells.size()});
    for (std::size_t i = 0; i < lines; ++i) {
      std::vector<std::string> cells(6, "");
      if (i == 0) {
        cells[0] = first.label();
        cells[1] = row.ours ? format_with_spread(*row.ours) : "-";
      }
      if (i < peer_cells.size() && row.ours) {
        cells[2] = peer_cells[i][0];
        cells[3] = peer_cells[i][1];
      } else if (i == 0 && !row.ours) {
        cells[2] = peer_cells[0][0];
      }
      if (i < reference_cells.size()) {
        cells[4] = reference_cells[i][0];
        cells[5] = reference_cells[i][1];
      }
      table.add(cells);
    }
  }
  table.print(std::cout);
  for (const auto& machine : machines) std::cout << "  published figures: " << machine << "\n";
}

json peer_comparisons(const std::vector<Measurement>& measurements) {
  json pairs = json::array();
  for (const auto& row : case_rows(measurements)) {
    if (!row.ours || !(row.ours->time_ns.median > 0)) continue;
    for (const auto* peer : row.peers) {
      if (!(peer->time_ns.median > 0)) continue;
      pairs.push_back({{"case", row.ours->label()},
                       {"merkleforge", row.ours->implementation},
                       {"merkleforge_ns", row.ours->time_ns.median},
                       {"peer", peer->implementation},
                       {"peer_ns", peer->time_ns.median},
                       {"speedup", peer->time_ns.median / row.ours->time_ns.median}});
    }
  }
  return pairs;
}

json reference_comparisons(const std::vector<Measurement>& measurements,
                           const ReferenceFigures& references) {
  json pairs = json::array();
  for (const auto& m : measurements) {
    if (!m.is_merkleforge()) continue;
    for (const auto* figure : references.matching(m)) {
      const auto speedup = figure->speedup_of(m);
      pairs.push_back({{"case", m.label()},
                       {"implementation", m.implementation},
                       {"figure", format_figure(m)},
                       {"project", figure->project},
                       {"published", figure->text()},
                       {"machine", figure->machine},
                       {"note", figure->note},
                       {"speedup", speedup ? json(*speedup) : json(nullptr)}});
    }
  }
  return pairs;
}

}  // namespace mforge
