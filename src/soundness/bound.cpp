// The soundness account: sums, the round-by-round error and the Fiat–Shamir statement
// (soundness/bound.hpp, docs/soundness.md).
#include "merkleforge/soundness/bound.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace merkleforge::soundness {
namespace {

/// log2(2^a + 2^b) without leaving the double range.
double log2_sum(double a, double b) {
  const double high = std::max(a, b), low = std::min(a, b);
  return high + std::log2(1.0 + std::exp2(low - high));
}

/// "2^-100.44"
std::string power(double log2_value) {
  char text[32];
  std::snprintf(text, sizeof text, "2^%.2f", log2_value);
  return text;
}

}  // namespace

double Term::work_round_error() const {
  return std::ldexp(round_error, -static_cast<int>(work_bits));
}

double Bound::error() const {
  double total = 0;
  for (const Term& t : terms) total += t.probability;
  return total;
}

double Bound::bits() const {
  return -std::log2(error());
}

double Bound::work_error() const {
  double total = 0;
  for (const Term& t : terms) total += std::ldexp(t.probability, -static_cast<int>(t.work_bits));
  return total;
}

double Bound::work_bits() const {
  return -std::log2(work_error());
}

bool Bound::has_work() const {
  return std::any_of(terms.begin(), terms.end(), [](const Term& t) { return t.work_bits != 0; });
}

const Term& Bound::largest_round() const {
  if (terms.empty()) throw std::logic_error("soundness: a bound without terms");
  return *std::max_element(terms.begin(), terms.end(), [](const Term& a, const Term& b) {
    return a.work_round_error() < b.work_round_error();
  });
}

double Bound::round_bits() const {
  return -std::log2(largest_round().work_round_error());
}

unsigned Bound::rounds() const {
  unsigned total = 0;
  for (const Term& t : terms) total += t.rounds;
  return total;
}

double Bound::fiat_shamir_log2_error(double log2_calls) const {
  // Round-by-round soundness gives state-restoration soundness (t + k)·ε_rbr (Chiesa–Yogev,
  // Thm 31.2.1); BCS with a 256-bit hash adds 3·t²/2^256 (Thm 25.2.1). A ground round's ε is
  // ε·2^−k: each of the t calls is one attempt, valid with probability 2^−k (ePrint 2023/1071).
  // docs/soundness.md.
  const double challenges = std::log2(std::exp2(log2_calls) + rounds()) - round_bits();
  return log2_sum(challenges, std::log2(3.0) + 2 * log2_calls - 256);
}

std::string Bound::describe(unsigned target_bits) const {
  std::string out =
      "soundness error terms (log2 of the bound; of its largest single round; proof-of-work bits"
      " before its challenges; source in docs/soundness.md):\n";
  std::size_t width = 0;
  for (const Term& t : terms) width = std::max(width, t.name.size());
  for (const Term& t : terms) {
    char line[256];
    std::snprintf(line, sizeof line, "  %-*s %9.2f %9.2f %4u  %s\n", static_cast<int>(width),
                  t.name.c_str(), std::log2(t.probability), std::log2(t.round_error), t.work_bits,
                  t.theorem.c_str());
    out += line;
  }
  char line[512];
  std::snprintf(line, sizeof line,
                "knowledge soundness, interactive (union bound of the terms): %s = %.2f bits%s\n",
                power(std::log2(error())).c_str(), bits(),
                has_work() ? " (proof of work does not count here)" : "");
  out += line;
  if (has_work()) {
    std::snprintf(line, sizeof line,
                  "with proof of work (each attempt at a ground challenge costs 2^k hashes; "
                  "sum of error·2^-k): %s = %.2f bits (target %u)\n",
                  power(std::log2(work_error())).c_str(), work_bits(), target_bits);
    out += line;
  }
  const double rbr = round_bits();
  std::snprintf(line, sizeof line, "round-by-round: the largest error of one round is %s (%s)\n",
                power(-rbr).c_str(), largest_round().name.c_str());
  out += line;
  std::snprintf(line, sizeof line,
                "non-interactive (Fiat-Shamir with SHA-256, BCS): a prover making 2^k hash calls "
                "succeeds with probability <= (2^k + %u)·2^-%.2f + 3·2^(2k - 256): 2^40 calls %s, "
                "2^64 calls %s, 2^80 calls %s\n",
                rounds(), rbr, power(fiat_shamir_log2_error(40)).c_str(),
                power(fiat_shamir_log2_error(64)).c_str(),
                power(fiat_shamir_log2_error(80)).c_str());
  out += line;
  out +=
      "not zero-knowledge: private inputs are not given to the verifier, but the proof does not "
      "hide them\n";
  if (has_work()) {
    std::snprintf(line, sizeof line,
                  "security: %.2f bits with proof of work (target %u); %.2f bits interactive\n",
                  work_bits(), target_bits, bits());
  } else {
    std::snprintf(line, sizeof line, "security (interactive): %.2f bits (target %u)\n", bits(),
                  target_bits);
  }
  out += line;
  return out;
}

}  // namespace merkleforge::soundness
