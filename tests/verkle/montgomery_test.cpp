// Every Montgomery multiplication kernel this CPU can run, against OpenSSL's BIGNUM: a·b·2^-256 mod
// m for both moduli, on random and edge-case operands (including the raw 256-bit right operands of
// conversions).
#include "merkleforge/verkle/montgomery.hpp"

#include <gtest/gtest.h>
#include <openssl/bn.h>

#include <cstdlib>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/core/cpu.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle {
namespace {

using detail::Limbs;
using BnPtr = std::unique_ptr<BIGNUM, decltype(&BN_free)>;
using Kernel = std::function<Limbs(const Limbs&, const Limbs&)>;

BnPtr to_bn(const Limbs& limbs) {
  std::array<std::uint8_t, 32> bytes{};
  for (std::size_t i = 0; i < 32; ++i)
    bytes[i] = static_cast<std::uint8_t>(limbs[i / 8] >> (8 * (i % 8)));
  return BnPtr(BN_lebin2bn(bytes.data(), 32, nullptr), &BN_free);
}

Limbs from_bn(const BIGNUM* value) {
  std::array<std::uint8_t, 32> bytes{};
  EXPECT_EQ(BN_bn2lebinpad(value, bytes.data(), 32), 32);
  Limbs limbs{};
  for (std::size_t i = 0; i < 32; ++i) limbs[i / 8] |= std::uint64_t{bytes[i]} << (8 * (i % 8));
  return limbs;
}

/// a·b·2^-256 mod m by OpenSSL.
Limbs reference_montgomery_product(const Limbs& a, const Limbs& b, const Limbs& modulus) {
  std::unique_ptr<BN_CTX, decltype(&BN_CTX_free)> ctx(BN_CTX_new(), &BN_CTX_free);
  const BnPtr m = to_bn(modulus);
  BnPtr r(BN_new(), &BN_free), r_inverse(BN_new(), &BN_free), product(BN_new(), &BN_free);
  BN_set_bit(r.get(), 256);
  BN_mod_inverse(r_inverse.get(), r.get(), m.get(), ctx.get());
  BN_mod_mul(product.get(), to_bn(a).get(), to_bn(b).get(), m.get(), ctx.get());
  BN_mod_mul(product.get(), product.get(), r_inverse.get(), m.get(), ctx.get());
  return from_bn(product.get());
}

Limbs random_below(std::mt19937_64& rng, const Limbs& bound) {
  for (;;) {
    Limbs value = {rng(), rng(), rng(), rng() >> 1};
    if (detail::less_than(value, bound)) return value;
  }
}

/// The kernels of Montgomery<M> this CPU can run, by name.
template <Limbs M>
std::vector<std::pair<std::string, Kernel>> available_kernels() {
  using Mont = detail::Montgomery<M>;
  std::vector<std::pair<std::string, Kernel>> kernels = {{"portable", &Mont::mul_portable}};
#if defined(__x86_64__)
  if (cpu_features().bmi2 && cpu_features().adx && detail::mulx_adx_compiled()) {
    kernels.emplace_back("mulx_adx", [](const Limbs& a, const Limbs& b) {
      Limbs out;
      detail::mul_mulx_adx<M>(out, a, b);
      return out;
    });
  }
#endif
  return kernels;
}

template <Limbs M>
void check_kernels_against_openssl() {
  const Limbs minus_one = {M[0] - 1, M[1], M[2], M[3]};
  const Limbs all_ones = {~0ULL, ~0ULL, ~0ULL, ~0ULL};
  std::vector<Limbs> left = {{0, 0, 0, 0}, {1, 0, 0, 0}, minus_one, detail::Montgomery<M>::kR2};
  std::vector<Limbs> right = left;
  right.push_back(all_ones);  // raw right operands may use all 256 bits
  std::mt19937_64 rng(2026);
  for (int i = 0; i < 200; ++i) {
    left.push_back(random_below(rng, M));
    right.push_back({rng(), rng(), rng(), rng()});
  }
  for (const auto& [name, kernel] : available_kernels<M>()) {
    int mismatches = 0;
    for (const Limbs& a : left) {
      for (std::size_t j = 0; j < right.size(); j += 7) {
        const Limbs& b = right[j];
        if (kernel(a, b) != reference_montgomery_product(a, b, M)) ++mismatches;
      }
      if (kernel(a, all_ones) != reference_montgomery_product(a, all_ones, M)) ++mismatches;
      if (kernel(a, minus_one) != reference_montgomery_product(a, minus_one, M)) ++mismatches;
    }
    EXPECT_EQ(mismatches, 0) << name;
  }
}

TEST(VerkleMontgomery, EveryKernelMatchesOpenSslForFp) {
  check_kernels_against_openssl<Fp::kModulus>();
}

TEST(VerkleMontgomery, EveryKernelMatchesOpenSslForFr) {
  check_kernels_against_openssl<Fr::kModulus>();
}

TEST(VerkleMontgomery, KernelsAgreeOnLongRandomChains) {
  // Products feed back into the next multiplication, so values spread over the whole range.
  using Mont = detail::Montgomery<Fp::kModulus>;
  const auto kernels = available_kernels<Fp::kModulus>();
  std::mt19937_64 rng(7);
  Limbs x = random_below(rng, Fp::kModulus);
  const Limbs y = random_below(rng, Fp::kModulus);
  for (int i = 0; i < 20000; ++i) {
    const Limbs expected = Mont::mul_portable(x, y);
    for (const auto& [name, kernel] : kernels)
      ASSERT_EQ(kernel(x, y), expected) << name << " step " << i;
    ASSERT_TRUE(detail::less_than(expected, Fp::kModulus));
    x = expected;
  }
}

// Which kernel mul() dispatches to: MULX/ADX where the CPU has it, unless MERKLEFORGE_KERNEL
// requests "portable" for the field before any "mulx-adx" (the portable_kernel. ctest run, which
// includes this test, sets MERKLEFORGE_KERNEL=portable).
TEST(VerkleMontgomery, ActiveKernelIsTheRequestedOne) {
  const bool cpu_has_mulx_adx =
      cpu_features().bmi2 && cpu_features().adx && detail::mulx_adx_compiled();
  bool expected = cpu_has_mulx_adx;
  const char* spec = std::getenv(kKernelEnvironmentVariable);
  for (std::string_view name : requested_kernels(spec ? spec : "", "verkle-fp")) {
    if (name == "portable" || (name == "mulx-adx" && cpu_has_mulx_adx)) {
      expected = name == "mulx-adx";
      break;
    }
  }
  EXPECT_EQ(detail::kMulxAdx, expected);
  EXPECT_EQ(detail::mulx_adx_enabled(), expected);
  EXPECT_EQ(field_kernel_name(), expected ? "mulx-adx" : "portable");
}

}  // namespace
}  // namespace merkleforge::verkle
