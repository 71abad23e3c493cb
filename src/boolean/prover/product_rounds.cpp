#include "product_rounds.hpp"

#include <algorithm>
#include <tuple>
#include <utility>

#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::boolean::detail {
namespace {

using binius::B128P;
using binius::to_canonical;
using binius::to_polyval;
using Table = LargeVector<B128P>;

/// Pairs per chunk: the eq weights' low factor, and the length of the products' bulk calls.
constexpr unsigned kChunkVars = 8;
constexpr std::size_t kChunksPerBlock = 64;

/// One pair (2j, 2j + 1) of each column for a chunk of pairs: lo and hi values (POLYVAL).
struct ChunkValues {
  std::array<std::vector<B128P>, 3> lo, hi;
  explicit ChunkValues(std::size_t n) {
    for (unsigned c = 0; c < 3; ++c) lo[c].resize(n), hi[c].resize(n);
  }
};

/// q's sums at 0, 1 and ∞ for one round.
using RoundSums = std::array<B128P, 3>;

RoundSums add_sums(RoundSums x, const RoundSums& y) {
  for (unsigned t = 0; t < 3; ++t) x[t] += y[t];
  return x;
}

/// eq(point, ·) split into a low factor over the first kChunkVars coordinates (or all) and the
/// rest.
struct SplitEq {
  std::vector<B128P> lo, hi;
  explicit SplitEq(std::span<const B128> point) {
    const std::size_t lo_vars = std::min<std::size_t>(kChunkVars, point.size());
    lo = binius::polyval_eq_tensor(to_polyval(point.first(lo_vars)));
    hi = binius::polyval_eq_tensor(to_polyval(point.subspan(lo_vars)));
  }
};

/// Σ_k eq_lo[k]·(a·b + z) at 0, ∞ and, when `at_one`, 1 over a chunk's pairs, scaled by the
/// chunk's eq_hi.
RoundSums chunk_sums(ChunkValues& v, std::span<const B128P> eq_lo, B128P eq_hi, bool at_one,
                     std::vector<B128P>& scratch) {
  const auto& kernel = binius::active_polyval_kernel();
  const std::size_t n = eq_lo.size();
  auto& [a0, b0, z0] = v.lo;
  auto& [a1, b1, z1] = v.hi;
  RoundSums sums{};
  // at 0 and 1: a·b + z
  for (auto [a, b, z, t] : {std::tuple{&a0, &b0, &z0, 0u}, std::tuple{&a1, &b1, &z1, 1u}}) {
    if (t == 1 && !at_one) break;
    kernel.mul(a->data(), b->data(), scratch.data(), n);
    for (std::size_t k = 0; k < n; ++k) scratch[k] += (*z)[k];
    kernel.mul(scratch.data(), eq_lo.data(), scratch.data(), n);
    for (std::size_t k = 0; k < n; ++k) sums[t] += scratch[k];
  }
  // at ∞: the leading coefficient (a0 + a1)·(b0 + b1); z is linear and drops out
  for (std::size_t k = 0; k < n; ++k) a1[k] += a0[k], b1[k] += b0[k];
  kernel.mul(a1.data(), b1.data(), scratch.data(), n);
  kernel.mul(scratch.data(), eq_lo.data(), scratch.data(), n);
  for (std::size_t k = 0; k < n; ++k) sums[2] += scratch[k];
  for (B128P& s : sums) s = s * eq_hi;
  return sums;
}

/// The round's sums over all pairs (at 1 only when `at_one`); `load(chunk, values)` fills a
/// chunk's pairs (the hi z values only when `at_one`).
template <class Load>
RoundSums round_sums(std::size_t pairs, const SplitEq& eq, bool at_one, Load load) {
  const std::size_t chunk = eq.lo.size(), chunks = pairs / chunk;
  return parallel_reduce(
      chunks, kChunksPerBlock, RoundSums{},
      [&](std::size_t begin, std::size_t end, RoundSums acc) {
        ChunkValues values(chunk);
        std::vector<B128P> scratch(chunk);
        for (std::size_t c = begin; c < end; ++c) {
          load(c * chunk, values);
          acc = add_sums(acc, chunk_sums(values, eq.lo, eq.hi[c], at_one, scratch));
        }
        return acc;
      },
      add_sums);
}

/// Σ_p tables[p][byte p of word].
B128P extend(const ByteTables& tables, std::uint64_t word) noexcept {
  B128P sum;
  for (unsigned p = 0; p < 8; ++p) sum += tables[p][static_cast<std::uint8_t>(word >> (8 * p))];
  return sum;
}

/// The round polynomial P·(1 + τ_i + X)·q(X) from q's sums; writes c_0, c_1, c_2, draws the
/// challenge r and sets `local` from the round's claim without P (local = (1 + τ_i)·q(0) +
/// τ_i·q(1)) to q(r). Unless τ_i = 0, q(1) follows from that claim (Gruen) and sums[1] is unused.
B128 send_round(zk::ProverTranscript& transcript, const RoundSums& sums, B128 prefix, B128 tau_i,
                B128& local) {
  const B128 q0 = to_canonical(sums[0]);
  const B128 q1 = tau_i == B128::zero() ? to_canonical(sums[1])
                                        : (local + (B128::one() + tau_i) * q0) * tau_i.inverse();
  const std::array<B128, 3> q_at = {q0, q1, to_canonical(sums[2])};
  const std::array<B128, 3> q = {q_at[0], q_at[1] + q_at[0] + q_at[2], q_at[2]};  // coefficients
  std::array<B128, 4> g{};
  for (unsigned k = 0; k < 3; ++k) {
    const B128 c = prefix * q[k];
    g[k] += (B128::one() + tau_i) * c;
    g[k + 1] += c;
  }
  transcript.write_b128s(std::span(g).first(3));
  const B128 r = transcript.sample_b128();
  local = q[0] + r * (q[1] + r * q[2]);
  return r;
}

/// out[j] = lo + r·(lo + hi) for (lo, hi) = pair(j), j < pairs, the products in bulk.
template <class Pair>
void fold(std::size_t pairs, B128P r, Pair pair, Table& out) {
  parallel_for(pairs, 1 << 12, [&](std::size_t begin, std::size_t end) {
    std::array<B128P, 256> lo, delta;
    for (std::size_t j = begin; j < end; j += delta.size()) {
      const std::size_t count = std::min(delta.size(), end - j);
      for (std::size_t k = 0; k < count; ++k) {
        const auto [lo_value, hi_value] = pair(j + k);
        lo[k] = lo_value;
        delta[k] = lo_value + hi_value;
      }
      binius::active_polyval_kernel().mul_scalar(delta.data(), r, delta.data(), count);
      for (std::size_t k = 0; k < count; ++k) out[j + k] = lo[k] + delta[k];
    }
  });
}

}  // namespace

