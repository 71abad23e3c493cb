#include "exponentiation.hpp"

#include <algorithm>
#include <array>
#include <bit>

#include "engine_common.hpp"
#include "exponent_layers.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/zk/grand_product.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"

namespace merkleforge::boolean::detail {
namespace {

Error corrupt(const std::string& what) {
  return make_error(Errc::corrupt_data, "boolean: " + what);
}

/// The claim on a field from the claim on its leaves 1 + bit_i·H_i at (π_u, π_j): reads the bits'
/// values ŵ_i at π_u, checks 1 + Σ_i eq(π_j, i)·H_i·ŵ_i, and reduces them at a random τ.
Result<ColumnClaim> verify_affine_leaves(const std::vector<B128>& constants,
                                         const ColumnClaim& leaves, unsigned vars, const char* name,
                                         zk::VerifierTranscript& transcript) {
  std::vector<B128> values(constants.size());
  if (Status s = transcript.read_b128s(values); !s) return s.error();
  const std::span<const B128> point(leaves.point);
  const std::vector<B128> eq = binius::eq_tensor(point.subspan(vars)).value();
  B128 expected = B128::one();
  for (std::size_t i = 0; i < values.size(); ++i) expected += eq[i] * constants[i] * values[i];
  if (expected != leaves.value)
    return corrupt(std::string("MUL: ") + name + "'s leaves do not check");
  return reduce_field_values(sample_b128s(transcript, point.size() - vars), values, point, vars);
}

/// W's leaves: the claims on y's field and, through V's Frobenius points, on Ṽ.
Result<std::pair<ColumnClaim, ColumnClaim>> verify_power_leaves(
    const MulShape& shape, const ColumnClaim& leaves, unsigned vars,
    zk::VerifierTranscript& transcript) {
  auto leaf = zk::verify_eq_sumcheck({leaves.point, power_leaf(), leaves.value}, transcript);
  if (!leaf) return leaf.error();
  const std::span<const B128> rho(leaf->point);
  ColumnClaim y{slot_order(rho, vars), leaf->evals[0][0]};

  std::vector<B128> e(shape.y_bits);  // e_j = Ṽ(φ^(−j)(ρ_u))
  if (Status s = transcript.read_b128s(e); !s) return s.error();
  const std::vector<B128> eq = binius::eq_tensor(rho.subspan(vars)).value();
  B128 m;
  for (std::size_t j = 0; j < eq.size(); ++j) {
    m += eq[j] * (j < e.size() ? frobenius(e[j], static_cast<unsigned>(j)) : B128::one());
  }
  if (m != leaf->evals[0][1]) return corrupt("MUL: the powers of g^x do not check");

  // Σ_j λ^j·e_j = Σ_u V(u)·Σ_j λ^j·eq(φ^(−j)(ρ_u), u): one sumcheck leaves one claim on V.
  const B128 lambda = transcript.sample_b128();
  const zk::SumcheckClaim batch{vars, weighted_column(), batched_sum(e, lambda)};
  auto reduced = zk::verify_sumcheck({&batch, 1}, transcript);
  if (!reduced) return reduced.error();
  B128 weight, power = B128::one();
  for (const auto& point : frobenius_points(rho.first(vars), shape.y_bits)) {
    weight += power * eq_at(point, reduced->point), power *= lambda;
  }
  if (reduced->evals[0][0] != weight)
    return corrupt("MUL: the base claims' batching weights are false");
  return std::pair{std::move(y), ColumnClaim{reduced->point, reduced->evals[0][1]}};
}

}  // namespace

B64 exponent_generator() noexcept {
  // The first element above 2^32 of order 2^64 − 1 (those below lie in B32); its order is checked
  // by tests/boolean/exponentiation_test.cpp.
  return B64(0x100000004);
}

B128 wide_exponent_generator() noexcept {
  // The first element above 2^64 of order 2^128 − 1 (those below lie in B64).
  return B128(binius::make_uint128(1, 5));
}

B128 MulShape::generator() const noexcept {
  return x_bits + y_bits <= 64 ? binius::embed<7>(exponent_generator()) : wide_exponent_generator();
}

unsigned MulShape::field_log() const noexcept {
  return static_cast<unsigned>(std::bit_width(std::max({x_bits, y_bits, 2u}) - 1));
}

unsigned MulShape::product_field_log() const noexcept {
  return static_cast<unsigned>(std::bit_width(x_bits + y_bits - 1));
}

Status check_mul_shape(const MulShape& shape) {
  if (shape.x_bits == 0 || shape.y_bits == 0 || shape.x_bits > 64 || shape.y_bits > 64) {
    return make_error(Errc::invalid_argument, "boolean: a mul of " + std::to_string(shape.x_bits) +
                                                  " by " + std::to_string(shape.y_bits) +
                                                  " bits (operands of 1 to 64)");
  }
  return Ok{};
}

B128 square_root(B128 a) {
  // √ is F2-linear: the XOR of the roots of a's basis elements, each root a^(2^127) once.
  static const std::array<B128, 128> roots = [] {
    std::array<B128, 128> out;
    for (unsigned i = 0; i < 128; ++i) {
      B128 root(binius::uint128{1} << i);
      for (unsigned k = 0; k < 127; ++k) root = root.square();
      out[i] = root;
    }
    return out;
  }();
  B128 root;
  for (binius::uint128 bits = a.value(); bits != 0; bits &= bits - 1) {
    const auto low = static_cast<std::uint64_t>(bits);
    root += roots[low != 0 ? std::countr_zero(low)
                           : 64 + std::countr_zero(static_cast<std::uint64_t>(bits >> 64))];
  }
  return root;
}

Result<MulClaims> verify_mul(const MulShape& shape, unsigned vars,
                             zk::VerifierTranscript& transcript) {
  if (Status s = check_mul_shape(shape); !s) return s.error();
  const unsigned s_log = shape.field_log(), z_log = shape.product_field_log();
  const std::vector<B128> r = sample_b128s(transcript, vars);
  auto top = transcript.read_b128();  // W̃(r) = Z̃(r), claimed once for both
  if (!top) return top.error();
  auto zw = zk::verify_partial_products({vars, {z_log, s_log}, r, {*top, *top}}, transcript);
  if (!zw) return zw.error();
  auto z =
      verify_affine_leaves(leaf_constants(shape.generator(), shape.x_bits + shape.y_bits, z_log),
                           {zw->points[0], zw->evals[0]}, vars, "g^z", transcript);
  if (!z) return z.error();
  auto yv = verify_power_leaves(shape, {zw->points[1], zw->evals[1]}, vars, transcript);
  if (!yv) return yv.error();
  auto v = zk::verify_partial_products({vars, {s_log}, yv->second.point, {yv->second.value}},
                                       transcript);
  if (!v) return v.error();
  auto x = verify_affine_leaves(leaf_constants(shape.generator(), shape.x_bits, s_log),
                                {v->points[0], v->evals[0]}, vars, "g^x", transcript);
  if (!x) return x.error();
  return MulClaims{std::move(*x), std::move(yv->first), std::move(*z)};
}

}  // namespace merkleforge::boolean::detail
