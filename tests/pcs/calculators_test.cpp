// The commitment's terms against two public soundness calculators, whose formulas are written out
// here again from their sources (not linked, not copied): ethereum/soundcalc (commit 809896fb,
// unique-decoding regime: common/utils.py, pcs/fri.py, proxgaps/unique_decoding.py) and Plonky3's
// p3-security (Plonky3 commit 5dc50e51, security/src/fri.rs, proximity.rs, grinding.rs). Both
// price FRI over a Reed–Solomon code of rate ρ and length n = 2^(ℓ* + R) over a field of 2^128
// elements, with grinding added to the term it protects as bits.
//
// What has a counterpart: the query phase (both calculators: ((1 + ρ)/2)^q, minus the query
// grinding bits) and the fold / commit phase (soundcalc: one term per binary fold round,
// (γ·n_i + 1)/|F| with γ = (1 − ρ)/2 and n_i the domain after fold i; p3-security: one term
// (2^1 − 1)·(n + 1)/|F| for binary folds; each minus the commit grinding bits). Our sumcheck,
// claim batching and ring-switching terms come from DP24's protocol, which neither calculator
// models (they batch functions into FRI, not evaluation claims).
//
// Checked: our query term equals both calculators' to 1e-9 bits; our folding term equals
// p3-security's to within its n + 1 and bounds soundcalc's from above (their per-round sum is
// γ·n·(1 − 2^−rounds) + rounds over 2^128, below our n); the proof-of-work bits enter the same
// way; and our total, a union bound, is never above either calculator's minimum over its terms
// (they take the weakest term, we add them all).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "merkleforge/pcs/params.hpp"

