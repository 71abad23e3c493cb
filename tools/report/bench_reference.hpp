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

/// Where a published figure sits in its seed's own table (reference_figures.json "tables").
struct Seat {
  std::string table;   ///< a table id
  std::string row;     ///< the row label as the seed prints it
  std::string column;  ///< one of the table's columns
};

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
  /// For a counter that is a rate (instances per second per core): more is better.
  bool higher_is_better = false;
  /// A cell the seed shows but did not fill ("not captured"): no value, ours measured beside it.
  bool not_captured = false;
  std::optional<Seat> seat;

  bool is_throughput() const;
  bool is_counter() const { return !counter.empty(); }
  /// The value in nanoseconds (time figures), bytes per second (throughput figures), or bytes or
  /// a plain count (counter figures).
  double canonical_value() const;
  /// "109.60 ns"; a counter figure names its counter: "3.57 MB [alloc_bytes_per_op]".
  std::string text() const;
  /// How many times better our measurement is (> 1: ours is faster, or smaller for a counter, all
  /// of which count costs); nullopt when the measurement lacks the matching quantity (no bytes/s
  /// for a throughput figure, no such counter) or the seed did not capture the cell.
  std::optional<double> speedup_of(const Measurement& ours) const;
  /// Our measurement's value of this figure's quantity, in the figure's own unit ("3.57 MB").
  std::optional<std::string> ours_text(const Measurement& ours) const;
};

/// A seed's table as it prints it: the figures whose seat names it fill its cells.
struct SeedTable {
  std::string id, title;
  std::string source;      ///< which repository, file and machine, and where it was read
  std::string note;        ///< what is not like for like
  std::string row_header;  ///< "Hash", "Binary leaves", ...
  std::vector<std::string> columns;
  std::string threads;  ///< our thread count when a row's name has no threads:N ("1", "2")
};

class ReferenceFigures {
 public:
  /// Reads the JSON file; errors name the file and what is wrong with it.
  static merkleforge::Result<ReferenceFigures> load(const std::filesystem::path& file);

  /// The figures for the same case and size as `measurement` (and its implementation, for a figure
  /// that names one).
  std::vector<const ReferenceFigure*> matching(const Measurement& measurement) const;

  const std::vector<ReferenceFigure>& all() const { return figures_; }
  const std::vector<SeedTable>& tables() const { return tables_; }

 private:
  std::vector<ReferenceFigure> figures_;
  std::vector<SeedTable> tables_;
};

/// A user counter in base units: a name ending in _KiB or _MiB is in those (bytes), _s in seconds
/// (nanoseconds); any other is a plain count or already in bytes.
double counter_in_base_units(const std::string& name, double value);

/// tools/report/reference_figures.json of the source tree this mforge was built from, or
/// $MERKLEFORGE_REFERENCE_FIGURES.
std::filesystem::path default_reference_file();

}  // namespace mforge
