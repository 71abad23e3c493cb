// The 16-bit-window tables of CRS[1..4] and the choice between them and the 8-bit tables.
#include "wide_crs_tables.hpp"

#include <array>

#include "fixed_base_tables.hpp"
#include "merkleforge/verkle/crs.hpp"
#include "merkleforge/verkle/pedersen.hpp"

namespace merkleforge::verkle::detail {

namespace {

// Scalars below r < 2^253: 16 windows. CRS[1] (stems) and CRS[2] (hash of C1).
using FullWidthTables = FixedBaseTables<16, 253>;
static_assert(FullWidthTables::kMaxTerms <= kMaxCrsTerms);
constexpr std::size_t kFirstFullWidth = 1;
constexpr std::size_t kFullWidthBases = 2;
// Value halves below 2^129 (the low half carries the 2^128 marker): 9 windows. CRS[3], CRS[4].
using HalfWidthTables = FixedBaseTables<16, 129>;
constexpr std::size_t kFirstHalfWidth = kFirstFullWidth + kFullWidthBases;
constexpr std::size_t kHalfWidthBases = 2;

const FullWidthTables& full_width_tables() {
  static const FullWidthTables instance(crs_points().subspan(kFirstFullWidth, kFullWidthBases));
  return instance;
}

const HalfWidthTables& half_width_tables() {
  static const HalfWidthTables instance(crs_points().subspan(kFirstHalfWidth, kHalfWidthBases));
  return instance;
}

bool below_2_to_129(const Limbs& value) {
  return value[3] == 0 && value[2] < 2;
}

}  // namespace

std::size_t write_crs_terms_wide(std::size_t index, const Fr& scalar, SignedPoint* out) {
  const bool full_width = index >= kFirstFullWidth && index < kFirstHalfWidth;
  const bool half_width = index >= kFirstHalfWidth && index < kFirstHalfWidth + kHalfWidthBases;
  if ((!full_width && !half_width) || scalar.is_zero()) return write_crs_terms(index, scalar, out);
  const Limbs value = scalar.to_canonical();
  if (full_width) return full_width_tables().write_terms(index - kFirstFullWidth, value, out);
  if (below_2_to_129(value)) {
    return half_width_tables().write_terms(index - kFirstHalfWidth, value, out);
  }
  return write_crs_terms(index, scalar, out);
}

void add_crs_multiple_wide(Element& accumulator, std::size_t index, const Fr& scalar) {
  std::array<SignedPoint, kMaxCrsTerms> terms;
  const std::size_t count = write_crs_terms_wide(index, scalar, terms.data());
  accumulator = sum_points(accumulator, std::span(terms).first(count));
}

std::size_t wide_crs_table_bytes() {
  return full_width_tables().bytes() + half_width_tables().bytes();
}

}  // namespace merkleforge::verkle::detail
