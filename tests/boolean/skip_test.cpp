// The zerocheck's univariate skip (src/boolean/skip.hpp, zerocheck_prove.hpp): the AES8 subfield
// and its domain against the tower's own arithmetic, the first round's quotient against a naive
// evaluation for every kernel this CPU runs, and the pinned coordinates' condition (their
// weights' F2-rank), with a cheating prover that only rank-deficient constants let through.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "merkleforge/binius/aes_tower.hpp"
#include "merkleforge/boolean/engine.hpp"
#include "pipeline.hpp"
#include "skip_kernel.hpp"
#include "zerocheck_prove.hpp"

namespace merkleforge::boolean {
namespace {

using detail::embed_aes;

B128 random_b128(std::mt19937_64& rng) {
  return B128((binius::uint128{rng()} << 64) | rng());
}

// φ is a field embedding: the tower's product of the images is the image of the Rijndael
// product (two independent multiplications), and 1 ↦ 1.
TEST(UnivariateSkip, AesBytesEmbedAsASubfield) {
  EXPECT_EQ(embed_aes(1), B128::one());
  for (unsigned a = 0; a < 256; a += 7) {
    for (unsigned b = 0; b < 256; b += 5) {
      const auto x = static_cast<std::uint8_t>(a), y = static_cast<std::uint8_t>(b);
      ASSERT_EQ(embed_aes(x) * embed_aes(y), embed_aes(binius::rijndael_mul(x, y)))
          << a << " " << b;
    }
    if (a != 0) {
      EXPECT_EQ(embed_aes(static_cast<std::uint8_t>(a)) *
                    embed_aes(detail::aes_inverse(static_cast<std::uint8_t>(a))),
                B128::one());
    }
  }
}

// Z_D vanishes exactly on D; L_b is D's Lagrange basis; the AES8 forms equal the B128 ones.
TEST(UnivariateSkip, DomainPolynomialsAreDs) {
  for (unsigned d = 0; d < 256; ++d) {
    const B128 y = embed_aes(static_cast<std::uint8_t>(d));
    EXPECT_EQ(detail::vanishing(y) == B128::zero(), d < 64) << d;
    EXPECT_EQ(detail::vanishing(y), embed_aes(detail::vanishing_aes(static_cast<std::uint8_t>(d))));
    const std::vector<B128> l = detail::lagrange(y);
    if (d < 64) {
      for (unsigned b = 0; b < 64; ++b) {
        ASSERT_EQ(l[b], d == b ? B128::one() : B128::zero()) << d << " " << b;
      }
    } else {
      const auto aes = detail::lagrange_aes(static_cast<std::uint8_t>(d));
      for (unsigned b = 0; b < 64; ++b) ASSERT_EQ(l[b], embed_aes(aes[b])) << d << " " << b;
    }
  }
  // Σ_b L_b(y)·f(d(b)) = f(y) for f of degree < 64 (here f(Y) = Y^63 + Y^5 + 1), at a random y.
  std::mt19937_64 rng(5);
  const B128 y = random_b128(rng);
  const auto f = [](B128 x) {
    B128 p = B128::one();
    for (int i = 0; i < 63; ++i) p *= x;
    return p + x * x * x * x * x + B128::one();
  };
  const std::vector<B128> l = detail::lagrange(y);
  B128 sum;
  for (unsigned b = 0; b < 64; ++b) sum += l[b] * f(embed_aes(static_cast<std::uint8_t>(b)));
  EXPECT_EQ(sum, f(y));
}

// Q's values at E_0 … E_62 determine it: a random polynomial of degree 62, evaluated by Horner.
TEST(UnivariateSkip, QuotientIsInterpolatedFromItsValues) {
  std::mt19937_64 rng(6);
  std::vector<B128> coeffs(63);
  for (B128& c : coeffs) c = random_b128(rng);
  const auto horner = [&](B128 x) {
    B128 v;
    for (auto c = coeffs.rbegin(); c != coeffs.rend(); ++c) v = v * x + *c;
    return v;
  };
  std::vector<B128> values;
  for (unsigned i = 0; i < detail::kQuotientPoints; ++i)
    values.push_back(horner(embed_aes(detail::quotient_point(i))));
  const B128 y = random_b128(rng);
  EXPECT_EQ(detail::quotient_at(values, y), horner(y));
}

/// The F2-rank of 8-bit values (a basis by elimination).
unsigned f2_rank(std::vector<binius::uint128> values) {
  unsigned rank = 0;
  for (unsigned bit = 0; bit < 128; ++bit) {
    auto pivot = std::find_if(values.begin(), values.end(),
                              [&](binius::uint128 v) { return ((v >> bit) & 1) != 0; });
    if (pivot == values.end()) continue;
    const binius::uint128 p = *pivot;
    values.erase(pivot);
    for (auto& v : values) {
      if ((v >> bit) & 1) v ^= p;
    }
    ++rank;
  }
  return rank;
}

/// The 8 weights eq(c, j) of pinned constants, computed in B128 (not through the AES8 code).
std::vector<binius::uint128> tower_weights(const detail::PinnedConstants& c) {
  std::vector<binius::uint128> out;
  for (unsigned j = 0; j < 8; ++j) {
    B128 w = B128::one();
    for (unsigned i = 0; i < 3; ++i) {
      const B128 ci = embed_aes(c[i]);
      w *= ((j >> i) & 1) ? ci : ci + B128::one();
    }
    out.push_back(w.value());
  }
  return out;
}

// The lemma's condition: our pinned constants' 8 weights are F2-independent; the all-zero and
// all-one constants see one word of 8 only.
TEST(UnivariateSkip, PinnedWeightsAreF2Independent) {
  EXPECT_EQ(f2_rank(tower_weights(detail::kPinned)), 8u);
  EXPECT_EQ(f2_rank(tower_weights({0, 0, 0})), 1u);
  EXPECT_EQ(f2_rank(tower_weights({1, 1, 1})), 1u);
  const auto aes = detail::pinned_weights(detail::kPinned);
  const auto tower = tower_weights(detail::kPinned);
  for (unsigned j = 0; j < 8; ++j) EXPECT_EQ(embed_aes(aes[j]).value(), tower[j]) << j;
}

/// R(E_e) = Σ_w eq(τ, w)·(Â·B̂ + Ẑ)(E_e, w), from the definitions in B128.
std::vector<B128> naive_round(const std::vector<std::uint64_t>& a,
                              const std::vector<std::uint64_t>& b,
                              const std::vector<std::uint64_t>& z, std::span<const B128> tau) {
  std::vector<B128> r(detail::kQuotientPoints);
  for (unsigned e = 0; e < detail::kQuotientPoints; ++e) {
    const std::vector<B128> l = detail::lagrange(embed_aes(detail::quotient_point(e)));
    const auto extend = [&](std::uint64_t word) {
      B128 sum;
      for (unsigned bit = 0; bit < 64; ++bit) {
        if ((word >> bit) & 1) sum += l[bit];
      }
      return sum;
    };
    for (std::size_t w = 0; w < a.size(); ++w) {
      B128 eq = B128::one();
      for (std::size_t i = 0; i < tau.size(); ++i)
        eq *= ((w >> i) & 1) ? tau[i] : tau[i] + B128::one();
      r[e] += eq * (extend(a[w]) * extend(b[w]) + extend(z[w]));
    }
  }
  return r;
}

TEST(UnivariateSkip, EveryKernelGivesTheNaiveFirstRound) {
  std::mt19937_64 rng(7);
  const std::size_t words = 64;  // m = 6: 3 pinned, 3 random coordinates
  std::vector<std::uint64_t> a(words), b(words), z(words);
  for (std::size_t w = 0; w < words; ++w) a[w] = rng(), b[w] = rng(), z[w] = rng();
  std::vector<B128> random(3);
  for (B128& t : random) t = random_b128(rng);
  const std::vector<B128> expected =
      naive_round(a, b, z, detail::word_point(detail::kPinned, random));
  const std::vector<std::string_view> kernels = detail::skip_kernels().available();
  ASSERT_FALSE(kernels.empty());
  for (const std::string_view kernel : kernels) {
    ASSERT_TRUE(detail::skip_kernels().select(kernel).ok());
    const std::vector<B128> q = detail::quotient_values({a, b, z}, detail::kPinned, random);
    for (unsigned e = 0; e < detail::kQuotientPoints; ++e) {
      ASSERT_EQ(q[e] * embed_aes(detail::vanishing_aes(detail::quotient_point(e))), expected[e])
          << kernel << " point " << e;
    }
  }
  ASSERT_TRUE(detail::skip_kernels().select(kernels.back()).ok());
}

// A false output bit breaks one row only (no row reads an output). Placed in a word that the
// all-zero constants do not see (word index 1 mod 8), it is accepted when prover and verifier pin
// those rank-deficient constants, a false Keccak-f output proved; ours reject it.
TEST(UnivariateSkip, RankDeficientPinsAcceptAFalseOutputThatOursReject) {
  const Circuit& keccak = keccakf_circuit();
  Bytes inputs(2 * 200);
  std::mt19937_64 rng(8);
  for (auto& byte : inputs) byte = static_cast<std::uint8_t>(rng());
  std::vector<std::uint64_t> z(2 * keccak.words());
  for (std::size_t i = 0; i < 2; ++i) {
    keccak.witness(std::span(inputs).subspan(200 * i, 200),
                   {z.data() + i * keccak.words(), keccak.words()});
  }
  const std::size_t bit = keccak.output_offset() + 64 * 1 + 17;  // word 993 ≡ 1 (mod 8)
  ASSERT_EQ((bit / 64) % 8, 1u);
  z[bit / 64] ^= std::uint64_t{1} << (bit % 64);
  Bytes outputs(2 * 200);
  for (std::size_t i = 0; i < 2; ++i) {
    keccak.output(std::span(z).subspan(i * keccak.words(), keccak.words()),
                  std::span(outputs).subspan(200 * i, 200));
  }
  const detail::PinnedConstants deficient = {0, 0, 0};
  auto weak = detail::prove_bits(keccak, 2, z, outputs, {}, nullptr, deficient);
  ASSERT_TRUE(weak.ok()) << weak.error().message;
  EXPECT_TRUE(detail::verify_pinned(keccak, 2, outputs, *weak, {}, deficient).ok())
      << "the kernel of rank-deficient weights hides the false row";
  auto ours = detail::prove_bits(keccak, 2, z, outputs);
  ASSERT_TRUE(ours.ok());
  const Status status = verify(keccak, 2, outputs, *ours);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Errc::corrupt_data) << status.error().message;
}

}  // namespace
}  // namespace merkleforge::boolean
