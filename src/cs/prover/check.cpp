// check_witness: every constraint on every row, before any proving, so a bad witness is an error
// naming what failed rather than a proof that fails later.
#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstring>

#include "columns.hpp"
#include "merkleforge/binius/packed.hpp"
#include "merkleforge/cs/prover.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::cs {
namespace {

using Node = Expr::Node;
using Role = ConstraintSystem::Role;

/// True when the expression is over bits only: B1 columns and constants 0 and 1. It is then
/// evaluated 64 rows at a time with AND and XOR (GF(2) arithmetic).
bool is_bitwise(const ConstraintSystem& system, const Node& n) {
  switch (n.kind) {
    case Node::Kind::column:
      return system.column(n.column).field == ColumnField::b1;
    case Node::Kind::constant:
      return n.value.value() <= 1;
    default:
      return is_bitwise(system, *n.lhs) && is_bitwise(system, *n.rhs);
  }
}

Error violated(const ConstraintSystem& system, const ConstraintSystem::Constraint& c,
               std::size_t row) {
  return make_error(Errc::corrupt_data, "cs: table " + system.tables()[c.table].name +
                                            ", constraint " + c.name + " fails at row " +
                                            std::to_string(row));
}

/// The first failing row (SIZE_MAX if none) of a bitwise constraint: the program runs on 64 rows
/// at a time, + as XOR and · as AND.
std::size_t first_failing_row_bits(const zk::Composition& composition,
                                   const std::vector<Column>& views, unsigned n_vars) {
  using Op = zk::Composition::OpKind;
  const std::size_t rows = std::size_t{1} << n_vars;
  const std::size_t words = (rows + 63) / 64;
  const std::uint64_t last_mask = rows >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << rows) - 1;
  const auto ops = composition.ops();
  std::atomic<std::size_t> first{SIZE_MAX};
  // Grain 1: the partitioner sizes the ranges of words (64 rows each); a range allocates once.
  parallel_for(words, 1, [&](std::size_t begin, std::size_t end) {
    std::vector<std::uint64_t> node(ops.size());
    for (std::size_t w = begin; w != end; ++w) {
      for (std::size_t k = 0; k < ops.size(); ++k) {
        const auto& op = ops[k];
        switch (op.kind) {
          case Op::column: {
            const Column& c = views[op.lhs];
            std::uint64_t x = 0;
            std::memcpy(&x, static_cast<const std::uint8_t*>(c.data) + 8 * w,
                        std::min<std::size_t>(8, c.bytes - 8 * w));
            node[k] = x;
            break;
          }
          case Op::constant:
            node[k] = op.value == B128::zero() ? 0 : ~std::uint64_t{0};
            break;
          case Op::add:
            node[k] = node[op.lhs] ^ node[op.rhs];
            break;
          case Op::mul:
            node[k] = node[op.lhs] & node[op.rhs];
            break;
        }
      }
      const std::uint64_t bad = node.back() & (w + 1 == words ? last_mask : ~std::uint64_t{0});
      if (bad != 0) {
        const std::size_t row = 64 * w + static_cast<std::size_t>(std::countr_zero(bad));
        std::size_t seen = first.load();
        while (row < seen && !first.compare_exchange_weak(seen, row)) {
        }
      }
    }
  });
  return first.load();
}

/// Rows evaluated together by first_failing_row.
constexpr std::size_t kChunk = 256;

/// Products of two chunks of values (at most kChunk): B32 products (the packed kernels' fastest)
/// when every value of both lies in B32, as circuits' values and constants often do, else B128
/// products.
Status multiply_chunks(std::span<const B128> a, std::span<const B128> b, std::span<B128> out) {
  binius::uint128 high = 0;
  for (std::size_t i = 0; i < a.size(); ++i) high |= (a[i].value() | b[i].value()) >> 32;
  if (high != 0) return binius::packed_mul_b128(a, b, out);
  std::array<std::uint32_t, kChunk> x, y;  // a chunk at most: no allocation per product
  for (std::size_t i = 0; i < a.size(); ++i) {
    x[i] = static_cast<std::uint32_t>(a[i].value());
    y[i] = static_cast<std::uint32_t>(b[i].value());
  }
  const std::span<std::uint32_t> xs(x.data(), a.size());
  if (Status s = binius::packed_mul_b32(xs, std::span(y).first(a.size()), xs); !s) return s;
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = B128(x[i]);
  return Ok{};
}

