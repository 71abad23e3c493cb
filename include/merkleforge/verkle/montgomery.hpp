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

// The x86-64 assembly below, unless clang builds with AddressSanitizer (the libFuzzer build): the
// multiplication holds 12 general registers at once, more than clang leaves free around ASan's
// instrumentation ("inline assembly requires more registers than available"). Without it every
// operation takes the portable C++ path, which the tests check against the assembly.
#if defined(__x86_64__)
#define MERKLEFORGE_MONT_ASM 1
#if defined(__clang__) && defined(__has_feature)
#if __has_feature(address_sanitizer)
#undef MERKLEFORGE_MONT_ASM
#define MERKLEFORGE_MONT_ASM 0
#endif
#endif
#else
#define MERKLEFORGE_MONT_ASM 0
#endif

#if MERKLEFORGE_MONT_ASM
// Assembly pieces of the x86-64 kernels (AT&T syntax; operands named by the caller: a and b point
// to the factors, mod points to kModulusAndInv (M's limbs, then kInv), lo and hi are scratch
// registers). The constants go through one base register rather than one memory operand each:
// at -O0 with -fPIC every memory operand takes a register of its own and the multiplication would
// run out of registers ("impossible constraints").
// The multiplication macros take the registers of the running sum t, least significant first;
// rows and reductions alternate and each reduction leaves the sum in the last four registers (the
// first becomes free).
// clang-format off
//
// t0..t4 = a·b[0] (the first row has no running sum to add).
#define MERKLEFORGE_MONT_FIRST_ROW(t0, t1, t2, t3, t4)   \
  "movq (%[b]), %%rdx\n\t"                                \
  "mulxq (%[a]), " t0 ", " t1 "\n\t"                      \
  "mulxq 8(%[a]), %[lo], " t2 "\n\t"                      \
  "addq %[lo], " t1 "\n\t"                                \
  "mulxq 16(%[a]), %[lo], " t3 "\n\t"                     \
  "adcq %[lo], " t2 "\n\t"                                \
  "mulxq 24(%[a]), %[lo], " t4 "\n\t"                     \
  "adcq %[lo], " t3 "\n\t"                                \
  "adcq $0, " t4 "\n\t"
// t0..t4 = t0..t3 + a·b_i (t4 is written, not read): low halves on the OF chain, high on CF.
#define MERKLEFORGE_MONT_ROW(b_i, t0, t1, t2, t3, t4)    \
  "movq " b_i ", %%rdx\n\t"                               \
  "xorl %%eax, %%eax\n\t"                                 \
  "mulxq (%[a]), %[lo], %[hi]\n\t"                        \
  "adoxq %[lo], " t0 "\n\t"                               \
  "adcxq %[hi], " t1 "\n\t"                               \
  "mulxq 8(%[a]), %[lo], %[hi]\n\t"                       \
  "adoxq %[lo], " t1 "\n\t"                               \
  "adcxq %[hi], " t2 "\n\t"                               \
  "mulxq 16(%[a]), %[lo], %[hi]\n\t"                      \
  "adoxq %[lo], " t2 "\n\t"                               \
  "adcxq %[hi], " t3 "\n\t"                               \
  "mulxq 24(%[a]), %[lo], " t4 "\n\t"                     \
  "adoxq %[lo], " t3 "\n\t"                               \
  "adcxq %%rax, " t4 "\n\t"                               \
  "adoxq %%rax, " t4 "\n\t"
// t1..t4 = (t0..t4 + m·M) / 2^64 with m = t0·kInv mod 2^64 (t0 becomes zero). The sum fits in four
// limbs (top-limb headroom), so neither chain carries out of t4.
#define MERKLEFORGE_MONT_REDUCE(t0, t1, t2, t3, t4)      \
  "movq " t0 ", %%rdx\n\t"                                \
  "imulq 32(%[mod]), %%rdx\n\t"                           \
  "xorl %%eax, %%eax\n\t"                                 \
  "mulxq (%[mod]), %[lo], %[hi]\n\t"                      \
  "adcxq %[lo], " t0 "\n\t"                               \
  "adoxq %[hi], " t1 "\n\t"                               \
  "mulxq 8(%[mod]), %[lo], %[hi]\n\t"                     \
  "adcxq %[lo], " t1 "\n\t"                               \
  "adoxq %[hi], " t2 "\n\t"                               \
  "mulxq 16(%[mod]), %[lo], %[hi]\n\t"                    \
  "adcxq %[lo], " t2 "\n\t"                               \
  "adoxq %[hi], " t3 "\n\t"                               \
  "mulxq 24(%[mod]), %[lo], %[hi]\n\t"                    \
  "adcxq %[lo], " t3 "\n\t"                               \
  "adoxq %[hi], " t4 "\n\t"                               \
  "adcxq %%rax, " t4 "\n\t"
