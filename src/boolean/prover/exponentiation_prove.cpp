#include "exponentiation_prove.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "engine_common.hpp"
#include "exponent_layers.hpp"
#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::boolean::detail {
namespace {

using binius::B128P;
using Table = LargeVector<B128P>;

constexpr std::size_t kGrain = std::size_t{1} << 12;

std::vector<B128P> eq_of(std::span<const B128> point) {
  return binius::polyval_eq_tensor(binius::to_polyval(point));
}

/// Σ_u a[u]·b[u], canonical: products through the bulk kernel, a chunk at a time.
B128 dot(std::span<const B128P> a, std::span<const B128P> b) {
  constexpr std::size_t kChunk = 256;
  return binius::to_canonical(parallel_reduce(
      a.size(), kGrain, B128P::zero(),
      [&](std::size_t begin, std::size_t end, B128P acc) {
        std::array<B128P, kChunk> products;
        for (std::size_t at = begin; at < end; at += kChunk) {
          const std::size_t count = std::min(kChunk, end - at);
          binius::active_polyval_kernel().mul(a.data() + at, b.data() + at, products.data(), count);
          for (std::size_t k = 0; k < count; ++k) acc += products[k];
        }
        return acc;
      },
      [](B128P x, B128P y) { return x + y; }));
}

/// In the canonical basis, on pooled pages (zk's columns take canonical values).
LargeVector<B128> canonical(std::span<const B128P> values) {
  LargeVector<B128> out(values.size());
  binius::to_canonical(values, out);
  return out;
}

/// Bit i of a field word (64 or 128 bits).
template <class Word>
bool bit_of(Word word, unsigned i) {
  return (word >> i) & 1;
}

/// The lowest set bit of a non-zero word.
unsigned lowest_bit(std::uint64_t word) {
  return static_cast<unsigned>(std::countr_zero(word));
}
unsigned lowest_bit(binius::uint128 word) {
  const auto low = static_cast<std::uint64_t>(word);
  return low != 0 ? lowest_bit(low) : 64 + lowest_bit(static_cast<std::uint64_t>(word >> 64));
}

/// Leaves 1 + bit_i·H_i of a field (index u + 2^ℓ·i): g^(2^i) where bit i < bits is set, else 1;
/// as the halves i < S/2 and i ≥ S/2 (zk::product_layers).
template <class Word>
std::array<Table, 2> affine_leaves(std::span<const Word> field, B128 g, unsigned bits,
                                   unsigned field_log) {
  const std::size_t n = field.size(), half_fields = std::size_t{1} << (field_log - 1);
  std::array<B128P, 128> powers;
  for (B128P& p : powers) p = binius::to_polyval(g), g = g.square();
  std::array<Table, 2> out{Table(n * half_fields), Table(n * half_fields)};
  parallel_for(n, kGrain, [&](std::size_t begin, std::size_t end) {
    for (unsigned i = 0; i < (1u << field_log); ++i) {
      B128P* row = out[i / half_fields].data() + n * (i % half_fields);
      for (std::size_t u = begin; u < end; ++u) {
        row[u] = i < bits && bit_of(field[u], i) ? powers[i] : B128P::one();
      }
    }
  });
  return out;
}

/// M (index u + 2^ℓ·j): V^(2^j) below y's width, 1 above; and W's leaves 1 + y_j·(M + 1), as
/// their halves j < S/2 and j ≥ S/2.
std::pair<Table, std::array<Table, 2>> power_leaves(std::span<const B128P> v,
                                                    std::span<const std::uint64_t> y,
                                                    const MulShape& shape) {
  const std::size_t n = v.size(), fields = std::size_t{1} << shape.field_log();
  Table m(n * fields, B128P::one());
  std::array<Table, 2> leaves{Table(n * fields / 2), Table(n * fields / 2)};
  parallel_for(n, kGrain, [&](std::size_t begin, std::size_t end) {
    const auto& kernel = binius::active_polyval_kernel();
    for (std::size_t j = 0; j < fields; ++j) {
      B128P* row = m.data() + n * j;
      if (j == 0) std::copy(v.begin() + begin, v.begin() + end, row + begin);
      if (j > 0 && j < shape.y_bits) {
        kernel.mul(row - n + begin, row - n + begin, row + begin, end - begin);
      }
      B128P* leaf = leaves[j / (fields / 2)].data() + n * (j % (fields / 2));
      for (std::size_t u = begin; u < end; ++u) {
        leaf[u] = j < shape.y_bits && (y[u] >> j) & 1 ? row[u] : B128P::one();
      }
    }
  });
  return {std::move(m), std::move(leaves)};
}

/// The field's bits as one bit column over (u, i): bit u + 2^ℓ·i is bit i of field[u]. Rows of
/// whole bytes (2^ℓ ≥ 8) are written in parallel.
std::vector<std::uint8_t> bit_column(std::span<const std::uint64_t> field, unsigned field_log) {
  const std::size_t n = field.size(), rows = std::size_t{1} << field_log;
  std::vector<std::uint8_t> bits(((n << field_log) + 7) / 8);
  const auto write_row = [&](std::size_t i) {
    for (std::size_t u = 0, at = n * i; u < n; ++u, ++at) {
      bits[at / 8] |= static_cast<std::uint8_t>(((field[u] >> i) & 1) << (at % 8));
    }
  };
  if (n % 8 != 0) {
    for (std::size_t i = 0; i < rows; ++i) write_row(i);
    return bits;
  }
  parallel_for(rows, 1, [&](std::size_t begin, std::size_t end) {
    for (std::size_t i = begin; i < end; ++i) write_row(i);
  });
  return bits;
}

/// ŵ_i = w̃_i(point): Σ_u eq(point, u) over the u whose field has bit i set.
template <class Word>
std::vector<B128> bit_values(std::span<const Word> field, unsigned field_log,
                             std::span<const B128> point) {
  const std::vector<B128P> eq = eq_of(point);
  using Sums = std::vector<B128P>;
  const Sums sums = parallel_reduce(
      field.size(), kGrain, Sums(std::size_t{1} << field_log, B128P::zero()),
      [&](std::size_t begin, std::size_t end, Sums acc) {
        for (std::size_t u = begin; u < end; ++u) {
          for (Word bits = field[u]; bits != 0; bits &= bits - 1) {
            acc[lowest_bit(bits)] += eq[u];
          }
        }
        return acc;
      },
      [](Sums a, const Sums& b) {
        for (std::size_t i = 0; i < a.size(); ++i) a[i] += b[i];
        return a;
      });
  const LargeVector<B128> values = canonical(sums);
  return {values.begin(), values.end()};
}

/// The prover of verify_affine_leaves.
template <class Word>
ColumnClaim prove_affine_leaves(std::span<const Word> field, unsigned field_log,
                                const std::vector<B128>& leaves_point, unsigned vars, char name,
                                zk::ProverTranscript& transcript, const MulCheats& cheats) {
  const std::span<const B128> point(leaves_point);
  std::vector<B128> values = bit_values(field, field_log, point.first(vars));
  if (cheats.field_values) cheats.field_values(name, values);
  transcript.write_b128s(values);
  return reduce_field_values(sample_b128s(transcript, field_log), values, point, vars);
}

/// T(u) = Σ_j λ^j·eq(φ^(−j)(s), u) for j < count.
Table frobenius_weights(std::span<const B128> s, unsigned count, B128 lambda) {
  Table t(std::size_t{1} << s.size(), B128P::zero());
  B128 power = B128::one();
  for (const auto& point : frobenius_points(s, count)) {
    std::vector<B128P> eq = eq_of(point);
    const B128P weight = binius::to_polyval(power);
    parallel_for(t.size(), kGrain, [&](std::size_t begin, std::size_t end) {
      binius::active_polyval_kernel().mul_scalar(eq.data() + begin, weight, eq.data() + begin,
                                                 end - begin);
      for (std::size_t u = begin; u < end; ++u) t[u] += eq[u];
    });
    power *= lambda;
  }
  return t;
}

/// The prover of verify_power_leaves: returns the claims on y's field and on Ṽ.
Result<std::pair<ColumnClaim, ColumnClaim>> prove_power_leaves(
    const MulShape& shape, std::span<const std::uint64_t> y, std::span<const B128P> v, Table m,
    const ColumnClaim& leaves, unsigned vars, zk::ProverTranscript& transcript,
    const MulCheats& cheats) {
  const unsigned s_log = shape.field_log();
  const std::vector<std::uint8_t> y_bits = bit_column(y, s_log);
  auto leaf = [&] {
    const LargeVector<B128> m_canonical = canonical(m);
    const std::vector<zk::Column> columns = {zk::Column::b1(y_bits, vars + s_log),
                                             zk::Column::b128(m_canonical)};
    return zk::prove_eq_sumcheck({leaves.point, power_leaf(), leaves.value}, columns, transcript);
  }();
  if (!leaf) return leaf.error();
  const std::span<const B128> rho(leaf->point);
  ColumnClaim y_claim{slot_order(rho, vars), leaf->evals[0][0]};

  // e_j = Ṽ(φ^(−j)(ρ_u)) = φ^(−j)(M̃_j(ρ_u)): one eq tensor serves every j.
  const std::vector<B128P> eq = eq_of(rho.first(vars));
  const std::size_t n = v.size();
  std::vector<B128> e(shape.y_bits);
  for (unsigned j = 0; j < shape.y_bits; ++j) {
    e[j] = dot(eq, std::span(m).subspan(n * j, n));
    for (unsigned k = 0; k < j; ++k) e[j] = square_root(e[j]);
  }
  free_storage(m);
  if (cheats.powers) cheats.powers(e);
  transcript.write_b128s(e);

  const B128 lambda = transcript.sample_b128();
  const B128 sum = batched_sum(e, lambda);
  LargeVector<B128> weights = canonical(frobenius_weights(rho.first(vars), shape.y_bits, lambda));
  const LargeVector<B128> base = canonical(v);
  if (cheats.weights) cheats.weights(weights, base);
  const zk::SumcheckClaim batch{vars, weighted_column(), sum};
  const std::vector<std::vector<zk::Column>> columns = {
      {zk::Column::b128(weights), zk::Column::b128(base)}};
  auto reduced = zk::prove_sumcheck({&batch, 1}, columns, transcript);
  if (!reduced) return reduced.error();
  return std::pair{std::move(y_claim), ColumnClaim{reduced->point, reduced->evals[0][1]}};
}

Status check_fields(const MulFields& fields) {
  const std::size_t n = fields.x.size();
  if (!std::has_single_bit(n) || fields.y.size() != n || fields.z.size() != n) {
    return make_error(Errc::wrong_size, "boolean: mul fields of " + std::to_string(n) + ", " +
                                            std::to_string(fields.y.size()) + " and " +
                                            std::to_string(fields.z.size()) +
                                            " pairs (one power of two)");
  }
  return Ok{};
}

}  // namespace

