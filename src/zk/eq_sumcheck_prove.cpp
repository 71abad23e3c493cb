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
    std::vector<unsigned> points{0};
    if (zi == 0) points.push_back(1);
    for (unsigned t = 2; t <= degree; ++t) points.push_back(t);
    const EqWeights weights(z.subspan(i + 1));
    const std::vector<uint128> sums = round_sums(evaluator, columns, points, &weights);
    std::vector<uint128> q(degree + 1);
    q[0] = sums[0];
    if (zi == 0) {
      std::copy(sums.begin() + 1, sums.end(), q.begin() + 1);
    } else {
      q[1] = mul(local ^ mul(1 ^ zi, q[0]), inverse(zi));
      std::copy(sums.begin() + 1, sums.end(), q.begin() + 2);
    }
    const std::vector<uint128> q_coeffs = interpolate_small_points(q);
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