/// The first failing row (SIZE_MAX if none) of any other constraint: the program runs on chunks
/// of rows, one vector of values per node, products through the packed kernels.
std::size_t first_failing_row(const zk::Composition& composition, const std::vector<Column>& views,
                              unsigned n_vars) {
  using Op = zk::Composition::OpKind;
  const std::size_t rows = std::size_t{1} << n_vars;
  const auto ops = composition.ops();
  std::atomic<std::size_t> first{SIZE_MAX};
  // Grain 1: a chunk is kChunk rows through the whole program; a range allocates once.
  parallel_for(
      (rows + kChunk - 1) / kChunk, 1, [&](std::size_t begin_chunk, std::size_t end_chunk) {
        std::vector<std::vector<B128>> node(ops.size());
        for (std::size_t chunk = begin_chunk; chunk != end_chunk; ++chunk) {
          const std::size_t begin = chunk * kChunk, size = std::min(kChunk, rows - begin);
          if (begin >= first.load()) return;
          for (std::size_t k = 0; k < ops.size(); ++k) {
            const auto& op = ops[k];
            std::vector<B128>& v = node[k];
            v.resize(size);
            switch (op.kind) {
              case Op::column:
                for (std::size_t i = 0; i < size; ++i)
                  v[i] = zk::column_value(views[op.lhs], begin + i);
                break;
              case Op::constant:
                std::fill(v.begin(), v.end(), op.value);
                break;
              case Op::add:
                for (std::size_t i = 0; i < size; ++i) v[i] = node[op.lhs][i] + node[op.rhs][i];
                break;
              case Op::mul:
                if (Status s = multiply_chunks(node[op.lhs], node[op.rhs], v); !s) {
                  throw std::logic_error("cs check: " + s.error().message);
                }
                break;
            }
          }
          const auto bad = std::find_if(node.back().begin(), node.back().end(),
                                        [](B128 x) { return x != B128::zero(); });
          if (bad == node.back().end()) continue;
          const std::size_t row = begin + static_cast<std::size_t>(bad - node.back().begin());
          std::size_t seen = first.load();
          while (row < seen && !first.compare_exchange_weak(seen, row)) {
          }
          return;
        }
      });
  return first.load();
}

}  // namespace

Status detail::check_shapes(const ConstraintSystem& system, const Witness& witness,
                            const PublicValues& publics) {
  if (Status s = check_sizes(system, system.committed_columns(), witness.columns, "witness"); !s) {
    return s;
  }
  return check_publics(system, publics);
}

Status check_witness(const ConstraintSystem& system, const Witness& witness,
                     const PublicValues& publics) {
  if (Status s = detail::check_shapes(system, witness, publics); !s) return s;
  detail::ProverColumns columns(system, witness, publics);
  return detail::check_rows(system, detail::make_plan(system), columns);
}

namespace detail {

Status check_rows(const ConstraintSystem& system, const Plan& plan, ProverColumns& columns) {
  for (const detail::TablePlan& table : plan.tables) {
    for (const detail::ConstraintBatch* batch : {&table.linear, &table.zerocheck}) {
      std::vector<Column> views;
      for (OracleId id : batch->columns) views.push_back(columns.column(id));
      for (std::size_t k = 0; k < batch->constraints.size(); ++k) {
        const auto& c = system.constraints()[batch->constraints[k]];
        const unsigned n = system.tables()[c.table].n_vars;
        const std::size_t row = is_bitwise(system, c.expr.node())
                                    ? first_failing_row_bits(batch->compositions[k], views, n)
                                    : first_failing_row(batch->compositions[k], views, n);
        if (row != SIZE_MAX) return violated(system, c, row);
      }
    }
  }
  return Ok{};
}

}  // namespace detail

}  // namespace merkleforge::cs
