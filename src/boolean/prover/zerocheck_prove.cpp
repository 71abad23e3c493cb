#include "zerocheck_prove.hpp"

#include <algorithm>
#include <array>

#include "engine_common.hpp"
#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "product_rounds.hpp"
#include "skip_kernel.hpp"

namespace merkleforge::boolean::detail {
namespace {

using binius::to_canonical;
using binius::to_polyval;

/// Word variables above the pinned ones whose eq weights go into the weighted byte tables.
constexpr unsigned kGroupVars = 4;
/// Groups of 2^kGroupVars chunks per block of the reduction.
constexpr std::size_t kGroupsPerBlock = std::size_t{1} << 9;

std::vector<B128P> add_tables(std::vector<B128P> x, const std::vector<B128P>& y) {
  for (std::size_t i = 0; i < x.size(); ++i) x[i] += y[i];
  return x;
}

/// weighted[256·h + v] = eq(τ_group, h)·φ(v): a chunk's V_e(h) weighed by one lookup.
std::vector<B128P> weighted_bytes(std::span<const B128> tau_group) {
  const std::vector<B128P> eq = binius::polyval_eq_tensor(to_polyval(tau_group));
  std::vector<B128P> phi(256), weighted(256 * eq.size());
  for (unsigned v = 0; v < 256; ++v) phi[v] = to_polyval(embed_aes(static_cast<std::uint8_t>(v)));
  for (std::size_t h = 0; h < eq.size(); ++h) {
    binius::active_polyval_kernel().mul_scalar(phi.data(), eq[h], weighted.data() + 256 * h, 256);
  }
  return weighted;
}

}  // namespace

std::vector<B128> quotient_values(const BitColumns& columns, const PinnedConstants& pinned,
                                  std::span<const B128> tau_random) {
  const SkipTables tables = make_skip_tables(pinned);
  const std::size_t group_vars = std::min<std::size_t>(kGroupVars, tau_random.size());
  const std::size_t group = std::size_t{1} << group_vars;
  const std::vector<B128P> weighted = weighted_bytes(tau_random.first(group_vars));
  const std::vector<B128P> eq_hi =
      binius::polyval_eq_tensor(to_polyval(tau_random.subspan(group_vars)));
  const SkipKernel& kernel = *skip_kernels().active().table;
  const std::vector<B128P> r = parallel_reduce(
      eq_hi.size(), kGroupsPerBlock, std::vector<B128P>(kValuesPerChunk),
      [&](std::size_t begin, std::size_t end, std::vector<B128P> acc) {
        std::vector<std::uint8_t> values(kValuesPerChunk * group);
        std::vector<B128P> inner(kValuesPerChunk);
        for (std::size_t g = begin; g < end; ++g) {
          kernel.chunk_values(tables, columns.a.data(), columns.b.data(), columns.z.data(),
                              g * group, group, values.data());
          std::fill(inner.begin(), inner.end(), B128P::zero());
          for (std::size_t h = 0; h < group; ++h) {
            const B128P* row = weighted.data() + 256 * h;
            const std::uint8_t* v = values.data() + kValuesPerChunk * h;
            for (unsigned e = 0; e < kQuotientPoints; ++e) inner[e] += row[v[e]];
          }
          binius::active_polyval_kernel().mul_scalar(inner.data(), eq_hi[g], inner.data(),
                                                     inner.size());
          for (std::size_t e = 0; e < inner.size(); ++e) acc[e] += inner[e];
        }
        return acc;
      },
      add_tables);
  std::vector<B128P> q(kQuotientPoints);
  for (unsigned e = 0; e < kQuotientPoints; ++e) {
    q[e] = r[e] * to_polyval(embed_aes(aes_inverse(vanishing_aes(quotient_point(e)))));
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
      columns, lagrange_byte_tables(lagrange(y)), word_point(pinned, tau_random),
      vanishing(y) * quotient_at(quotient, y), transcript);
  return {y, rounds.point, rounds.a, rounds.b, rounds.z};
}

}  // namespace merkleforge::boolean::detail
