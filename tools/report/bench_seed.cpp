#include "bench_seed.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <thread>

namespace mforge {

using nlohmann::json;

namespace {

/// "2" of a "threads:2" variant, else the table's default ("all": every hardware thread).
std::string threads_of(const Measurement& m, const std::string& table_default) {
  const auto at = m.variant.find("threads:");
  if (at == std::string::npos) {
    return table_default == "all" ? std::to_string(std::thread::hardware_concurrency())
                                  : table_default;
  }
  const auto end = m.variant.find('/', at);
  return m.variant.substr(at + 8, end == std::string::npos ? std::string::npos : end - at - 8);
}

/// Ours for a figure: an error-free measurement, the default variant (no kernel or thread count
/// forced) first, else the best of the others.
const Measurement* ours_for(const ReferenceFigure& figure,
                            const std::vector<const Measurement*>& candidates) {
  const Measurement* chosen = nullptr;
  double chosen_speedup = 0;
  for (const Measurement* m : candidates) {
    if (!m->error.empty()) continue;
    if (m->variant.empty() && m->implementation == "merkleforge") return m;
    const double speedup = figure.speedup_of(*m).value_or(0);
    if (chosen == nullptr || speedup > chosen_speedup) {
      chosen = m;
      chosen_speedup = speedup;
    }
  }
  if (chosen == nullptr && !candidates.empty()) return candidates.front();  // its error shows
  return chosen;
}

std::string kind_of(const ReferenceFigure& figure) {
  if (!figure.is_counter()) return "time";
  return figure.unit == "k" ? "count" : "size";
}

json cell_of(const ReferenceFigure& figure, const Measurement* ours, const SeedTable& table) {
  json cell = {{"column", figure.seat->column},
               {"published", figure.text()},
               {"project", figure.project},
               {"machine", figure.machine},
               {"note", figure.note},
               {"kind", kind_of(figure)},
               {"not_captured", figure.not_captured}};
  if (ours == nullptr) {
    cell["error"] = "not measured in this run";
    return cell;
  }
  cell["benchmark"] = ours->name;
  cell["threads"] = threads_of(*ours, table.threads);
  const auto text = figure.ours_text(*ours);
  if (!text) {
    cell["error"] =
        ours->error.empty()
            ? "no " + (figure.is_counter() ? figure.counter : "figure") + " in " + ours->name
            : ours->error;
    return cell;
  }
  cell["ours"] = *text;
  const auto speedup = figure.speedup_of(*ours);
  cell["speedup"] = speedup ? json(*speedup) : json(nullptr);
  return cell;
}

json score_of(std::vector<json> entries) {
  double log_sum = 0;
  std::size_t wins = 0;
  std::vector<json> losses;
  for (const json& e : entries) {
    const double speedup = e["speedup"].get<double>();
    log_sum += std::log(speedup);
    if (speedup >= 1) {
      ++wins;
    } else {
      losses.push_back(e);
    }
  }
  std::sort(losses.begin(), losses.end(), [](const json& a, const json& b) {
    return a["speedup"].get<double>() < b["speedup"].get<double>();
  });
  return {
      {"cells", entries.size()},
      {"wins", wins},
      {"geomean", entries.empty() ? 0.0 : std::exp(log_sum / static_cast<double>(entries.size()))},
      {"losses", losses},
      {"unmeasured", json::array()}};
}

std::string ratio_text(const json& cell) {
  if (!cell.contains("speedup") || !cell["speedup"].is_number()) return "-";
  const double s = cell["speedup"].get<double>();
  const std::string kind = cell.value("kind", "time");
  const bool better = s >= 1;
  const char* word = kind == "time"   ? (better ? "faster" : "slower")
                     : kind == "size" ? (better ? "smaller" : "larger")
                                      : (better ? "better" : "worse");
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.2fx %s", better ? s : 1 / s, word);
  return buffer;
}

void print_score(const char* title, const json& score) {
  std::printf("  %s: %zu of %zu cells won", title, score["wins"].get<std::size_t>(),
              score["cells"].get<std::size_t>());
  if (score["geomean"].get<double>() > 0) {
    std::printf(", geometric mean %.2fx", score["geomean"].get<double>());
  }
  std::printf("\n");
  for (const json& loss : score["losses"]) {
    std::printf("    loss: %s: %s\n", loss["label"].get<std::string>().c_str(),
                ratio_text(loss).c_str());
  }
  for (const json& missing : score["unmeasured"]) {
    std::printf("    not measured: %s\n", missing.get<std::string>().c_str());
  }
}

}  // namespace

json seed_tables(const ReferenceFigures& references, const std::vector<Measurement>& measurements,
                 const std::string& host) {
  std::map<const ReferenceFigure*, std::vector<const Measurement*>> candidates;
  for (const Measurement& m : measurements) {
    if (!m.is_merkleforge()) continue;
    for (const ReferenceFigure* f : references.matching(m)) candidates[f].push_back(&m);
  }
  json tables = json::array();
  for (const SeedTable& table : references.tables()) {
    std::vector<std::string> row_order;
    std::map<std::string, json> rows;
    for (const ReferenceFigure& f : references.all()) {
      if (!f.seat || f.seat->table != table.id) continue;
      if (!rows.count(f.seat->row)) {
        row_order.push_back(f.seat->row);
        rows[f.seat->row] = {{"label", f.seat->row}, {"cells", json::array()}};
      }
      const auto found = candidates.find(&f);
      const Measurement* ours = found == candidates.end() ? nullptr : ours_for(f, found->second);
      rows[f.seat->row]["cells"].push_back(cell_of(f, ours, table));
    }
    for (auto& [label, row] : rows) {
      // Cells in the table's column order, whatever order the file lists the figures in.
      auto& cells = row["cells"];
      std::stable_sort(cells.begin(), cells.end(), [&](const json& a, const json& b) {
        const auto index = [&](const json& cell) {
          return std::find(table.columns.begin(), table.columns.end(),
                           cell["column"].get<std::string>()) -
                 table.columns.begin();
        };
        return index(a) < index(b);
      });
    }
    json out = {{"id", table.id},     {"title", table.title},           {"source", table.source},
                {"note", table.note}, {"row_header", table.row_header}, {"columns", table.columns},
                {"host", host},       {"rows", json::array()}};
    for (const auto& label : row_order) out["rows"].push_back(rows[label]);
    tables.push_back(std::move(out));
  }
  return tables;
}

json scoreboard(const json& peer_comparisons, const json& tables) {
  std::vector<json> same_run;
  for (const json& pair : peer_comparisons) {
    if (!pair["speedup"].is_number()) continue;
    same_run.push_back(
        {{"label", pair["case"].get<std::string>() + " vs " + pair["peer"].get<std::string>()},
         {"speedup", pair["speedup"]},
         {"kind", "time"}});
  }
  std::vector<json> published;
  std::vector<std::string> unmeasured;
  std::size_t not_captured = 0;
  for (const json& table : tables) {
    for (const json& row : table["rows"]) {
      for (const json& cell : row["cells"]) {
        const std::string label = table["title"].get<std::string>() + ": " +
                                  row["label"].get<std::string>() + ", " +
                                  cell["column"].get<std::string>();
        if (cell.contains("error")) {
          unmeasured.push_back(label + " (" + cell["error"].get<std::string>() + ")");
        } else if (cell["not_captured"].get<bool>()) {
          ++not_captured;
        } else if (cell["speedup"].is_number()) {
          published.push_back({{"label", label + " (" + cell["project"].get<std::string>() + ")"},
                               {"speedup", cell["speedup"]},
                               {"kind", cell["kind"]}});
        }
      }
    }
  }
  json board = {{"same_run", score_of(std::move(same_run))},
                {"published", score_of(std::move(published))}};
  board["published"]["unmeasured"] = unmeasured;
  board["published"]["not_captured"] = not_captured;
  return board;
}

void print_seed_tables(const json& tables, const json& board) {
  std::printf("\n# Scoreboard\n");
  print_score("same run, peers on this machine", board["same_run"]);
  print_score("published figures of the seeds (other machines)", board["published"]);
  std::printf("  %zu cells the seeds did not capture are measured here\n",
              board["published"]["not_captured"].get<std::size_t>());
  for (const json& table : tables) {
    std::printf("\n## %s\n  %s\n", table["title"].get<std::string>().c_str(),
                table["source"].get<std::string>().c_str());
    if (!table["note"].get<std::string>().empty()) {
      std::printf("  note: %s\n", table["note"].get<std::string>().c_str());
    }
    std::printf("  ours: %s\n", table["host"].get<std::string>().c_str());
    for (const json& row : table["rows"]) {
      std::printf("  %s\n", row["label"].get<std::string>().c_str());
      for (const json& cell : row["cells"]) {
        const std::string ours = cell.contains("error")
                                     ? "error: " + cell["error"].get<std::string>()
                                     : cell["ours"].get<std::string>() + " (" +
                                           cell["threads"].get<std::string>() + "t)";
        std::printf(
            "    %-28s published %-16s ours %-22s %s\n", cell["column"].get<std::string>().c_str(),
            cell["published"].get<std::string>().c_str(), ours.c_str(), ratio_text(cell).c_str());
      }
    }
  }
}

}  // namespace mforge
