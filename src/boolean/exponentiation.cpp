#include "exponentiation.hpp"

#include "exponent_layers.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/zk/sumcheck.hpp"
#include "merkleforge/zk/zerocheck.hpp"

namespace merkleforge::boolean::detail {
namespace {

Error corrupt(const std::string& what) {
  return make_error(Errc::corrupt_data, "boolean: " + what);
}

/// One layer: the eq(point, ·)-weighted sumcheck of `sum` over `composition`. Returns the last
/// point and the columns' values there.
Result<zk::EvaluationClaims> verify_layer(const std::vector<B128>& point, B128 sum,
                                          zk::Composition composition,
                                          zk::VerifierTranscript& transcript) {
  return zk::verify_eq_sumcheck({point, std::move(composition), sum}, transcript);
}

}  // namespace

B64 exponent_generator() noexcept {
  // The first element above 2^32 of order 2^64 − 1 (those below lie in B32); its order is checked
  // by tests/boolean/exponentiation_test.cpp.
  return B64(0x100000004);
}

std::vector<B128> layer_constants(B64 base, unsigned bits) {
  std::vector<B128> constants(bits);
  B64 power = base;  // g^(2^k)
  for (unsigned k = 0; k < bits; ++k, power = power.square()) {
    constants[k] = binius::embed<7>(power + B64::one());
  }
  return constants;
}

Result<std::vector<ColumnClaim>> verify_constant_base_exp(B64 base, unsigned bits,
                                                          const ColumnClaim& claim,
                                                          zk::VerifierTranscript& transcript) {
  if (Status s = check_exp_statement(base, bits); !s) return s.error();
  const std::vector<B128> constants = layer_constants(base, bits);
  std::vector<ColumnClaim> bit_claims(bits);
  ColumnClaim layer = claim;
  for (unsigned k = bits; k-- > 1;) {
    auto reduced = verify_layer(layer.point, layer.value, constant_layer(constants[k]), transcript);
    if (!reduced) return reduced.error();
    bit_claims[k] = {reduced->point, reduced->evals[0][1]};
    layer = {reduced->point, reduced->evals[0][0]};
  }
  bit_claims[0] = {layer.point, (layer.value + B128::one()) * constants[0].inverse()};
  return bit_claims;
}

Result<VariableBaseClaims> verify_variable_base_exp(unsigned bits, const ColumnClaim& claim,
                                                    zk::VerifierTranscript& transcript) {
  if (Status s = check_exp_statement(exponent_generator(), bits); !s) return s.error();
  VariableBaseClaims out{std::vector<ColumnClaim>(bits), {}};
  std::vector<ColumnClaim> base_claims;  // one per layer, batched below
  ColumnClaim layer = claim;
  for (unsigned j = bits; j-- > 0;) {
    const unsigned bit = bits - 1 - j;  // layer j multiplies by the base when bit b_bit is set
    auto reduced = verify_layer(layer.point, layer.value,
                                j > 0 ? variable_layer() : variable_first_layer(), transcript);
    if (!reduced) return reduced.error();
    const std::vector<B128>& evals = reduced->evals[0];
    out.bits[bit] = {reduced->point, evals[j > 0 ? 1 : 0]};
    base_claims.push_back({reduced->point, evals[j > 0 ? 2 : 1]});
    layer = {reduced->point, j > 0 ? evals[0] : B128{}};
  }
  // Σ_j λ^j·Ṽ(ρ_j) = Σ_v V(v)·Σ_j λ^j·eq(ρ_j, v): one sumcheck leaves one claim on V.
  const B128 lambda = transcript.sample_b128();
  B128 sum, power = B128::one();
  for (const ColumnClaim& c : base_claims) sum += power * c.value, power *= lambda;
  const zk::SumcheckClaim batch{static_cast<unsigned>(claim.point.size()), weighted_column(), sum};
  auto reduced = zk::verify_sumcheck({&batch, 1}, transcript);
  if (!reduced) return reduced.error();
  B128 weight;
  power = B128::one();
  for (const ColumnClaim& c : base_claims)
    weight += power * eq_at(c.point, reduced->point), power *= lambda;
  if (reduced->evals[0][0] != weight) return corrupt("the base claims' batching weights are false");
  out.base = {reduced->point, reduced->evals[0][1]};
  return out;
}

Result<ColumnClaim> verify_slot_batch(const std::vector<ColumnClaim>& claims,
                                      zk::VerifierTranscript& transcript) {
  auto w = slot_log_bits(claims);
  if (!w) return w.error();
  const B128 lambda = transcript.sample_b128();
  B128 sum, power = B128::one();
  for (const ColumnClaim& c : claims) sum += power * c.value, power *= lambda;
  const auto vars = static_cast<unsigned>(*w + claims[0].point.size());
  const zk::SumcheckClaim batch{vars, weighted_column(), sum};
  auto reduced = zk::verify_sumcheck({&batch, 1}, transcript);
  if (!reduced) return reduced.error();
  // T(σ) = Σ_k λ^k·eq(k, σ_slot)·eq(ρ_k, σ_instance).
  const std::span<const B128> sigma(reduced->point);
  const std::vector<B128> eq_slot = binius::eq_tensor(sigma.first(*w)).value();  // w ≤ 16
  B128 weight;
  power = B128::one();
  for (std::size_t k = 0; k < claims.size(); ++k) {
    weight += power * eq_slot[k] * eq_at(claims[k].point, sigma.subspan(*w));
    power *= lambda;
  }
  if (reduced->evals[0][0] != weight) return corrupt("the slot claims' batching weights are false");
  return ColumnClaim{reduced->point, reduced->evals[0][1]};
}

Result<MulClaims> verify_mul(unsigned x_bits, unsigned y_bits, unsigned z_bits, unsigned vars,
                             zk::VerifierTranscript& transcript) {
  const std::vector<B128> r = [&] {
    std::vector<B128> point(vars);
    for (B128& x : point) x = transcript.sample_b128();
    return point;
  }();
  auto top = transcript.read_b128();  // W̃_top(r) = Z̃_top(r), claimed once for both
  if (!top) return top.error();
  MulClaims out;
  auto z = verify_constant_base_exp(exponent_generator(), z_bits, {r, *top}, transcript);
  if (!z) return z.error();
  auto w = verify_variable_base_exp(y_bits, {r, *top}, transcript);
  if (!w) return w.error();
  auto x = verify_constant_base_exp(exponent_generator(), x_bits, w->base, transcript);
  if (!x) return x.error();
  return MulClaims{std::move(*x), std::move(w->bits), std::move(*z)};
}

}  // namespace merkleforge::boolean::detail
