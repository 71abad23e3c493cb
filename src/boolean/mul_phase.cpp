#include "mul_phase.hpp"

#include "merkleforge/soundness/terms.hpp"

namespace merkleforge::boolean::detail {

std::vector<ColumnClaim> slot_order(const MulRegion& region, const MulClaims& claims) {
  std::vector<ColumnClaim> all = claims.x;
  all.insert(all.end(), claims.y.begin(), claims.y.end());
  all.insert(all.end(), claims.z.begin(), claims.z.end());
  all.resize(std::size_t{1} << region.slot_log_bits, ColumnClaim{all.back().point, B128{}});
  return all;
}

std::vector<B128> region_point(const Circuit& circuit, const MulRegion& region,
                               const std::vector<B128>& slot_point) {
  const unsigned low = region.slot_log_bits + region.slots_log;
  std::vector<B128> point(slot_point.begin(), slot_point.begin() + low);
  for (unsigned j = low; j < circuit.log_bits(); ++j) {
    point.push_back((region.offset >> j) & 1 ? B128::one() : B128::zero());
  }
  point.insert(point.end(), slot_point.begin() + low, slot_point.end());
  return point;
}

Result<pcs::EvaluationClaim> verify_mul_phase(const Circuit& circuit, const MulRegion& region,
                                              unsigned k, zk::VerifierTranscript& transcript) {
  transcript.begin_phase("boolean/mul");
  const unsigned product_bits = region.x_bits + region.y_bits;
  auto claims =
      verify_mul(region.x_bits, region.y_bits, product_bits, region.slots_log + k, transcript);
  if (!claims) return claims.error();
  auto slot = verify_slot_batch(slot_order(region, *claims), transcript);
  if (!slot) return slot.error();
  return pcs::EvaluationClaim{0, region_point(circuit, region, slot->point), slot->value};
}

std::vector<soundness::Term> mul_terms(const MulRegion& region, unsigned k) {
  const unsigned vars = region.slots_log + k, product_bits = region.x_bits + region.y_bits;
  return {soundness::linear_check("MUL: both tops at one point r", 1, vars),
          soundness::sumcheck("MUL: g^product layers", 1, vars * (product_bits - 1), 3),
          soundness::sumcheck("MUL: g^x layers", 1, vars * (region.x_bits - 1), 3),
          soundness::sumcheck("MUL: (g^x)^y layers", 1, vars * region.y_bits, 5),
          soundness::sumcheck("MUL: base claims batched", region.y_bits, vars, 2),
          soundness::sumcheck("MUL: slot claims batched",
                              static_cast<double>(std::size_t{1} << region.slot_log_bits),
                              region.slot_log_bits + vars, 2)};
}

}  // namespace merkleforge::boolean::detail
