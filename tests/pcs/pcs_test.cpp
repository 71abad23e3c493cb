// FRI-Binius PCS: parameters against the soundness formula written out here, honest openings of
// every tower level against a naive evaluation, the fixed proof layout, and rejection of every
// kind of altered input, including the measured rejection rate of a corrupted codeword.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "merkleforge/pcs/codeword_commitment.hpp"
#include "merkleforge/soundness/terms.hpp"
#include "merkleforge/transcript/transcript.hpp"
#include "pcs/pcs_support.hpp"

namespace merkleforge::pcs {
namespace {

using test::Instance;
using test::make_instance;

Status verify(const Instance& instance, ByteSpan proof) {
  return pcs_verify(instance.committed.params, instance.committed.root(), instance.claims, proof);
}

Bytes prove(const Instance& instance) {
  auto proof = pcs_prove(instance.committed, instance.claims);
  EXPECT_TRUE(proof.ok()) << (proof.ok() ? "" : proof.error().message);
  return proof.ok() ? *proof : Bytes{};
}

PcsConfig weak(unsigned queries) {
  PcsConfig config;
  config.fixed_queries = queries;
  return config;
}

// ---- parameters ----

// Query counts and totals derived by hand from the terms of docs/soundness.md (2ℓ*/2^128,
// 2^(ℓ*+R)/2^128, ((1 + 2^-R)/2)^q, 65535/2^128, 14/2^128), summed in double precision outside
// this code base: q is the fewest with the total at or below 2^-100, and q − 1 falls short.
struct PinnedQueries {
  unsigned total_vars, log_inv_rate, queries;
  double bits, bits_one_query_less;
};

TEST(PcsParams, QueryCountsAndTotalsAreTheIndependentlyDerivedOnes) {
  for (const PinnedQueries& pin :
       {PinnedQueries{12, 1, 241, 100.024, 99.609}, PinnedQueries{20, 1, 241, 100.012, 99.600},
        PinnedQueries{22, 1, 242, 100.379, 99.979}, PinnedQueries{24, 1, 242, 100.213, 99.851},
        PinnedQueries{12, 2, 148, 100.354, 99.676}, PinnedQueries{20, 2, 148, 100.326, 99.658},
        PinnedQueries{22, 2, 148, 100.243, 99.606}, PinnedQueries{24, 2, 149, 100.436, 99.954}}) {
    PcsConfig config;
    config.log_inv_rate = pin.log_inv_rate;
    auto params = derive_params({{7, pin.total_vars}}, config);
    ASSERT_TRUE(params.ok());
    EXPECT_EQ(params->total_vars, pin.total_vars);
    EXPECT_EQ(params->queries, pin.queries) << "l* " << pin.total_vars << " R " << pin.log_inv_rate;
    EXPECT_NEAR(params->soundness.bits(), pin.bits, 0.001);
    config.fixed_queries = pin.queries - 1;
    auto fewer = derive_params({{7, pin.total_vars}}, config);
    ASSERT_TRUE(fewer.ok());
    EXPECT_NEAR(fewer->soundness.bits(), pin.bits_one_query_less, 0.001);
  }
}

TEST(PcsParams, EachTermAtL22IsTheDerivedOne) {
  // l* = 22, rate 1/2, q = 242: log2 of 44/2^128, 2^23/2^128, 0.75^242, 65535/2^128, 14/2^128.
  auto params = derive_params({{7, 22}}, PcsConfig{});
  ASSERT_TRUE(params.ok());
  const std::vector<std::pair<std::string, double>> pinned = {{"pcs sumcheck", -122.54},
                                                              {"pcs folding", -105.00},
                                                              {"pcs queries", -100.44},
                                                              {"pcs claim batching", -112.00},
                                                              {"pcs ring-switching", -124.19}};
  ASSERT_EQ(params->soundness.terms.size(), pinned.size());
  for (std::size_t k = 0; k < pinned.size(); ++k) {
    EXPECT_EQ(params->soundness.terms[k].name, pinned[k].first);
    EXPECT_NEAR(std::log2(params->soundness.terms[k].probability), pinned[k].second, 0.005)
        << pinned[k].first;
  }
  const std::string text = describe(*params);
  EXPECT_NE(text.find("queries: 242"), std::string::npos) << text;
  EXPECT_NE(text.find("100.38 bits (target 100)"), std::string::npos) << text;
  EXPECT_NE(text.find("·2^-100.44 + 3·2^(2k - 256)"), std::string::npos) << text;
}

TEST(PcsParams, ArityMinimisesTheExpectedProofSize) {
  auto chosen = derive_params({{7, 22}}, PcsConfig{});
  ASSERT_TRUE(chosen.ok());
  const std::vector<EvaluationClaim> claims{{0, std::vector<B128>(22), B128::zero()}};
  const double best = expected_proof_size(*chosen, claims);
  for (unsigned arity = 1; arity <= 8; ++arity) {
    PcsConfig config;
    config.fixed_arity = arity;
    auto other = derive_params({{7, 22}}, config);
    ASSERT_TRUE(other.ok());
    EXPECT_LE(best, expected_proof_size(*other, claims)) << "arity " << arity;
  }
}

TEST(PcsParams, LayoutIsLargestFirst) {
  auto params = derive_params({{7, 3}, {0, 12}, {7, 5}, {3, 9}}, PcsConfig{});
  ASSERT_TRUE(params.ok());
  // Packed sizes: 2^3, 2^5 (B1 2^12 bits), 2^5, 2^5 (B8 2^9 bytes): 32 + 32 + 32 + 8 = 104.
  EXPECT_EQ(params->polynomials[1].offset, 0u);
  EXPECT_EQ(params->polynomials[2].offset, 32u);
  EXPECT_EQ(params->polynomials[3].offset, 64u);
  EXPECT_EQ(params->polynomials[0].offset, 96u);
  EXPECT_EQ(params->total_vars, 7u);
}

TEST(PcsParams, BadInputIsRejected) {
  EXPECT_FALSE(derive_params({}, PcsConfig{}).ok());
  EXPECT_FALSE(derive_params({{8, 3}}, PcsConfig{}).ok());
  EXPECT_FALSE(derive_params({{7, 40}}, PcsConfig{}).ok());
  PcsConfig rate8;
  rate8.log_inv_rate = 3;
  EXPECT_FALSE(derive_params({{7, 3}}, rate8).ok());
  PcsConfig too_secure;
  too_secure.security_bits = 121;
  EXPECT_FALSE(derive_params({{7, 3}}, too_secure).ok());
}

// Targets the other terms alone reach or pass (the claim batching's 2^-112, or the folding term
// at the fold proof of work's rule): no query count can help, and derive_params must say so (it
// once looped forever here, the "other terms" cancelling to zero).
TEST(PcsParams, UnreachableTargetsAreRefusedNotSearchedForever) {
  struct Case {
    unsigned total_vars, log_inv_rate, security_bits;
  };
  for (const Case c : {Case{22, 1, 112}, Case{28, 2, 112}, Case{12, 1, 120}}) {
    PcsConfig config;
    config.log_inv_rate = c.log_inv_rate;
    config.security_bits = c.security_bits;
    auto params = derive_params({{7, c.total_vars}}, config);
    ASSERT_FALSE(params.ok()) << "l* = " << c.total_vars << ", R = " << c.log_inv_rate << ", "
                              << c.security_bits << " bits";
    EXPECT_EQ(params.error().code, Errc::invalid_argument);
    EXPECT_NE(params.error().message.find("no parameters reach"), std::string::npos)
        << params.error().message;
  }
  PcsConfig too_many;
  too_many.fixed_queries = kMaxQueries + 1;
  EXPECT_FALSE(derive_params({{7, 3}}, too_many).ok());
  PcsConfig too_much_work = profile_config(Profile::slim);
  too_much_work.query_work_bits = kMaxQueryWorkBits + 1;
  EXPECT_FALSE(derive_params({{7, 3}}, too_much_work).ok());
}

// Past l* = 26 the folding term 2^(l*+R)/2^128 alone is 2^-100 or more: the fold challenges are
// ground. The pins were derived outside this code base from the formulas (docs/soundness.md):
// k_fold = max(0, l* + R + target + 2 − 128), q the fewest with Σ ε_i·2^-k_i <= 2^-target, and
// the interactive sum (proof of work not counted) beside it.
struct PinnedWork {
  PcsConfig config;
  unsigned total_vars, fold_work_bits, queries;
  double work_bits, work_bits_one_query_less, interactive_bits;
};

TEST(PcsParams, ProofOfWorkParametersAreTheIndependentlyDerivedOnes) {
  for (const PinnedWork& pin :
       {PinnedWork{profile_config(Profile::fast), 21, 0, 241, 100.001, 99.592, 100.001},
        PinnedWork{profile_config(Profile::slim), 21, 0, 124, 100.034, 99.373, 84.081},
        PinnedWork{profile_config(Profile::slim), 22, 0, 125, 100.613, 99.988, 84.759},
        PinnedWork{profile_config(Profile::fast), 26, 1, 242, 100.018, 99.697, 99.692},
        PinnedWork{profile_config(Profile::fast), 27, 2, 242, 100.018, 99.697, 99.203},
        PinnedWork{profile_config(Profile::fast), 28, 3, 242, 100.018, 99.697, 98.547},
        PinnedWork{profile_config(Profile::slim), 27, 3, 125, 100.250, 99.742, 84.759},
        PinnedWork{profile_config(Profile::slim), 28, 4, 125, 100.250, 99.742, 84.759},
        PinnedWork{profile_config(Profile::slim, 108), 18, 2, 137, 108.235, 107.770, 92.896},
        PinnedWork{profile_config(Profile::fast, 105), 22, 2, 255, 105.289, 104.992, 104.351}}) {
    const std::string where = std::string(profile_name(pin.config)) + " at l* " +
                              std::to_string(pin.total_vars) + ", target " +
                              std::to_string(pin.config.security_bits);
    auto params = derive_params({{7, pin.total_vars}}, pin.config);
    ASSERT_TRUE(params.ok()) << where << ": " << params.error().message;
    EXPECT_EQ(params->total_vars, pin.total_vars) << where;
    EXPECT_EQ(params->fold_work_bits, pin.fold_work_bits) << where;
    EXPECT_EQ(params->queries, pin.queries) << where;
    EXPECT_NEAR(params->soundness.work_bits(), pin.work_bits, 0.001) << where;
    EXPECT_NEAR(params->soundness.bits(), pin.interactive_bits, 0.001) << where;
    PcsConfig fewer = pin.config;
    fewer.fixed_queries = pin.queries - 1;
    auto weaker = derive_params({{7, pin.total_vars}}, fewer);
    ASSERT_TRUE(weaker.ok()) << where;
    EXPECT_NEAR(weaker->soundness.work_bits(), pin.work_bits_one_query_less, 0.001) << where;
    const std::string text = describe(*params);
    for (const std::string& part : {"profile " + std::string(profile_name(pin.config)),
                                    "proof of work: " + std::to_string(pin.config.query_work_bits) +
                                        " bits before the query indices, " +
                                        std::to_string(pin.fold_work_bits) + " bits before each"}) {
      EXPECT_NE(text.find(part), std::string::npos) << where << ": " << part << "\n" << text;
    }
    EXPECT_EQ(text.find("with proof of work") != std::string::npos,
              pin.config.query_work_bits + pin.fold_work_bits > 0)
        << text;
  }
}

TEST(PcsParams, ProfilesAreNamedAndBoundIntoTheStatement) {
  EXPECT_EQ(profile_name(profile_config(Profile::fast)), "fast");
  EXPECT_EQ(profile_name(profile_config(Profile::slim, 96)), "slim");
  EXPECT_EQ(profile_named("slim").value(), Profile::slim);
  EXPECT_EQ(profile_name(Profile::fast), "fast");
  EXPECT_FALSE(profile_named("tiny").ok());
  PcsConfig custom = profile_config(Profile::slim);
  custom.query_work_bits = 15;
  EXPECT_EQ(profile_name(custom), "custom");
  // Every knob and the derived fold proof of work change the statement digest.
  const std::vector<EvaluationClaim> claims{{0, std::vector<B128>(12), B128::zero()}};
  std::vector<Digest32> digests;
  for (const PcsConfig& config :
       {profile_config(Profile::fast), profile_config(Profile::slim), custom}) {
    auto params = derive_params({{7, 12}}, config);
    ASSERT_TRUE(params.ok());
    digests.push_back(statement_digest(*params, Digest32{}, claims));
  }
  auto params = derive_params({{7, 12}}, profile_config(Profile::fast));
  params->fold_work_bits = 1;
  digests.push_back(statement_digest(*params, Digest32{}, claims));
  std::sort(digests.begin(), digests.end());
  EXPECT_EQ(std::unique(digests.begin(), digests.end()), digests.end());
}

// ---- honest openings ----

TEST(PcsOpen, SingleB128PolynomialVerifies) {
  std::mt19937_64 rng(1);
  const Instance instance = make_instance(rng, {{7, 10}}, PcsConfig{}, 1);
  const Bytes proof = prove(instance);
  const PcsParams& params = instance.committed.params;
  EXPECT_GE(proof.size(), fixed_size(params, instance.claims) + advice_bounds(params).min);
  EXPECT_LE(proof.size(), fixed_size(params, instance.claims) + advice_bounds(params).max);
  const Status verified = verify(instance, proof);
  EXPECT_TRUE(verified.ok()) << verified.error().message;
}

TEST(PcsOpen, SlimProfileVerifiesWithQueryAndFoldProofOfWork) {
  std::mt19937_64 rng(11);
  // slim at 110 bits grinds 1 bit before each fold challenge at l* = 15 (15 + 2 + 110 + 2 − 128),
  // so both kinds of nonce are on the tape.
  const Instance instance =
      make_instance(rng, {{7, 14}, {0, 12}}, profile_config(Profile::slim, 110), 2);
  const PcsParams& params = instance.committed.params;
  ASSERT_EQ(params.total_vars, 15u);
  ASSERT_EQ(params.fold_work_bits, 1u);
  PcsTimings timings;
  auto proof = pcs_prove(instance.committed, instance.claims, &timings);
  ASSERT_TRUE(proof.ok()) << proof.error().message;
  EXPECT_GT(timings.work, 0.0);
  const Status verified = verify(instance, *proof);
  EXPECT_TRUE(verified.ok()) << verified.error().message;
  // The nonces sit where the layout says, and each is a proof of work of its difficulty: the
  // least nonce, so the one below it fails, and the verifier says which check refused it.
  for (const ProofField& field : proof_layout(params, instance.claims)) {
    if (field.name.find("proof of work") == std::string::npos) continue;
    ASSERT_EQ(field.size, transcript::kNonceBytes) << field.name;
    std::uint64_t nonce = 0;
    for (int i = 7; i >= 0; --i) nonce = (nonce << 8) | (*proof)[field.offset + i];
    if (nonce == 0) continue;  // 1/2 for a fold nonce: nothing below it to try
    Bytes wrong = *proof;
    for (int i = 0; i < 8; ++i)
      wrong[field.offset + i] = static_cast<std::uint8_t>((nonce - 1) >> (8 * i));
    const Status refused = verify(instance, wrong);
    ASSERT_FALSE(refused.ok()) << field.name;
    EXPECT_NE(refused.error().message.find("not a proof of work"), std::string::npos)
        << field.name << ": " << refused.error().message;
  }
}

TEST(PcsOpen, AProofVerifiesOnlyUnderItsOwnProfile) {
  std::mt19937_64 rng(12);
  const Instance slim = make_instance(rng, {{7, 12}}, profile_config(Profile::slim), 1);
  const Bytes proof = prove(slim);
  ASSERT_TRUE(verify(slim, proof).ok());
  // Under fast the layout differs (rate, queries, no nonce): refused by its size.
  auto fast = derive_params(slim.shapes, profile_config(Profile::fast));
  ASSERT_TRUE(fast.ok());
  EXPECT_FALSE(pcs_verify(*fast, slim.committed.root(), slim.claims, proof).ok());
  // Under a configuration with the same layout but another query difficulty (15 bits, the same
  // fixed query count): the statement digest differs, so the nonce is checked against another
  // seed and difficulty.
  PcsConfig same_layout = profile_config(Profile::slim);
  same_layout.fixed_queries = slim.committed.params.queries;
  const Instance fixed = make_instance(rng, {{7, 12}}, same_layout, 1);
  const Bytes fixed_proof = prove(fixed);
  ASSERT_TRUE(verify(fixed, fixed_proof).ok());
  PcsConfig other_work = same_layout;
  other_work.query_work_bits = 15;
  auto other = derive_params(fixed.shapes, other_work);
  ASSERT_TRUE(other.ok());
  ASSERT_EQ(fixed_size(*other, fixed.claims), fixed_size(fixed.committed.params, fixed.claims));
  const Status refused = pcs_verify(*other, fixed.committed.root(), fixed.claims, fixed_proof);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, Errc::corrupt_data) << refused.error().message;
}

TEST(PcsOpen, RateOneQuarterVerifies) {
  std::mt19937_64 rng(2);
  PcsConfig config;
  config.log_inv_rate = 2;
  const Instance instance = make_instance(rng, {{7, 9}, {7, 4}}, config, 2);
  const Status verified = verify(instance, prove(instance));
  EXPECT_TRUE(verified.ok()) << verified.error().message;
}

TEST(PcsOpen, EveryTowerLevelAndSizeVerifiesInOneBatch) {
  std::mt19937_64 rng(3);
  // 2^0 .. 2^16 bits: B1 with 0, 3, 7 and 16 variables, every other level at two sizes.
  const std::vector<PolynomialShape> shapes = {{0, 16}, {0, 0}, {0, 3}, {0, 7}, {1, 5}, {2, 4},
                                               {3, 9},  {3, 2}, {4, 6}, {4, 1}, {5, 8}, {5, 2},
                                               {6, 5},  {6, 0}, {7, 8}, {7, 0}};
  const Instance instance = make_instance(rng, shapes, weak(40), 2);
  const Status verified = verify(instance, prove(instance));
  EXPECT_TRUE(verified.ok()) << verified.error().message;
}

TEST(PcsOpen, B1PolynomialOf2To24BitsVerifies) {
  // 2^24 bits = 2^17 packed words. The expected value is computed here by the tensor split of
  // the definition, Σ_v eq(z_hi, v)·Σ_u bit(u, v)·eq(z_lo, u) over words v and bits u, with the
  // reference tower arithmetic (the naive per-bit sum would take minutes).
  std::mt19937_64 rng(11);
  const PolynomialShape shape{0, 24};
  const std::vector<B128> packed = test::random_packed(rng, shape);
  const std::vector<B128> point = test::random_point(rng, 24);
  auto eq_of = [](std::span<const B128> z) {
    std::vector<B128> eq{B128::one()};
    for (const B128 r : z) {
      std::vector<B128> next(eq.size() * 2);
      for (std::size_t i = 0; i < eq.size(); ++i) {
        next[i + eq.size()] = test::reference_mul(eq[i], r);
        next[i] = eq[i] + next[i + eq.size()];
      }
      eq = std::move(next);
    }
    return eq;
  };
  const auto eq_low = eq_of(std::span(point).first(7));
  const auto eq_high = eq_of(std::span(point).subspan(7));
  B128 expected;
  for (std::size_t v = 0; v < packed.size(); ++v) {
    B128 inner;
    for (unsigned u = 0; u < 128; ++u) {
      if ((packed[v].value() >> u) & 1) inner += eq_low[u];
    }
    expected += test::reference_mul(eq_high[v], inner);
  }
  std::vector<std::span<const B128>> views{packed};
  auto committed = pcs_commit({shape}, views, PcsConfig{});
  ASSERT_TRUE(committed.ok());
  const std::vector<EvaluationClaim> claims{{0, point, expected}};
  auto proof = pcs_prove(*committed, claims);
  ASSERT_TRUE(proof.ok());
  const Status verified = pcs_verify(committed->params, committed->root(), claims, *proof);
  EXPECT_TRUE(verified.ok()) << verified.error().message;
  std::vector<EvaluationClaim> wrong = claims;
  wrong[0].value += B128::one();
  EXPECT_FALSE(pcs_verify(committed->params, committed->root(), wrong, *proof).ok());
}

TEST(PcsOpen, ClaimsSharingAPointShareTheIndicator) {
  std::mt19937_64 rng(4);
  Instance instance = make_instance(rng, {{0, 12}, {0, 12}, {3, 9}}, weak(30), 1);
  // Both B1 polynomials at the same point (one shared ring-switch indicator), and the B8 one at
  // two points.
  instance.claims[1].point = instance.claims[0].point;
  instance.claims[1].value =
      test::naive_evaluate(instance.packed[1], instance.shapes[1], instance.claims[1].point);
  EvaluationClaim extra{2, test::random_point(rng, 9), B128::zero()};
  extra.value = test::naive_evaluate(instance.packed[2], instance.shapes[2], extra.point);
  instance.claims.push_back(extra);
  const Status verified = verify(instance, prove(instance));
  EXPECT_TRUE(verified.ok()) << verified.error().message;
}

TEST(PcsOpen, ArityOneAndLargeAritiesVerify) {
  for (unsigned arity : {1u, 2u, 3u, 5u}) {
    std::mt19937_64 rng(5 + arity);
    PcsConfig config = weak(20);
    config.fixed_arity = arity;
    const Instance instance = make_instance(rng, {{7, 11}, {5, 7}}, config, 1);
    const Status verified = verify(instance, prove(instance));
    EXPECT_TRUE(verified.ok()) << "arity " << arity << ": " << verified.error().message;
  }
}

// ---- proof format ----

TEST(PcsFormat, FixedPartFromTheParametersAndAdviceWithinItsBounds) {
  std::mt19937_64 rng(6);
  for (const auto& shapes : std::vector<std::vector<PolynomialShape>>{
           {{7, 10}}, {{0, 9}, {7, 3}}, {{3, 8}, {5, 8}, {7, 1}}}) {
    const Instance instance = make_instance(rng, shapes, weak(7), 2);
    const PcsParams& params = instance.committed.params;
    const Bytes proof = prove(instance);
    const auto layout = proof_layout(params, instance.claims);
    std::size_t offset = 0;
    for (const ProofField& field : layout) {
      EXPECT_EQ(field.offset, offset) << field.name;
      offset += field.size;
    }
    EXPECT_EQ(offset, fixed_size(params, instance.claims));
    const AdviceBounds advice = advice_bounds(params);
    EXPECT_GE(proof.size(), offset + advice.min);
    EXPECT_LE(proof.size(), offset + advice.max);
    EXPECT_EQ(Bytes(proof.begin(), proof.begin() + 5), (Bytes{'M', 'F', 'P', 'C', 3}));
  }
}

// The advice is each oracle's multiproof: distinct leaves plus the siblings they do not give.
// Over fresh statements (fresh query positions) its mean size must be the cost model's
// expectation, computed from the occupancy of each tree level (params.cpp), and a proof with many
// queries on few leaves must be far below the bound without deduplication.
TEST(PcsFormat, AdviceSizeIsTheMultiproofsExpectation) {
  std::mt19937_64 rng(16);
  PcsConfig config = weak(96);
  config.fixed_arity = 2;
  const Instance instance = make_instance(rng, {{7, 9}}, config, 1);  // 2^8 leaves of oracle 0
  const PcsParams& params = instance.committed.params;
  const std::size_t fixed = fixed_size(params, instance.claims);
  const AdviceBounds bounds = advice_bounds(params);
  constexpr int kProofs = 60;
  double total = 0, total_squares = 0;
  for (int i = 0; i < kProofs; ++i) {
    std::vector<EvaluationClaim> claims = instance.claims;
    claims[0].point = test::random_point(rng, 9);
    claims[0].value = test::naive_evaluate(instance.packed[0], instance.shapes[0], claims[0].point);
    auto proof = pcs_prove(instance.committed, claims);
    ASSERT_TRUE(proof.ok());
    ASSERT_TRUE(pcs_verify(params, instance.committed.root(), claims, *proof).ok());
    const auto advice = static_cast<double>(proof->size() - fixed);
    total += advice;
    total_squares += advice * advice;
  }
  const double mean = total / kProofs;
  const double sd = std::sqrt(total_squares / kProofs - mean * mean);
  EXPECT_NEAR(mean, bounds.expected, 4 * sd / std::sqrt(double{kProofs}) + 1) << sd;
  EXPECT_LT(mean, 0.8 * static_cast<double>(bounds.max));
}

// ---- rejections ----

class PcsReject : public ::testing::Test {
 protected:
  void SetUp() override {
    std::mt19937_64 rng(7);
    instance_ = make_instance(rng, {{7, 9}, {0, 10}}, weak(4), 1);
    proof_ = prove(instance_);
    const Status verified = verify(instance_, proof_);
    ASSERT_TRUE(verified.ok()) << verified.error().message;
  }
  Instance instance_;
  Bytes proof_;
};

TEST_F(PcsReject, WrongClaimedValue) {
  Instance changed = instance_;
  changed.claims[0].value += B128::one();
  EXPECT_FALSE(verify(changed, proof_).ok());
  // Also with a proof made for the wrong value (the honest prover's output for a false claim).
  EXPECT_FALSE(verify(changed, prove(changed)).ok());
  Instance changed_small = instance_;
  changed_small.claims[1].value += B128(binius::uint128{1} << 100);
  EXPECT_FALSE(verify(changed_small, prove(changed_small)).ok());
}

TEST_F(PcsReject, WrongPoint) {
  Instance changed = instance_;
  changed.claims[0].point[3] += B128(binius::uint128{2});
  EXPECT_FALSE(verify(changed, proof_).ok());
  EXPECT_FALSE(verify(changed, prove(changed)).ok());
  Instance changed_small = instance_;
  changed_small.claims[1].point[0] += B128::one();  // a coordinate inside the packed word
  EXPECT_FALSE(verify(changed_small, prove(changed_small)).ok());
}

TEST_F(PcsReject, DifferentRoot) {
  Digest32 root = instance_.committed.root();
  root[5] ^= 0x10;
  const Status refused = pcs_verify(instance_.committed.params, root, instance_.claims, proof_);
  ASSERT_FALSE(refused.ok());
  // The root is absorbed first, so the challenges move too; the sumcheck or oracle 0's
  // multiproof refuses it.
  EXPECT_EQ(refused.error().code, Errc::corrupt_data) << refused.error().message;
}

TEST_F(PcsReject, CodewordSymbolChangedAfterCommit) {
  // The prover opens from a codeword one symbol of which differs from the committed one. With
  // every position queried (queries = positions, a fixed challenge stream) some query hits it.
  std::mt19937_64 rng(9);
  const Instance changed = make_instance(rng, instance_.shapes, weak(64), 1);
  const PcsParams* params = &changed.committed.params;
  ASSERT_TRUE(verify(changed, prove(changed)).ok());
  std::size_t rejected = 0;
  const std::size_t leaf = std::size_t{1} << params->arity;
  const std::size_t positions = changed.committed.codeword.size() / leaf;
  for (std::size_t position = 0; position < positions; ++position) {
    Instance cheat = changed;
    cheat.committed.codeword[position * leaf + position % leaf] += B128::one();
    const Status verified = verify(cheat, prove(cheat));
    if (verified.ok()) continue;
    ++rejected;
    // The opened leaf is not the committed one: oracle 0's multiproof misses the root.
    EXPECT_NE(verified.error().message.find("oracle 0: the multiproof does not reach its root"),
              std::string::npos)
        << verified.error().message;
  }
  // Each position is missed by all 64 queries with probability (1 − 1/positions)^64.
  const double miss = std::pow(1.0 - 1.0 / static_cast<double>(positions), 64.0);
  EXPECT_GT(rejected, static_cast<std::size_t>(0.5 * (1 - miss) * static_cast<double>(positions)));
  EXPECT_GT(rejected, 0u);
}

TEST_F(PcsReject, EveryFieldOfTheProofAltered) {
  const auto layout = proof_layout(instance_.committed.params, instance_.claims);
  for (const ProofField& field : layout) {
    for (std::size_t at : {field.offset, field.offset + field.size - 1}) {
      Bytes altered = proof_;
      altered[at] ^= 0x01;
      EXPECT_FALSE(verify(instance_, altered).ok()) << field.name << " byte " << at - field.offset;
    }
  }
  // The advice (leaves and multiproof siblings): every 16-byte value and digest half.
  const std::size_t fixed = fixed_size(instance_.committed.params, instance_.claims);
  for (std::size_t at = fixed; at < proof_.size(); at += 16) {
    Bytes altered = proof_;
    altered[at] ^= 0x80;
    EXPECT_FALSE(verify(instance_, altered).ok()) << "advice byte " << at - fixed;
  }
}

TEST_F(PcsReject, TruncatedOrExtendedProof) {
  for (std::size_t cut : {std::size_t{1}, std::size_t{16}, proof_.size() - 1, proof_.size()}) {
    EXPECT_FALSE(verify(instance_, ByteSpan(proof_.data(), proof_.size() - cut)).ok());
  }
  Bytes extended = proof_;
  extended.push_back(0);
  EXPECT_FALSE(verify(instance_, extended).ok());
}

TEST_F(PcsReject, MalformedClaims) {
  Instance changed = instance_;
  changed.claims[0].point.pop_back();
  EXPECT_FALSE(verify(changed, proof_).ok());
  changed = instance_;
  changed.claims[0].polynomial = 9;
  EXPECT_FALSE(verify(changed, proof_).ok());
  changed.claims.clear();
  EXPECT_FALSE(verify(changed, proof_).ok());
}

TEST_F(PcsReject, ParametersNotFromDeriveParams) {
  PcsParams edited = instance_.committed.params;
  edited.queries -= 1;
  EXPECT_FALSE(pcs_verify(edited, instance_.committed.root(), instance_.claims, proof_).ok());
  edited = instance_.committed.params;
  edited.oracles.pop_back();
  EXPECT_FALSE(pcs_verify(edited, instance_.committed.root(), instance_.claims, proof_).ok());
  edited = instance_.committed.params;
  edited.polynomials[1].offset += 1;
  EXPECT_FALSE(pcs_verify(edited, instance_.committed.root(), instance_.claims, proof_).ok());
}

TEST_F(PcsReject, RandomlyMutatedProofsAreRejectedWithoutCrashing) {
  // The fuzz target's property (fuzz/pcs_verify_fuzz.cpp) on a few thousand mutations.
  std::mt19937_64 rng(10);
  for (int trial = 0; trial < 2000; ++trial) {
    Bytes mutated = proof_;
    switch (trial % 4) {
      case 0:
        mutated[rng() % mutated.size()] ^= static_cast<std::uint8_t>(1 + rng() % 255);
        break;
      case 1:
        mutated.resize(rng() % mutated.size());
        break;
      case 2:
        for (int k = 0; k < 8; ++k)
          mutated[rng() % mutated.size()] = static_cast<std::uint8_t>(rng());
        break;
      default:
        mutated.insert(mutated.begin() + static_cast<std::ptrdiff_t>(rng() % mutated.size()),
                       static_cast<std::uint8_t>(rng()));
        break;
    }
    EXPECT_FALSE(verify(instance_, mutated).ok()) << "trial " << trial;
  }
}

// ---- cheating provers: a Merkle-consistent commitment to one word, an opening of another ----

/// The prover state of a cheater that commits `word` (its Merkle tree, its leaves answering every
/// query) but runs ring-switching, the sumcheck, the folds and the terminal message on the
/// message of `opened`, whose claims it states truly: the FRI consistency checks between the
/// committed word and the folded oracles are all that stands in its way.
PcsCommitted commit_one_open_another(const PcsCommitted& opened, LargeVector<B128> word) {
  PcsCommitted cheat = opened;
  auto tree = commit_codeword<Sha256>(word, opened.params.arity);
  EXPECT_TRUE(tree.ok());
  cheat.tree = std::move(*tree);
  cheat.codeword = std::move(word);
  return cheat;
}

/// True claims on `instance`'s polynomials at fresh random points.
std::vector<EvaluationClaim> fresh_claims(std::mt19937_64& rng, const Instance& instance) {
  std::vector<EvaluationClaim> claims;
  for (std::uint32_t j = 0; j < instance.shapes.size(); ++j) {
    EvaluationClaim claim{j, test::random_point(rng, instance.shapes[j].n_vars), B128::zero()};
    claim.value = test::naive_evaluate(instance.packed[j], instance.shapes[j], claim.point);
    claims.push_back(std::move(claim));
  }
  return claims;
}

/// Commits t and opens t2 (same shapes): every query must fail the FRI consistency check named
/// `reason` (fold mismatch when there are fold oracles, the terminal codeword otherwise), never a
/// Merkle check, since the committed word's openings are consistent with its root.
void expect_fri_consistency_rejects(const std::vector<PolynomialShape>& shapes,
                                    const PcsConfig& config, std::size_t expected_oracles,
                                    const std::string& reason) {
  std::mt19937_64 rng(31 + expected_oracles);
  const Instance t = make_instance(rng, shapes, config, 1);
  const Instance t2 = make_instance(rng, shapes, config, 1);
  ASSERT_EQ(t2.committed.params.oracles.size(), expected_oracles);
  const PcsCommitted cheat = commit_one_open_another(t2.committed, t.committed.codeword);
  for (int trial = 0; trial < 8; ++trial) {
    const std::vector<EvaluationClaim> claims = fresh_claims(rng, t2);
    auto proof = pcs_prove(cheat, claims);
    ASSERT_TRUE(proof.ok());
    const Status verified = pcs_verify(cheat.params, cheat.root(), claims, *proof);
    ASSERT_FALSE(verified.ok()) << "trial " << trial;
    EXPECT_NE(verified.error().message.find(reason), std::string::npos) << verified.error().message;
    // The claims are true of t2: its honest opening verifies, only the committed word differs.
    auto honest = pcs_prove(t2.committed, claims);
    ASSERT_TRUE(honest.ok());
    EXPECT_TRUE(pcs_verify(t2.committed.params, t2.committed.root(), claims, *honest).ok());
  }
}

TEST(PcsCheatingProver, CommittingOneMessageAndFoldingAnotherFailsTheFoldCheck) {
  PcsConfig config = weak(6);
  config.fixed_arity = 1;
  expect_fri_consistency_rejects({{7, 10}}, config, 4, "fold mismatch");
  config.fixed_arity = 2;
  expect_fri_consistency_rejects({{7, 9}, {0, 12}}, config, 3, "fold mismatch");
}

TEST(PcsCheatingProver, CommittingOneMessageAndSendingAnotherTerminalFailsTheTerminalCheck) {
  PcsConfig config = weak(6);
  config.fixed_arity = 8;  // more than the code's dimension: no fold oracle, terminal right away
  expect_fri_consistency_rejects({{7, 9}}, config, 1, "terminal codeword mismatch");
  expect_fri_consistency_rejects({{0, 12}, {3, 6}}, config, 1, "terminal codeword mismatch");
}

/// The query term ((1 + 2^-R)/2)^q bounds the acceptance of a committed word at relative distance
/// >= (1 − ρ)/2 from the code. The cheater commits, consistently with its Merkle root, a word w
/// that agrees with the codeword of t2 on a fraction `agreement` of the positions (random leaves
/// elsewhere) and opens t2 truly: a query passes exactly when it lands where w agrees, so one
/// query accepts with probability f — at the edge of the bound (1 + ρ)/2 — and q independent
/// queries with f^q, the query term's formula. Every rejection must be a FRI consistency failure
/// (not a Merkle path: the openings match the root). With query proof of work the nonce moves the
/// queries, not their odds.
void expect_queries_accept_at_the_agreement(PcsConfig config, double agreement,
                                            unsigned queries = 1) {
  constexpr int kTrials = 600;
  std::mt19937_64 rng(8 + queries);
  config.fixed_queries = queries;
  config.fixed_arity = 2;
  const Instance t2 = make_instance(rng, {{7, 10}}, config, 1);
  const std::size_t leaf = std::size_t{1} << t2.committed.params.arity;
  const std::size_t positions = t2.committed.codeword.size() / leaf;
  std::vector<std::size_t> order(positions);
  for (std::size_t p = 0; p < positions; ++p) order[p] = p;
  std::shuffle(order.begin(), order.end(), rng);
  const auto agreeing = static_cast<std::size_t>(agreement * static_cast<double>(positions));
  LargeVector<B128> word = t2.committed.codeword;
  for (std::size_t k = agreeing; k < positions; ++k) {
    for (std::size_t i = 0; i < leaf; ++i)
      word[order[k] * leaf + i] = test::random_point(rng, 1)[0];
  }
  const PcsCommitted cheat = commit_one_open_another(t2.committed, std::move(word));
  int accepted = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    // Fresh claims give a fresh statement, hence a fresh query position.
    const std::vector<EvaluationClaim> claims = fresh_claims(rng, t2);
    auto proof = pcs_prove(cheat, claims);
    ASSERT_TRUE(proof.ok());
    const Status verified = pcs_verify(cheat.params, cheat.root(), claims, *proof);
    if (verified.ok()) {
      ++accepted;
    } else {
      const std::string& why = verified.error().message;
      EXPECT_TRUE(why.find("fold mismatch") != std::string::npos ||
                  why.find("terminal codeword mismatch") != std::string::npos)
          << why;
    }
  }
  const double bound = soundness::pcs_queries(queries, config.log_inv_rate).probability;
  const double rate = static_cast<double>(accepted) / kTrials;
  const double f = std::pow(static_cast<double>(agreeing) / static_cast<double>(positions),
                            static_cast<double>(queries));
  const double sigma = std::sqrt(bound * (1 - bound) / kTrials);
  EXPECT_LE(rate, bound + 4 * sigma) << accepted << " of " << kTrials << " accepted";
  EXPECT_NEAR(rate, f, 4 * sigma) << "the measured term must be the word's agreement^q";
}

