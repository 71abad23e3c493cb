// Internal: the evalcheck reduction shared by prover and verifier. The sides differ only in where
// the inner evaluations and the shift sumcheck come from (computed and written, or read and
// verified), so the unrolling, the checks and the deduplication are written once.
#pragma once

#include <algorithm>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/zk/evalcheck.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "rounds.hpp"

namespace merkleforge::zk::detail {

/// Source row within the block of shifted row y, if any.
inline std::optional<std::size_t> shift_source(ShiftKind kind, unsigned block_bits,
                                               std::size_t offset, std::size_t y) {
  const std::size_t size = std::size_t{1} << block_bits;
  switch (kind) {
    case ShiftKind::cyclic:
      return (y + offset) & (size - 1);
    case ShiftKind::logical_left:
      if (y >= offset) return y - offset;
      return std::nullopt;
    case ShiftKind::logical_right:
      if (y + offset < size) return y + offset;
      return std::nullopt;
  }
  return std::nullopt;
}

/// ind(x) = Σ_{y: source(y) = x} eq(r_low, y), x < 2^b (canonical).
inline std::vector<B128> shift_indicator(const OracleSet::Oracle& o, std::span<const B128> r_low) {
  const std::vector<B128> eq = binius::eq_tensor(r_low).value();  // b <= 16
  std::vector<B128> ind(eq.size());
  for (std::size_t y = 0; y < eq.size(); ++y) {
    if (auto x = shift_source(o.shift, o.block_bits, o.index, y)) ind[*x] += eq[y];
  }
  return ind;
}

/// Σ_{i<k} eq(r, i) in O(n): walk k's bits from the top with the eq of the common prefix.
inline B128 step_down_value(std::size_t k, std::span<const B128> r) {
  const std::size_t n = r.size();
  if (k >= (std::size_t{1} << n)) return B128::one();
  B128 sum;
  B128 prefix = B128::one();
  for (std::size_t j = n; j-- > 0;) {
    if ((k >> j) & 1) {
      sum += prefix * (B128::one() + r[j]);  // i has 0 where k has 1: every lower completion counts
      prefix = prefix * r[j];
    } else {
      prefix = prefix * (B128::one() + r[j]);
    }
  }
  return sum;
}

struct ShiftTask {
  EvalClaim claim;  // on the shifted oracle
};

inline Error mismatch(const std::string& what) {
  return make_error(Errc::corrupt_data, "evalcheck: " + what);
}

inline Status check_claims(const OracleSet& oracles, std::span<const EvalClaim> claims) {
  for (const EvalClaim& c : claims) {
    if (c.oracle >= oracles.size() || c.point.size() != oracles.at(c.oracle).n_vars) {
      return make_error(Errc::invalid_argument,
                        "evalcheck: claim on an unknown oracle or with a point of another length");
    }
  }
  return Ok{};
}

/// A claim's oracle and point, ordered by the oracle, then by the points' bits as integers.
using ClaimKey = std::pair<OracleId, std::vector<B128>>;
struct ClaimKeyLess {
  bool operator()(const ClaimKey& a, const ClaimKey& b) const {
    if (a.first != b.first) return a.first < b.first;
    return std::lexicographical_compare(a.second.begin(), a.second.end(), b.second.begin(),
                                        b.second.end(),
                                        [](B128 x, B128 y) { return x.value() < y.value(); });
  }
};

/// Side: Result<std::vector<B128>> inner_values(std::span<const OracleId>, point),
/// inner_values_at(OracleId, points) (one oracle at several points) and
/// Result<EvaluationClaims> shift_sumcheck(std::span<const ShiftTask>) (claims j: columns
/// (T(·, r_high), ind) with sum = the shifted claim's value).
template <class Side, class Transcript>
Result<std::vector<EvalClaim>> run_evalcheck(const OracleSet& oracles,
                                             std::span<const EvalClaim> claims, Side& side,
                                             Transcript& transcript) {
  using Kind = OracleSet::Kind;
  if (Status s = check_claims(oracles, claims); !s) return s.error();
  if (Status s = require_commitment(transcript, "evalcheck"); !s) return s.error();
  transcript.begin_phase("zk/evalcheck");
  absorb_u64(transcript, claims.size());
  for (const EvalClaim& c : claims) {
    absorb_u64(transcript, c.oracle);
    for (B128 x : c.point) absorb_b128(transcript, x);
    absorb_b128(transcript, c.value);
  }
  // Every claim made so far, processed or pending: a linear combination's term whose value is
  // already claimed at the point is not sent again (a bit column feeding several combinations,
  // as in MixBytes, costs one value), and a claim made twice is processed once.
  std::map<ClaimKey, B128, ClaimKeyLess> known;
  std::set<ClaimKey, ClaimKeyLess> processed;
  std::deque<EvalClaim> pending;
  const auto push = [&](EvalClaim c) -> Status {
    const auto [it, inserted] = known.emplace(ClaimKey{c.oracle, c.point}, c.value);
    if (!inserted && it->second != c.value)
      return mismatch("two values for one oracle at one point");
    pending.push_back(std::move(c));
    return Ok{};
  };
  for (const EvalClaim& c : claims) {
    if (Status s = push(c); !s) return s.error();
  }
  std::vector<EvalClaim> out;
  while (!pending.empty()) {
    std::vector<ShiftTask> shifts;
    while (!pending.empty()) {
      EvalClaim c = std::move(pending.front());
      pending.pop_front();
      if (!processed.emplace(c.oracle, c.point).second) continue;
      const OracleSet::Oracle& o = oracles.at(c.oracle);
      switch (o.kind) {
        case Kind::committed:
          out.push_back(c);
          break;
        case Kind::constant:
          if (c.value != o.value) return mismatch("constant oracle");
          break;
        case Kind::step_down:
          if (c.value != step_down_value(o.index, c.point)) return mismatch("step-down oracle");
          break;
        case Kind::eq:
          if (c.value != eq_eval(o.fixed, c.point)) return mismatch("eq oracle");
          break;
        case Kind::packed: {
          // P(r) = Σ_x β_x·o(x, r) over the 2^κ low variables x of o.
          const std::size_t count = std::size_t{1} << o.block_bits;
          const std::vector<OracleId> ids(count, o.inner);
          std::vector<std::vector<B128>> points(count);
          for (std::size_t x = 0; x < count; ++x) {
            for (unsigned b = 0; b < o.block_bits; ++b) points[x].push_back(B128((x >> b) & 1));
            points[x].insert(points[x].end(), c.point.begin(), c.point.end());
          }
          auto values = side.inner_values_at(o.inner, points);
          if (!values) return values.error();
          B128 sum;
          for (std::size_t x = 0; x < count; ++x) {
            sum += B128(binius::uint128{1} << (x << o.inner_level)) * (*values)[x];
          }
          if (sum != c.value) return mismatch("packed oracle");
          for (std::size_t x = 0; x < count; ++x) {
            if (Status s = push({o.inner, std::move(points[x]), (*values)[x]}); !s)
              return s.error();
          }
          break;
        }
        case Kind::linear_combination: {
          std::vector<B128> values(o.terms.size());
          std::vector<OracleId> asked;
          std::vector<std::size_t> asked_terms;
          for (std::size_t t = 0; t < o.terms.size(); ++t) {
            const auto it = known.find(ClaimKey{o.terms[t].first, c.point});
            if (it != known.end()) {
              values[t] = it->second;
            } else {
              asked.push_back(o.terms[t].first);
              asked_terms.push_back(t);
            }
          }
          auto sent = side.inner_values(asked, c.point);
          if (!sent) return sent.error();
          for (std::size_t a = 0; a < asked.size(); ++a) values[asked_terms[a]] = (*sent)[a];
          B128 sum = o.value;
          for (std::size_t t = 0; t < values.size(); ++t) sum += (o.terms[t].second) * values[t];
          if (sum != c.value) return mismatch("linear combination");
          for (std::size_t a = 0; a < asked.size(); ++a) {
            if (Status s = push({asked[a], c.point, (*sent)[a]}); !s) return s.error();
          }
          break;
        }
        case Kind::projected: {
          std::vector<B128> point = c.point;
          point.insert(point.end(), o.fixed.begin(), o.fixed.end());
          if (Status s = push({o.inner, std::move(point), c.value}); !s) return s.error();
          break;
        }
        case Kind::repeating: {
          const unsigned m = oracles.at(o.inner).n_vars;
          if (Status s = push({o.inner, {c.point.begin(), c.point.begin() + m}, c.value}); !s)
            return s.error();
          break;
        }
        case Kind::zero_padded: {
          const unsigned m = oracles.at(o.inner).n_vars;
          const std::vector<B128> low(c.point.begin(), c.point.begin() + m);
          auto inner = side.inner_values(std::span(&o.inner, 1), low);
          if (!inner) return inner.error();
          B128 factor = B128::one();
          for (std::size_t j = m; j < c.point.size(); ++j)
            factor = factor * (B128::one() + c.point[j]);
          if (factor * ((*inner)[0]) != c.value) return mismatch("zero-padded oracle");
          if (Status s = push({o.inner, low, (*inner)[0]}); !s) return s.error();
          break;
        }
        case Kind::shifted:
          shifts.push_back({c});
          break;
      }
    }
    if (shifts.empty()) break;
    auto reduced = side.shift_sumcheck(shifts);
    if (!reduced) return reduced.error();
    for (std::size_t j = 0; j < shifts.size(); ++j) {
      const EvalClaim& c = shifts[j].claim;
      const OracleSet::Oracle& o = oracles.at(c.oracle);
      const std::span<const B128> rho(reduced->point.data(), o.block_bits);
      const std::vector<B128> ind = shift_indicator(o, std::span(c.point).first(o.block_bits));
      if (binius::evaluate_multilinear(ind, rho).value() != reduced->evals[j][1]) {
        return mismatch("shift indicator");
      }
      std::vector<B128> point(rho.begin(), rho.end());
      point.insert(point.end(), c.point.begin() + o.block_bits, c.point.end());
      if (Status s = push({o.inner, std::move(point), reduced->evals[j][0]}); !s) return s.error();
    }
  }
  return out;
}

/// The sumcheck statement of the shift tasks: Σ_x T(x, r_high)·ind(x) = value over b variables.
inline std::vector<SumcheckClaim> shift_claims(const OracleSet& oracles,
                                               std::span<const ShiftTask> tasks) {
  std::vector<SumcheckClaim> claims;
  for (const ShiftTask& t : tasks) {
    Composition product(2);
    product.mul(product.column(0), product.column(1));
    claims.push_back({oracles.at(t.claim.oracle).block_bits, product, t.claim.value});
  }
  return claims;
}

}  // namespace merkleforge::zk::detail
