// Montgomery arithmetic on 4x64-bit limbs for one odd modulus whose top limb leaves two bits of
// headroom (the building block of field.hpp; not an API of its own). All constants derive from the
// modulus at compile time.
//
// The headroom (top limb below 2^63 - 1) allows the "no-carry" CIOS multiplication (no fifth limb:
// the two running carries of the last column sum to less than 2^64) and lets add/sub/mul end with
// one branch-free conditional subtraction, since every intermediate stays below 2·modulus < 2^256.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

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

/// True when mul() may use the MULX/ADCX/ADOX kernel: the field's dispatcher (field.cpp,
/// core/dispatch.hpp) chose "mulx-adx" — the CPU has BMI2 and ADX and MERKLEFORGE_KERNEL does not
/// request "portable" for "verkle-fp" (how tests run the portable kernel everywhere).
bool mulx_adx_enabled() noexcept;
/// mulx_adx_enabled(), read once. Zero-initialised before dynamic initialisation, so any use
/// during static initialisation takes the portable kernel, which is always correct.
inline const bool kMulxAdx = mulx_adx_enabled();

/// (hi, lo) = a·b + c + d; cannot overflow 128 bits.
constexpr std::uint64_t mul_add2(std::uint64_t& lo, std::uint64_t a, std::uint64_t b,
                                 std::uint64_t c, std::uint64_t d) {
  const u128 value = u128{a} * b + c + d;
  lo = static_cast<std::uint64_t>(value);
  return static_cast<std::uint64_t>(value >> 64);
}

/// mul() by the MULX/ADCX/ADOX kernel (src/verkle/montgomery_adx.cpp, compiled for BMI2 and ADX,
/// instantiated for the two fields' moduli): out = a·b·2^-256 mod M under mul()'s contract.
/// Precondition: kMulxAdx. Out of line: the point formulas, where products are hot, take the
/// inline-assembly kernel in their own ISA file (banderwagon_adx.cpp).
template <Limbs M>
void mul_mulx_adx(Limbs& out, const Limbs& a, const Limbs& b) noexcept;
/// False in builds without the assembly kernel (clang with AddressSanitizer, see
/// src/verkle/montgomery_asm.hpp); the dispatcher then never chooses it.
bool mulx_adx_compiled() noexcept;

template <Limbs M>
struct Montgomery {
  // The last column's carries are at most a[3] + 1 and M[3] + 1; with a < M their sum fits.
  static_assert((M[0] & 1) == 1 && M[3] < (std::uint64_t{1} << 63) - 1,
                "odd modulus with a top limb below 2^63 - 1 (no-carry CIOS, sums below 2^256)");

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
      add_limbs(value, value, value);
      value = subtract_modulus_if_not_below(value);
    }
    return value;
  }
  static constexpr Limbs kR = power_of_two_mod(256);
  static constexpr Limbs kR2 = power_of_two_mod(512);
  /// M's limbs, then kInv: what the assembly kernel reads through one base register.
  static constexpr std::uint64_t kModulusAndInv[5] = {M[0], M[1], M[2], M[3], kInv};

  /// a + b mod M for a, b < M. The result is chosen limb by limb with a conditional: a masked
  /// select over the array is turned into vector selects through the stack by the compilers.
  static constexpr Limbs add(const Limbs& a, const Limbs& b) {
    Limbs sum{}, reduced{};
    add_limbs(sum, a, b);  // below 2M < 2^256: no carry out
    const bool below = sub_limbs(reduced, sum, M) != 0;
    return {below ? sum[0] : reduced[0], below ? sum[1] : reduced[1], below ? sum[2] : reduced[2],
            below ? sum[3] : reduced[3]};
  }

  /// a - b mod M for a, b < M: the modulus is added back under the borrow.
  static constexpr Limbs sub(const Limbs& a, const Limbs& b) {
    Limbs diff{};
    const std::uint64_t mask = 0 - sub_limbs(diff, a, b);
    const Limbs masked_modulus = {M[0] & mask, M[1] & mask, M[2] & mask, M[3] & mask};
    add_limbs(diff, diff, masked_modulus);
    return diff;
  }

  /// a·b·R^-1 mod M (CIOS without a fifth limb). Contract: a < M; b may be any 256-bit value
  /// (a·b < M·2^256 keeps the result below 2M before the final subtraction), so a raw integer is
  /// converted by mul(kR2, raw). Uses the MULX/ADX kernel when kMulxAdx allows it (an out-of-line
  /// call, as the portable kernel is).
  [[gnu::always_inline]] static constexpr Limbs mul(const Limbs& a, const Limbs& b) {
    Limbs product;
    if (!std::is_constant_evaluated() && kMulxAdx) {
      mul_mulx_adx<M>(product, a, b);
      return product;
    }
    mul_portable_into(product, a, b);
    return product;
  }

  /// mul_portable() out of line, writing to `out`.
  [[gnu::noinline]] static constexpr void mul_portable_into(Limbs& out, const Limbs& a,
                                                            const Limbs& b) {
    out = mul_portable(a, b);
  }

  /// mul() in portable C++.
  static constexpr Limbs mul_portable(const Limbs& a, const Limbs& b) {
    Limbs t{};
    for (int i = 0; i < 4; ++i) {
      // t += a·b[i], then t = (t + m·M) / 2^64 with m chosen to clear the low limb; the two
      // carry chains run side by side column by column.
      std::uint64_t low = 0;
      std::uint64_t carry_ab = mul_add2(low, a[0], b[i], t[0], 0);
      const std::uint64_t m = low * kInv;
      std::uint64_t discarded = 0;
      std::uint64_t carry_m = mul_add2(discarded, m, M[0], low, 0);
      for (int j = 1; j < 4; ++j) {
        carry_ab = mul_add2(low, a[j], b[i], t[j], carry_ab);
        carry_m = mul_add2(t[j - 1], m, M[j], low, carry_m);
      }
      t[3] = carry_ab + carry_m;  // below 2^64 by the top-limb headroom
    }
    return subtract_modulus_if_not_below(t);
  }

  static constexpr Limbs to_montgomery(const Limbs& canonical) { return mul(kR2, canonical); }
  static constexpr Limbs from_montgomery(const Limbs& mont) { return mul(mont, {1, 0, 0, 0}); }

 private:
  /// value mod M for value < 2M, without a data-dependent branch.
  static constexpr Limbs subtract_modulus_if_not_below(const Limbs& value) {
    Limbs reduced{};
    const std::uint64_t keep = 0 - sub_limbs(reduced, value, M);  // all ones when value < M
    for (int i = 0; i < 4; ++i) reduced[i] = (value[i] & keep) | (reduced[i] & ~keep);
    return reduced;
  }
};

}  // namespace merkleforge::verkle::detail
