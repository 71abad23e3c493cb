// The verifier's evaluations of public data (engine_common.hpp): the extension of records laid
// out in slots, padding instances included, against the definition Σ eq(point, j)·bit_j summed
// bit by bit in canonical arithmetic.
#include <gtest/gtest.h>

#include <random>

#include "engine_common.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "walks_support.hpp"

namespace merkleforge::boolean {
namespace {

std::vector<B128> random_point(std::size_t n, std::mt19937_64& rng) {
  std::vector<B128> point(n);
  for (B128& x : point) x = B128(binius::make_uint128(rng(), rng()));
  return point;
}

/// Σ_i Σ_j eq(v, i)·eq(u, j)·bit j of record i, record i being the padding past the records.
B128 by_definition(ByteSpan records, std::size_t record, const std::vector<B128>& u,
                   const std::vector<B128>& v, ByteSpan padding) {
  const std::vector<B128> eq_u = binius::eq_tensor(u).value(), eq_v = binius::eq_tensor(v).value();
  B128 sum;
  for (std::size_t i = 0; i < eq_v.size(); ++i) {
    const bool real = (i + 1) * record <= records.size();
    if (!real && padding.empty()) continue;
    const std::uint8_t* bytes = real ? &records[i * record] : padding.data();
    for (std::size_t j = 0; j < 8 * record; ++j) {
      if ((bytes[j / 8] >> (j % 8)) & 1) sum += eq_v[i] * eq_u[j];
    }
  }
  return sum;
}

TEST(StatementChecks, RecordsExtensionIsTheDefinition) {
  std::mt19937_64 rng(61);
  for (const std::size_t record : {1u, 3u, 8u, 25u, 32u, 200u}) {
    std::size_t slot_vars = 3;
    while ((std::size_t{8} << (slot_vars - 3)) < 8 * record) ++slot_vars;
    for (const std::size_t count : {1u, 5u, 8u}) {
      const Bytes records = test::random_bytes(count * record, rng),
                  padding = test::random_bytes(record, rng);
      const std::vector<B128> u = random_point(slot_vars, rng), v = random_point(3, rng);
      EXPECT_EQ(detail::records_extension(records, record, u, v),
                by_definition(records, record, u, v, {}))
          << record << " " << count;
      EXPECT_EQ(detail::records_extension(records, record, u, v, padding),
                by_definition(records, record, u, v, padding))
          << record << " " << count;
    }
  }
}

}  // namespace
}  // namespace merkleforge::boolean
