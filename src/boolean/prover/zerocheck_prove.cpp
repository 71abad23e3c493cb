#include "zerocheck_prove.hpp"

#include <array>

#include "engine_common.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "product_rounds.hpp"
#include "skip_kernel.hpp"

namespace merkleforge::boolean::detail {
namespace {

using binius::to_canonical;
using binius::to_polyval;

/// Chunks of 8 words per block of the skip round's reduction (each block owns its buckets).
constexpr std::size_t kChunksPerBlock = std::size_t{1} << 13;

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

ZerocheckClaims prove_zerocheck(const BitColumns& columns, unsigned n_vars,
                                const PinnedConstants& pinned, zk::ProverTranscript& transcript) {
  const unsigned m = n_vars - kSkipVars;
  const std::vector<B128> tau_random = sample_b128s(transcript, m - kPinnedVars);
  const std::vector<B128> quotient = quotient_values(columns, pinned, tau_random);
  transcript.write_b128s(quotient);
  const B128 y = transcript.sample_b128();

  const ProductRoundsResult rounds = prove_product_rounds(
      columns, lagrange_byte_tables(lagrange(y)), word_point(pinned, tau_random), transcript);
  return {y, rounds.point, rounds.a, rounds.b, rounds.z};
}

}  // namespace merkleforge::boolean::detail
