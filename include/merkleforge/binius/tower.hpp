// The canonical binary tower T0 ⊂ T1 ⊂ ... ⊂ T7 (Fan–Paar / Wiedemann), named B1 ... B128, and
// its scalar reference arithmetic: the oracle every packed and SIMD path is tested against.
//
// Definition: T0 = GF(2); T1 = T0[X0]/(X0^2 + X0 + 1); Tk = T(k-1)[X(k-1)]/(X(k-1)^2 +
// X(k-2)·X(k-1) + 1) for k >= 2. T3 ≅ GF(2^8), T7 ≅ GF(2^128).
//
// Bit layout: an element of Tk is a 2^k-bit integer whose low half is the coefficient of 1 and
// whose high half is the coefficient of X(k-1), both in T(k-1), recursively. Equivalently bit i is
// the coefficient of the monomial prod_{j : bit j of i} Xj. Hence the subfield Tj ⊂ Tk is the low
// 2^j bits (zero extension embeds), and 2^m consecutive Tj elements in memory are one T(j+m)
// element (packing is a reinterpretation of memory on little-endian machines).
//
// Every tower_* function here follows the recursive Karatsuba definition directly (with a 256 x 256
// table of T3 products, itself computed by the same recursion, at the bottom). It is meant to be
// obviously right, not fast: packed.hpp and polyval.hpp hold the fast paths, and B128's product
// takes one of them (b128_mul).
#pragma once

#include <cstdint>
#include <type_traits>

namespace merkleforge::binius {

/// 128-bit unsigned integer (GCC/Clang extension): the storage of a B128 element, bit i = bit i.
__extension__ typedef unsigned __int128 uint128;

inline constexpr unsigned kMaxTowerLevel = 7;

/// Builds a uint128 from its high and low 64-bit halves.
constexpr uint128 make_uint128(std::uint64_t high, std::uint64_t low) noexcept {
  return (static_cast<uint128>(high) << 64) | low;
}

// Reference arithmetic on elements of T_level held in the low 2^level bits of a uint128.
// Precondition (unchecked, these are internal-grade primitives): level <= 7 and every operand
// fits in 2^level bits; results then fit too.

/// a·b in T_level.
uint128 tower_mul(unsigned level, uint128 a, uint128 b) noexcept;
/// a^2 in T_level (the Frobenius map: additive, so squaring is linear over GF(2)).
uint128 tower_square(unsigned level, uint128 a) noexcept;
/// a^-1 in T_level, and 0 for a = 0 ("invert or zero").
uint128 tower_inverse(unsigned level, uint128 a) noexcept;
/// a·X(level-1): multiplication by the tower constant of T_level (the generator over T(level-1),
/// which is the "alpha" of the recurrence one level up). For level 0 the constant is 1.
uint128 tower_mul_alpha(unsigned level, uint128 a) noexcept;

/// a·b in T_7 through the POLYVAL basis and the active carry-less-multiply kernel (polyval.hpp):
/// the product B128's operator* uses, checked against tower_mul(7, ·), its reference.
uint128 b128_mul(uint128 a, uint128 b) noexcept;

/// X(level-1) as an element of T_level (1 for level 0): the constant tower_mul_alpha multiplies by.
constexpr uint128 tower_alpha(unsigned level) noexcept {
  return level == 0 ? uint128{1} : uint128{1} << (1u << (level - 1));
}

namespace detail {
template <unsigned Level>
using TowerStorage = std::conditional_t<
    (Level <= 3), std::uint8_t,
    std::conditional_t<
        (Level == 4), std::uint16_t,
        std::conditional_t<(Level == 5), std::uint32_t,
                           std::conditional_t<(Level == 6), std::uint64_t, uint128>>>>;
}  // namespace detail

/// An element of T_Level with value semantics and the reference arithmetic as operators.
/// Construction keeps only the low 2^Level bits.
template <unsigned Level>
class BinaryField {
  static_assert(Level <= kMaxTowerLevel);

 public:
  using Storage = detail::TowerStorage<Level>;
  static constexpr unsigned kLevel = Level;
  static constexpr unsigned kBits = 1u << Level;

  /// Zero.
  constexpr BinaryField() noexcept = default;
  /// The element whose bits are the low 2^Level bits of `value` (the rest are dropped).
  constexpr explicit BinaryField(Storage value) noexcept
      : value_(static_cast<Storage>(value & kMask)) {}

  /// The element's bits (the high bits of Storage beyond 2^Level are zero).
  constexpr Storage value() const noexcept { return value_; }
  /// The additive and the multiplicative identity.
  static constexpr BinaryField zero() noexcept { return BinaryField(); }
  static constexpr BinaryField one() noexcept { return BinaryField(Storage{1}); }

  /// Sum (bitwise XOR: characteristic 2); a - b is the same as a + b.
  friend constexpr BinaryField operator+(BinaryField a, BinaryField b) noexcept {
    return BinaryField(static_cast<Storage>(a.value_ ^ b.value_));
  }
  friend constexpr BinaryField operator-(BinaryField a, BinaryField b) noexcept { return a + b; }
  /// Product in T_Level (tower_mul; b128_mul for B128, which the provers and verifiers call in
  /// their scalar steps).
  friend BinaryField operator*(BinaryField a, BinaryField b) noexcept {
    if constexpr (Level == kMaxTowerLevel) return BinaryField(b128_mul(a.value_, b.value_));
    return BinaryField(static_cast<Storage>(tower_mul(Level, a.value_, b.value_)));
  }
  BinaryField& operator+=(BinaryField b) noexcept { return *this = *this + b; }
  BinaryField& operator*=(BinaryField b) noexcept { return *this = *this * b; }
  friend constexpr bool operator==(BinaryField a, BinaryField b) noexcept = default;

  /// The square (tower_square).
  BinaryField square() const noexcept {
    return BinaryField(static_cast<Storage>(tower_square(Level, value_)));
  }
  /// Inverse, or zero for zero.
  BinaryField inverse() const noexcept {
    return BinaryField(static_cast<Storage>(tower_inverse(Level, value_)));
  }
  /// This times the tower constant of T_Level (tower_mul_alpha; itself for B1).
  BinaryField mul_alpha() const noexcept {
    return BinaryField(static_cast<Storage>(tower_mul_alpha(Level, value_)));
  }

 private:
  static constexpr uint128 kMask = Level == 7 ? ~uint128{0} : (uint128{1} << kBits) - 1;
  Storage value_{};
};

using B1 = BinaryField<0>;
using B2 = BinaryField<1>;
using B4 = BinaryField<2>;
using B8 = BinaryField<3>;
using B16 = BinaryField<4>;
using B32 = BinaryField<5>;
using B64 = BinaryField<6>;
using B128 = BinaryField<7>;

/// Embeds a subfield element (zero extension, see the bit layout above).
template <unsigned To, unsigned From>
requires(From <= To) constexpr BinaryField<To> embed(BinaryField<From> x) noexcept {
  return BinaryField<To>(static_cast<typename BinaryField<To>::Storage>(x.value()));
}

}  // namespace merkleforge::binius
