// Montgomery arithmetic on 4x64-bit limbs for one odd modulus below 2^255 (the building block of
// field.hpp; not an API of its own). All constants derive from the modulus at compile time.
#pragma once

#include <array>
#include <cstdint>

namespace merkleforge::verkle::detail {

/// A 256-bit integer as little-endian 64-bit limbs.
using Limbs = std::array<std::uint64_t, 4>;
__extension__ typedef unsigned __int128 u128;

/// a + b with carry out.
constexpr std::uint64_t add_limbs(Limbs& out, const Limbs& a, const Limbs& b) {
  std::uint64_t carry = 0;
  for (int i = 0; i < 4; ++i) {
    const u128 sum = u128{a[i]} + b[i] + carry;
    out[i] = static_cast<std::uint64_t>(sum);
    carry = static_cast<std::uint64_t>(sum >> 64);
  }
  return carry;
}

/// a - b with borrow out (1 when b > a).
constexpr std::uint64_t sub_limbs(Limbs& out, const Limbs& a, const Limbs& b) {
  std::uint64_t borrow = 0;
  for (int i = 0; i < 4; ++i) {
    const u128 diff = u128{a[i]} - b[i] - borrow;
    out[i] = static_cast<std::uint64_t>(diff);
    borrow = static_cast<std::uint64_t>(diff >> 64) & 1;
  }
  return borrow;
}

constexpr bool less_than(const Limbs& a, const Limbs& b) {
  for (int i = 3; i >= 0; --i) {
    if (a[i] != b[i]) return a[i] < b[i];
  }
  return false;
}

template <Limbs M>
struct Montgomery {
  static_assert((M[0] & 1) == 1 && M[3] < (std::uint64_t{1} << 63),
                "odd modulus below 2^255: sums of two reduced values cannot overflow 256 bits");

  /// -M^-1 mod 2^64 by Newton iteration (each step doubles the correct low bits).
  static constexpr std::uint64_t kInv = [] {
    std::uint64_t x = 1;
    for (int i = 0; i < 6; ++i) x *= 2 - M[0] * x;
    return ~x + 1;
  }();

  /// 2^(256·k) mod M for k = 1 (R, the Montgomery form of one) and k = 2 (R², used to convert).
  static constexpr Limbs power_of_two_mod(int exponent) {
    Limbs value{1, 0, 0, 0};
    for (int i = 0; i < exponent; ++i) {
      const std::uint64_t carry = add_limbs(value, value, value);
      Limbs reduced{};
      if (carry != 0 || !less_than(value, M)) {
        sub_limbs(reduced, value, M);
        value = reduced;
      }
    }
    return value;
  }
  static constexpr Limbs kR = power_of_two_mod(256);
  static constexpr Limbs kR2 = power_of_two_mod(512);

  static constexpr Limbs add(const Limbs& a, const Limbs& b) {
    Limbs sum{};
    add_limbs(sum, a, b);
    return reduce_once(sum);
  }

  static constexpr Limbs sub(const Limbs& a, const Limbs& b) {
    Limbs diff{};
    if (sub_limbs(diff, a, b) != 0) add_limbs(diff, diff, M);
    return diff;
  }

  /// a·b·R^-1 mod M (CIOS). Valid for any a, b < 2^256 with a·b < M·2^256, so a raw 256-bit
  /// integer times R² is reduced correctly as well.
  static constexpr Limbs mul(const Limbs& a, const Limbs& b) {
    std::uint64_t t[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 4; ++i) {
      std::uint64_t carry = 0;
      for (int j = 0; j < 4; ++j) {
        const u128 product = u128{a[j]} * b[i] + t[j] + carry;
        t[j] = static_cast<std::uint64_t>(product);
        carry = static_cast<std::uint64_t>(product >> 64);
      }
      const u128 top = u128{t[4]} + carry;
      t[4] = static_cast<std::uint64_t>(top);
      const std::uint64_t top_carry = static_cast<std::uint64_t>(top >> 64);

      const std::uint64_t q = t[0] * kInv;
      u128 acc = u128{q} * M[0] + t[0];
      carry = static_cast<std::uint64_t>(acc >> 64);
      for (int j = 1; j < 4; ++j) {
        acc = u128{q} * M[j] + t[j] + carry;
        t[j - 1] = static_cast<std::uint64_t>(acc);
        carry = static_cast<std::uint64_t>(acc >> 64);
      }
      acc = u128{t[4]} + carry;
      t[3] = static_cast<std::uint64_t>(acc);
      t[4] = static_cast<std::uint64_t>(acc >> 64) + top_carry;
    }
    Limbs result{t[0], t[1], t[2], t[3]};
    if (t[4] != 0 || !less_than(result, M)) sub_limbs(result, result, M);
    return result;
  }

  static constexpr Limbs to_montgomery(const Limbs& canonical) { return mul(canonical, kR2); }
  static constexpr Limbs from_montgomery(const Limbs& mont) { return mul(mont, {1, 0, 0, 0}); }

 private:
  static constexpr Limbs reduce_once(const Limbs& value) {
    if (less_than(value, M)) return value;
    Limbs reduced{};
    sub_limbs(reduced, value, M);
    return reduced;
  }
};

}  // namespace merkleforge::verkle::detail
