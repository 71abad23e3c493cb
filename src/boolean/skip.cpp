#include "skip.hpp"

#include "merkleforge/binius/aes_tower.hpp"

namespace merkleforge::boolean::detail {
namespace {

/// Π of factor(i) for i < count except `skip` (none when skip >= count), by prefix and suffix
/// products so that no division is needed.
template <class T, class Factor>
std::vector<T> products_but_one(unsigned count, Factor factor) {
  std::vector<T> prefix(count + 1, T::one()), out(count);
  for (unsigned i = 0; i < count; ++i) prefix[i + 1] = prefix[i] * factor(i);
  T suffix = T::one();
  for (unsigned i = count; i-- > 0;) {
    out[i] = prefix[i] * suffix;
    suffix = suffix * factor(i);
  }
  return out;
}

/// Π_(d ∈ D, d ≠ 0) d: the denominator of every L_b (D + b = D).
std::uint8_t domain_product() noexcept {
  std::uint8_t p = 1;
  for (unsigned d = 1; d < kDomainSize; ++d) p = aes_mul(p, static_cast<std::uint8_t>(d));
  return p;
}

}  // namespace

B128 embed_aes(std::uint8_t v) noexcept {
  return B128(binius::aes_to_canonical(v));
}

std::uint8_t aes_mul(std::uint8_t a, std::uint8_t b) noexcept {
  return binius::rijndael_mul(a, b);
}

std::uint8_t aes_inverse(std::uint8_t a) noexcept {
  std::uint8_t result = 1, power = a;  // a^254 = a^-1 (a ≠ 0): 254 = 0b11111110
  for (unsigned bit = 1; bit < 8; ++bit) {
    power = aes_mul(power, power);
    result = aes_mul(result, power);
  }
  return a == 0 ? 0 : result;
}

std::uint8_t vanishing_aes(std::uint8_t v) noexcept {
  std::uint8_t p = 1;
  for (unsigned d = 0; d < kDomainSize; ++d) p = aes_mul(p, v ^ static_cast<std::uint8_t>(d));
  return p;
}

std::array<std::uint8_t, kDomainSize> lagrange_aes(std::uint8_t e) noexcept {
  static const std::uint8_t inverse_denominator = aes_inverse(domain_product());
  const std::uint8_t scale = aes_mul(vanishing_aes(e), inverse_denominator);
  std::array<std::uint8_t, kDomainSize> l{};
  for (unsigned b = 0; b < kDomainSize; ++b) {
    l[b] = aes_mul(scale, aes_inverse(e ^ static_cast<std::uint8_t>(b)));
  }
  return l;
}

std::array<std::uint8_t, 1u << kPinnedVars> pinned_weights(const PinnedConstants& c) noexcept {
  std::array<std::uint8_t, 1u << kPinnedVars> w{};
  for (unsigned j = 0; j < w.size(); ++j) {
    std::uint8_t weight = 1;
    for (unsigned i = 0; i < kPinnedVars; ++i) {
      weight = aes_mul(weight, ((j >> i) & 1) ? c[i] : static_cast<std::uint8_t>(c[i] ^ 1));
    }
    w[j] = weight;
  }
  return w;
}

B128 vanishing(B128 y) noexcept {
  B128 p = B128::one();
  for (unsigned d = 0; d < kDomainSize; ++d) p *= y + embed_aes(static_cast<std::uint8_t>(d));
  return p;
}

std::vector<B128> lagrange(B128 y) {
  static const B128 inverse_denominator = embed_aes(aes_inverse(domain_product()));
  std::vector<B128> l = products_but_one<B128>(
      kDomainSize, [&](unsigned d) { return y + embed_aes(static_cast<std::uint8_t>(d)); });
  for (B128& value : l) value *= inverse_denominator;
  return l;
}

B128 quotient_at(std::span<const B128> values, B128 y) {
  static const std::vector<std::uint8_t> inverse_denominators = [] {
    std::vector<std::uint8_t> out(kQuotientPoints);
    for (unsigned i = 0; i < kQuotientPoints; ++i) {
      std::uint8_t p = 1;
      for (unsigned j = 0; j < kQuotientPoints; ++j) {
        if (j != i) p = aes_mul(p, quotient_point(i) ^ quotient_point(j));
      }
      out[i] = aes_inverse(p);
    }
    return out;
  }();
  const std::vector<B128> numerators = products_but_one<B128>(
      kQuotientPoints, [&](unsigned i) { return y + embed_aes(quotient_point(i)); });
  B128 sum = B128::zero();
  for (unsigned i = 0; i < kQuotientPoints; ++i) {
    sum += values[i] * numerators[i] * embed_aes(inverse_denominators[i]);
  }
  return sum;
}

std::vector<B128> word_point(const PinnedConstants& pinned, std::span<const B128> random) {
  std::vector<B128> point;
  for (std::uint8_t c : pinned) point.push_back(embed_aes(c));
  point.insert(point.end(), random.begin(), random.end());
  return point;
}

}  // namespace merkleforge::boolean::detail
