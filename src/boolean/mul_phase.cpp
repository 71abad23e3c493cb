#include "mul_phase.hpp"

#include "merkleforge/soundness/terms.hpp"

namespace merkleforge::boolean::detail {
namespace {

/// The point of z for a claim on the field at `offset` in the slot: (the field's coordinates, the
/// offset's bits up to the slot's size, the slot index, the region's position bits, the instance).
std::vector<B128> field_point(const Circuit& circuit, const MulRegion& region,
                              const ColumnClaim& claim, unsigned field_log, std::size_t offset) {
  const auto coordinate = [](std::size_t bits, unsigned j) {
    return (bits >> j) & 1 ? B128::one() : B128::zero();
  };
  std::vector<B128> point(claim.point.begin(), claim.point.begin() + field_log);
  for (unsigned j = field_log; j < region.slot_log_bits; ++j)
    point.push_back(coordinate(offset, j));
  const auto slot = claim.point.begin() + field_log;
  point.insert(point.end(), slot, slot + region.slots_log);
  const unsigned low = region.slot_log_bits + region.slots_log;
  for (unsigned j = low; j < circuit.log_bits(); ++j) point.push_back(coordinate(region.offset, j));
  point.insert(point.end(), slot + region.slots_log, claim.point.end());
  return point;
}

}  // namespace

MulShape mul_shape(const MulRegion& region) {
  return {region.x_bits, region.y_bits};
}

std::vector<pcs::EvaluationClaim> region_claims(const Circuit& circuit, const MulRegion& region,
                                                const MulClaims& claims) {
  const MulShape shape = mul_shape(region);
  const unsigned s_log = shape.field_log();
  const std::size_t s = std::size_t{1} << s_log;
  return {{0, field_point(circuit, region, claims.x, s_log, 0), claims.x.value},
          {0, field_point(circuit, region, claims.y, s_log, s), claims.y.value},
          {0, field_point(circuit, region, claims.z, shape.product_field_log(), 2 * s),
           claims.z.value}};
}

Result<std::vector<pcs::EvaluationClaim>> verify_mul_phase(const Circuit& circuit,
                                                           const MulRegion& region, unsigned k,
                                                           zk::VerifierTranscript& transcript) {
  transcript.begin_phase("boolean/mul");
  auto claims = verify_mul(mul_shape(region), region.slots_log + k, transcript);
  if (!claims) return claims.error();
  return region_claims(circuit, region, *claims);
}

std::vector<soundness::Term> mul_terms(const MulRegion& region, unsigned k) {
  const unsigned vars = region.slots_log + k;
  const MulShape shape = mul_shape(region);
  const unsigned s_log = shape.field_log(), z_log = shape.product_field_log();
  return {soundness::linear_check("MUL: W and Z at one point r", 1, vars),
          soundness::partial_product("MUL: g^z and (g^x)^y partial products", 2, vars,
                                     std::max(z_log, s_log)),
          soundness::linear_check("MUL: the product's bits at tau", 1, z_log),
          soundness::sumcheck("MUL: (g^x)^y leaves", 1, vars + s_log, 3),
          soundness::sumcheck("MUL: powers of g^x batched", shape.y_bits, vars, 2),
          soundness::partial_product("MUL: g^x partial product", 1, vars, s_log),
          soundness::linear_check("MUL: x's bits at tau", 1, s_log)};
}

}  // namespace merkleforge::boolean::detail
