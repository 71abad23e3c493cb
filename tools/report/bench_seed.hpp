// The seeds' tables and the scoreboard: the first thing the report shows. Each table of the
// reference file (reference_figures.json "tables") in its seed's own layout, every published cell
// with our figure of this run beside it, the ratio, our thread count and the host; above them a
// scoreboard that counts every cell, same-run peer comparisons and published figures from other
// machines apart (cells won, the geometric mean of the ratios, the losses listed first).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench_reference.hpp"
#include "bench_results.hpp"

namespace mforge {

/// The tables as JSON (report "seed_tables"): per table its title, source, note, columns and rows,
/// each row's cells {column, published, ours, speedup, kind, threads, benchmark, note, error}.
/// A cell without a measurement of ours carries an error saying so.
nlohmann::json seed_tables(const ReferenceFigures& references,
                           const std::vector<Measurement>& measurements, const std::string& host);

/// The scoreboard (report "scoreboard"): {same_run, published}, each {cells, wins, geomean,
/// losses: [{label, speedup, kind}], unmeasured: [label]}; published also counts the cells the
/// seeds did not capture that this run measured (not_captured).
nlohmann::json scoreboard(const nlohmann::json& peer_comparisons, const nlohmann::json& tables);

/// Prints the scoreboard, then each table.
void print_seed_tables(const nlohmann::json& tables, const nlohmann::json& board);

}  // namespace mforge