ByteTables lagrange_byte_tables(std::span<const B128> lagrange_y) {
  const std::vector<B128P> l = to_polyval(lagrange_y);
  ByteTables tables{};
  for (unsigned p = 0; p < 8; ++p) {
    for (unsigned j = 0; j < 8; ++j) {
      for (unsigned x = 0; x < (1u << j); ++x)
        tables[p][(1u << j) + x] = tables[p][x] + l[8 * p + j];
    }
  }
  return tables;
}

ProductRoundsResult prove_product_rounds(const BitColumns& columns, const ByteTables& tables,
                                         std::span<const B128> tau, B128 sum,
                                         zk::ProverTranscript& transcript) {
  const std::array<std::span<const std::uint64_t>, 3> words = {columns.a, columns.b, columns.z};
  const std::size_t m = tau.size();
  ProductRoundsResult out;
  B128 prefix = B128::one(), local = sum;

  // Round 0 on the words: pair j is words 2j and 2j + 1.
  std::size_t pairs = words[0].size() / 2;
  bool at_one = tau[0] == B128::zero();
  const RoundSums first =
      round_sums(pairs, SplitEq(tau.subspan(1)), at_one, [&](std::size_t j0, ChunkValues& v) {
        for (unsigned c = 0; c < 3; ++c) {
          if (c == 2 && !at_one) {
            for (std::size_t k = 0; k < v.lo[c].size(); ++k)
              v.lo[c][k] = extend(tables, words[c][2 * (j0 + k)]);
            continue;
          }
          for (std::size_t k = 0; k < v.lo[c].size(); ++k) {
            v.lo[c][k] = extend(tables, words[c][2 * (j0 + k)]);
            v.hi[c][k] = extend(tables, words[c][2 * (j0 + k) + 1]);
          }
        }
      });
  B128 r = send_round(transcript, first, prefix, tau[0], local);
  out.point.push_back(r);
  prefix *= B128::one() + tau[0] + r;

  // Fold at r_0: the pairs' extensions, through the byte tables (in L1). A column's table is as
  // large as its words: a's words go before b's table is made, b's before z's, and the spare
  // tables come last, so that the peak holds one column's words fewer (z stays: the lincheck
  // reads it).
  std::array<Table, 3> current, spare;
  for (unsigned c = 0; c < 3; ++c) {
    current[c] = Table(pairs);
    fold(
        pairs, to_polyval(r),
        [&](std::size_t j) {
          return std::pair{extend(tables, words[c][2 * j]), extend(tables, words[c][2 * j + 1])};
        },
        current[c]);
    if (c < 2 && columns.release) columns.release(c);
  }
  for (Table& table : spare) table = Table(std::max<std::size_t>(pairs / 2, 1));

  // Rounds 1 … m − 1 on the tables.
  for (std::size_t i = 1; i < m; ++i) {
    pairs /= 2;
    at_one = tau[i] == B128::zero();
    const RoundSums sums =
        round_sums(pairs, SplitEq(tau.subspan(i + 1)), at_one, [&](std::size_t j0, ChunkValues& v) {
          for (unsigned c = 0; c < 3; ++c) {
            for (std::size_t k = 0; k < v.lo[c].size(); ++k) {
              v.lo[c][k] = current[c][2 * (j0 + k)];
              v.hi[c][k] = current[c][2 * (j0 + k) + 1];
            }
          }
        });
    r = send_round(transcript, sums, prefix, tau[i], local);
    out.point.push_back(r);
    prefix *= B128::one() + tau[i] + r;
    for (unsigned c = 0; c < 3; ++c) {
      const Table& table = current[c];
      fold(
          pairs, to_polyval(r),
          [&](std::size_t j) {
            return std::pair{table[2 * j], table[2 * j + 1]};
          },
          spare[c]);
      std::swap(current[c], spare[c]);
    }
  }
  out.a = to_canonical(current[0][0]);
  out.b = to_canonical(current[1][0]);
  out.z = to_canonical(current[2][0]);
  transcript.write_b128s(std::array<B128, 3>{out.a, out.b, out.z});
  return out;
}

}  // namespace merkleforge::boolean::detail