// t0..t3 -= M when t0..t3 >= M (t < 2M), by conditional moves; r0..r3 are scratch registers.
#define MERKLEFORGE_MONT_SUBTRACT_MODULUS(t0, t1, t2, t3, r0, r1, r2, r3) \
  "movq " t0 ", " r0 "\n\t"                               \
  "subq (%[mod]), " r0 "\n\t"                             \
  "movq " t1 ", " r1 "\n\t"                               \
  "sbbq 8(%[mod]), " r1 "\n\t"                            \
  "movq " t2 ", " r2 "\n\t"                               \
  "sbbq 16(%[mod]), " r2 "\n\t"                           \
  "movq " t3 ", " r3 "\n\t"                               \
  "sbbq 24(%[mod]), " r3 "\n\t"                           \
  "cmovaeq " r0 ", " t0 "\n\t"                            \
  "cmovaeq " r1 ", " t1 "\n\t"                            \
  "cmovaeq " r2 ", " t2 "\n\t"                            \
  "cmovaeq " r3 ", " t3 "\n\t"
// clang-format on
#endif

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
  /// M's limbs, then kInv: what the assembly kernels read through one base register.
  static constexpr std::uint64_t kModulusAndInv[5] = {M[0], M[1], M[2], M[3], kInv};

  /// a + b mod M for a, b < M. Compilers turn the portable form into slow code (vector selects
  /// through the stack), so x86-64 uses a carry chain and conditional moves.
  static constexpr Limbs add(const Limbs& a, const Limbs& b) {
#if MERKLEFORGE_MONT_ASM
    if (!std::is_constant_evaluated()) {
      std::uint64_t s0 = a[0], s1 = a[1], s2 = a[2], s3 = a[3], r0, r1, r2, r3;
      // clang-format off
      asm("addq %[b0], %[s0]\n\t"
          "adcq %[b1], %[s1]\n\t"
          "adcq %[b2], %[s2]\n\t"
          "adcq %[b3], %[s3]\n\t"
          MERKLEFORGE_MONT_SUBTRACT_MODULUS("%[s0]", "%[s1]", "%[s2]", "%[s3]",
                                            "%[r0]", "%[r1]", "%[r2]", "%[r3]")
          : [s0] "+r"(s0), [s1] "+r"(s1), [s2] "+r"(s2), [s3] "+r"(s3), [r0] "=&r"(r0),
            [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3)
          : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2]), [b3] "rm"(b[3]),
            [mod] "r"(kModulusAndInv)
          : "cc");
      // clang-format on
      return {s0, s1, s2, s3};
    }
