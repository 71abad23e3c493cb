// Parameter derivation, statement digest and proof layout of the FRI-Binius PCS (pcs/params.hpp).
#include "merkleforge/pcs/params.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <numeric>
#include <tuple>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/soundness/terms.hpp"
#include "merkleforge/transcript/transcript.hpp"

namespace merkleforge::pcs {
namespace {

double pow2(double exponent) {
  return std::exp2(exponent);
}

/// The fold proof of work: the fewest bits (0 if none) that keep the folding term within a quarter
/// of the target's error, 2^(ℓ* + R − 128 − k) <= 2^(−target − 2).
unsigned fold_work_for(unsigned total_vars, unsigned log_inv_rate, unsigned security_bits) {
  const int excess = static_cast<int>(total_vars + log_inv_rate + security_bits + 2) -
                     static_cast<int>(soundness::kB128Bits);
  return static_cast<unsigned>(std::max(0, excess));
}

/// Every term but the queries (their sum decides how many queries are needed).
soundness::Bound other_terms(unsigned total_vars, unsigned log_inv_rate, unsigned fold_work) {
  return {{soundness::pcs_sumcheck(total_vars),
           soundness::pcs_folding(total_vars, log_inv_rate, fold_work),
           soundness::pcs_claim_batching(kMaxClaims), soundness::pcs_ring_switching()}};
}

/// The PCS's terms with q queries, in the order describe() prints them.
soundness::Bound soundness_terms(const PcsParams& params, unsigned queries) {
  const PcsConfig& config = params.config;
  soundness::Bound bound =
      other_terms(params.total_vars, config.log_inv_rate, params.fold_work_bits);
  bound.terms.insert(bound.terms.begin() + 2,
                     soundness::pcs_queries(queries, config.log_inv_rate, config.query_work_bits));
  return bound;
}

/// The fewest queries reaching the target (work-adjusted), or 0 when no count up to kMaxQueries
/// can (the other terms alone reach the target's error, or leave too little room for the
/// queries).
unsigned queries_for(const PcsParams& params) {
  const PcsConfig& config = params.config;
  const double target = pow2(-static_cast<double>(config.security_bits));
  // The other terms summed on their own (subtracting the query term from a total would cancel
  // them against its 1 at q = 0).
  const double rest =
      other_terms(params.total_vars, config.log_inv_rate, params.fold_work_bits).work_error();
  if (rest >= target) return 0;
  const double estimate =
      std::ceil((std::log2(target - rest) + config.query_work_bits) /
                std::log2(soundness::pcs_query_acceptance(config.log_inv_rate)));
  if (!(estimate <= kMaxQueries)) return 0;
  auto queries = std::max(1u, static_cast<unsigned>(estimate));
  // Guard against rounding in the logarithms: step to the exact boundary, within kMaxQueries.
  while (queries > 1 && soundness_terms(params, queries - 1).work_error() <= target) --queries;
  while (soundness_terms(params, queries).work_error() > target) {
    if (++queries > kMaxQueries) return 0;
  }
  return queries;
}

/// (1 − 2^−d)^q: the probability that q uniform positions all miss one node of 2^d.
double all_miss(unsigned depth, unsigned queries) {
  return std::exp(queries * std::log1p(-pow2(-static_cast<double>(depth))));
}

/// Expected distinct leaves and multiproof siblings of q uniform positions in a tree of 2^L
/// leaves. Depth d has 2^(d−1) sibling pairs; a pair costs one sibling when exactly one of its
/// nodes holds a position: 2·((1 − 2^−d)^q − (1 − 2^(1−d))^q) per pair.
std::pair<double, double> expected_opening(unsigned log_leaves, unsigned queries) {
  const double leaves = pow2(log_leaves) * (1 - all_miss(log_leaves, queries));
  double siblings = 0;
  for (unsigned depth = 1; depth <= log_leaves; ++depth) {
    const double miss_pair = depth == 1 ? 0.0 : all_miss(depth - 1, queries);
    siblings += pow2(depth) * (all_miss(depth, queries) - miss_pair);
  }
  return {leaves, siblings};
}

/// Claims whose polynomial is over a proper subfield each send 2^κ tensor columns.
std::size_t ring_switch_bytes(const PcsParams& params, const std::vector<EvaluationClaim>& claims) {
  std::size_t bytes = 0;
  for (const EvaluationClaim& claim : claims) {
    const unsigned level = params.polynomials[claim.polynomial].shape.tower_level;
    if (level < 7) bytes += (std::size_t{1} << packing_log(level)) * transcript::kB128Bytes;
  }
  return bytes;
}

std::size_t oracle_leaf_bytes(const PcsParams& params) {
  return (std::size_t{1} << params.arity) * transcript::kB128Bytes;
}

/// Bytes of a nonce before a challenge ground with `bits` bits.
std::size_t nonce_bytes(unsigned bits) {
  return bits != 0 ? transcript::kNonceBytes : 0;
}

/// Bytes of the sumcheck, fold nonces, roots, terminal message and query nonce (the
/// claim-independent transcript part).
std::size_t fold_transcript_bytes(const PcsParams& params) {
  return params.total_vars * (2 * transcript::kB128Bytes + nonce_bytes(params.fold_work_bits)) +
         nonce_bytes(params.config.query_work_bits) +
         (params.oracles.size() - 1) * transcript::kDigestBytes +
         (std::size_t{1} << params.terminal_vars) * transcript::kB128Bytes;
}

double expected_advice_bytes(const PcsParams& params) {
  double bytes = 0;
  for (const OracleShape& oracle : params.oracles) {
    const auto [leaves, siblings] = expected_opening(oracle.log_leaves, params.queries);
    bytes += leaves * static_cast<double>(oracle_leaf_bytes(params)) +
             siblings * static_cast<double>(transcript::kDigestBytes);
  }
  return bytes;
}

void put_u32(Bytes& out, std::uint64_t value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(value >> (8 * i)));
}

void put_b128(Bytes& out, B128 value) {
  std::uint8_t bytes[16];
  transcript::store_b128(value, bytes);
  out.insert(out.end(), bytes, bytes + 16);
}

/// Appends one printf-formatted line.
[[gnu::format(printf, 2, 3)]] void append_line(std::string& out, const char* format, ...) {
  char line[200];
  va_list arguments;
  va_start(arguments, format);
  std::vsnprintf(line, sizeof line, format, arguments);
  va_end(arguments);
  out += line;
  out += '\n';
}

Error invalid(const std::string& message) {
  return make_error(Errc::invalid_argument, "pcs: " + message);
}

}  // namespace

