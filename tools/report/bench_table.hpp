// The report tables: each MerkleForge figure beside the peers measured in the same run and beside
// the published figures of the reference project, one table per suite.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bench_reference.hpp"
#include "bench_results.hpp"

namespace mforge {

/// One line of a table: a MerkleForge measurement (or, for a case without one, a lone peer) and the
/// other implementations of the same case.
struct CaseRow {
  const Measurement* ours = nullptr;
  std::vector<const Measurement*> peers;
};

/// Groups measurements by case; rows keep the order of the benchmarks.
std::vector<CaseRow> case_rows(const std::vector<Measurement>& measurements);

/// "45.12 ns", "1.30 ms" or, for throughput cases, "1.28 GiB/s".
std::string format_figure(const Measurement& m);

/// "2.31x faster", "1.40x slower".
std::string format_speedup(double speedup);

/// Prints one suite's table. `references` may be null (no reference file).
void print_suite_table(const std::string& suite, const std::string& reproduce,
                       const std::vector<Measurement>& measurements,
                       const ReferenceFigures* references);

/// The peer comparisons of a suite for the JSON report: one object per (ours, peer) pair with both
/// medians and the speed-up.
nlohmann::json peer_comparisons(const std::vector<Measurement>& measurements);

/// The reference comparisons for the JSON report: one object per (ours, published figure) pair.
nlohmann::json reference_comparisons(const std::vector<Measurement>& measurements,
                                     const ReferenceFigures& references);

}  // namespace mforge
