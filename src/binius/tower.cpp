#include "merkleforge/binius/tower.hpp"

#include <array>

namespace merkleforge::binius {
namespace {

struct Halves {
  uint128 low;
  uint128 high;
};

constexpr uint128 low_bits(unsigned bits) noexcept {
  return bits >= 128 ? ~uint128{0} : (uint128{1} << bits) - 1;
}

/// Splits an element of T_level (level >= 1) into its T(level-1) coordinates.
constexpr Halves split(unsigned level, uint128 a) noexcept {
  const unsigned half = 1u << (level - 1);
  return {a & low_bits(half), a >> half};
}

constexpr uint128 join(unsigned level, uint128 low, uint128 high) noexcept {
  return low | (high << (1u << (level - 1)));
}

uint128 mul_alpha_recursive(unsigned level, uint128 a) noexcept {
  if (level == 0) return a;
  // (a0 + a1·X)·X = a1 + (a0 + α·a1)·X, because X^2 = α·X + 1.
  const Halves h = split(level, a);
  return join(level, h.high, h.low ^ mul_alpha_recursive(level - 1, h.high));
}

using T3Table = std::array<std::array<std::uint8_t, 256>, 256>;

/// Karatsuba down the tower; at T3 (when a table is given) one lookup replaces 27 bit products.
uint128 mul_recursive(unsigned level, uint128 a, uint128 b, const T3Table* t3) noexcept {
  if (level == 0) return a & b;
  if (level == 3 && t3 != nullptr) return (*t3)[static_cast<unsigned>(a)][static_cast<unsigned>(b)];
  const Halves x = split(level, a);
  const Halves y = split(level, b);
  // An operand in the subfield (circuit values and constants often are): two half products,
  // or one when both are, instead of three and the α-multiplication.
  if (y.high == 0) {
    if (x.high == 0) return mul_recursive(level - 1, x.low, y.low, t3);
    return join(level, mul_recursive(level - 1, x.low, y.low, t3),
                mul_recursive(level - 1, x.high, y.low, t3));
  }
  if (x.high == 0) {
    return join(level, mul_recursive(level - 1, x.low, y.low, t3),
                mul_recursive(level - 1, x.low, y.high, t3));
  }
  const uint128 z0 = mul_recursive(level - 1, x.low, y.low, t3);
  const uint128 z2 = mul_recursive(level - 1, x.high, y.high, t3);
  const uint128 z1 = mul_recursive(level - 1, x.low ^ x.high, y.low ^ y.high, t3) ^ z0 ^ z2;
  return join(level, z0 ^ z2, z1 ^ mul_alpha_recursive(level - 1, z2));
}

const T3Table& t3_products() noexcept {
  static const T3Table table = [] {
    T3Table t{};
    for (unsigned a = 0; a < 256; ++a) {
      for (unsigned b = 0; b < 256; ++b) {
        t[a][b] = static_cast<std::uint8_t>(mul_recursive(3, a, b, nullptr));
      }
    }
    return t;
  }();
  return table;
}

}  // namespace

uint128 tower_mul(unsigned level, uint128 a, uint128 b) noexcept {
  return mul_recursive(level, a, b, level >= 3 ? &t3_products() : nullptr);
}

uint128 tower_mul_alpha(unsigned level, uint128 a) noexcept {
  return mul_alpha_recursive(level, a);
}

uint128 tower_square(unsigned level, uint128 a) noexcept {
  if (level == 0) return a;
  // (a0 + a1·X)^2 = (a0^2 + a1^2) + α·a1^2·X.
  const Halves h = split(level, a);
  const uint128 low_sq = tower_square(level - 1, h.low);
  const uint128 high_sq = tower_square(level - 1, h.high);
  return join(level, low_sq ^ high_sq, mul_alpha_recursive(level - 1, high_sq));
}

uint128 tower_inverse(unsigned level, uint128 a) noexcept {
  if (level == 0) return a;
  // (a0 + a1·X)^-1 = δ^-1·((a0 + α·a1) + a1·X) with δ = a0·(a0 + α·a1) + a1^2 in T(level-1):
  // the product of a with that conjugate-like element has no X term and constant term δ.
  const Halves h = split(level, a);
  const uint128 shifted = h.low ^ mul_alpha_recursive(level - 1, h.high);
  const uint128 delta = tower_mul(level - 1, h.low, shifted) ^ tower_square(level - 1, h.high);
  const uint128 delta_inv = tower_inverse(level - 1, delta);
  return join(level, tower_mul(level - 1, delta_inv, shifted),
              tower_mul(level - 1, delta_inv, h.high));
}

}  // namespace merkleforge::binius
