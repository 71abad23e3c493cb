#include "eq_sumcheck_prove.hpp"
#include "grand_product_common.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::zk {

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

  // layers[j][l]: V_l of product j, l = 0 … n_j.
  std::vector<std::vector<detail::PolyvalTable>> layers(columns.size());
  GrandProductClaims out;
  for (std::size_t j = 0; j < columns.size(); ++j) {
    layers[j].resize(n_vars[j] + 1);
    layers[j][n_vars[j]] = detail::polyval_values(columns[j]);
    for (unsigned l = n_vars[j]; l-- > 0;) layers[j][l] = detail::multiply_halves(layers[j][l + 1]);
    out.products.push_back(binius::to_canonical(layers[j][0][0]));
  }
  transcript.write_b128s(out.products);
  out.points.resize(columns.size());
  out.evals = out.products;
  std::vector<B128> z;
  const unsigned depth = *std::max_element(n_vars.begin(), n_vars.end());
  for (unsigned layer = 0; layer < depth; ++layer) {
    const std::vector<std::size_t> active = detail::active_products(n_vars, layer);
    const B128 alpha = transcript.sample_b128();
    B128 claim;
    B128 power = B128::one();
    std::vector<detail::ProverColumn> halves;
    const std::size_t half = std::size_t{1} << layer;
    for (std::size_t j : active) {
      claim += power * out.evals[j];
      power *= alpha;
      // Each layer is read once: its low half becomes L in place, its high half is copied to R.
      detail::PolyvalTable& child = layers[j][layer + 1];
      detail::PolyvalTable high(child.begin() + half, child.end());
      child.resize(half);
      halves.emplace_back(std::move(child), layer);
      halves.emplace_back(std::move(high), layer);
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
      if (n_vars[active[a]] == layer + 1) out.points[active[a]] = z;
    }
  }
  return out;
}

}  // namespace merkleforge::zk
