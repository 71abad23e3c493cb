#include "bench_html.hpp"

#include <fstream>
#include <map>

#include "bench_assets.hpp"
#include "bench_results.hpp"

namespace mforge {

namespace fs = std::filesystem;
using merkleforge::Errc;
using merkleforge::make_error;
using nlohmann::json;

namespace {

// Text inside <script> ends at the first "</"; JSON allows "<\/" for "</", so escaping it keeps
// the data intact whatever strings the report holds.
std::string inline_script_safe(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '<' && i + 1 < text.size() && text[i + 1] == '/') out += '\\';
  }
  return out;
}

void replace_placeholder(std::string& page, const std::string& placeholder,
                         std::string_view value) {
  const auto at = page.find(placeholder);
  if (at != std::string::npos) page.replace(at, placeholder.size(), value);
}

json figure_json(const std::string& suite, const Measurement& m) {
  return {{"suite", suite},
          {"name", m.name},
          {"family", m.family},
          {"subject", m.subject},
          {"case", m.case_name + (m.args.empty() ? "" : "/" + m.args)},
          {"case_family", m.case_family()},
          {"implementation", m.implementation},
          {"variant", m.variant},
          {"label", m.label()},
          {"size", m.size ? json(*m.size) : json(nullptr)},
          {"median_ns", m.time_ns.median},
          {"mean_ns", m.time_ns.mean},
          {"stddev_ns", m.time_ns.stddev},
          {"repetitions", m.time_ns.repetitions},
          {"bytes_per_second", m.bytes_per_second},
          {"error", m.error}};
}

}  // namespace

json figures_json(const json& report) {
  std::vector<std::string> order;
  std::map<std::string, json> by_suite;
  for (const auto& bench : report.value("benchmarks", json::array())) {
    const std::string suite = bench.is_object() ? bench.value("suite", "benchmarks") : "benchmarks";
    if (!by_suite.count(suite)) {
      order.push_back(suite);
      by_suite[suite] = {{"benchmarks", json::array()}};
    }
    by_suite[suite]["benchmarks"].push_back(bench);
  }
  json figures = json::array();
  for (const auto& suite : order) {
    for (const auto& m : measurements_from(by_suite[suite]))
      figures.push_back(figure_json(suite, m));
  }
  return figures;
}

merkleforge::Result<std::string> render_html(const json& report) {
  if (report_assets::chart_js().empty()) {
    return make_error(
        Errc::unsupported,
        "this mforge was built without the charting library (tools/report/node_modules "
        "was missing): run `make report-deps`, then reconfigure and rebuild");
  }
  json data = report;
  data["figures"] = figures_json(report);
  std::string page(report_assets::explorer_html());
  replace_placeholder(page, "@EXPLORER_CSS@", report_assets::explorer_css());
  replace_placeholder(page, "@CHART_JS@", report_assets::chart_js());
  // The data and the script go in last so that placeholders inside them are never replaced.
  const std::string script_marker = "@EXPLORER_JS@";
  const std::string data_marker = "@REPORT_DATA@";
  const auto script_at = page.find(script_marker);
  const auto data_at = page.find(data_marker);
  if (script_at == std::string::npos || data_at == std::string::npos || data_at > script_at) {
    return make_error(Errc::corrupt_data, "the embedded page template lacks its placeholders");
  }
  page.replace(script_at, script_marker.size(), report_assets::explorer_js());
  page.replace(data_at, data_marker.size(), inline_script_safe(data.dump()));
  return page;
}

merkleforge::Status write_html_report(const fs::path& dir, const json& report) {
  auto page = render_html(report);
  if (!page) return page.error();
  std::error_code error;
  fs::create_directories(dir, error);
  if (error)
    return make_error(Errc::io_error, "cannot create " + dir.string() + ": " + error.message());
  std::ofstream html(dir / "index.html");
  html << *page;
  std::ofstream raw(dir / "results.json");
  raw << report.dump(1) << "\n";
  if (!html || !raw) return make_error(Errc::io_error, "cannot write into " + dir.string());
  return merkleforge::Ok{};
}

}  // namespace mforge
