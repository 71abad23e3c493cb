// The error terms of the proof system's parts, over a field of 2^field_bits elements (B128: 128),
// each with the theorem it comes from (docs/soundness.md gives the statement and the reference of
// every key). Probabilities are doubles: the terms of interest lie between 2^-130 and 2^-90, far
// from the range limits, and are summed, never subtracted.
#pragma once

#include <cstdint>
#include <string>

#include "merkleforge/soundness/bound.hpp"

namespace merkleforge::soundness {

inline constexpr unsigned kB128Bits = 128;

// ---- polynomial IOP parts (Schwartz–Zippel over B128) ----

/// `constraints` degree-1 constraints over a table of 2^vars rows checked at one random point:
/// each non-zero multilinear vanishes there w.p. ≤ vars/|F| (one round).
Term linear_check(std::string name, double constraints, unsigned vars,
                  unsigned field_bits = kB128Bits);

/// Zerocheck of `constraints` constraints of degree ≤ `degree` over 2^vars rows: batching
/// ((K − 1)/|F|), the eq point (vars/|F|) and vars sumcheck rounds of degree d + 1.
Term zerocheck(std::string name, double constraints, unsigned vars, unsigned degree,
               unsigned field_bits = kB128Bits);

/// Zerocheck of one F2-valued constraint of degree `degree` over 2^vars rows with the univariate
/// skip: `skip` variables become one over a 2^skip-point subspace, `pinned` eq coordinates are
/// constants whose 2^pinned weights are F2-independent, the others random. Terms: the eq point
/// ((vars − skip − pinned)/|F|), the quotient checked at one random point (degree·(2^skip − 1)/|F|)
/// and the vars − skip eq-sumcheck rounds of degree d + 1.
Term skip_zerocheck(std::string name, unsigned vars, unsigned skip, unsigned pinned,
                    unsigned degree, unsigned field_bits = kB128Bits);

/// A batched sumcheck of `claims` claims, `rounds` rounds of degree ≤ `degree`.
Term sumcheck(std::string name, double claims, unsigned rounds, unsigned degree,
              unsigned field_bits = kB128Bits);

/// GKR grand products of `products` columns over `layers` layers: per layer l, batching
/// ((k − 1)/|F|), l rounds of degree 3 and the layer's point (1/|F|).
Term grand_product(std::string name, double products, unsigned layers,
                   unsigned field_bits = kB128Bits);
/// The same layers stopped at `low` variables (zk's partial products): layer l has low + l rounds.
Term partial_product(std::string name, double products, unsigned low, unsigned layers,
                     unsigned field_bits = kB128Bits);

/// Multiset equality of `tuples` tuples of width `width` by fingerprints r + Σ s^k·t_k: the
/// product polynomial has total degree ≤ tuples·width (one round: r and s).
Term multiset(std::string name, double tuples, unsigned width, unsigned field_bits = kB128Bits);

/// Evalcheck's shift reductions: `chain` nested shifts of `shifted` columns reached by at most
/// `points` points, each a degree-2 sumcheck over ≤ 16 variables batched by α.
Term shift_reductions(std::string name, unsigned chain, double shifted, double points,
                      unsigned field_bits = kB128Bits);

/// One commitment group of 2^log_columns columns opened at `points` points through one random
/// combination β each (a non-zero multilinear in β vanishes w.p. ≤ log_columns/|F|).
Term group_batching(std::string name, double points, unsigned log_columns,
                    unsigned field_bits = kB128Bits);

// ---- FRI-Binius polynomial commitment (DP24, unique decoding) ----

/// The opening's sumcheck: total_vars rounds of degree 2.
Term pcs_sumcheck(unsigned total_vars, unsigned field_bits = kB128Bits);
/// The folding (proximity-gap) term 2^(ℓ* + R)/|F|, with `work_bits` of proof of work before each
/// fold challenge.
Term pcs_folding(unsigned total_vars, unsigned log_inv_rate, unsigned work_bits = 0,
                 unsigned field_bits = kB128Bits);
/// The queries: ((1 + 2^−R)/2)^q, the unique-decoding radius of rate 2^−R, with `work_bits` of
/// proof of work before the query indices.
Term pcs_queries(unsigned queries, unsigned log_inv_rate, unsigned work_bits = 0);
/// Per-query acceptance of a word beyond the unique-decoding radius: (1 + 2^−R)/2.
double pcs_query_acceptance(unsigned log_inv_rate);
/// The random combination of up to max_claims evaluation claims: (max_claims − 1)/|F|.
Term pcs_claim_batching(std::uint64_t max_claims, unsigned field_bits = kB128Bits);
/// Ring-switching over κ ≤ 7 packed variables: the tensor check and the row batching, 2κ/|F|.
Term pcs_ring_switching(unsigned field_bits = kB128Bits);

}  // namespace merkleforge::soundness