Result<MulClaims> prove_mul(const MulShape& shape, const MulFields& fields,
                            zk::ProverTranscript& transcript, const MulCheats& cheats) {
  if (Status s = check_mul_shape(shape); !s) return s.error();
  if (Status s = check_fields(fields); !s) return s.error();
  const auto vars = static_cast<unsigned>(std::countr_zero(fields.x.size()));
  const unsigned s_log = shape.field_log(), z_log = shape.product_field_log();
  const B128 g = shape.generator();
  auto x_layers = zk::product_layers(affine_leaves(fields.x, g, shape.x_bits, s_log), vars);
  if (!x_layers) return x_layers.error();
  const std::span<const B128P> v = x_layers->top;  // g^x
  auto [m, w_leaves] = power_leaves(v, fields.y, shape);
  auto z_layers =
      zk::product_layers(affine_leaves(fields.z, g, shape.x_bits + shape.y_bits, z_log), vars);
  if (!z_layers) return z_layers.error();
  auto w_layers = zk::product_layers(std::move(w_leaves), vars);
  if (!w_layers) return w_layers.error();
  std::vector<zk::ProductLayers> zw;
  zw.push_back(std::move(*z_layers));
  zw.push_back(std::move(*w_layers));
  const std::vector<B128> r = sample_b128s(transcript, vars);
  const B128 top = dot(eq_of(r), zw[1].top);  // W̃(r), claimed for Z̃(r) too
  transcript.write_b128(top);
  auto zw_claims =
      zk::prove_partial_products({vars, {z_log, s_log}, r, {top, top}}, zw, transcript);
  if (!zw_claims) return zw_claims.error();
  ColumnClaim z =
      prove_affine_leaves(fields.z, z_log, zw_claims->points[0], vars, 'z', transcript, cheats);
  auto yv =
      prove_power_leaves(shape, fields.y, v, std::move(m),
                         {zw_claims->points[1], zw_claims->evals[1]}, vars, transcript, cheats);
  if (!yv) return yv.error();
  auto v_claims = zk::prove_partial_products({vars, {s_log}, yv->second.point, {yv->second.value}},
                                             {&*x_layers, 1}, transcript);
  if (!v_claims) return v_claims.error();
  ColumnClaim x =
      prove_affine_leaves(fields.x, s_log, v_claims->points[0], vars, 'x', transcript, cheats);
  return MulClaims{std::move(x), std::move(yv->first), std::move(z)};
}

}  // namespace merkleforge::boolean::detail
