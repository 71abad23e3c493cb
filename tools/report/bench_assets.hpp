// The report page's assets, embedded into mforge at build time (tools/report/embed_assets.cmake):
// the page template, its script and style, and the Chart.js bundle installed by npm from
// tools/report/package-lock.json.
#pragma once

#include <string_view>

namespace mforge::report_assets {

/// Chart.js (UMD, minified); empty when tools/report/node_modules was missing at configure time.
std::string_view chart_js();
/// The page, with @EXPLORER_CSS@, @CHART_JS@, @REPORT_DATA@ and @EXPLORER_JS@ placeholders.
std::string_view explorer_html();
std::string_view explorer_js();
std::string_view explorer_css();

}  // namespace mforge::report_assets
