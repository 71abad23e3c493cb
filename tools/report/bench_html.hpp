// `mforge bench --html DIR`: the self-contained benchmark explorer, one HTML file (Chart.js, the
// data and the script inlined) plus the raw results.json beside it.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>

#include "merkleforge/core/result.hpp"

namespace mforge {

/// The measurements of a report (`mforge bench --json` or Google Benchmark JSON), flattened for
/// the page: one object per figure with its suite, name parts, size and statistics.
nlohmann::json figures_json(const nlohmann::json& report);

/// The page for `report` (data escaped for inlining into a script element).
merkleforge::Result<std::string> render_html(const nlohmann::json& report);

/// Writes DIR/index.html and DIR/results.json, creating DIR. Errors: unsupported when mforge was
/// built without the charting library, io_error when DIR cannot be written.
merkleforge::Status write_html_report(const std::filesystem::path& dir,
                                      const nlohmann::json& report);

}  // namespace mforge