PcsConfig profile_config(Profile profile, unsigned security_bits) {
  PcsConfig config;
  config.security_bits = security_bits;
  if (profile == Profile::slim) {
    config.log_inv_rate = 2;
    config.query_work_bits = 16;
  }
  return config;
}

std::string_view profile_name(Profile profile) {
  return profile == Profile::slim ? "slim" : "fast";
}

std::string_view profile_name(const PcsConfig& config) {
  const auto knobs = [](const PcsConfig& c) {
    return std::tuple(c.log_inv_rate, c.query_work_bits, c.fixed_queries, c.fixed_arity);
  };
  for (Profile profile : {Profile::fast, Profile::slim}) {
    if (knobs(config) == knobs(profile_config(profile))) return profile_name(profile);
  }
  return "custom";
}

Result<Profile> profile_named(std::string_view name) {
  for (Profile profile : {Profile::fast, Profile::slim}) {
    if (name == profile_name(profile)) return profile;
  }
  return invalid("unknown commitment profile '" + std::string(name) + "' (fast or slim)");
}

Result<PcsParams> derive_params(const std::vector<PolynomialShape>& shapes,
                                const PcsConfig& config) {
  if (shapes.empty()) return invalid("no polynomials to commit");
  if (config.log_inv_rate != 1 && config.log_inv_rate != 2) {
    return invalid("log_inv_rate must be 1 (rate 1/2) or 2 (rate 1/4)");
  }
  if (config.fixed_arity > 8) return invalid("fold arity must be 1..8");
  if (config.fixed_queries > kMaxQueries) {
    return invalid("fixed_queries must be at most " + std::to_string(kMaxQueries));
  }
  if (config.query_work_bits > kMaxQueryWorkBits) {
    return invalid("query proof of work must be at most " + std::to_string(kMaxQueryWorkBits) +
                   " bits");
  }
  if (config.security_bits == 0 || config.security_bits > 120) {
    return invalid("security_bits must be 1..120");
  }
  PcsParams params;
  params.config = config;
  for (const PolynomialShape& shape : shapes) {
    if (shape.tower_level > 7) return invalid("tower level above 7");
    if (shape.n_vars > kMaxTotalVars + 7) return invalid("polynomial too large");
    const unsigned kappa = packing_log(shape.tower_level);
    params.polynomials.push_back({shape, shape.n_vars > kappa ? shape.n_vars - kappa : 0, 0});
  }
  std::vector<std::size_t> order(shapes.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return params.polynomials[a].packed_vars > params.polynomials[b].packed_vars;
  });
  std::uint64_t total = 0;
  for (std::size_t index : order) {
    if (params.polynomials[index].packed_vars > kMaxTotalVars) {
      return invalid("polynomial too large");
    }
    params.polynomials[index].offset = total;
    total += std::uint64_t{1} << params.polynomials[index].packed_vars;
    if (total > (std::uint64_t{1} << kMaxTotalVars)) {
      return invalid("committed size beyond 2^" + std::to_string(kMaxTotalVars) + " B128 values");
    }
  }
  const auto raw_vars = static_cast<unsigned>(std::bit_width(total - 1));

  double best_size = 0;
  bool found = false;
  const unsigned first_arity = config.fixed_arity != 0 ? config.fixed_arity : 1;
  const unsigned last_arity = config.fixed_arity != 0 ? config.fixed_arity : 8;
  for (unsigned arity = first_arity; arity <= last_arity; ++arity) {
    PcsParams candidate = params;
    candidate.arity = arity;
    candidate.total_vars = std::max(raw_vars, arity);
    if (candidate.total_vars > kMaxTotalVars) continue;
    candidate.fold_work_bits =
        fold_work_for(candidate.total_vars, config.log_inv_rate, config.security_bits);
    const unsigned queries =
        config.fixed_queries != 0 ? config.fixed_queries : queries_for(candidate);
    if (queries == 0) continue;
    candidate.queries = queries;
    candidate.soundness = soundness_terms(candidate, queries);
    const unsigned n = candidate.log_dim();
    for (unsigned oracles = 1; arity * (oracles - 1) <= n; ++oracles) {
      candidate.terminal_vars = n - arity * (oracles - 1);
      candidate.oracles.clear();
      for (unsigned k = 0; k < oracles; ++k) {
        candidate.oracles.push_back({candidate.query_bits() - arity * k});
      }
      const double size =
          static_cast<double>(fold_transcript_bytes(candidate)) + expected_advice_bytes(candidate);
      if (!found || size < best_size) {
        best_size = size;
        found = true;
        const std::vector<PolynomialLayout> layout = params.polynomials;
        params = candidate;
        params.polynomials = layout;
      }
    }
  }
  if (!found) {
    return invalid("no parameters reach " + std::to_string(config.security_bits) + " bits at 2^" +
                   std::to_string(raw_vars) + " committed B128 values and rate 1/" +
                   std::to_string(1u << config.log_inv_rate) +
                   ": the other terms leave no room for the queries (lower the target)");
  }
  return params;
}

