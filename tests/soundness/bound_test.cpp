// The soundness account: sums, the round-by-round error and the Fiat–Shamir bound against values
// computed here by hand, and the terms of soundness/terms.hpp against their formulas' values.
#include "merkleforge/soundness/bound.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "merkleforge/soundness/terms.hpp"

namespace merkleforge::soundness {
namespace {

TEST(SoundnessBound, SumsTermsAndFindsTheLargestRound) {
  const Bound bound{{{"a", std::exp2(-101.0), std::exp2(-110.0), 10, "SC"},
                     {"b", std::exp2(-101.0), std::exp2(-101.0), 1, "FRI-QUERY"}}};
  EXPECT_NEAR(bound.bits(), 100.0, 1e-12);  // 2·2^-101
  EXPECT_EQ(bound.largest_round().name, "b");
  EXPECT_NEAR(bound.round_bits(), 101.0, 1e-12);
  EXPECT_EQ(bound.rounds(), 11u);
  // (2^40 + 11)·2^-101 + 3·2^-176: log2 = −61 + log2(1 + 11·2^-40) (the collision term is
  // 2^-174.4, far below).
  EXPECT_NEAR(bound.fiat_shamir_log2_error(40), -61.0 + std::log2(1 + 11 * std::exp2(-40)), 1e-9);
  // At 2^100 calls the collision term 3·2^-56 is far below 2^-1 as well.
  EXPECT_NEAR(bound.fiat_shamir_log2_error(100), -1.0, 1e-9);
  // At 2^127 calls the collision term 3·2^-2 = 0.75 dominates 2^26: the sum is 2^26 + 0.75.
  EXPECT_NEAR(bound.fiat_shamir_log2_error(127), std::log2(std::exp2(26) + 0.75), 1e-9);
}

TEST(SoundnessBound, DescribeStatesBothBoundsAndWhatIsNotClaimed) {
  // 0.75^242 + 2^23/2^128 = 2^-100.38.
  const Bound bound{{pcs_queries(242, 1), pcs_folding(22, 1)}};
  const std::string text = bound.describe(100);
  for (const char* part :
       {"pcs queries", "pcs folding", "FRI-QUERY", "knowledge soundness, interactive",
        "round-by-round: the largest error of one round is 2^-100.44 (pcs queries)",
        "(2^k + 1)·2^-100.44 + 3·2^(2k - 256)", "not zero-knowledge",
        "security (interactive): 100.38 bits (target 100)"}) {
    EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
  }
}

// Each builder against its formula evaluated here (log2 of the count over 2^128).
TEST(SoundnessTerms, FormulasGiveTheDocumentedValues) {
  EXPECT_NEAR(std::log2(linear_check("l", 3, 10).probability), std::log2(30.0) - 128, 1e-9);
  const Term zc = zerocheck("z", 125, 22, 2);  // 124 + 22 + 22·3 = 212; one round ≤ 124
  EXPECT_NEAR(std::log2(zc.probability), std::log2(212.0) - 128, 1e-9);
  EXPECT_NEAR(std::log2(zc.round_error), std::log2(124.0) - 128, 1e-9);
  EXPECT_EQ(zc.rounds, 24u);
  EXPECT_NEAR(std::log2(sumcheck("s", 16, 30, 4).probability), std::log2(135.0) - 128, 1e-9);
  // GKR, N = 20 layers, k = 4 products: Σ_l (3 + 3l + 1) = 4·20 + 3·190 = 650.
  EXPECT_NEAR(std::log2(grand_product("g", 4, 20).probability), std::log2(650.0) - 128, 1e-9);
  EXPECT_NEAR(std::log2(multiset("m", std::exp2(26), 3).probability), 26 + std::log2(3.0) - 128,
              1e-9);
  EXPECT_NEAR(std::log2(shift_reductions("e", 2, 112, 512).probability),
              std::log2(2.0 * (112 * 512 + 32)) - 128, 1e-9);
  EXPECT_NEAR(std::log2(group_batching("g", 512, 7).probability), std::log2(3584.0) - 128, 1e-9);
  EXPECT_NEAR(std::log2(pcs_sumcheck(22).probability), std::log2(44.0) - 128, 1e-9);
  EXPECT_NEAR(std::log2(pcs_folding(22, 1).probability), 23.0 - 128, 1e-9);
  EXPECT_NEAR(std::log2(pcs_queries(242, 1).probability), 242 * std::log2(0.75), 1e-9);
  EXPECT_NEAR(std::log2(pcs_queries(148, 2).probability), 148 * std::log2(0.625), 1e-9);
  EXPECT_NEAR(std::log2(pcs_claim_batching(65536).probability), std::log2(65535.0) - 128, 1e-9);
  EXPECT_NEAR(std::log2(pcs_ring_switching().probability), std::log2(14.0) - 128, 1e-9);
}

}  // namespace
}  // namespace merkleforge::soundness