TEST(PcsSoundness, FastProfileAWordBeyondUniqueDecodingPassesAQueryAtMostThreeQuartersOfTheTime) {
  expect_queries_accept_at_the_agreement(profile_config(Profile::fast), 0.74);
  expect_queries_accept_at_the_agreement(profile_config(Profile::fast), 0.74, 3);
}

TEST(PcsSoundness, SlimProfileAWordBeyondUniqueDecodingPassesAQueryAtMostFiveEighthsOfTheTime) {
  // Rate 1/4: the unique-decoding radius is 3/8, a query accepts with probability <= 5/8; the
  // 16-bit query proof of work runs in every trial.
  expect_queries_accept_at_the_agreement(profile_config(Profile::slim), 0.62);
  expect_queries_accept_at_the_agreement(profile_config(Profile::slim), 0.62, 3);
}

TEST(PcsCheatingProver, SlimProfileCommittingOneMessageAndFoldingAnotherFailsTheFoldCheck) {
  PcsConfig config = profile_config(Profile::slim);
  config.fixed_queries = 6;
  config.fixed_arity = 2;
  expect_fri_consistency_rejects({{7, 10}}, config, 2, "fold mismatch");
  config.fixed_arity = 8;
  expect_fri_consistency_rejects({{7, 9}}, config, 1, "terminal codeword mismatch");
}

}  // namespace
}  // namespace merkleforge::pcs
