// The additive NTT: known answers (additive_ntt.json), agreement with the novel-basis polynomial
// evaluated from its definition, inverse ∘ forward = identity (serial and parallel sizes, batches,
// cosets), and rejection of bad shapes — for every POLYVAL kernel.
#include "merkleforge/binius/additive_ntt.hpp"

#include <gtest/gtest.h>

#include <random>

#include "binius/binius_support.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "support/vectors.hpp"

namespace merkleforge::binius {
namespace {

using test::random_b128s;

using test::evaluate_novel_basis;
using test::for_each_polyval_isa;
using test::normalized_subspace_poly;
using test::parse_uint128;

std::vector<B128> hex_list(const nlohmann::json& list) {
  std::vector<B128> values;
  for (const auto& hex : list) values.emplace_back(parse_uint128(hex.get<std::string>()));
  return values;
}

TEST(BiniusAdditiveNtt, KnownAnswers) {
  const auto vectors = merkleforge::test::load_vectors("binius/additive_ntt.json")["vectors"];
  ASSERT_EQ(vectors.size(), 3u);
  for_each_polyval_isa([&] {
    for (const auto& v : vectors) {
      const unsigned log_n = v["log_n"];
      const auto coefficients = hex_list(v["coefficients"]);
      for (std::uint64_t coset : {0u, 1u}) {
        SCOPED_TRACE("log_n " + std::to_string(log_n) + " coset " + std::to_string(coset));
        auto data = coefficients;
        ASSERT_TRUE(additive_ntt_forward(data, {log_n, 0, coset}).ok());
        EXPECT_EQ(data, hex_list(v[coset == 0 ? "coset0" : "coset1"]));
        ASSERT_TRUE(additive_ntt_inverse(data, {log_n, 0, coset}).ok());
        EXPECT_EQ(data, coefficients);
      }
    }
  });
}

TEST(BiniusAdditiveNtt, TwiddlesMatchKnownAnswers) {
  const auto vectors = merkleforge::test::load_vectors("binius/additive_ntt.json")["vectors"];
  for (const auto& v : vectors) {
    const unsigned log_n = v["log_n"];
    for (std::uint64_t coset : {0u, 1u}) {
      const auto& rounds = v[coset == 0 ? "twiddles_coset0" : "twiddles_coset1"];
      for (unsigned round = 0; round < log_n; ++round) {
        const auto expected = hex_list(rounds[round]);
        ASSERT_EQ(expected.size(), std::size_t{1} << (log_n - 1 - round));
        for (std::size_t block = 0; block < expected.size(); ++block) {
          EXPECT_EQ(additive_ntt_twiddle(log_n, round, block, coset)->value(),
                    expected[block].value())
              << "log_n " << log_n << " coset " << coset << " round " << round << " block "
              << block;
        }
      }
    }
  }
}

TEST(BiniusAdditiveNtt, AgreesWithNaiveEvaluation) {
  std::mt19937_64 rng(21);
  for (unsigned log_n = 0; log_n <= 5; ++log_n) {
    const auto coefficients = random_b128s(rng, std::size_t{1} << log_n);
    for (std::uint64_t coset : {0u, 1u, 2u, 5u}) {
      std::vector<B128> expected;
      for (std::uint32_t k = 0; k < coefficients.size(); ++k) {
        expected.emplace_back(
            evaluate_novel_basis(coefficients, k ^ static_cast<std::uint32_t>(coset << log_n)));
      }
      for_each_polyval_isa([&] {
        std::vector<B128> data(coefficients.begin(), coefficients.end());
        ASSERT_TRUE(additive_ntt_forward(data, {log_n, 0, coset}).ok());
        EXPECT_EQ(data, expected) << "log_n " << log_n << " coset " << coset;
      });
    }
  }
}

TEST(BiniusAdditiveNtt, InterleavedBatchEqualsSeparateTransforms) {
  std::mt19937_64 rng(22);
  const unsigned log_n = 6, log_batch = 3;
  const auto data = random_b128s(rng, std::size_t{1} << (log_n + log_batch));
  auto batched = data;
  ASSERT_TRUE(additive_ntt_forward(batched, {log_n, log_batch, 3}).ok());
  for (std::size_t poly = 0; poly < (1u << log_batch); ++poly) {
    std::vector<B128> single;
    for (std::size_t k = 0; k < (1u << log_n); ++k) single.push_back(data[(k << log_batch) + poly]);
    ASSERT_TRUE(additive_ntt_forward(single, {log_n, 0, 3}).ok());
    for (std::size_t k = 0; k < single.size(); ++k) {
      EXPECT_EQ(batched[(k << log_batch) + poly], single[k]) << poly << " " << k;
    }
  }
}

// Sizes from one value to beyond the parallel threshold and the cache-block split, with batches.
TEST(BiniusAdditiveNtt, InverseUndoesForward) {
  std::mt19937_64 rng(23);
  const NttShape shapes[] = {{0, 0, 0},  {1, 0, 1},  {3, 2, 7},     {9, 0, 100},
                             {12, 3, 2}, {14, 0, 9}, {13, 1, 4095}, {8, 6, 0}};
  for (const NttShape& shape : shapes) {
    const auto original = random_b128s(rng, std::size_t{1} << (shape.log_n + shape.log_batch));
    for_each_polyval_isa([&] {
      auto data = original;
      ASSERT_TRUE(additive_ntt_forward(data, shape).ok());
      if (shape.log_n > 0) {
        EXPECT_NE(data, original);
      }
      ASSERT_TRUE(additive_ntt_inverse(data, shape).ok());
      EXPECT_EQ(data, original) << shape.log_n << " " << shape.log_batch << " " << shape.coset;
    });
  }
}

// At a size that runs on the TBB pool (2^16), naive evaluation of a random polynomial is too slow;
// linearity gives a cheap check instead: NTT(a + e_j) - NTT(a) is the novel basis polynomial X_j
// evaluated on the coset, computed here from the definitions at sampled points.
TEST(BiniusAdditiveNtt, LargeTransformIsLinearInTheNovelBasis) {
  std::mt19937_64 rng(24);
  const unsigned log_n = 16;
  const std::uint64_t coset = 1;
  const auto data = random_b128s(rng, std::size_t{1} << log_n);
  auto plain = data, shifted = data;
  const std::size_t j = 0x234;  // low indices keep the literal products W_i short
  shifted[j] += B128::one();
  ASSERT_TRUE(additive_ntt_forward(plain, {log_n, 0, coset}).ok());
  ASSERT_TRUE(additive_ntt_forward(shifted, {log_n, 0, coset}).ok());
  for (std::uint32_t k = 0; k < (1u << log_n); k += 4099) {
    const auto x = static_cast<std::uint32_t>(k ^ (coset << log_n));
    uint128 basis = 1;
    for (unsigned i = 0; i < log_n; ++i) {
      if ((j >> i) & 1) basis = tower_mul(5, basis, normalized_subspace_poly(i, x));
    }
    EXPECT_EQ((shifted[k] + plain[k]).value(), basis) << k;
  }
}

TEST(BiniusAdditiveNtt, BadShapesAreRejected) {
  std::vector<B128> eight(8);
  auto status = additive_ntt_forward(eight, {4, 0, 0});
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Errc::wrong_size);
  status = additive_ntt_forward(eight, {3, 0, std::uint64_t{1} << 29});  // 3 + 30 bits > 32
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Errc::invalid_argument);
  EXPECT_TRUE(additive_ntt_forward(eight, {3, 0, (std::uint64_t{1} << 29) - 1}).ok());
  EXPECT_FALSE(additive_ntt_inverse(eight, {2, 0, 0}).ok());
  EXPECT_FALSE(additive_ntt_inverse(eight, {33, 0, 0}).ok());
  EXPECT_FALSE(additive_ntt_twiddle(3, 3, 0, 0).ok());
  EXPECT_FALSE(additive_ntt_twiddle(3, 0, 4, 0).ok());
  EXPECT_FALSE(additive_ntt_twiddle(3, 0, 0, std::uint64_t{1} << 29).ok());
  EXPECT_FALSE(additive_ntt_twiddle(0, 0, 0, 0).ok());
}

}  // namespace
}  // namespace merkleforge::binius