namespace merkleforge::pcs {
namespace {

constexpr double kFieldBits = 128;

/// The term of `params` named `name`.
const soundness::Term& term_named(const PcsParams& params, const std::string& name) {
  const auto& terms = params.soundness.terms;
  const auto found = std::find_if(terms.begin(), terms.end(),
                                  [&](const soundness::Term& t) { return t.name == name; });
  EXPECT_NE(found, terms.end()) << name;
  return *found;
}

/// Bits of a term after its grinding: −log2(ε) + k.
double our_bits(const soundness::Term& term) {
  return -std::log2(term.probability) + term.work_bits;
}

// ---- soundcalc (unique decoding) ----

/// _get_query_phase_error: δ = (1 − ρ)/2, ε = (1 − δ)^q, apply_grinding: ε·2^−g; as bits.
double soundcalc_query_bits(double rate, unsigned queries, unsigned grinding) {
  const double delta = (1 - rate) / 2;
  const double error = std::pow(1 - delta, queries) * std::exp2(-static_cast<double>(grinding));
  return -std::log2(error);
}

/// _get_commit_phase_error for binary folds: round i (0-based) on the domain after i + 1 folds,
/// get_error_powers(ρ, n_i, 2) = (γ·n_i + 1)/|F|·(2 − 1), each ground by g bits; the rounds'
/// errors as bits, weakest first.
std::vector<double> soundcalc_commit_bits(double rate, double log_domain, unsigned rounds,
                                          unsigned grinding) {
  std::vector<double> bits;
  const double gamma = (1 - rate) / 2;
  for (unsigned i = 0; i < rounds; ++i) {
    const double n = std::exp2(log_domain - (i + 1));
    const double error = (gamma * n + 1) * std::exp2(-kFieldBits - grinding);
    bits.push_back(-std::log2(error));
  }
  std::sort(bits.begin(), bits.end());
  return bits;
}

/// The same rounds summed (a union bound over them, to compare with our single folding term).
double soundcalc_commit_sum_bits(double rate, double log_domain, unsigned rounds,
                                 unsigned grinding) {
  double error = 0;
  for (double bits : soundcalc_commit_bits(rate, log_domain, rounds, grinding)) {
    error += std::exp2(-bits);
  }
  return -std::log2(error);
}

// ---- p3-security (unique decoding) ----

/// query_phase_error: α = (1 + ρ⁺)/2 with ρ⁺ = (k + max_combo)/n (max_combo = 0 here: ρ⁺ = ρ);
/// bits = pow_bits − log2(α^q).
double p3_query_bits(double rate, unsigned queries, unsigned pow_bits) {
  const double alpha = (1 + rate) * 0.5;
  return pow_bits - std::log2(std::pow(alpha, queries));
}

/// commit_phase_error_udr: bits = field bits − log2((2^max_log_arity − 1)·(n + 1)) + pow bits,
/// n = 2^lde_log; binary folds: max_log_arity = 1.
double p3_commit_bits(double log_domain, unsigned pow_bits) {
  const double max_log_arity = 1;
  return kFieldBits - std::log2((std::exp2(max_log_arity) - 1) * (std::exp2(log_domain) + 1)) +
         pow_bits;
}

struct Case {
  PcsConfig config;
  unsigned total_vars;
};

TEST(PcsCalculators, QueryAndFoldTermsMatchSoundcalcAndP3Security) {
  for (const Case& c :
       {Case{profile_config(Profile::fast), 12}, Case{profile_config(Profile::fast), 22},
        Case{profile_config(Profile::slim), 21}, Case{profile_config(Profile::slim), 23},
        Case{profile_config(Profile::fast), 27}, Case{profile_config(Profile::slim), 28},
        Case{profile_config(Profile::slim, 108), 18}}) {
    auto params = derive_params({{7, c.total_vars}}, c.config);
    ASSERT_TRUE(params.ok()) << params.error().message;
    const std::string where =
        std::string(profile_name(c.config)) + " l* " + std::to_string(c.total_vars);
    const double rate = std::exp2(-static_cast<double>(c.config.log_inv_rate));
    const double log_domain = c.total_vars + c.config.log_inv_rate;  // n = 2^(ℓ* + R)
    const unsigned query_work = c.config.query_work_bits, fold_work = params->fold_work_bits;

    const soundness::Term& queries = term_named(*params, "pcs queries");
    EXPECT_EQ(queries.work_bits, query_work) << where;
    EXPECT_NEAR(our_bits(queries), soundcalc_query_bits(rate, params->queries, query_work), 1e-9)
        << where;
    EXPECT_NEAR(our_bits(queries), p3_query_bits(rate, params->queries, query_work), 1e-9) << where;

    const soundness::Term& folding = term_named(*params, "pcs folding");
    EXPECT_EQ(folding.work_bits, fold_work) << where;
    // p3-security: n + 1 where we count n, so ours is log2((n + 1)/n) bits stronger, exactly.
    EXPECT_NEAR(our_bits(folding) - p3_commit_bits(log_domain, fold_work),
                std::log2(1 + std::exp2(-log_domain)), 1e-9)
        << where;
    // soundcalc: every round of ours is no weaker than its weakest round, and our single term
    // bounds the sum of its rounds (ℓ* binary folds).
    const std::vector<double> rounds =
        soundcalc_commit_bits(rate, log_domain, c.total_vars, fold_work);
    EXPECT_LE(our_bits(folding), rounds.front()) << where;
    EXPECT_LE(our_bits(folding),
              soundcalc_commit_sum_bits(rate, log_domain, c.total_vars, fold_work))
        << where;

    // Totals: both calculators report the weakest term; our union bound is never above it, and
    // reaches the target that both then also report (soundcalc floors its bits).
    const double soundcalc_total =
        std::min(std::floor(soundcalc_query_bits(rate, params->queries, query_work)),
                 std::floor(rounds.front()));
    const double p3_total = std::min(p3_query_bits(rate, params->queries, query_work),
                                     p3_commit_bits(log_domain, fold_work));
    EXPECT_LE(params->soundness.work_bits(), p3_total) << where;
    EXPECT_LE(params->soundness.work_bits(), soundcalc_total + 1) << where;  // its floor
    EXPECT_GE(params->soundness.work_bits(), c.config.security_bits) << where;
    EXPECT_GE(p3_total, c.config.security_bits) << where;
    EXPECT_GE(soundcalc_total, c.config.security_bits) << where;
  }
}

// The calculators' own example, worked by hand from their sources: ρ = 1/4, n = 2^23, 125
// queries, 16 bits of query grinding gives 125·log2(8/5) + 16 = 100.759 query bits in both, and
// p3-security's commit term for binary folds 128 − log2(2^23 + 1) = 104.99999983.
TEST(PcsCalculators, TheCalculatorsWorkedExample) {
  EXPECT_NEAR(soundcalc_query_bits(0.25, 125, 16), 100.759, 0.001);
  EXPECT_NEAR(p3_query_bits(0.25, 125, 16), 100.759, 0.001);
  EXPECT_NEAR(p3_commit_bits(23, 0), 104.99999983, 1e-8);
  // soundcalc's first commit round (n = 2^22, γ = 3/8): 128 − log2(1.5·2^20 + 1) = 107.415.
  EXPECT_NEAR(soundcalc_commit_bits(0.25, 23, 21, 0).front(), 107.415, 0.001);
  // Ours at slim l* = 21: 124 queries, the folding term 2^23/2^128.
  auto slim = derive_params({{7, 21}}, profile_config(Profile::slim));
  ASSERT_TRUE(slim.ok());
  EXPECT_NEAR(our_bits(term_named(*slim, "pcs queries")), 124 * std::log2(1.6) + 16, 1e-9);
  EXPECT_NEAR(our_bits(term_named(*slim, "pcs folding")), 105.0, 1e-9);
}

}  // namespace
}  // namespace merkleforge::pcs
