// Fixed-base tables with signed windows (the engine of commitments and tree keys; not an API of
// its own).
//
// For each base B and each window k of kWindowBits bits, the table holds the multiples
// 1..2^(kWindowBits-1) of 2^(kWindowBits·k)·B as affine points with d·x·y precomputed. A scalar is
// recoded to signed digits in [-(2^(kWindowBits-1) - 1), 2^(kWindowBits-1)] (negating an affine
// point is free), so it costs one mixed addition per non-zero digit. The windows cover
// kScalarBits + 1 bits: the recoding may carry one bit past the scalar's top.
#pragma once

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdlib>
#include <span>
#include <vector>

#include "merkleforge/core/large_pages.hpp"
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

  /// Builds the tables of every base, in parallel (TBB).
  explicit FixedBaseTables(std::span<const Element> bases)
      : points_(bases.size() * kPointsPerBase) {
    tbb::parallel_for(std::size_t{0}, bases.size(),
                      [&](std::size_t i) { build_for_base(i, bases[i]); });
  }

  /// accumulator += scalar·bases[index]. Preconditions: index < number of bases, scalar below
  /// 2^kScalarBits.
  void add_multiple(Element& accumulator, std::size_t index, const Fr& scalar) const {
    add_multiple(accumulator, index, scalar.to_canonical());
  }

  /// The same with the scalar given by its canonical limbs (callers that inspected them already).
  void add_multiple(Element& accumulator, std::size_t index, const Limbs& scalar) const {
    const std::array<int, kWindows> digits = signed_digits(scalar);
    const AffinePoint* windows = &points_[index * kPointsPerBase];
    const auto entry = [&](unsigned w) {  // multiple |digit|, for a non-zero digit
      return windows + std::size_t{w} * kMultiples + static_cast<unsigned>(std::abs(digits[w])) - 1;
    };
    // The entries of one scalar are scattered over megabytes of table: ask for them a few windows
    // ahead so the additions do not wait on memory (zero digits use no entry).
    constexpr unsigned kLookahead = 4;
    for (unsigned w = 0; w < std::min(kLookahead, kWindows); ++w) {
      if (digits[w] != 0) prefetch(entry(w));
    }
    for (unsigned w = 0; w < kWindows; ++w) {
      if (w + kLookahead < kWindows && digits[w + kLookahead] != 0) prefetch(entry(w + kLookahead));
      if (digits[w] > 0) accumulator = accumulator.add_affine(*entry(w));
      if (digits[w] < 0) {
        const AffinePoint& p = *entry(w);
        accumulator = accumulator.add_affine({-p.x, p.y, -p.d_xy});
      }
    }
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

  /// Starts loading the two cache lines of a table entry.
  static void prefetch(const AffinePoint* entry) {
    __builtin_prefetch(entry);
    __builtin_prefetch(reinterpret_cast<const char*>(entry) + sizeof(AffinePoint) - 1);
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
