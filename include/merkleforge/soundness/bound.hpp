// The soundness account of a proof: its error terms, each from a cited theorem, summed into the
// interactive bound, and the bound after Fiat–Shamir (docs/soundness.md). One account for every
// engine and for the commitment: the PCS (pcs/params.hpp) and the constraint system
// (cs/proof.hpp) build theirs from the terms of soundness/terms.hpp.
//
// What is claimed: knowledge soundness. A term is an upper bound on the probability that a
// prover without a witness (or opening a polynomial other than the committed one) passes one part
// of the verifier; the sum bounds the interactive protocol's knowledge error (union bound). Each
// term also carries the largest error of a single verifier round inside it: the round-by-round
// error ε_rbr of the whole protocol is their maximum, and a prover against the non-interactive
// proof (SHA-256 as the random oracle for Merkle trees and challenges) that makes Q hash calls
// succeeds with probability at most (Q + k)·ε_rbr + 3·Q²/2^256, k the number of rounds
// (docs/soundness.md, "Fiat–Shamir": Chiesa–Yogev, Theorems 31.2.1 and 25.2.1).
// Proof of work: a term whose challenges are protected by k bits of grinding (transcript.hpp)
// keeps its interactive probability (grinding proves nothing to an interactive verifier), but
// against a Fiat–Shamir prover each attempt at those challenges costs 2^k hashes, so its round
// error in the Fiat–Shamir bound is ε·2^−k (Block, Garreta, Katz, Thaler, Tiwari, Zając,
// ePrint 2023/1071; docs/soundness.md, "Proof of work"). Targets are met by the work-adjusted sum
// Σ ε_i·2^−k_i, which is the interactive sum when nothing grinds.
// What is not claimed: zero knowledge. "Private" inputs are not given to the verifier, but nothing
// hides them from it.
#pragma once

#include <string>
#include <vector>

namespace merkleforge::soundness {

/// One error term.
struct Term {
  std::string name;        ///< what it accounts for, e.g. "zerocheck keccakf", "pcs queries"
  double probability = 0;  ///< its bound on the cheating probability
  double round_error = 0;  ///< the largest error of one verifier round inside it
  unsigned rounds = 0;     ///< verifier challenge rounds it spans
  std::string theorem;     ///< where the bound comes from (a key of docs/soundness.md)
  unsigned work_bits = 0;  ///< proof-of-work bits before each of its challenges
  /// round_error·2^−work_bits: one attempt's success against a Fiat–Shamir prover.
  double work_round_error() const;
  bool operator==(const Term&) const = default;
};

/// The terms of one proof and the statements they give.
struct Bound {
  std::vector<Term> terms;

  /// Σ probability: the interactive (union) bound; proof of work does not lower it.
  double error() const;
  /// −log2 error().
  double bits() const;
  /// Σ probability·2^−work_bits: the bound against a prover for whom every attempt at a ground
  /// challenge costs 2^work_bits hashes (what security targets are checked against; error()
  /// when no term grinds).
  double work_error() const;
  /// −log2 work_error().
  double work_bits() const;
  /// Whether some term grinds.
  bool has_work() const;
  /// The term with the largest work-adjusted round error (ε_rbr, Term::work_round_error);
  /// precondition: terms not empty.
  const Term& largest_round() const;
  /// −log2 ε_rbr.
  double round_bits() const;
  /// k: the verifier's challenge rounds, summed over the terms.
  unsigned rounds() const;
  /// log2 of the bound on a Fiat–Shamir prover's success with 2^log2_calls hash calls:
  /// log2((2^log2_calls + k)·ε_rbr + 3·2^(2·log2_calls − 256)).
  double fiat_shamir_log2_error(double log2_calls) const;
  /// Every term (log2, per-round log2, proof-of-work bits, theorem), the interactive bound, the
  /// work-adjusted bound against `target_bits` (when some term grinds), ε_rbr and the
  /// Fiat–Shamir statement at 2^40, 2^64 and 2^80 hash calls, and what is not claimed (zero
  /// knowledge).
  std::string describe(unsigned target_bits) const;

  bool operator==(const Bound&) const = default;
};

}  // namespace merkleforge::soundness
