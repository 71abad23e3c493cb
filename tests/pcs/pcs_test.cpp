// FRI-Binius PCS: parameters against the soundness formula written out here, honest openings of
// every tower level against a naive evaluation, the fixed proof layout, and rejection of every
// kind of altered input, including the measured rejection rate of a corrupted codeword.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "merkleforge/binius/codeword_commitment.hpp"
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

double formula_bits(unsigned total_vars, unsigned log_inv_rate, unsigned queries) {
  const double field = std::exp2(128.0);
  const double per_query = (1.0 + std::exp2(-static_cast<double>(log_inv_rate))) / 2;
  const double error = 2.0 * total_vars / field + std::exp2(total_vars + log_inv_rate) / field +
                       std::pow(per_query, queries) + 65535.0 / field + 14.0 / field;
  return -std::log2(error);
}

TEST(PcsParams, QueryCountIsTheFewestReaching100Bits) {
  for (unsigned vars : {12u, 20u, 22u, 24u}) {
    for (unsigned rate : {1u, 2u}) {
      PcsConfig config;
      config.log_inv_rate = rate;
      auto params = derive_params({{7, vars}}, config);
      ASSERT_TRUE(params.ok());
      EXPECT_EQ(params->total_vars, vars);
      EXPECT_GE(formula_bits(vars, rate, params->queries), 100.0);
      EXPECT_LT(formula_bits(vars, rate, params->queries - 1), 100.0);
      EXPECT_NEAR(params->soundness.bits(), formula_bits(vars, rate, params->queries), 1e-9);
    }
  }
  auto at22 = derive_params({{7, 22}}, PcsConfig{});
  ASSERT_TRUE(at22.ok());
  // ⌈100 / −log2 0.75⌉ = 241, one more for the other terms at ℓ* = 22.
  EXPECT_EQ(at22->queries, 242u);
  const std::string text = describe(*at22);
  EXPECT_NE(text.find("queries: 242"), std::string::npos) << text;
  EXPECT_NE(text.find("folding"), std::string::npos);
  EXPECT_NE(text.find("sumcheck"), std::string::npos);
}

