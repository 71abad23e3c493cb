#include "eq_sumcheck.hpp"

namespace merkleforge::zk::detail {

std::vector<uint128> prove_eq_sumcheck(const Composition& composition,
                                       std::span<ProverColumn> columns, std::span<const uint128> z,
                                       uint128 claim, ProverTranscript& transcript) {
  const ChunkEvaluator evaluator(composition);
  const unsigned degree = composition.degree();
  std::vector<uint128> point;
  uint128 prefix = 1;     // P_i = eq(z_<i, ρ_<i)
  uint128 local = claim;  // Σ_v eq(z_>=i, v)·C(ρ_<i, v): the claim without P_i
  for (std::size_t i = 0; i < z.size(); ++i) {
    const uint128 zi = z[i];
    // q(1) follows from local = (1 + z_i)·q(0) + z_i·q(1) unless z_i = 0 (then it is summed).
    std::vector<unsigned> points = round_points(degree);
    if (zi == 0) points.insert(points.begin() + 1, 1);
    const EqWeights weights(z.subspan(i + 1));
    const std::vector<uint128> sums = round_sums(evaluator, columns, points, &weights);
    // q at 0, 1, …, d − 1 (q(1) summed or derived), then its top coefficient at ∞.
    std::vector<uint128> q{sums[0],
                           zi == 0 ? sums[1] : mul(local ^ mul(1 ^ zi, sums[0]), inverse(zi))};
    for (std::size_t p = zi == 0 ? 2 : 1; p < points.size() && points[p] != kInfinity; ++p) {
      q.push_back(sums[p]);
    }
    const std::vector<uint128> q_coeffs = round_coefficients(degree, q, sums.back());
    // Round polynomial P_i·(1 + z_i + X)·q(X).
    std::vector<uint128> round(degree + 2, 0);
    for (unsigned k = 0; k <= degree; ++k) {
      const uint128 c = mul(prefix, q_coeffs[k]);
      round[k] ^= mul(1 ^ zi, c);
      round[k + 1] ^= c;
    }
    const uint128 r = send_round(transcript, round);
    point.push_back(r);
    local = evaluate_polynomial(q_coeffs, r);
    prefix = mul(prefix, 1 ^ zi ^ r);
    fold_all(columns, r);
  }
  return point;
}

}  // namespace merkleforge::zk::detail
