// Pippenger's bucket method: per window of c scalar bits, add each base into the bucket of its
// digit, then Σ d·bucket[d] by a running suffix sum; windows are combined by c doublings.
#include "merkleforge/verkle/msm.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <vector>

namespace merkleforge::verkle {

namespace {

/// Window width minimising windows·(n + 2^c) for n terms.
unsigned window_bits(std::size_t terms) {
  const int width = static_cast<int>(std::bit_width(terms)) - 3;
  return static_cast<unsigned>(std::clamp(width, 2, 16));
}

std::uint64_t digit_at(const detail::Limbs& scalar, unsigned bit, unsigned width) {
  const unsigned word = bit / 64, offset = bit % 64;
  std::uint64_t value = scalar[word] >> offset;
  if (offset + width > 64 && word + 1 < 4) value |= scalar[word + 1] << (64 - offset);
  return value & ((std::uint64_t{1} << width) - 1);
}

}  // namespace

Element msm(std::span<const Element> bases, std::span<const Fr> scalars) {
  if (bases.size() != scalars.size()) {
    throw std::invalid_argument("verkle::msm: bases and scalars differ in length");
  }
  std::vector<detail::Limbs> digits;
  digits.reserve(scalars.size());
  for (const Fr& s : scalars) digits.push_back(s.to_canonical());

  const unsigned width = window_bits(bases.size());
  constexpr unsigned kScalarBits = 253;
  std::vector<Element> buckets(std::size_t{1} << width);
  Element result;
  for (unsigned window = (kScalarBits + width - 1) / width; window-- > 0;) {
    for (unsigned i = 0; i < width; ++i) result = result.dbl();
    std::fill(buckets.begin(), buckets.end(), Element::identity());
    for (std::size_t i = 0; i < bases.size(); ++i) {
      const std::uint64_t digit = digit_at(digits[i], window * width, width);
      if (digit != 0) buckets[digit] += bases[i];
    }
    Element running, window_sum;
    for (std::size_t d = buckets.size() - 1; d > 0; --d) {
      running += buckets[d];
      window_sum += running;
    }
    result += window_sum;
  }
  return result;
}

}  // namespace merkleforge::verkle
