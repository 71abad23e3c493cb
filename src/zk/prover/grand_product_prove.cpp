#include "eq_sumcheck_prove.hpp"
#include "grand_product_common.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::zk {
namespace {

constexpr std::size_t kGrain = std::size_t{1} << 12;

/// The layers below the claims out.evals at z, product j's layers[j].levels having high[j] more
/// (consumed): sets out.evals and out.points to the claims on the columns.
void prove_layers(std::span<const unsigned> high, std::span<ProductLayers> layers,
                  std::vector<B128> z, GrandProductClaims& out, ProverTranscript& transcript) {
  out.points.resize(high.size());
  const unsigned depth = *std::max_element(high.begin(), high.end());
  for (unsigned layer = 0; layer < depth; ++layer) {
    const std::vector<std::size_t> active = detail::active_products(high, layer);
    const B128 alpha = transcript.sample_b128();
    B128 claim;
    B128 power = B128::one();
    std::vector<detail::ProverColumn> halves;
    const auto vars = static_cast<unsigned>(z.size());
    for (std::size_t j : active) {
      claim += power * out.evals[j];
      power *= alpha;
      // The layer below, stored as its halves, becomes L and R as it is.
      auto& [low_half, high_half] = layers[j].halves[layer];
      halves.emplace_back(std::move(low_half), vars);
      halves.emplace_back(std::move(high_half), vars);
    }
    std::vector<B128> point = detail::prove_eq_sumcheck(
        detail::layer_composition(active.size(), alpha), halves, z, claim, transcript);
    std::vector<B128> values;
    for (const detail::ProverColumn& h : halves) values.push_back(h.final_value());
    transcript.write_b128s(values);
    const B128 mu = transcript.sample_b128();
    z = std::move(point);
    z.push_back(mu);
    for (std::size_t a = 0; a < active.size(); ++a) {
      const B128 lo = values[2 * a];
      out.evals[active[a]] = lo + mu * (lo + values[2 * a + 1]);
      if (high[active[a]] == layer + 1) out.points[active[a]] = z;
    }
  }
}

/// The layers above the column's halves (n_vars variables in all): each level's products
/// lo[i]·hi[i], written as the next level's halves (or as the top).
ProductLayers layers_of(std::array<detail::PolyvalTable, 2> column, unsigned n_vars, unsigned low) {
  ProductLayers out;
  out.halves.resize(n_vars - low);
  out.halves.back() = std::move(column);
  for (unsigned l = n_vars - low - 1; l-- > 0;) {
    const detail::PolyvalTable& lo = out.halves[l + 1][0];
    const detail::PolyvalTable& hi = out.halves[l + 1][1];
    const std::size_t quarter = lo.size() / 2;
    detail::PolyvalTable& out_lo = out.halves[l][0];
    detail::PolyvalTable& out_hi = out.halves[l][1];
    out_lo = detail::PolyvalTable(quarter);
    out_hi = detail::PolyvalTable(quarter);
    parallel_for(quarter, kGrain, [&](std::size_t begin, std::size_t end) {
      const auto& kernel = binius::active_polyval_kernel();
      kernel.mul(lo.data() + begin, hi.data() + begin, out_lo.data() + begin, end - begin);
      kernel.mul(lo.data() + quarter + begin, hi.data() + quarter + begin, out_hi.data() + begin,
                 end - begin);
    });
  }
  const detail::PolyvalTable& lo = out.halves.front()[0];
  const detail::PolyvalTable& hi = out.halves.front()[1];
  out.top = detail::PolyvalTable(lo.size());
  parallel_for(lo.size(), kGrain, [&](std::size_t begin, std::size_t end) {
    binius::active_polyval_kernel().mul(lo.data() + begin, hi.data() + begin,
                                        out.top.data() + begin, end - begin);
  });
  return out;
}

/// The halves of a column (its highest variable 0, then 1).
std::array<detail::PolyvalTable, 2> split(detail::PolyvalTable column) {
  const std::size_t half = column.size() / 2;
  detail::PolyvalTable high(column.begin() + static_cast<std::ptrdiff_t>(half), column.end());
  column.resize(half);
  return {std::move(column), std::move(high)};
}

}  // namespace

Result<GrandProductClaims> prove_grand_products(std::span<const Column> columns,
                                                ProverTranscript& transcript) {
  std::vector<unsigned> n_vars;
  for (const Column& column : columns) {
    if (Status s = check_column(column); !s) return s.error();
    n_vars.push_back(column.n_vars);
  }
  if (Status s = detail::check_grand_product_vars(n_vars); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "grand product"); !s) return s.error();
  detail::begin_grand_products(transcript, n_vars);

  std::vector<ProductLayers> layers;
  GrandProductClaims out;
  for (std::size_t j = 0; j < columns.size(); ++j) {
    detail::PolyvalTable values = detail::polyval_values(columns[j]);
    if (n_vars[j] == 0) {  // a product of one value: no layer
      out.products.push_back(binius::to_canonical(values[0]));
      layers.emplace_back();
      continue;
    }
    layers.push_back(layers_of(split(std::move(values)), n_vars[j], 0));
    out.products.push_back(binius::to_canonical(layers[j].top[0]));
  }
  transcript.write_b128s(out.products);
  out.evals = out.products;
  prove_layers(n_vars, layers, {}, out, transcript);
  return out;
}

Result<ProductLayers> product_layers(std::array<LargeVector<binius::B128P>, 2> column,
                                     unsigned low) {
  const std::size_t half = column[0].size();
  const auto vars = static_cast<unsigned>(std::bit_width(half));  // low + m
  if (half == 0 || half != std::size_t{1} << (vars - 1) || column[1].size() != half ||
      vars <= low || vars > kMaxColumnVars) {
    return make_error(Errc::wrong_size, "partial product: halves of " + std::to_string(half) +
                                            " and " + std::to_string(column[1].size()) +
                                            " values for " + std::to_string(low) +
                                            " low variables");
  }
  return layers_of(std::move(column), vars, low);
}

Result<GrandProductClaims> prove_partial_products(const PartialProductStatement& statement,
                                                  std::span<ProductLayers> layers,
                                                  ProverTranscript& transcript) {
  if (Status s = detail::check_partial_products(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "partial product"); !s) return s.error();
  bool fits = layers.size() == statement.high_vars.size();
  for (std::size_t j = 0; fits && j < layers.size(); ++j) {
    const auto& halves = layers[j].halves;
    fits = halves.size() == statement.high_vars[j] &&
           halves.back()[0].size() == std::size_t{1} << (statement.low + statement.high_vars[j] - 1);
  }
  if (!fits) {
    return make_error(Errc::invalid_argument, "partial product: layers that do not fit the statement");
  }
  detail::begin_partial_products(transcript, statement);
  GrandProductClaims out{statement.values, {}, statement.values};
  prove_layers(statement.high_vars, layers, statement.z, out, transcript);
  return out;
}

}  // namespace merkleforge::zk
