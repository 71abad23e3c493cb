// The two prime fields of Verkle cryptography, in Montgomery form on 4x64-bit limbs:
//   Fp — the BLS12-381 scalar field, coordinates of Bandersnatch points;
//   Fr — the order of the Banderwagon group, the scalars of commitments.
// Values are always fully reduced (0 <= value < modulus), so equality is limb equality.
// Arithmetic is variable-time: Verkle commitments handle public data only.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/montgomery.hpp"

namespace merkleforge::verkle {

/// The kernel of the batch operations in this process (PrimeField::batch_mul, and the sums of
/// fixed-base table points behind commitments and tree keys): "ifma" (AVX-512 IFMA, eight
/// products side by side) or "portable" (one product after another), chosen once;
/// MERKLEFORGE_KERNEL (primitive "verkle-batch") can request "portable". Never fails.
std::string_view batch_kernel_name() noexcept;

/// The Montgomery multiplication kernel both fields use in this process: "mulx-adx" (BMI2 and ADX
/// inline assembly) or "portable", chosen once; MERKLEFORGE_KERNEL (core/cpu.hpp; primitive
/// "verkle-fp") can request "portable". Never fails.
std::string_view field_kernel_name() noexcept;

namespace detail {
struct RawAccess;  // src/verkle/raw_access.hpp: Montgomery limbs and coordinates for the kernels
}  // namespace detail

namespace detail {
/// p = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001 (2-adicity 32).
struct FpModulus {
  static constexpr Limbs kValue = {0xffffffff00000001, 0x53bda402fffe5bfe, 0x3339d80809a1d805,
                                   0x73eda753299d7d48};
  static constexpr bool kHasSqrt = true;
};
/// r = 0x1cfb69d4ca675f520cce760202687600ff8f87007419047174fd06b52876e7e1.
struct FrModulus {
  static constexpr Limbs kValue = {0x74fd06b52876e7e1, 0xff8f870074190471, 0x0cce760202687600,
                                   0x1cfb69d4ca675f52};
  static constexpr bool kHasSqrt = false;
};
}  // namespace detail

template <class Modulus>
class PrimeField {
  using Mont = detail::Montgomery<Modulus::kValue>;

 public:
  /// The modulus as little-endian 64-bit limbs.
  static constexpr detail::Limbs kModulus = Modulus::kValue;

  constexpr PrimeField() = default;  ///< zero

  /// The additive identity.
  static constexpr PrimeField zero() { return PrimeField(); }
  /// The multiplicative identity.
  static constexpr PrimeField one() { return from_montgomery(Mont::kR); }
  /// The element `value` (every u64 is below both moduli).
  static PrimeField from_u64(std::uint64_t value) {
    return from_montgomery(Mont::to_montgomery({value, 0, 0, 0}));
  }
  /// The element whose canonical value is `limbs`. Precondition: limbs < modulus (programming
  /// error otherwise; untrusted input goes through from_bytes_le).
  static PrimeField from_canonical(const detail::Limbs& limbs) {
    return from_montgomery(Mont::to_montgomery(limbs));
  }
  /// Canonical value as little-endian limbs.
  detail::Limbs to_canonical() const { return Mont::from_montgomery(mont_); }

  /// 32 bytes little-endian. Errors: wrong_size unless 32 bytes; malformed_input when the value
  /// is not below the modulus (non-canonical).
  static Result<PrimeField> from_bytes_le(ByteSpan bytes);
  /// Any number of bytes read as one little-endian integer, reduced modulo the modulus (the rule
  /// of go-ipa's SetBytesLE / arkworks' from_le_bytes_mod_order). Never fails.
  static PrimeField from_bytes_le_reduced(ByteSpan bytes);
  /// The canonical value as 32 bytes little-endian (the inverse of from_bytes_le).
  std::array<std::uint8_t, 32> to_bytes_le() const;

  /// Field arithmetic (results fully reduced; never fail).
  PrimeField operator+(const PrimeField& other) const {
    return from_montgomery(Mont::add(mont_, other.mont_));
  }
  PrimeField operator-(const PrimeField& other) const {
    return from_montgomery(Mont::sub(mont_, other.mont_));
  }
  PrimeField operator*(const PrimeField& other) const {
    return from_montgomery(Mont::mul(mont_, other.mont_));
  }
  PrimeField operator-() const { return zero() - *this; }
  PrimeField& operator+=(const PrimeField& other) { return *this = *this + other; }
  PrimeField& operator-=(const PrimeField& other) { return *this = *this - other; }
  PrimeField& operator*=(const PrimeField& other) { return *this = *this * other; }
  /// this·this.
  PrimeField square() const { return *this * *this; }
  /// this + this.
  PrimeField dbl() const { return *this + *this; }

  bool operator==(const PrimeField& other) const = default;
  /// True for the additive identity.
  bool is_zero() const { return mont_ == detail::Limbs{}; }

  /// this^exponent, exponent given as little-endian limbs.
  PrimeField pow(const detail::Limbs& exponent) const;
  /// Multiplicative inverse; the inverse of zero is defined as zero (so callers that batch
  /// inversions need no special case).
  PrimeField inverse() const;
  /// Inverts every element in place with one field inversion (Montgomery's trick); zeros stay
  /// zero.
  static void batch_inverse(std::span<PrimeField> values);
  /// out[i] = a[i]·b[i] for every i, eight products at a time where the CPU has AVX-512 IFMA
  /// (batch_kernel_name()). `out` may be `a` or `b`. Throws std::invalid_argument unless the three
  /// spans have the same length.
  static void batch_mul(std::span<PrimeField> out, std::span<const PrimeField> a,
                        std::span<const PrimeField> b);

  /// Legendre symbol: 1 for a non-zero square, -1 for a non-square, 0 for zero.
  int legendre() const requires Modulus::kHasSqrt;
  /// A square root (Tonelli–Shanks), or nullopt when this is not a square. Which of the two roots
  /// is returned is unspecified; callers pick by their own rule (e.g. lexicographically largest).
  std::optional<PrimeField> sqrt() const requires Modulus::kHasSqrt;

  /// True when the canonical value exceeds (modulus - 1) / 2 (the "lexicographically largest" of
  /// the pair {v, -v}).
  bool is_lexicographically_largest() const;

 private:
  friend struct detail::RawAccess;
  static constexpr PrimeField from_montgomery(const detail::Limbs& limbs) {
    PrimeField result;
    result.mont_ = limbs;
    return result;
  }
  detail::Limbs mont_{};
};

using Fp = PrimeField<detail::FpModulus>;
using Fr = PrimeField<detail::FrModulus>;

extern template class PrimeField<detail::FpModulus>;
extern template class PrimeField<detail::FrModulus>;

}  // namespace merkleforge::verkle
