#include "mul_phase_prove.hpp"

#include <vector>

#include "exponentiation_prove.hpp"

namespace merkleforge::boolean::detail {

Result<pcs::EvaluationClaim> prove_mul_phase(const Circuit& circuit, const MulRegion& region,
                                             unsigned k, std::span<const std::uint64_t> z,
                                             zk::ProverTranscript& transcript) {
  transcript.begin_phase("boolean/mul");
  const unsigned vars = region.slots_log + k;
  const std::size_t slot_bits = std::size_t{1} << region.slot_log_bits,
                    slots = std::size_t{1} << region.slots_log, count = std::size_t{1} << vars;
  const unsigned product_bits = region.x_bits + region.y_bits;
  // Every (slot, instance)'s bits, slot first, and the x, y and product columns they hold.
  std::vector<std::vector<std::uint8_t>> slot_data(count,
                                                   std::vector<std::uint8_t>((slot_bits + 7) / 8));
  std::vector<std::vector<std::uint8_t>> columns(slot_bits,
                                                 std::vector<std::uint8_t>((count + 7) / 8));
  for (std::size_t u = 0; u < count; ++u) {
    const std::size_t instance = u / slots, slot = u % slots;
    const std::size_t first = instance * circuit.words() * 64 + region.offset + slot * slot_bits;
    for (std::size_t b = 0; b < slot_bits; ++b) {
      const std::size_t at = first + b;
      if ((z[at / 64] >> (at % 64)) & 1) {
        slot_data[u][b / 8] |= static_cast<std::uint8_t>(1u << (b % 8));
        columns[b][u / 8] |= static_cast<std::uint8_t>(1u << (u % 8));
      }
    }
  }
  const BitColumns all(columns);
  auto claims =
      prove_mul(all.first(region.x_bits), all.subspan(region.x_bits, region.y_bits),
                all.subspan(region.x_bits + region.y_bits, product_bits), vars, transcript);
  if (!claims) return claims.error();
  auto slot = prove_slot_batch(slot_order(region, *claims), slot_data, transcript);
  if (!slot) return slot.error();
  return pcs::EvaluationClaim{0, region_point(circuit, region, slot->point), slot->value};
}

}  // namespace merkleforge::boolean::detail
