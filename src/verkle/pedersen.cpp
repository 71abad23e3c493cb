// Pedersen commitments through fixed-base tables of the CRS with signed 8-bit digits (see
// pedersen.hpp for the layout, fixed_base_tables.hpp for the tables).
#include "merkleforge/verkle/pedersen.hpp"

#include <stdexcept>
#include <vector>

#include "batch_kernels.hpp"
#include "fixed_base_tables.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/crs.hpp"
#include "wide_crs_tables.hpp"

namespace merkleforge::verkle {

namespace {

// r < 2^253: 32 windows of 8 bits, multiples 1..128 of each.
using CrsTables = detail::FixedBaseTables<8, 253>;
static_assert(CrsTables::kMaxTerms <= detail::kMaxCrsTerms);
// Below this many values a commitment is computed on the calling thread.
constexpr std::size_t kParallelThreshold = 64;

const CrsTables& tables() {
  static const CrsTables instance(crs_points());
  return instance;
}

void check_index(std::size_t index) {
  if (index >= kCrsSize) throw std::invalid_argument("verkle: CRS index must be below 256");
}

}  // namespace

void add_crs_multiple(Element& accumulator, std::size_t index, const Fr& scalar) {
  check_index(index);
  if (!scalar.is_zero()) tables().add_multiple(accumulator, index, scalar);
}

std::size_t detail::write_crs_terms(std::size_t index, const Fr& scalar, SignedPoint* out) {
  check_index(index);
  return scalar.is_zero() ? 0 : tables().write_terms(index, scalar.to_canonical(), out);
}

Element commit(std::span<const Fr> values) {
  if (values.size() > kCrsSize) throw std::invalid_argument("verkle::commit: more than 256 values");
  // The terms of a range of values, summed at once (so the batch kernel has them side by side).
  const auto commit_range = [&](std::size_t begin, std::size_t end, const Element& start) {
    detail::SumScratch scratch;
    std::vector<detail::SignedPoint>& terms = scratch.get().terms;
    terms.resize((end - begin) * CrsTables::kMaxTerms);
    std::size_t count = 0;
    for (std::size_t i = begin; i < end; ++i) {
      count += detail::write_crs_terms(i, values[i], terms.data() + count);
    }
    return detail::sum_points(start, std::span(terms).first(count));
  };
  if (values.size() < kParallelThreshold) return commit_range(0, values.size(), Element());
  // Blocks of kParallelThreshold / 2 values (up to 8 for 256), their sums added in order. The
  // group law is exact: any grouping gives the same point.
  return parallel_reduce(values.size(), kParallelThreshold / 2, Element(), commit_range,
                         [](const Element& a, const Element& b) { return a + b; });
}

Element commit_delta(const Element& old, std::size_t index, const Fr& old_value,
                     const Fr& new_value) {
  Element result = old;
  add_crs_multiple(result, index, new_value - old_value);
  return result;
}

std::size_t fixed_base_table_bytes() {
  return tables().bytes();
}

}  // namespace merkleforge::verkle
