// Pippenger's bucket method with signed digits: each scalar is recoded once into digits in
// [-2^(c-1), 2^(c-1)]; per window, every base (affine, so each addition is a mixed one) is added
// to or subtracted from the bucket of its digit's magnitude, and Σ d·bucket[d] follows by a running
// suffix sum. Windows are independent and run in parallel; they are combined by c doublings each.
#include "merkleforge/verkle/msm.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::verkle {

namespace {

/// Below this many terms the bases stay projective: converting them to affine costs more than the
/// mixed additions save.
constexpr std::size_t kAffineThreshold = 64;

void add_base(Element& bucket, const Element& base) {
  bucket += base;
}
void add_base(Element& bucket, const AffinePoint& base) {
  bucket = bucket.add_affine(base);
}
Element negate(const Element& base) {
  return -base;
}
AffinePoint negate(const AffinePoint& base) {
  return {-base.x, base.y, -base.d_xy};
}

/// Window width near the minimum of windows·(n + 2·2^(c-1)) for n terms.
unsigned window_bits(std::size_t terms) {
  const int width = static_cast<int>(std::bit_width(terms)) - 3;
  return static_cast<unsigned>(std::clamp(width, 2, 16));
}

/// Writes the signed base-2^c digits of a scalar below 2^253 to `digits`, least significant first:
/// Σ digits[w]·2^(c·w) is the scalar, each digit in [-2^(c-1), 2^(c-1)]. `windows` must exceed
/// 253 / c so the last digit absorbs the final carry.
void write_signed_digits(const detail::Limbs& scalar, unsigned width,
                         std::span<std::int32_t> digits) {
  const std::uint64_t mask = (std::uint64_t{1} << width) - 1;
  const std::int64_t half = std::int64_t{1} << (width - 1);
  std::int64_t carry = 0;
  for (unsigned w = 0; w < digits.size(); ++w) {
    const unsigned bit = w * width, word = bit / 64, offset = bit % 64;
    std::uint64_t bits = word < 4 ? scalar[word] >> offset : 0;
    if (offset + width > 64 && word + 1 < 4) bits |= scalar[word + 1] << (64 - offset);
    std::int64_t digit = static_cast<std::int64_t>(bits & mask) + carry;
    carry = digit > half ? 1 : 0;
    digits[w] = static_cast<std::int32_t>(digit - (carry << width));
  }
}

/// Σ digit·base over one window, buckets indexed by |digit| - 1.
template <class Base>
Element window_sum(std::span<const Base> bases, std::span<const std::int32_t> digits,
                   unsigned windows, unsigned window, std::vector<Element>& buckets) {
  std::fill(buckets.begin(), buckets.end(), Element::identity());
  for (std::size_t i = 0; i < bases.size(); ++i) {
    const std::int32_t digit = digits[i * windows + window];
    if (digit > 0) add_base(buckets[static_cast<std::size_t>(digit - 1)], bases[i]);
    if (digit < 0) add_base(buckets[static_cast<std::size_t>(-digit - 1)], negate(bases[i]));
  }
  Element running, sum;
  for (std::size_t d = buckets.size(); d-- > 0;) {
    running += buckets[d];
    sum += running;
  }
  return sum;
}

template <class Base>
Element pippenger(std::span<const Base> bases, std::span<const Fr> scalars) {
  constexpr unsigned kScalarBits = 253;
  const unsigned width = window_bits(bases.size());
  const unsigned windows = kScalarBits / width + 1;
  std::vector<std::int32_t> digits(bases.size() * windows);
  for (std::size_t i = 0; i < scalars.size(); ++i) {
    write_signed_digits(scalars[i].to_canonical(), width,
                        std::span<std::int32_t>(digits).subspan(i * windows, windows));
  }
  std::vector<Element> sums(windows);
  // Grain 1: a window is a pass over every base.
  parallel_for(windows, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t w = begin; w < end; ++w) {
      std::vector<Element> buckets(std::size_t{1} << (width - 1));
      sums[w] = window_sum(bases, std::span<const std::int32_t>(digits), windows,
                           static_cast<unsigned>(w), buckets);
    }
  });
  Element result;
  for (unsigned w = windows; w-- > 0;) {
    for (unsigned i = 0; i < width; ++i) result = result.dbl();
    result += sums[w];
  }
  return result;
}

}  // namespace

Element msm(std::span<const Element> bases, std::span<const Fr> scalars) {
  if (bases.size() != scalars.size()) {
    throw std::invalid_argument("verkle::msm: bases and scalars differ in length");
  }
  if (bases.size() < kAffineThreshold) return pippenger(bases, scalars);
  const std::vector<AffinePoint> affine = Element::batch_to_affine(bases);
  return pippenger(std::span<const AffinePoint>(affine), scalars);
}

}  // namespace merkleforge::verkle
