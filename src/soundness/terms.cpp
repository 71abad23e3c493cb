// The error terms of soundness/terms.hpp. Each comment names the round structure that gives the
// per-round error; docs/soundness.md states the theorem behind every key.
#include "merkleforge/soundness/terms.hpp"

#include <algorithm>
#include <cmath>

namespace merkleforge::soundness {
namespace {

/// count / 2^field_bits.
double over_field(double count, unsigned field_bits) {
  return std::ldexp(count, -static_cast<int>(field_bits));
}

Term term(std::string name, double probability, double round_error, unsigned rounds,
          const char* theorem, unsigned work_bits = 0) {
  return {std::move(name), probability, round_error, rounds, theorem, work_bits};
}

}  // namespace

Term linear_check(std::string name, double constraints, unsigned vars, unsigned field_bits) {
  const double p = over_field(constraints * vars, field_bits);  // one round: the random point
  return term(std::move(name), p, p, 1, "SZ");
}

Term zerocheck(std::string name, double constraints, unsigned vars, unsigned degree,
               unsigned field_bits) {
  // Rounds: α (batching), z (eq point), then vars sumcheck rounds of degree d + 1.
  const double batching = constraints - 1, eq_point = vars, round = degree + 1.0;
  return term(std::move(name), over_field(batching + eq_point + vars * round, field_bits),
              over_field(std::max({batching, eq_point, round}), field_bits), vars + 2, "ZC");
}

Term skip_zerocheck(std::string name, unsigned vars, unsigned skip, unsigned pinned,
                    unsigned degree, unsigned field_bits) {
  // Rounds: the random eq coordinates, then y (the quotient), then the remaining sumcheck rounds.
  const unsigned rest = vars - skip;
  const double eq_point = rest - pinned, quotient = degree * ((1.0 * (1u << skip)) - 1),
               round = degree + 1.0;
  return term(std::move(name), over_field(eq_point + quotient + rest * round, field_bits),
              over_field(std::max({eq_point, quotient, round}), field_bits), rest + 2, "USZ");
}

Term sumcheck(std::string name, double claims, unsigned rounds, unsigned degree,
              unsigned field_bits) {
  const double batching = claims - 1;
  return term(std::move(name), over_field(batching + double(rounds) * degree, field_bits),
              over_field(std::max(batching, double(degree)), field_bits), rounds + 1, "SC");
}

Term grand_product(std::string name, double products, unsigned layers, unsigned field_bits) {
  return partial_product(std::move(name), products, 0, layers, field_bits);
}

Term partial_product(std::string name, double products, unsigned low, unsigned layers,
                     unsigned field_bits) {
  // Layer l: α_l ((k − 1)), low + l rounds of degree 3, μ_l (1).
  double total = 0;
  unsigned rounds = 0;
  for (unsigned l = 0; l < layers; ++l) {
    total += (products - 1) + 3.0 * (low + l) + 1;
    rounds += low + l + 2;
  }
  return term(std::move(name), over_field(total, field_bits),
              over_field(std::max(products - 1, 3.0), field_bits), rounds, "GKR");
}

Term multiset(std::string name, double tuples, unsigned width, unsigned field_bits) {
  const double p = over_field(tuples * width, field_bits);  // one round: r and s together
  return term(std::move(name), p, p, 1, "MS");
}

Term shift_reductions(std::string name, unsigned chain, double shifted, double points,
                      unsigned field_bits) {
  // Each reduction: a degree-2 sumcheck over ≤ 16 variables (2·16) batched by α (one per
  // shifted claim and point); counted whole as one round's error (an upper bound).
  const double p = over_field(chain * (shifted * points + 2.0 * 16), field_bits);
  return term(std::move(name), p, p, chain * 17, "SC");
}

Term group_batching(std::string name, double points, unsigned log_columns, unsigned field_bits) {
  const double p = over_field(points * log_columns, field_bits);  // one round: β
  return term(std::move(name), p, p, 1, "SZ");
}

Term pcs_sumcheck(unsigned total_vars, unsigned field_bits) {
  return term("pcs sumcheck", over_field(2.0 * total_vars, field_bits), over_field(2, field_bits),
              total_vars, "SC");
}

Term pcs_folding(unsigned total_vars, unsigned log_inv_rate, unsigned work_bits,
                 unsigned field_bits) {
  // The proximity-gap term of the binary folding, counted whole as the error of each fold round
  // (an upper bound); each fold challenge is ground when work_bits > 0.
  const double p =
      std::ldexp(1.0, static_cast<int>(total_vars + log_inv_rate) - static_cast<int>(field_bits));
  return term("pcs folding", p, p, 0, "FRI-FOLD", work_bits);  // the sumcheck's rounds fold
}

double pcs_query_acceptance(unsigned log_inv_rate) {
  return 0.5 * (1.0 + std::ldexp(1.0, -static_cast<int>(log_inv_rate)));
}

Term pcs_queries(unsigned queries, unsigned log_inv_rate, unsigned work_bits) {
  const double p = std::pow(pcs_query_acceptance(log_inv_rate), queries);  // one round: q indices
  return term("pcs queries", p, p, 1, "FRI-QUERY", work_bits);
}

Term pcs_claim_batching(std::uint64_t max_claims, unsigned field_bits) {
  const double p = over_field(static_cast<double>(max_claims - 1), field_bits);
  return term("pcs claim batching", p, p, 1, "SZ");
}

Term pcs_ring_switching(unsigned field_bits) {
  const double p = over_field(14, field_bits);  // tensor check and row batching, κ ≤ 7 each
  return term("pcs ring-switching", p, p, 2, "RS");
}

}  // namespace merkleforge::soundness
