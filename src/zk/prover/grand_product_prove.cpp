#include "eq_sumcheck_prove.hpp"
#include "grand_product_common.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::zk {
namespace {

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
    const std::size_t half = std::size_t{1} << z.size();
    for (std::size_t j : active) {
      claim += power * out.evals[j];
      power *= alpha;
      // Each layer is read once: its low half becomes L in place, its high half is copied to R.
      detail::PolyvalTable& child = layers[j].levels[layer + 1];
      detail::PolyvalTable high_half(child.begin() + half, child.end());
      child.resize(half);
      const auto vars = static_cast<unsigned>(z.size());
      halves.emplace_back(std::move(child), vars);
      halves.emplace_back(std::move(high_half), vars);
      detail::PolyvalTable().swap(layers[j].levels[layer]);  // proved: its claim is below
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

ProductLayers layers_of(detail::PolyvalTable column, unsigned n_vars, unsigned low) {
  ProductLayers out;
  out.levels.resize(n_vars - low + 1);
  out.levels.back() = std::move(column);
  for (unsigned l = n_vars - low; l-- > 0;) {
    out.levels[l] = detail::multiply_halves(out.levels[l + 1]);
  }
  return out;
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
    layers.push_back(layers_of(detail::polyval_values(columns[j]), n_vars[j], 0));
    out.products.push_back(binius::to_canonical(layers[j].levels[0][0]));
  }
  transcript.write_b128s(out.products);
  out.evals = out.products;
  prove_layers(n_vars, layers, {}, out, transcript);
  return out;
}

Result<ProductLayers> product_layers(LargeVector<binius::B128P> column, unsigned low) {
  const auto n_vars = static_cast<unsigned>(std::bit_width(column.size()) - 1);
  if (column.size() != std::size_t{1} << n_vars || n_vars < low || n_vars > kMaxColumnVars) {
    return make_error(Errc::wrong_size, "partial product: a column of " +
                                            std::to_string(column.size()) + " values for " +
                                            std::to_string(low) + " low variables");
  }
  return layers_of(std::move(column), n_vars, low);
}

Result<GrandProductClaims> prove_partial_products(const PartialProductStatement& statement,
                                                  std::span<ProductLayers> layers,
                                                  ProverTranscript& transcript) {
  if (Status s = detail::check_partial_products(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "partial product"); !s) return s.error();
  bool fits = layers.size() == statement.high_vars.size();
  for (std::size_t j = 0; fits && j < layers.size(); ++j) {
    const auto& levels = layers[j].levels;
    fits = levels.size() == statement.high_vars[j] + 1 &&
           levels.back().size() == std::size_t{1} << (statement.low + statement.high_vars[j]);
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
