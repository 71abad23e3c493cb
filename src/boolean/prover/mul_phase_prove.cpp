#include "mul_phase_prove.hpp"

#include <vector>

#include "exponentiation_prove.hpp"

namespace merkleforge::boolean::detail {

Result<std::vector<pcs::EvaluationClaim>> prove_mul_phase(const Circuit& circuit,
                                                          const MulRegion& region, unsigned k,
                                                          std::span<const std::uint64_t> z,
                                                          zk::ProverTranscript& transcript) {
  transcript.begin_phase("boolean/mul");
  const MulShape shape = mul_shape(region);
  const std::size_t slots = std::size_t{1} << region.slots_log,
                    count = std::size_t{1} << (region.slots_log + k),
                    s = std::size_t{1} << shape.field_log();
  // Each field is aligned to its size: one of up to 64 bits lies in one word of z, a wider one
  // (a u64 × u64 product) in two.
  const auto field = [&](std::size_t at, std::size_t bits) {
    if (bits > 64) return binius::make_uint128(z[at / 64 + 1], z[at / 64]);
    const std::uint64_t mask = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
    return binius::uint128{(z[at / 64] >> (at % 64)) & mask};
  };
  std::vector<std::uint64_t> x(count), y(count);
  std::vector<binius::uint128> product(count);
  for (std::size_t u = 0; u < count; ++u) {
    const std::size_t first =
        (u / slots) * circuit.words() * 64 + region.offset + (u % slots << region.slot_log_bits);
    x[u] = static_cast<std::uint64_t>(field(first, s));
    y[u] = static_cast<std::uint64_t>(field(first + s, s));
    product[u] = field(first + 2 * s, std::size_t{1} << shape.product_field_log());
  }
  auto claims = prove_mul(shape, {x, y, product}, transcript);
  if (!claims) return claims.error();
  return region_claims(circuit, region, *claims);
}

}  // namespace merkleforge::boolean::detail
