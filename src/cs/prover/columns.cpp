#include "columns.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/core/bits.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::cs::detail {

using Role = ConstraintSystem::Role;

Column view(ColumnField field, unsigned n_vars, ByteSpan bytes) {
  Column c;
  c.field = field;
  c.n_vars = n_vars;
  c.data = bytes.data();
  c.bytes = bytes.size();
  return c;
}

ProverColumns::ProverColumns(const ConstraintSystem& system, const Witness& witness,
                             const PublicValues& publics)
    : spread_(system.oracles().size()), views_(system.oracles().size()) {
  for (OracleId id = 0; id < system.oracles().size(); ++id) {
    const auto& info = system.column(id);
    const unsigned n = system.tables()[info.table].n_vars;
    if (info.role == Role::committed) {
      views_[id] = view(info.field, n, witness.columns[info.index]);
    } else if (info.role != Role::virtual_column) {
      spread_[id] = spread_known(system, id, known_data(system, publics, id));
      views_[id] = view(info.field, n, spread_[id]);
    }
  }
  values_ = std::make_unique<zk::OracleValues>(system.oracles(), views_);
}

Column ProverColumns::column(OracleId id) {
  return values_->column(id).value();  // every column's inputs exist by construction
}

B128 evaluate_column(const Column& column, std::span<const B128> point) {
  if (column.field == ColumnField::b1) {
    return binius::evaluate_multilinear_b1(
               ByteSpan(static_cast<const std::uint8_t*>(column.data), column.bytes), point)
        .value();
  }
  if (column.field == ColumnField::b128) {
    return binius::evaluate_multilinear(
               std::span(static_cast<const B128*>(column.data), column.size()), point)
        .value();
  }
  std::vector<B128> values(column.size());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = zk::column_value(column, i);
  return binius::evaluate_multilinear(values, point).value();
}

namespace {

std::uint64_t load_word(const Column& c, std::size_t w) {
  std::uint64_t x = 0;
  const std::size_t at = 8 * w;
  std::memcpy(&x, static_cast<const std::uint8_t*>(c.data) + at,
              std::min<std::size_t>(8, c.bytes - at));
  return x;
}

/// spread[k][b]: the bits of byte b at positions 0, k, 2k, … (k = 2, 4, 8).
const std::array<std::array<std::uint64_t, 256>, 4>& spread_tables() {
  static const auto tables = [] {
    std::array<std::array<std::uint64_t, 256>, 4> t{};
    for (unsigned log_k = 1; log_k <= 3; ++log_k) {
      for (unsigned b = 0; b < 256; ++b) {
        for (unsigned i = 0; i < 8; ++i)
          t[log_k][b] |= std::uint64_t{(b >> i) & 1u} << (i << log_k);
      }
    }
    return t;
  }();
  return tables;
}

/// 2, 4 or 8 columns: each output word holds 64/k rows; column c's bits of those rows are
/// spread by byte tables to positions c, c + k, …
void interleave_few_bits(std::span<const Column> columns, unsigned n_vars, unsigned log_k,
                         std::uint64_t* out) {
  const auto& spread = spread_tables()[log_k];
  const unsigned k = 1u << log_k;
  const std::size_t words = ((std::size_t{1} << n_vars) << log_k) / 64;
  const std::size_t bytes_per_word = 8 / k;  // of each column
  // Grain 1: the partitioner sizes the ranges of words (a word is a few table lookups).
  parallel_for(words, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t w = begin; w < end; ++w) {
      std::uint64_t word = 0;
      for (std::size_t c = 0; c < columns.size(); ++c) {
        const auto* bits = static_cast<const std::uint8_t*>(columns[c].data) + w * bytes_per_word;
        for (std::size_t j = 0; j < bytes_per_word; ++j) {
          word |= spread[bits[j]] << (8 * k * j + c);
        }
      }
      out[w] = word;
    }
  });
}

/// B1 columns: blocks of 64 rows × 64 columns are transposed, so row r's column bits become one
/// word written at bit offset r·2^log_count.
void interleave_bits(std::span<const Column> columns, unsigned n_vars, unsigned log_count,
                     std::uint64_t* out) {
  const std::size_t count = std::size_t{1} << log_count;
  const std::size_t rows = std::size_t{1} << n_vars;
  if (n_vars < 6) {
    for (std::size_t r = 0; r < rows; ++r) {
      for (std::size_t c = 0; c < columns.size(); ++c) {
        const auto* bits = static_cast<const std::uint8_t*>(columns[c].data);
        const std::size_t at = r * count + c;
        out[at / 64] |= std::uint64_t{(bits[r / 8] >> (r % 8)) & 1u} << (at % 64);
      }
    }
    return;
  }
  if (log_count >= 1 && log_count <= 3) return interleave_few_bits(columns, n_vars, log_count, out);
  const std::size_t groups = (count + 63) / 64;
  // Grain 1: an item is a block of 64 rows of every column, transposed.
  parallel_for(rows / 64, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t block = begin; block < end; ++block) {
      for (std::size_t g = 0; g < groups; ++g) {
        std::uint64_t m[64] = {};
        for (std::size_t c = 64 * g; c < std::min(columns.size(), 64 * g + 64); ++c) {
          m[c - 64 * g] = load_word(columns[c], block);
        }
        transpose64(m);
        for (std::size_t r = 0; r < 64; ++r) {
          const std::size_t at = (64 * block + r) * count + 64 * g;
          if (count >= 64) {
            out[at / 64] = m[r];
          } else {
            out[at / 64] |= m[r] << (at % 64);  // rows of one word are written by one block
          }
        }
      }
    }
  });
}

}  // namespace

std::vector<B128> interleave_group(const CommitGroup& group, unsigned n_vars,
                                   std::span<const Column> columns) {
  const unsigned total_vars = n_vars + group.log_count;
  const std::size_t bytes = field_bytes(group.field, total_vars);
  std::vector<B128> words((bytes + 15) / 16);
  if (group.field == ColumnField::b1) {
    std::vector<std::uint64_t> bits((bytes + 7) / 8, 0);
    interleave_bits(columns, n_vars, group.log_count, bits.data());
    std::memcpy(static_cast<void*>(words.data()), bits.data(), bytes);
    return words;
  }
  // The views may hold the values in a wider field than the group's (the prover's oracle values
  // keep B8 and B32 columns as B128): each element is read as a value and stored at the group's
  // width (little-endian host).
  const std::size_t width = field_bytes(group.field, 0);
  auto* out = reinterpret_cast<std::uint8_t*>(words.data());
  const std::size_t count = std::size_t{1} << group.log_count;
  // Grain 1: an item is a whole column.
  parallel_for(columns.size(), 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) {
      for (std::size_t r = 0; r < (std::size_t{1} << n_vars); ++r) {
        const B128 value = zk::column_value(columns[c], r);
        std::memcpy(out + (r * count + c) * width, &value, width);
      }
    }
  });
  return words;
}

}  // namespace merkleforge::cs::detail