std::string describe_parameters(const PcsParams& params) {
  std::string out;
  append_line(out, "FRI-Binius PCS (%s), hash SHA-256, profile %s",
              std::string(kPcsProtocol).c_str(), std::string(profile_name(params.config)).c_str());
  append_line(out, "polynomials: %zu, committed size l* = %u B128 variables (%zu bytes)",
              params.polynomials.size(), params.total_vars, (std::size_t{16} << params.total_vars));
  append_line(
      out,
      "code: rate 1/%u, interleaved 2^%u polynomials of 2^%u coefficients, codeword 2^%u positions",
      1u << params.config.log_inv_rate, params.arity, params.log_dim(), params.query_bits());
  append_line(out,
              "fold arity %u (cost model: smallest expected proof), %zu oracles, terminal message "
              "2^%u values",
              params.arity, params.oracles.size(), params.terminal_vars);
  for (std::size_t k = 0; k < params.oracles.size(); ++k) {
    const auto [leaves, siblings] = expected_opening(params.oracles[k].log_leaves, params.queries);
    append_line(out,
                "  oracle %zu: 2^%u leaves of %u B128; one multiproof: %.1f leaves and %.1f "
                "siblings expected",
                k, params.oracles[k].log_leaves, 1u << params.arity, leaves, siblings);
  }
  append_line(out, "queries: %u%s", params.queries,
              params.config.fixed_queries != 0 ? " (fixed by the configuration: weak parameters)"
                                               : " (fewest reaching the security target)");
  append_line(out,
              "proof of work: %u bits before the query indices, %u bits before each of the %u "
              "fold challenges (2^k SHA-256 calls each on average)",
              params.config.query_work_bits, params.fold_work_bits, params.total_vars);
  return out;
}

std::string describe(const PcsParams& params) {
  return describe_parameters(params) + params.soundness.describe(params.config.security_bits);
}

