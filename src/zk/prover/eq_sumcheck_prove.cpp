#include "eq_sumcheck_prove.hpp"

#include <algorithm>

namespace merkleforge::zk::detail {
namespace {

/// A part of degree d below the sum's: its round polynomial from its own points 0, 1, …, d − 1
/// and ∞ (0, 1, ∞ for degree 2: the bit-pattern paths' points), evaluated at the sum's finite
/// points (it adds nothing at the sum's ∞).
std::vector<B128> lower_degree_sums(const ChunkEvaluator& evaluator, std::span<ProverColumn> own,
                                    unsigned degree, std::span<const unsigned> points,
                                    const EqWeights& weights) {
  std::vector<unsigned> own_points;
  for (unsigned t = 0; t < std::max(degree, 2u); ++t) own_points.push_back(t);
  own_points.push_back(kInfinity);
  const std::vector<B128> values = round_sums(evaluator, own, own_points, &weights);
  const std::vector<B128> coeffs =
      round_coefficients(degree, std::span(values).first(values.size() - 1), values.back());
  std::vector<B128> out;
  for (unsigned t : points) {
    if (t != kInfinity) out.push_back(evaluate_polynomial(coeffs, B128(t)));
  }
  return out;
}

/// round_sums of C = Σ coefficient·part, part by part.
std::vector<B128> round_sums_by_part(std::span<const CompositionPart> parts,
                                     std::span<const ChunkEvaluator> evaluators,
                                     std::span<ProverColumn> columns, unsigned degree,
                                     std::span<const unsigned> points, const EqWeights& weights) {
  std::vector<B128> sums(points.size());
  for (std::size_t j = 0; j < parts.size(); ++j) {
    std::vector<ProverColumn> own;
    for (std::size_t c : parts[j].columns) own.push_back(columns[c]);
    const unsigned own_degree = parts[j].composition.degree();
    const std::vector<B128> part_sums =
        own_degree == degree ? round_sums(evaluators[j], own, points, &weights)
                             : lower_degree_sums(evaluators[j], own, own_degree, points, weights);
    for (std::size_t p = 0; p < part_sums.size(); ++p) {
      sums[p] += (parts[j].coefficient) * part_sums[p];
    }
  }
  return sums;
}

}  // namespace

std::vector<B128> prove_eq_sumcheck(const Composition& composition, std::span<ProverColumn> columns,
                                    std::span<const B128> z, B128 claim,
                                    ProverTranscript& transcript,
                                    std::span<const CompositionPart> parts) {
  const ChunkEvaluator evaluator(composition);
  std::vector<ChunkEvaluator> part_evaluators;
  for (const CompositionPart& part : parts) part_evaluators.emplace_back(part.composition);
  const unsigned degree = composition.degree();
  std::vector<B128> point;
  B128 prefix = B128::one();  // P_i = eq(z_<i, ρ_<i)
  B128 local = claim;         // Σ_v eq(z_>=i, v)·C(ρ_<i, v): the claim without P_i
  for (std::size_t i = 0; i < z.size(); ++i) {
    const B128 zi = z[i];
    // q(1) follows from local = (1 + z_i)·q(0) + z_i·q(1) unless z_i = 0 (then it is summed).
    std::vector<unsigned> points = round_points(degree);
    if (zi == B128::zero()) points.insert(points.begin() + 1, 1);
    const EqWeights weights(z.subspan(i + 1));
    const std::vector<B128> sums =
        !parts.empty()
            ? round_sums_by_part(parts, part_evaluators, columns, degree, points, weights)
            : round_sums(evaluator, columns, points, &weights);
    // q at 0, 1, …, d − 1 (q(1) summed or derived), then its top coefficient at ∞.
    const bool summed = zi == B128::zero();
    std::vector<B128> q{sums[0],
                        summed ? sums[1] : (local + (B128::one() + zi) * sums[0]) * zi.inverse()};
    for (std::size_t p = summed ? 2 : 1; p < points.size() && points[p] != kInfinity; ++p) {
      q.push_back(sums[p]);
    }
    const std::vector<B128> q_coeffs = round_coefficients(degree, q, sums.back());
    // Round polynomial P_i·(1 + z_i + X)·q(X).
    std::vector<B128> round(degree + 2);
    for (unsigned k = 0; k <= degree; ++k) {
      const B128 c = prefix * q_coeffs[k];
      round[k] += (B128::one() + zi) * c;
      round[k + 1] += c;
    }
    const B128 r = send_round(transcript, round);
    point.push_back(r);
    local = evaluate_polynomial(q_coeffs, r);
    prefix *= B128::one() + zi + r;
    fold_all(columns, r);
  }
  return point;
}

}  // namespace merkleforge::zk::detail
