// Fixed-base tables with signed windows (the engine of commitments and tree keys; not an API of
// its own).
//
// For each base B and each window k of kWindowBits bits, the table holds the multiples
// 1..2^(kWindowBits-1) of 2^(kWindowBits·k)·B as affine points with d·x·y precomputed. A scalar is
// recoded to signed digits in [-(2^(kWindowBits-1) - 1), 2^(kWindowBits-1)] (negating an affine
// point is free), so it costs one mixed addition per non-zero digit: one term of a sum of table
// points (batch_kernels.hpp), which callers may gather over many scalars before adding. The windows
// cover kScalarBits + 1 bits: the recoding may carry one bit past the scalar's top.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdlib>
#include <span>
#include <vector>

#include "batch_kernels.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle::detail {

template <unsigned kWindowBits, unsigned kScalarBits>
class FixedBaseTables {
  static_assert(64 % kWindowBits == 0, "a window never straddles two limbs");

 public:
  static constexpr unsigned kWindows = (kScalarBits + 1 + kWindowBits - 1) / kWindowBits;
  static constexpr unsigned kMultiples = 1u << (kWindowBits - 1);
  static constexpr std::size_t kPointsPerBase = std::size_t{kWindows} * kMultiples;

  /// Builds the tables of every base, in parallel (grain 1: a base's table is kPointsPerBase
  /// points, thousands of group operations).
  explicit FixedBaseTables(std::span<const Element> bases)
      : points_(bases.size() * kPointsPerBase) {
    parallel_for(bases.size(), 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t i = begin; i < end; ++i) build_for_base(i, bases[i]);
    });
  }

  /// The most terms one scalar contributes (one per window).
  static constexpr unsigned kMaxTerms = kWindows;

  /// accumulator += scalar·bases[index]. Preconditions: index < number of bases, scalar below
  /// 2^kScalarBits.
  void add_multiple(Element& accumulator, std::size_t index, const Fr& scalar) const {
    add_multiple(accumulator, index, scalar.to_canonical());
  }

  /// The same with the scalar given by its canonical limbs (callers that inspected them already).
  void add_multiple(Element& accumulator, std::size_t index, const Limbs& scalar) const {
    std::array<SignedPoint, kMaxTerms> terms;
    const std::size_t count = write_terms(index, scalar, terms.data());
    accumulator = sum_points(accumulator, std::span(terms).first(count));
  }

  /// Writes the terms of scalar·bases[index] to `out` (room for kMaxTerms) and returns how many:
  /// one table entry per non-zero signed digit. Preconditions as add_multiple.
  std::size_t write_terms(std::size_t index, const Limbs& scalar, SignedPoint* out) const {
    const std::array<int, kWindows> digits = signed_digits(scalar);
    const AffinePoint* windows = &points_[index * kPointsPerBase];
    std::size_t count = 0;
    for (unsigned w = 0; w < kWindows; ++w) {
      if (digits[w] == 0) continue;
      const unsigned multiple = static_cast<unsigned>(std::abs(digits[w]));
      out[count++] = {windows + std::size_t{w} * kMultiples + multiple - 1, digits[w] < 0};
    }
    return count;
  }

  std::size_t bytes() const { return points_.size() * sizeof(AffinePoint); }

 private:
  /// The scalar as signed digits, least significant first.
  static std::array<int, kWindows> signed_digits(const Limbs& limbs) {
    constexpr unsigned kPerLimb = 64 / kWindowBits;
    constexpr std::uint64_t kDigitMask = (std::uint64_t{1} << kWindowBits) - 1;
    std::array<int, kWindows> digits{};
    int carry = 0;
    for (unsigned w = 0; w < kWindows; ++w) {
      const std::uint64_t raw =
          w / kPerLimb < 4 ? (limbs[w / kPerLimb] >> (kWindowBits * (w % kPerLimb))) & kDigitMask
                           : 0;
      const int digit = static_cast<int>(raw) + carry;
      carry = digit > static_cast<int>(kMultiples) ? 1 : 0;
      digits[w] = digit - (carry << kWindowBits);
    }
    return digits;
  }

  /// Fills the entries of one base window by window (one batch inversion per window keeps the
  /// projective scratch at one window, 4 MiB with 16-bit windows, instead of the whole base).
  void build_for_base(std::size_t index, const Element& base) {
    std::vector<Element> multiples(kMultiples);
    Element window_base = base;
    for (unsigned w = 0; w < kWindows; ++w) {
      Element multiple = window_base;
      for (Element& entry : multiples) {
        entry = multiple;
        multiple += window_base;
      }
      window_base = multiples.back().dbl();  // 2^kWindowBits·base
      const std::vector<AffinePoint> affine = Element::batch_to_affine(multiples);
      std::copy(affine.begin(), affine.end(),
                points_.begin() + static_cast<std::ptrdiff_t>(index * kPointsPerBase +
                                                              std::size_t{w} * kMultiples));
    }
  }

  // Huge pages where the kernel grants them: random lookups over many MiB miss the TLB otherwise.
  std::vector<AffinePoint, LargePageAllocator<AffinePoint>> points_;
};

}  // namespace merkleforge::verkle::detail