Status check_claims(const PcsParams& params, const std::vector<EvaluationClaim>& claims) {
  if (claims.empty()) return invalid("no evaluation claims");
  if (claims.size() > kMaxClaims) return invalid("more than 2^16 evaluation claims");
  for (std::size_t i = 0; i < claims.size(); ++i) {
    const EvaluationClaim& claim = claims[i];
    if (claim.polynomial >= params.polynomials.size()) {
      return invalid("claim " + std::to_string(i) + " names polynomial " +
                     std::to_string(claim.polynomial) + " of " +
                     std::to_string(params.polynomials.size()));
    }
    const unsigned n_vars = params.polynomials[claim.polynomial].shape.n_vars;
    if (claim.point.size() != n_vars) {
      return invalid("claim " + std::to_string(i) + " has a point of " +
                     std::to_string(claim.point.size()) + " coordinates for " +
                     std::to_string(n_vars) + " variables");
    }
  }
  return Ok{};
}

Digest32 statement_digest(const PcsParams& params, const Digest32& root,
                          const std::vector<EvaluationClaim>& claims) {
  Bytes bytes(kPcsProtocol.begin(), kPcsProtocol.end());
  put_u32(bytes, params.config.security_bits);
  put_u32(bytes, params.config.log_inv_rate);
  put_u32(bytes, params.config.fixed_queries);
  put_u32(bytes, params.config.fixed_arity);
  put_u32(bytes, params.config.query_work_bits);
  put_u32(bytes, params.fold_work_bits);
  put_u32(bytes, params.polynomials.size());
  for (const PolynomialLayout& polynomial : params.polynomials) {
    put_u32(bytes, polynomial.shape.tower_level);
    put_u32(bytes, polynomial.shape.n_vars);
  }
  bytes.insert(bytes.end(), root.begin(), root.end());
  put_u32(bytes, claims.size());
  for (const EvaluationClaim& claim : claims) {
    put_u32(bytes, claim.polynomial);
    put_u32(bytes, claim.point.size());
    for (B128 coordinate : claim.point) put_b128(bytes, coordinate);
    put_b128(bytes, claim.value);
  }
  return Sha256::digest(bytes);
}

std::size_t fixed_size(const PcsParams& params, const std::vector<EvaluationClaim>& claims) {
  return kProofHeaderBytes + ring_switch_bytes(params, claims) + fold_transcript_bytes(params);
}

AdviceBounds advice_bounds(const PcsParams& params) {
  AdviceBounds bounds{0, 0, expected_advice_bytes(params)};
  const std::uint64_t queries = params.queries;
  for (const OracleShape& oracle : params.oracles) {
    // Least: every position on one leaf, whose path is then all siblings. Most: distinct leaves,
    // and at most one sibling per pair of nodes at each depth.
    bounds.min += oracle_leaf_bytes(params) + oracle.log_leaves * transcript::kDigestBytes;
    const std::uint64_t leaves = std::min(queries, std::uint64_t{1} << oracle.log_leaves);
    std::uint64_t siblings = 0;
    for (unsigned depth = 1; depth <= oracle.log_leaves; ++depth) {
      siblings += std::min(queries, std::uint64_t{1} << (depth - 1));
    }
    bounds.max += leaves * oracle_leaf_bytes(params) + siblings * transcript::kDigestBytes;
  }
  return bounds;
}

double expected_proof_size(const PcsParams& params, const std::vector<EvaluationClaim>& claims) {
  return static_cast<double>(fixed_size(params, claims)) + expected_advice_bytes(params);
}

std::vector<ProofField> proof_layout(const PcsParams& params,
                                     const std::vector<EvaluationClaim>& claims) {
  std::vector<ProofField> fields;
  std::size_t offset = 0;
  auto add = [&](std::string name, std::size_t size) {
    if (size == 0) return;
    fields.push_back({std::move(name), offset, size});
    offset += size;
  };
  add("header", kProofHeaderBytes);
  for (std::size_t j = 0; j < claims.size(); ++j) {
    const unsigned level = params.polynomials[claims[j].polynomial].shape.tower_level;
    if (level < 7) {
      add("claim " + std::to_string(j) + " ring-switch columns",
          (std::size_t{1} << packing_log(level)) * transcript::kB128Bytes);
    }
  }
  const unsigned terminal_after = params.total_vars - params.terminal_vars;  // arity·oracles
  for (unsigned round = 0; round < params.total_vars; ++round) {
    add("round " + std::to_string(round) + " polynomial", 2 * transcript::kB128Bytes);
    add("round " + std::to_string(round) + " proof of work", nonce_bytes(params.fold_work_bits));
    const unsigned folds = round + 1;
    if (folds % params.arity == 0 && folds / params.arity < params.oracles.size()) {
      add("oracle " + std::to_string(folds / params.arity) + " root", transcript::kDigestBytes);
    }
    if (folds == terminal_after)
      add("terminal message", transcript::kB128Bytes << params.terminal_vars);
  }
  add("query proof of work", nonce_bytes(params.config.query_work_bits));
  return fields;
}

}  // namespace merkleforge::pcs
