#include <bit>
#include <unordered_map>

#include "lookup_common.hpp"
#include "merkleforge/binius/packed.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::zk {
namespace {

bool power_of_two(std::size_t n) {
  return n != 0 && (n & (n - 1)) == 0;
}

unsigned log2_of(std::size_t n) {
  return static_cast<unsigned>(std::countr_zero(n));
}

}  // namespace

Result<LookupWitness> lookup_witness(std::span<const std::uint32_t> table,
                                     std::span<const std::uint32_t> lookups) {
  if (!power_of_two(table.size()) || !power_of_two(lookups.size()) ||
      lookups.size() > (std::size_t{1} << detail::kMaxLookupVars)) {
    return make_error(Errc::invalid_argument, "lookup: sizes must be powers of two (<= 2^31)");
  }
  std::unordered_map<std::uint32_t, std::size_t> entry;
  for (std::size_t j = table.size(); j-- > 0;) entry[table[j]] = j;  // first occurrence wins
  LookupWitness w{std::vector<std::uint32_t>(lookups.size()),
                  std::vector<std::uint32_t>(table.size(), 1)};
  for (std::size_t i = 0; i < lookups.size(); ++i) {
    const auto it = entry.find(lookups[i]);
    if (it == entry.end()) {
      return make_error(Errc::invalid_argument,
                        "lookup: value " + std::to_string(lookups[i]) + " is not in the table");
    }
    std::uint32_t& stamp = w.final_timestamps[it->second];
    w.read_timestamps[i] = stamp;
    stamp = binius::b32_mul_tables(stamp, kLookupGenerator);
  }
  return w;
}

Result<LookupClaims> prove_lookup(std::span<const std::uint32_t> table,
                                  std::span<const std::uint32_t> lookups,
                                  const LookupWitness& witness, ProverTranscript& transcript) {
  if (!power_of_two(table.size()) || !power_of_two(lookups.size()) ||
      witness.final_timestamps.size() != table.size() ||
      witness.read_timestamps.size() != lookups.size() ||
      lookups.size() > (std::size_t{1} << detail::kMaxLookupVars) ||
      table.size() > (std::size_t{1} << detail::kMaxLookupVars)) {
    return make_error(Errc::wrong_size,
                      "lookup: table/final timestamps and lookups/read timestamps must have equal "
                      "power-of-two sizes");
  }
  if (Status s = detail::require_commitment(transcript, "lookup"); !s) return s.error();
  const ChannelStatement channel =
      detail::begin_lookup(transcript, log2_of(table.size()), log2_of(lookups.size()));
  std::vector<std::uint32_t> written(lookups.size());
  for (std::size_t i = 0; i < written.size(); ++i) {
    written[i] = binius::b32_mul_tables(witness.read_timestamps[i], kLookupGenerator);
  }
  const std::vector<std::uint8_t> ones((table.size() + 7) / 8, 0xff);
  const Column t = Column::b32(table), u = Column::b32(lookups);
  const Column r = Column::b32(witness.read_timestamps);
  const std::vector<std::vector<Column>> columns{{t, Column::b1(ones, log2_of(table.size()))},
                                                 {u, r},
                                                 {u, Column::b32(written)},
                                                 {t, Column::b32(witness.final_timestamps)}};
  auto balanced = prove_channel(channel, columns, transcript);
  if (!balanced) return balanced.error();
  auto nonzero = prove_grand_products(std::span(&r, 1), transcript);
  if (!nonzero) return nonzero.error();
  return detail::lookup_claims(*balanced, nonzero->points[0], nonzero->evals[0]);
}

}  // namespace merkleforge::zk
