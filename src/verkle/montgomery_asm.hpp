// The MULX/ADCX/ADOX Montgomery kernel as inline assembly, for the *_adx.cpp files only (compiled
// with BMI2 and ADX, reached only when the field's dispatcher chose "mulx-adx"): the
// multiplication (montgomery_adx.cpp exports it for PrimeField), and addition and subtraction as
// carry chains with conditional moves, all inlined into the point formulas (banderwagon_adx.cpp).
#pragma once

#include "merkleforge/verkle/montgomery.hpp"

namespace merkleforge::verkle::detail {

// The assembly below, unless clang builds with AddressSanitizer (the libFuzzer build): the
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
struct MontgomeryAsm {
  using Mont = Montgomery<M>;
  static constexpr const std::uint64_t* kModulusAndInv = Mont::kModulusAndInv;

  /// Mont::add, as an add/adc chain and conditional moves.
  [[gnu::always_inline]] static Limbs add(const Limbs& a, const Limbs& b) {
#if MERKLEFORGE_MONT_ASM
    {
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
#else
    return Mont::add(a, b);
#endif
  }

  /// Mont::sub: the modulus added back under a borrow mask.
  [[gnu::always_inline]] static Limbs sub(const Limbs& a, const Limbs& b) {
#if MERKLEFORGE_MONT_ASM
    {
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
#else
    return Mont::sub(a, b);
#endif
  }

  /// Mont::mul with MULX and two carry chains (ADCX on CF, ADOX on OF).
  [[gnu::always_inline]] static Limbs mul(const Limbs& a, const Limbs& b) {
#if MERKLEFORGE_MONT_ASM
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
#else
    return Mont::mul_portable(a, b);
#endif
  }
};

}  // namespace merkleforge::verkle::detail
