#include "eq_sumcheck.hpp"
#include "grand_product_common.hpp"

namespace merkleforge::zk {
namespace {

/// The layers below the claims out.evals at z (z.size() variables), product j having high[j]
/// more: sets out.evals and out.points to the claims on the columns.
Status verify_layers(std::span<const unsigned> high, std::vector<B128> z, GrandProductClaims& out,
                     VerifierTranscript& transcript) {
  out.points.resize(high.size());
  const unsigned depth = *std::max_element(high.begin(), high.end());
  for (unsigned layer = 0; layer < depth; ++layer) {
    const std::vector<std::size_t> active = detail::active_products(high, layer);
    const B128 alpha = transcript.sample_b128();
    B128 claim;
    B128 power = B128::one();
    for (std::size_t j : active) {
      claim += power * out.evals[j];
      power = power * alpha;
    }
    auto rounds = detail::verify_eq_sumcheck(2, z, claim, transcript);
    if (!rounds) return rounds.error();
    std::vector<B128> halves(2 * active.size());
    if (Status s = transcript.read_b128s(halves); !s) return s.error();
    const B128 expected = detail::eq_eval(z, rounds->point) *
                          (detail::layer_composition(active.size(), alpha).evaluate(halves));
    if (expected != rounds->claim) {
      return make_error(Errc::corrupt_data,
                        "grand product: layer " + std::to_string(layer) + " does not check");
    }
    const B128 mu = transcript.sample_b128();
    z = rounds->point;
    z.push_back(mu);
    for (std::size_t a = 0; a < active.size(); ++a) {
      const B128 lo = halves[2 * a];
      const B128 hi = halves[2 * a + 1];
      out.evals[active[a]] = lo + mu * (lo + hi);
      if (high[active[a]] == layer + 1) out.points[active[a]] = z;
    }
  }
  return Ok{};
}

}  // namespace

Result<GrandProductClaims> verify_grand_products(const GrandProductStatement& statement,
                                                 VerifierTranscript& transcript) {
  const std::span<const unsigned> n_vars = statement.n_vars;
  if (Status s = detail::check_grand_product_vars(n_vars); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "grand product"); !s) return s.error();
  detail::begin_grand_products(transcript, n_vars);
  GrandProductClaims out;
  out.products.resize(n_vars.size());
  if (Status s = transcript.read_b128s(out.products); !s) return s.error();
  if (statement.require_nonzero &&
      std::find(out.products.begin(), out.products.end(), B128::zero()) != out.products.end()) {
    return make_error(Errc::corrupt_data, "grand product: a product that must be non-zero is zero");
  }
  out.evals = out.products;  // claims on V_0, then on each deeper layer
  if (Status s = verify_layers(n_vars, {}, out, transcript); !s) return s.error();
  return out;
}

Result<GrandProductClaims> verify_partial_products(const PartialProductStatement& statement,
                                                   VerifierTranscript& transcript) {
  if (Status s = detail::check_partial_products(statement); !s) return s.error();
  if (Status s = detail::require_commitment(transcript, "partial product"); !s) return s.error();
  detail::begin_partial_products(transcript, statement);
  GrandProductClaims out{statement.values, {}, statement.values};
  if (Status s = verify_layers(statement.high_vars, statement.z, out, transcript); !s) {
    return s.error();
  }
  return out;
}

}  // namespace merkleforge::zk