#endif
    Limbs sum{};
    add_limbs(sum, a, b);
    return subtract_modulus_if_not_below(sum);
  }

  /// a - b mod M for a, b < M (x86-64: the modulus is added back under a borrow mask).
  static constexpr Limbs sub(const Limbs& a, const Limbs& b) {
#if MERKLEFORGE_MONT_ASM
    if (!std::is_constant_evaluated()) {
      std::uint64_t d0 = a[0], d1 = a[1], d2 = a[2], d3 = a[3], mask;
      std::uint64_t e0 = M[0], e1 = M[1], e2 = M[2], e3 = M[3];
      asm("subq %[b0], %[d0]\n\t"
          "sbbq %[b1], %[d1]\n\t"
          "sbbq %[b2], %[d2]\n\t"
          "sbbq %[b3], %[d3]\n\t"
          "sbbq %[mask], %[mask]\n\t"
          "andq %[mask], %[e0]\n\t"
          "andq %[mask], %[e1]\n\t"
          "andq %[mask], %[e2]\n\t"
          "andq %[mask], %[e3]\n\t"
          "addq %[e0], %[d0]\n\t"
          "adcq %[e1], %[d1]\n\t"
          "adcq %[e2], %[d2]\n\t"
          "adcq %[e3], %[d3]\n\t"
          : [d0] "+r"(d0), [d1] "+r"(d1), [d2] "+r"(d2), [d3] "+r"(d3), [e0] "+r"(e0),
            [e1] "+r"(e1), [e2] "+r"(e2), [e3] "+r"(e3), [mask] "=&r"(mask)
          : [b0] "rm"(b[0]), [b1] "rm"(b[1]), [b2] "rm"(b[2]), [b3] "rm"(b[3])
          : "cc");
      return {d0, d1, d2, d3};
    }
#endif
    Limbs diff{};
    const std::uint64_t mask = 0 - sub_limbs(diff, a, b);
    const Limbs masked_modulus = {M[0] & mask, M[1] & mask, M[2] & mask, M[3] & mask};
    add_limbs(diff, diff, masked_modulus);
    return diff;
  }

  /// a·b·R^-1 mod M (CIOS without a fifth limb). Contract: a < M; b may be any 256-bit value
  /// (a·b < M·2^256 keeps the result below 2M before the final subtraction), so a raw integer is
  /// converted by mul(kR2, raw). Uses the MULX/ADX kernel when kMulxAdx allows it; inlined so that
  /// the product stays in registers (the portable kernel is an out-of-line call).
  [[gnu::always_inline]] static constexpr Limbs mul(const Limbs& a, const Limbs& b) {
#if MERKLEFORGE_MONT_ASM
    if (!std::is_constant_evaluated() && kMulxAdx) return mul_mulx_adx(a, b);
#endif
    Limbs product;
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

#if MERKLEFORGE_MONT_ASM
  /// mul() with MULX and two carry chains (ADCX on CF, ADOX on OF). Precondition: the CPU has
  /// BMI2 and ADX (kMulxAdx). Always inlined (see the note on the assembly pieces).
  [[gnu::always_inline]] static Limbs mul_mulx_adx(const Limbs& a, const Limbs& b) {
    std::uint64_t t0, t1, t2, t3, t4, lo, hi;
    // clang-format off
    asm(MERKLEFORGE_MONT_FIRST_ROW("%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
        MERKLEFORGE_MONT_REDUCE("%[t0]", "%[t1]", "%[t2]", "%[t3]", "%[t4]")
        MERKLEFORGE_MONT_ROW("8(%[b])", "%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t0]")
        MERKLEFORGE_MONT_REDUCE("%[t1]", "%[t2]", "%[t3]", "%[t4]", "%[t0]")
        MERKLEFORGE_MONT_ROW("16(%[b])", "%[t2]", "%[t3]", "%[t4]", "%[t0]", "%[t1]")
        MERKLEFORGE_MONT_REDUCE("%[t2]", "%[t3]", "%[t4]", "%[t0]", "%[t1]")
        MERKLEFORGE_MONT_ROW("24(%[b])", "%[t3]", "%[t4]", "%[t0]", "%[t1]", "%[t2]")
        MERKLEFORGE_MONT_REDUCE("%[t3]", "%[t4]", "%[t0]", "%[t1]", "%[t2]")
        MERKLEFORGE_MONT_SUBTRACT_MODULUS("%[t4]", "%[t0]", "%[t1]", "%[t2]",
                                          "%%rax", "%%rdx", "%[lo]", "%[hi]")
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4),
          [lo] "=&r"(lo), [hi] "=&r"(hi)
        : [a] "r"(a.data()), [b] "r"(b.data()), "m"(a), "m"(b), [mod] "r"(kModulusAndInv)
        : "rax", "rdx", "cc");
    // clang-format on
    return {t4, t0, t1, t2};
  }
#endif

  static constexpr Limbs to_montgomery(const Limbs& canonical) {
    return mul(kR2, canonical);
  }
  static constexpr Limbs from_montgomery(const Limbs& mont) {
    return mul(mont, {1, 0, 0, 0});
  }

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
