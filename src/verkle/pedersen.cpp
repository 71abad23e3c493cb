// Fixed-base tables over the CRS with signed 8-bit digits (see pedersen.hpp for the layout).
#include "merkleforge/verkle/pedersen.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/verkle/crs.hpp"

namespace merkleforge::verkle {

namespace {

constexpr unsigned kWindowBits = 8;
constexpr unsigned kWindows = 32;  // r < 2^253, so the top signed digit never carries out
constexpr unsigned kMultiples = 1u << (kWindowBits - 1);  // 1..128
constexpr std::size_t kPointsPerBase = std::size_t{kWindows} * kMultiples;
// Below this many values a commitment is computed on the calling thread.
constexpr std::size_t kParallelThreshold = 64;

/// The scalar as 32 signed base-256 digits in [-127, 128], least significant first (r < 2^253,
/// so the top digit never carries out).
std::array<int, kWindows> signed_digits(const Fr& scalar) {
  const detail::Limbs limbs = scalar.to_canonical();
  std::array<int, kWindows> digits{};
  int carry = 0;
  for (unsigned w = 0; w < kWindows; ++w) {
    const int digit = static_cast<int>((limbs[w / 8] >> (8 * (w % 8))) & 0xff) + carry;
    carry = digit > static_cast<int>(kMultiples) ? 1 : 0;
    digits[w] = digit - (carry << kWindowBits);
  }
  return digits;
}

/// Starts loading the two cache lines of a table entry.
void prefetch(const AffinePoint* entry) {
  __builtin_prefetch(entry);
  __builtin_prefetch(reinterpret_cast<const char*>(entry) + sizeof(AffinePoint) - 1);
}

class FixedBaseTables {
 public:
  FixedBaseTables() : points_(kCrsSize * kPointsPerBase) {
    const auto crs = crs_points();
    tbb::parallel_for(std::size_t{0}, kCrsSize, [&](std::size_t i) { build_for_base(i, crs[i]); });
  }

  /// accumulator += scalar·CRS[index].
  void add_multiple(Element& accumulator, std::size_t index, const Fr& scalar) const {
    const std::array<int, kWindows> digits = signed_digits(scalar);
    const AffinePoint* windows = &points_[index * kPointsPerBase];
    const auto entry = [&](unsigned w) {  // multiple |digit| (a zero digit points at 1, unused)
      const auto magnitude = static_cast<unsigned>(std::max(std::abs(digits[w]), 1));
      return windows + std::size_t{w} * kMultiples + magnitude - 1;
    };
    // The entries of one scalar are scattered over megabytes of table: ask for them a few windows
    // ahead so the additions do not wait on memory.
    constexpr unsigned kLookahead = 4;
    for (unsigned w = 0; w < kLookahead; ++w) prefetch(entry(w));
    for (unsigned w = 0; w < kWindows; ++w) {
      if (w + kLookahead < kWindows) prefetch(entry(w + kLookahead));
      if (digits[w] > 0) accumulator = accumulator.add_affine(*entry(w));
      if (digits[w] < 0) {
        const AffinePoint& p = *entry(w);
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

  // Huge pages where the kernel grants them: random lookups over 96 MiB miss the TLB otherwise.
  std::vector<AffinePoint, LargePageAllocator<AffinePoint>> points_;
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
