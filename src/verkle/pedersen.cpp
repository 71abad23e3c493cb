// Pedersen commitments through fixed-base tables of the CRS with signed 8-bit digits (see
// pedersen.hpp for the layout, fixed_base_tables.hpp for the tables).
#include "merkleforge/verkle/pedersen.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>

#include <stdexcept>

#include "fixed_base_tables.hpp"
#include "merkleforge/verkle/crs.hpp"

namespace merkleforge::verkle {

namespace {

// r < 2^253: 32 windows of 8 bits, multiples 1..128 of each.
using CrsTables = detail::FixedBaseTables<8, 253>;
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

Element commit(std::span<const Fr> values) {
  if (values.size() > kCrsSize) throw std::invalid_argument("verkle::commit: more than 256 values");
  const CrsTables& t = tables();
  const auto commit_range = [&](std::size_t begin, std::size_t end, Element sum) {
    for (std::size_t i = begin; i < end; ++i) {
      if (!values[i].is_zero()) t.add_multiple(sum, i, values[i]);
    }
    return sum;
  };
  if (values.size() < kParallelThreshold) return commit_range(0, values.size(), Element());
  return tbb::parallel_reduce(
      tbb::blocked_range<std::size_t>(0, values.size(), kParallelThreshold / 2), Element(),
      [&](const tbb::blocked_range<std::size_t>& range, Element sum) {
        return commit_range(range.begin(), range.end(), sum);
      },
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
