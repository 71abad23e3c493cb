#include "zerocheck_prove.hpp"

#include <array>

#include "engine_common.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/zk/prover.hpp"
#include "skip_kernel.hpp"

namespace merkleforge::boolean::detail {
namespace {

using binius::to_canonical;
using binius::to_polyval;

/// Chunks of 8 words per block of the skip round's reduction (each block owns its buckets).
constexpr std::size_t kChunksPerBlock = std::size_t{1} << 13;
/// Words per block of the bit evaluations' reduction.
constexpr std::size_t kWordsPerBlock = std::size_t{1} << 15;

/// Σ_(v: bit i of v) values[v], for each bit i: a 256-entry table by the bits of its index.
std::array<B128P, 8> bit_sums(const B128P* values) {
  std::array<B128P, 8> sums{};
  for (unsigned v = 0; v < 256; ++v) {
    for (unsigned bit = 0; bit < 8; ++bit) {
      if ((v >> bit) & 1) sums[bit] += values[v];
    }
  }
  return sums;
}

std::vector<B128P> add_tables(std::vector<B128P> x, const std::vector<B128P>& y) {
  for (std::size_t i = 0; i < x.size(); ++i) x[i] += y[i];
  return x;
}

}  // namespace

std::vector<B128> quotient_values(const BitColumns& columns, const PinnedConstants& pinned,
                                  std::span<const B128> tau_random) {
  const SkipTables tables = make_skip_tables(pinned);
  const std::vector<B128P> eq_hi = binius::polyval_eq_tensor(to_polyval(tau_random));
  const SkipKernel& kernel = active_skip_kernel();
  const std::vector<B128P> buckets = parallel_reduce(
      eq_hi.size(), kChunksPerBlock, std::vector<B128P>(kBuckets),
      [&](std::size_t begin, std::size_t end, std::vector<B128P> acc) {
        kernel.accumulate(tables, columns.a.data(), columns.b.data(), columns.z.data(),
                          eq_hi.data(), begin, end, acc.data());
        return acc;
      },
      add_tables);
  std::array<B128P, 8> basis;  // φ(2^bit)
  for (unsigned bit = 0; bit < 8; ++bit) basis[bit] = to_polyval(embed_aes(std::uint8_t(1u << bit)));
  std::vector<B128P> q(kQuotientPoints);
  for (unsigned e = 0; e < kQuotientPoints; ++e) {
    const std::array<B128P, 8> sums = bit_sums(buckets.data() + 256 * e);
    B128P r;
    for (unsigned bit = 0; bit < 8; ++bit) r += basis[bit] * sums[bit];
    q[e] = r * to_polyval(embed_aes(aes_inverse(vanishing_aes(quotient_point(e)))));
  }
  return to_canonical(q);
}

namespace {

/// X_y(w) = Σ_b L_b(y)·bit b of word w (canonical), by one 256-entry table per byte of the word.
LargeVector<B128> fold_words(std::span<const std::uint64_t> words,
                             const std::array<std::array<B128, 256>, 8>& tables) {
  LargeVector<B128> out(words.size());
  parallel_for(words.size(), 1 << 12, [&](std::size_t begin, std::size_t end) {
    for (std::size_t w = begin; w < end; ++w) {
      B128 sum;
      for (unsigned p = 0; p < 8; ++p) sum += tables[p][static_cast<std::uint8_t>(words[w] >> (8 * p))];
      out[w] = sum;
    }
  });
  return out;
}

std::array<std::array<B128, 256>, 8> byte_tables(std::span<const B128> lagrange_y) {
  std::array<std::array<B128, 256>, 8> tables{};
  for (unsigned p = 0; p < 8; ++p) {
    for (unsigned j = 0; j < 8; ++j) {
      for (unsigned x = 0; x < (1u << j); ++x) {
        tables[p][(1u << j) + x] = tables[p][x] + lagrange_y[8 * p + j];
      }
    }
  }
  return tables;
}

/// X̃(b, r) for b < 64 and each column (canonical): the eq(r, w) of each word added to the bucket
/// of each of its bytes, then each bit's buckets summed.
std::array<std::vector<B128>, 3> bit_evaluations(const BitColumns& columns,
                                                 std::span<const B128> r) {
  const std::vector<B128P> eq = binius::polyval_eq_tensor(to_polyval(r));
  const std::array<std::span<const std::uint64_t>, 3> words = {columns.a, columns.b, columns.z};
  const std::vector<B128P> buckets = parallel_reduce(
      eq.size(), kWordsPerBlock, std::vector<B128P>(3 * 8 * 256),
      [&](std::size_t begin, std::size_t end, std::vector<B128P> acc) {
        for (std::size_t w = begin; w < end; ++w) {
          for (unsigned c = 0; c < 3; ++c) {
            for (unsigned p = 0; p < 8; ++p) {
              acc[256 * (8 * c + p) + static_cast<std::uint8_t>(words[c][w] >> (8 * p))] += eq[w];
            }
          }
        }
        return acc;
      },
      add_tables);
  std::array<std::vector<B128>, 3> out;
  for (unsigned c = 0; c < 3; ++c) {
    std::vector<B128P> values(kDomainSize);
    for (unsigned p = 0; p < 8; ++p) {
      const std::array<B128P, 8> sums = bit_sums(buckets.data() + 256 * (8 * c + p));
      for (unsigned j = 0; j < 8; ++j) values[8 * p + j] = sums[j];
    }
    out[c] = to_canonical(values);
  }
  return out;
}

}  // namespace

ZerocheckClaims prove_zerocheck(const BitColumns& columns, unsigned n_vars,
                                const PinnedConstants& pinned, zk::ProverTranscript& transcript) {
  const unsigned m = n_vars - kSkipVars;
  const std::vector<B128> tau_random = sample_b128s(transcript, m - kPinnedVars);
  const std::vector<B128> quotient = quotient_values(columns, pinned, tau_random);
  transcript.write_b128s(quotient);
  const B128 y = transcript.sample_b128();
  const std::vector<B128> weights = lagrange(y);

  std::optional<zk::EvaluationClaims> rounds;
  {
    const auto tables = byte_tables(weights);
    const LargeVector<B128> a = fold_words(columns.a, tables), b = fold_words(columns.b, tables),
                            z = fold_words(columns.z, tables);
    const std::vector<zk::Column> folded = {zk::Column::b128(a), zk::Column::b128(b),
                                            zk::Column::b128(z)};
    auto proved = zk::prove_eq_sumcheck(
        {word_point(pinned, tau_random), product_constraint(), vanishing(y) * quotient_at(quotient, y)},
        folded, transcript);
    rounds.emplace(std::move(*proved));  // the columns and the statement are well formed
  }

  const std::array<std::vector<B128>, 3> bits = bit_evaluations(columns, rounds->point);
  std::vector<zk::SumcheckClaim> claims;
  std::vector<std::vector<zk::Column>> claim_columns;
  for (unsigned c = 0; c < 3; ++c) {
    claims.push_back({kSkipVars, pair_product(), rounds->evals[0][c]});
    claim_columns.push_back({zk::Column::b128(weights), zk::Column::b128(bits[c])});
  }
  auto univariate = zk::prove_sumcheck(claims, claim_columns, transcript);
  ZerocheckClaims out{univariate->point, univariate->evals[0][1], univariate->evals[1][1],
                      univariate->evals[2][1]};
  out.point.insert(out.point.end(), rounds->point.begin(), rounds->point.end());
  return out;
}

}  // namespace merkleforge::boolean::detail
