// Fixed-base tables over the CRS with signed 8-bit digits (see pedersen.hpp for the layout).
#include "merkleforge/verkle/pedersen.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <stdexcept>
#include <vector>

#include "merkleforge/verkle/crs.hpp"

namespace merkleforge::verkle {

namespace {

constexpr unsigned kWindowBits = 8;
constexpr unsigned kWindows = 32;  // r < 2^253, so the top signed digit never carries out
constexpr unsigned kMultiples = 1u << (kWindowBits - 1);  // 1..128
constexpr std::size_t kPointsPerBase = std::size_t{kWindows} * kMultiples;
// Below this many values a commitment is computed on the calling thread.
constexpr std::size_t kParallelThreshold = 64;

class FixedBaseTables {
 public:
  FixedBaseTables() : points_(kCrsSize * kPointsPerBase) {
    const auto crs = crs_points();
    tbb::parallel_for(std::size_t{0}, kCrsSize, [&](std::size_t i) { build_for_base(i, crs[i]); });
  }

  /// accumulator += scalar·CRS[index].
  void add_multiple(Element& accumulator, std::size_t index, const Fr& scalar) const {
    const detail::Limbs limbs = scalar.to_canonical();
    const AffinePoint* windows = &points_[index * kPointsPerBase];
    unsigned carry = 0;
    for (unsigned w = 0; w < kWindows; ++w) {
      const auto byte = static_cast<unsigned>((limbs[w / 8] >> (8 * (w % 8))) & 0xff);
      const unsigned digit = byte + carry;
      carry = digit > kMultiples ? 1 : 0;
      const AffinePoint* window = windows + std::size_t{w} * kMultiples;
      if (digit == 0 || digit == 256) continue;
      if (carry == 0) {
        accumulator = accumulator.add_affine(window[digit - 1]);
      } else {
        const AffinePoint& p = window[256 - digit - 1];  // digit - 256 < 0: add the negation
        accumulator = accumulator.add_affine({-p.x, p.y, -p.d_xy});
      }
    }
  }

  std::size_t bytes() const { return points_.size() * sizeof(AffinePoint); }

 private:
  void build_for_base(std::size_t index, const Element& point) {
    std::vector<Element> multiples(kPointsPerBase);
    Element window_base = point;
    for (unsigned w = 0; w < kWindows; ++w) {
      Element multiple = window_base;
      for (unsigned k = 0; k < kMultiples; ++k) {
        multiples[w * kMultiples + k] = multiple;
        multiple += window_base;
      }
      window_base = multiples[w * kMultiples + kMultiples - 1].dbl();  // 256·window_base
    }
    const std::vector<AffinePoint> affine = Element::batch_to_affine(multiples);
    std::copy(affine.begin(), affine.end(),
              points_.begin() + static_cast<std::ptrdiff_t>(index * kPointsPerBase));
  }

  std::vector<AffinePoint> points_;
};

const FixedBaseTables& tables() {
  static const FixedBaseTables instance;
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
  const FixedBaseTables& t = tables();
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
