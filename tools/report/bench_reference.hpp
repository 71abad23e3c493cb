// Published and peer figures measured elsewhere (tools/report/reference_figures.json), shown beside
// ours. The data lives in that one file, read at run time; this unit only loads and matches it.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench_results.hpp"
#include "merkleforge/core/result.hpp"

namespace mforge {

struct ReferenceFigure {
  std::string family, subject, case_family;
  std::optional<double> size;
  /// Our implementation it stands beside ("merkleforge-verkle"); empty: every one of the case.
  std::string implementation;
  std::string project;  ///< "MerkleForge (Rust)", "rs-merkle 1.5.0"
  double value = 0;
  /// ns, us, ms, s (time), KiB/s, MiB/s, GiB/s (throughput); for a counter figure B, kB, MB
  /// (bytes, powers of 1000 as benchstat prints them) or k (thousands of a count).
  std::string unit;
  /// The user counter of our benchmark it compares with ("alloc_bytes_per_op"); empty for a time
  /// or throughput figure.
  std::string counter;
  std::string machine;  ///< description of the machine it was measured on
  std::string note;

  bool is_throughput() const;
  bool is_counter() const { return !counter.empty(); }
  /// The value in nanoseconds (time figures), bytes per second (throughput figures), or bytes or
  /// a plain count (counter figures).
  double canonical_value() const;
  /// "109.60 ns"; a counter figure names its counter: "3.57 MB [alloc_bytes_per_op]".
  std::string text() const;
  /// How many times faster our measurement is (> 1: ours is faster); nullopt when the
  /// measurement lacks the matching quantity (e.g. no bytes/s for a throughput figure, and for a
  /// counter figure always: a Measurement carries no user counters).
  std::optional<double> speedup_of(const Measurement& ours) const;
};

class ReferenceFigures {
 public:
  /// Reads the JSON file; errors name the file and what is wrong with it.
  static merkleforge::Result<ReferenceFigures> load(const std::filesystem::path& file);

  /// The figures for the same case and size as `measurement` (and its implementation, for a figure
  /// that names one).
  std::vector<const ReferenceFigure*> matching(const Measurement& measurement) const;

  const std::vector<ReferenceFigure>& all() const { return figures_; }

 private:
  std::vector<ReferenceFigure> figures_;
};

/// tools/report/reference_figures.json of the source tree this mforge was built from, or
/// $MERKLEFORGE_REFERENCE_FIGURES.
std::filesystem::path default_reference_file();

}  // namespace mforge