TEST(PcsParams, ArityAndCapsMinimiseTheProofSize) {
  auto chosen = derive_params({{7, 22}}, PcsConfig{});
  ASSERT_TRUE(chosen.ok());
  const std::vector<EvaluationClaim> claims{{0, std::vector<uint128>(22), 0}};
  const std::size_t best = proof_size(*chosen, claims);
  for (unsigned arity = 1; arity <= 8; ++arity) {
    PcsConfig config;
    config.fixed_arity = arity;
    auto other = derive_params({{7, 22}}, config);
    ASSERT_TRUE(other.ok());
    EXPECT_LE(best, proof_size(*other, claims)) << "arity " << arity;
  }
  for (const OracleShape& oracle : chosen->oracles) {
    EXPECT_LE(oracle.cap_height, oracle.log_leaves);
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

// ---- honest openings ----

TEST(PcsOpen, SingleB128PolynomialVerifies) {
  std::mt19937_64 rng(1);
  const Instance instance = make_instance(rng, {{7, 10}}, PcsConfig{}, 1);
  const Bytes proof = prove(instance);
  EXPECT_EQ(proof.size(), proof_size(instance.committed.params, instance.claims));
  const Status verified = verify(instance, proof);
  EXPECT_TRUE(verified.ok()) << verified.error().message;
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
  const std::vector<uint128> packed = test::random_packed(rng, shape);
  const std::vector<uint128> point = test::random_point(rng, 24);
  auto eq_of = [](std::span<const uint128> z) {
    std::vector<binius::B128> eq{binius::B128::one()};
    for (uint128 coordinate : z) {
      const binius::B128 r(coordinate);
      std::vector<binius::B128> next(eq.size() * 2);
      for (std::size_t i = 0; i < eq.size(); ++i) {
        next[i + eq.size()] = eq[i] * r;
        next[i] = eq[i] + next[i + eq.size()];
      }
      eq = std::move(next);
    }
    return eq;
  };
  const auto eq_low = eq_of(std::span(point).first(7));
  const auto eq_high = eq_of(std::span(point).subspan(7));
  binius::B128 expected;
  for (std::size_t v = 0; v < packed.size(); ++v) {
    binius::B128 inner;
    for (unsigned u = 0; u < 128; ++u) {
      if ((packed[v] >> u) & 1) inner += eq_low[u];
    }
    expected += eq_high[v] * inner;
  }
  std::vector<std::span<const uint128>> views{packed};
  auto committed = pcs_commit({shape}, views, PcsConfig{});
  ASSERT_TRUE(committed.ok());
  const std::vector<EvaluationClaim> claims{{0, point, expected.value()}};
  auto proof = pcs_prove(*committed, claims);
  ASSERT_TRUE(proof.ok());
  const Status verified = pcs_verify(committed->params, committed->root(), claims, *proof);
  EXPECT_TRUE(verified.ok()) << verified.error().message;
  std::vector<EvaluationClaim> wrong = claims;
  wrong[0].value ^= 1;
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
  EvaluationClaim extra{2, test::random_point(rng, 9), 0};
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

TEST(PcsFormat, ProofSizeFromTheParametersEqualsTheEncoding) {
  std::mt19937_64 rng(6);
  for (const auto& shapes : std::vector<std::vector<PolynomialShape>>{
           {{7, 10}}, {{0, 9}, {7, 3}}, {{3, 8}, {5, 8}, {7, 1}}}) {
    const Instance instance = make_instance(rng, shapes, weak(7), 2);
    const Bytes proof = prove(instance);
    EXPECT_EQ(proof.size(), proof_size(instance.committed.params, instance.claims));
    const auto layout = proof_layout(instance.committed.params, instance.claims);
    std::size_t offset = 0;
    for (const ProofField& field : layout) {
      EXPECT_EQ(field.offset, offset) << field.name;
      offset += field.size;
    }
    EXPECT_EQ(offset, proof.size());
    EXPECT_EQ(Bytes(proof.begin(), proof.begin() + 5), (Bytes{'M', 'F', 'P', 'C', 1}));
  }
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
  changed.claims[0].value ^= 1;
  EXPECT_FALSE(verify(changed, proof_).ok());
  // Also with a proof made for the wrong value (the honest prover's output for a false claim).
  EXPECT_FALSE(verify(changed, prove(changed)).ok());
  Instance changed_small = instance_;
  changed_small.claims[1].value ^= uint128{1} << 100;
  EXPECT_FALSE(verify(changed_small, prove(changed_small)).ok());
}

TEST_F(PcsReject, WrongPoint) {
  Instance changed = instance_;
  changed.claims[0].point[3] ^= 2;
  EXPECT_FALSE(verify(changed, proof_).ok());
  EXPECT_FALSE(verify(changed, prove(changed)).ok());
  Instance changed_small = instance_;
  changed_small.claims[1].point[0] ^= 1;  // a coordinate inside the packed word
  EXPECT_FALSE(verify(changed_small, prove(changed_small)).ok());
}

TEST_F(PcsReject, DifferentRoot) {
  Digest32 root = instance_.committed.root();
  root[5] ^= 0x10;
  EXPECT_FALSE(pcs_verify(instance_.committed.params, root, instance_.claims, proof_).ok());
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
    cheat.committed.codeword[position * leaf + position % leaf] ^= 1;
    rejected += verify(cheat, prove(cheat)).ok() ? 0 : 1;
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

TEST(PcsSoundness, RejectionRateOfACorruptedCodewordMatchesTheQueryTerm) {
  // The prover commits a word w that differs from the honest codeword in a quarter of the
  // positions (the unique-decoding radius at rate 1/2) and then opens as if it had committed
  // the codeword: a query is passed exactly when it misses the corrupted positions, so a proof
  // is accepted with probability (3/4)^q — the query term of the soundness formula.
  constexpr unsigned kQueries = 2;
  constexpr int kTrials = 300;
  std::mt19937_64 rng(8);
  Instance base = make_instance(rng, {{7, 8}}, weak(kQueries), 1);
  const unsigned arity = base.committed.params.arity;
  const std::size_t leaf = std::size_t{1} << arity;
  const std::size_t positions = base.committed.codeword.size() / leaf;
  std::vector<uint128> corrupted = base.committed.codeword;
  for (std::size_t position = 0; position < positions / 4; ++position) {
    corrupted[position * leaf] ^= 1;
  }
  auto cheat_tree = binius::commit_codeword<Sha256>(corrupted, arity);
  ASSERT_TRUE(cheat_tree.ok());
  int accepted = 0;
  for (int trial = 0; trial < kTrials; ++trial) {
    Instance cheat = base;
    cheat.committed.tree = *cheat_tree;
    // A fresh claim (point) per trial gives a fresh statement, hence fresh query indices.
    cheat.claims[0].point = test::random_point(rng, 8);
    cheat.claims[0].value =
        test::naive_evaluate(cheat.packed[0], cheat.shapes[0], cheat.claims[0].point);
    accepted += verify(cheat, prove(cheat)).ok() ? 1 : 0;
  }
  const double expected = std::pow(0.75, kQueries);
  const double sigma = std::sqrt(expected * (1 - expected) / kTrials);
  EXPECT_NEAR(static_cast<double>(accepted) / kTrials, expected, 4 * sigma)
      << accepted << " of " << kTrials << " accepted";
}

}  // namespace
}  // namespace merkleforge::pcs
