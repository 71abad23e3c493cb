// The prover's kernels: the skip round's (src/boolean/prover/skip_kernel.hpp) byte for byte
// against V_e(h) computed from its definition in AES8, and the lincheck fold's (fold_kernel.hpp)
// against additions bit by bit; every kernel this CPU runs, and in test_boolean_emulated_isa the
// gfni512 and avx512 kernels under SIMDe on any x86-64 CPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "fold_kernel.hpp"
#include "skip_kernel.hpp"

namespace merkleforge::boolean::detail {
namespace {

/// V_e(h) = Σ_j p_j·(Â·B̂ + Ẑ)(E_e, 8h + j) from the definitions: X̂(E_e, w) = Σ_b L_b(E_e)·bit b.
std::vector<std::uint8_t> definition(const std::vector<std::uint64_t>& a,
                                     const std::vector<std::uint64_t>& b,
                                     const std::vector<std::uint64_t>& z) {
  const auto weights = pinned_weights(kPinned);
  std::vector<std::uint8_t> out(kValuesPerChunk * (a.size() / 8), 0);
  for (std::size_t w = 0; w < a.size(); ++w) {
    for (unsigned e = 0; e < kQuotientPoints; ++e) {
      const auto lagrange = lagrange_aes(quotient_point(e));
      std::uint8_t x[3] = {0, 0, 0};
      const std::uint64_t words[3] = {a[w], b[w], z[w]};
      for (unsigned c = 0; c < 3; ++c) {
        for (unsigned bit = 0; bit < 64; ++bit) {
          if ((words[c] >> bit) & 1) x[c] ^= lagrange[bit];
        }
      }
      const std::uint8_t value = aes_mul(x[0], x[1]) ^ x[2];
      out[kValuesPerChunk * (w / 8) + e] ^= aes_mul(weights[w % 8], value);
    }
  }
  return out;
}

std::vector<std::uint8_t> run(const SkipKernel& kernel, const SkipTables& tables,
                              const std::vector<std::uint64_t>& a,
                              const std::vector<std::uint64_t>& b,
                              const std::vector<std::uint64_t>& z) {
  const std::size_t chunks = a.size() / 8;
  std::vector<std::uint8_t> out(kValuesPerChunk * chunks, 0);
  kernel.chunk_values(tables, a.data(), b.data(), z.data(), 0, chunks, out.data());
  for (std::size_t h = 0; h < chunks; ++h) out[kValuesPerChunk * h + kQuotientPoints] = 0;
  return out;
}

TEST(SkipKernels, EveryKernelGivesTheDefinitionsBytes) {
  std::mt19937_64 rng(21);
  std::vector<std::uint64_t> a(64), b(64), z(64);
  for (std::size_t w = 0; w < a.size(); ++w) {
    a[w] = rng(), b[w] = rng() & rng(), z[w] = w % 5 == 0 ? 0 : rng();
  }
  const SkipTables tables = make_skip_tables(kPinned);
  const std::vector<std::uint8_t> expected = definition(a, b, z);
  ASSERT_EQ(run(kSkipPortable, tables, a, b, z), expected);
  const std::vector<std::string_view> kernels = skip_kernels().available();
#if defined(MERKLEFORGE_TEST_EXPECTS_GFNI512)
  ASSERT_NE(std::find(kernels.begin(), kernels.end(), "gfni512"), kernels.end());
#endif
  for (const std::string_view name : kernels) {
    ASSERT_TRUE(skip_kernels().select(name).ok());
    EXPECT_EQ(run(*skip_kernels().active().table, tables, a, b, z), expected) << name;
  }
  ASSERT_TRUE(skip_kernels().select(kernels.back()).ok());
}

TEST(FoldKernels, EveryKernelAddsTheWeightAtEverySetBit) {
  std::mt19937_64 rng(22);
  std::vector<std::uint64_t> words(37);
  for (std::size_t w = 0; w < words.size(); ++w) {
    words[w] = w % 4 == 0 ? 0 : (w % 4 == 1 ? ~std::uint64_t{0} : rng() & rng());
  }
  const binius::B128P weight = binius::B128P::from_bits((binius::uint128{rng()} << 64) | rng());
  std::vector<binius::B128P> start(64 * words.size());
  for (auto& v : start) v = binius::B128P::from_bits((binius::uint128{rng()} << 64) | rng());
  std::vector<binius::B128P> expected = start;
  for (std::size_t w = 0; w < words.size(); ++w) {
    for (unsigned k = 0; k < 64; ++k) {
      if ((words[w] >> k) & 1) expected[64 * w + k] += weight;
    }
  }
  const std::vector<std::string_view> kernels = fold_kernels().available();
#if defined(MERKLEFORGE_TEST_EXPECTS_AVX512)
  ASSERT_NE(std::find(kernels.begin(), kernels.end(), "avx512"), kernels.end());
#endif
  for (const std::string_view name : kernels) {
    ASSERT_TRUE(fold_kernels().select(name).ok());
    std::vector<binius::B128P> folded = start;
    fold_kernels().active().table->add_words(words.data(), words.size(), weight, folded.data());
    EXPECT_EQ(folded, expected) << name;
  }
  ASSERT_TRUE(fold_kernels().select(kernels.back()).ok());
}

}  // namespace
}  // namespace merkleforge::boolean::detail
