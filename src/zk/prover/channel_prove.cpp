#include "channel_common.hpp"
#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::zk {
namespace {

/// F[i] = r + Σ_k s^k·T_k[i] (canonical), in parallel blocks.
std::vector<B128> flush_column(const detail::ChannelChallenges& c,
                               const std::vector<Column>& columns) {
  std::vector<B128> flushed(columns.front().size(), c.permutation);
  constexpr std::size_t kBlock = 1024;
  parallel_for(flushed.size(), kBlock, [&](std::size_t begin, std::size_t end) {
    std::vector<binius::B128P> values(end - begin);
    const binius::B128P mixing = binius::to_polyval(c.mixing);
    binius::B128P power = binius::B128P::one();
    for (const Column& column : columns) {
      for (std::size_t i = 0; i < values.size(); ++i) {
        values[i] = binius::to_polyval(column_value(column, begin + i));
      }
      binius::active_polyval_kernel().mul_scalar(values.data(), power, values.data(),
                                                 values.size());
      for (std::size_t i = 0; i < values.size(); ++i) {
        flushed[begin + i] += binius::to_canonical(values[i]);
      }
      power *= mixing;
    }
  });
  return flushed;
}

/// The column's multilinear extension at `point` (canonical).
B128 evaluate_column(const Column& column, std::span<const B128> point) {
  std::vector<B128> values(column.size());
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = column_value(column, i);
  return binius::evaluate_multilinear(values, point).value();  // sizes match by construction
}

}  // namespace

Result<ChannelClaims> prove_channel(const ChannelStatement& statement,
                                    std::span<const std::vector<Column>> columns,
                                    ProverTranscript& transcript) {
  if (Status s = detail::check_channel_statement(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "channel"); !s) return s.error();
  if (columns.size() != statement.flushes.size()) {
    return make_error(Errc::invalid_argument, "channel: one column set per flush expected");
  }
  for (std::size_t f = 0; f < columns.size(); ++f) {
    if (columns[f].size() != statement.flushes[f].width) {
      return make_error(Errc::invalid_argument,
                        "channel: flush " + std::to_string(f) + " has another number of columns");
    }
    for (const Column& column : columns[f]) {
      if (Status s = check_column(column); !s) return s.error();
      if (column.n_vars != statement.flushes[f].n_vars) {
        return make_error(Errc::wrong_size, "channel: flush " + std::to_string(f) +
                                                " has a column with another number of variables");
      }
    }
  }
  const auto challenges = detail::begin_channel(transcript, statement);
  std::vector<std::vector<B128>> flushed;
  std::vector<Column> flushed_columns;
  for (const auto& set : columns) flushed.push_back(flush_column(challenges, set));
  for (const auto& f : flushed) flushed_columns.push_back(Column::b128(f));
  auto reduced = prove_grand_products(flushed_columns, transcript);
  if (!reduced) return reduced.error();
  ChannelClaims out{reduced->points, {}};
  for (std::size_t f = 0; f < columns.size(); ++f) {
    std::vector<B128> evals;
    for (const Column& column : columns[f]) {
      evals.push_back(evaluate_column(column, reduced->points[f]));
    }
    transcript.write_b128s(evals);
    out.evals.push_back(std::move(evals));
  }
  return out;
}

}  // namespace merkleforge::zk
