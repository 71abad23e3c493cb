#include "exponentiation_prove.hpp"

#include "exponent_layers.hpp"
#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::boolean::detail {
namespace {

bool bit(const std::vector<std::uint8_t>& column, std::size_t v) {
  return (column[v / 8] >> (v % 8)) & 1;
}

Status check_columns(BitColumns columns, unsigned vars) {
  for (const auto& column : columns) {
    if (column.size() != ((std::size_t{1} << vars) + 7) / 8) {
      return make_error(Errc::wrong_size, "boolean: an exponent bit column of " +
                                              std::to_string(column.size()) + " bytes for 2^" +
                                              std::to_string(vars) + " instances");
    }
  }
  return Ok{};
}

/// values in the canonical basis the sumcheck's columns take (one bulk basis change).
std::vector<B128> canonical(const std::vector<binius::B128P>& values) {
  std::vector<B128> out(values.size());
  binius::to_canonical(values, out);
  return out;
}

/// V_0 … V_(bits−1) on the cube: V_k(v) = base^(Σ_(i ≤ k) 2^i·a_i(v)) (products in POLYVAL).
std::vector<std::vector<B128>> constant_layers(B64 base, BitColumns columns, std::size_t size) {
  std::vector<std::vector<B128>> v;
  std::vector<binius::B128P> value(size, binius::B128P::one());
  B64 power = base;  // base^(2^k)
  for (std::size_t k = 0; k < columns.size(); ++k, power = power.square()) {
    const binius::B128P factor = binius::to_polyval(binius::embed<7>(power));
    for (std::size_t i = 0; i < size; ++i) {
      if (bit(columns[k], i)) value[i] *= factor;
    }
    v.push_back(canonical(value));
  }
  return v;
}

/// W_0 … W_(bits−1): W_j = W_(j−1)^2·(base if b_(bits−1−j) else 1), from the top bit down.
std::vector<std::vector<B128>> variable_layers(std::span<const B128> base, BitColumns columns) {
  std::vector<binius::B128P> base_p(base.size()), value(base.size(), binius::B128P::one());
  binius::to_polyval(base, base_p);
  std::vector<std::vector<B128>> w;
  for (std::size_t j = 0; j < columns.size(); ++j) {
    const auto& bits = columns[columns.size() - 1 - j];
    for (std::size_t i = 0; i < value.size(); ++i) {
      value[i] *= value[i];
      if (bit(bits, i)) value[i] *= base_p[i];
    }
    w.push_back(canonical(value));
  }
  return w;
}

/// One layer: the eq(point, ·)-weighted sumcheck over the columns.
Result<zk::EvaluationClaims> prove_layer(const std::vector<B128>& point, B128 sum,
                                         zk::Composition composition,
                                         const std::vector<zk::Column>& columns,
                                         zk::ProverTranscript& transcript) {
  return zk::prove_eq_sumcheck({point, std::move(composition), sum}, columns, transcript);
}

/// The constant-base layers' proof from their tables v (constant_layers), the statement checked.
Result<std::vector<ColumnClaim>> prove_constant_layers(B64 base, BitColumns columns,
                                                       const std::vector<std::vector<B128>>& v,
                                                       const ColumnClaim& claim,
                                                       zk::ProverTranscript& transcript) {
  const auto bits = static_cast<unsigned>(columns.size());
  const auto vars = static_cast<unsigned>(claim.point.size());
  const std::vector<B128> constants = layer_constants(base, bits);
  std::vector<ColumnClaim> bit_claims(bits);
  ColumnClaim layer = claim;
  for (unsigned k = bits; k-- > 1;) {
    auto reduced =
        prove_layer(layer.point, layer.value, constant_layer(constants[k]),
                    {zk::Column::b128(v[k - 1]), zk::Column::b1(columns[k], vars)}, transcript);
    if (!reduced) return reduced.error();
    bit_claims[k] = {reduced->point, reduced->evals[0][1]};
    layer = {reduced->point, reduced->evals[0][0]};
  }
  bit_claims[0] = {layer.point, (layer.value + B128::one()) * constants[0].inverse()};
  return bit_claims;
}

/// The variable-base layers' proof from their tables w (variable_layers), the statement checked.
Result<VariableBaseClaims> prove_variable_layers(std::span<const B128> base, BitColumns columns,
                                                 const std::vector<std::vector<B128>>& w,
                                                 const ColumnClaim& claim,
                                                 zk::ProverTranscript& transcript,
                                                 const AlterWeights& alter) {
  const auto bits = static_cast<unsigned>(columns.size());
  const auto vars = static_cast<unsigned>(claim.point.size());
  const std::size_t size = std::size_t{1} << vars;
  VariableBaseClaims out{std::vector<ColumnClaim>(bits), {}};
  std::vector<ColumnClaim> base_claims;
  ColumnClaim layer = claim;
  for (unsigned j = bits; j-- > 0;) {
    const unsigned b = bits - 1 - j;
    auto reduced =
        j > 0 ? prove_layer(layer.point, layer.value, variable_layer(),
                            {zk::Column::b128(w[j - 1]), zk::Column::b1(columns[b], vars),
                             zk::Column::b128(base)},
                            transcript)
              : prove_layer(layer.point, layer.value, variable_first_layer(),
                            {zk::Column::b1(columns[b], vars), zk::Column::b128(base)}, transcript);
    if (!reduced) return reduced.error();
    const std::vector<B128>& evals = reduced->evals[0];
    out.bits[b] = {reduced->point, evals[j > 0 ? 1 : 0]};
    base_claims.push_back({reduced->point, evals[j > 0 ? 2 : 1]});
    layer = {reduced->point, j > 0 ? evals[0] : B128{}};
  }
  const B128 lambda = transcript.sample_b128();
  B128 sum, power = B128::one();
  std::vector<B128> weights(size);
  for (const ColumnClaim& c : base_claims) {
    sum += power * c.value;
    const std::vector<B128> eq = binius::eq_tensor(c.point).value();  // vars checked above
    for (std::size_t i = 0; i < size; ++i) weights[i] += power * eq[i];
    power *= lambda;
  }
  if (alter) alter(weights, base);
  const zk::SumcheckClaim batch{vars, weighted_column(), sum};
  const std::vector<std::vector<zk::Column>> batch_columns = {
      {zk::Column::b128(weights), zk::Column::b128(base)}};
  auto reduced = zk::prove_sumcheck({&batch, 1}, batch_columns, transcript);
  if (!reduced) return reduced.error();
  out.base = {reduced->point, reduced->evals[0][1]};
  return out;
}

}  // namespace

Result<std::vector<ColumnClaim>> prove_constant_base_exp(B64 base, BitColumns columns,
                                                         const ColumnClaim& claim,
                                                         zk::ProverTranscript& transcript) {
  const auto vars = static_cast<unsigned>(claim.point.size());
  if (Status s = check_exp_statement(base, static_cast<unsigned>(columns.size())); !s) {
    return s.error();
  }
  if (Status s = check_columns(columns, vars); !s) return s.error();
  return prove_constant_layers(
      base, columns, constant_layers(base, columns, std::size_t{1} << vars), claim, transcript);
}

Result<VariableBaseClaims> prove_variable_base_exp(std::span<const B128> base, BitColumns columns,
                                                   const ColumnClaim& claim,
                                                   zk::ProverTranscript& transcript,
                                                   const AlterWeights& alter) {
  const auto vars = static_cast<unsigned>(claim.point.size());
  if (Status s = check_exp_statement(exponent_generator(), static_cast<unsigned>(columns.size()));
      !s) {
    return s.error();
  }
  if (Status s = check_columns(columns, vars); !s) return s.error();
  if (base.size() != std::size_t{1} << vars) {
    return make_error(Errc::wrong_size, "boolean: a base column's length");
  }
  return prove_variable_layers(base, columns, variable_layers(base, columns), claim, transcript,
                               alter);
}

Result<ColumnClaim> prove_slot_batch(const std::vector<ColumnClaim>& claims,
                                     std::span<const std::vector<std::uint8_t>> slots,
                                     zk::ProverTranscript& transcript, const AlterWeights& alter) {
  auto w = slot_log_bits(claims);
  if (!w) return w.error();
  const std::size_t bits = claims.size(), instances = std::size_t{1} << claims[0].point.size();
  if (slots.size() != instances) {
    return make_error(Errc::wrong_size, "boolean: " + std::to_string(slots.size()) +
                                            " slots for 2^" +
                                            std::to_string(claims[0].point.size()) + " instances");
  }
  const B128 lambda = transcript.sample_b128();
  // T(k, v) = λ^k·eq(ρ_k, v) and D(k, v), index k + v·2^w (the slot's bit first).
  std::vector<B128> weights(bits * instances), data(bits * instances);
  B128 sum, power = B128::one();
  for (std::size_t k = 0; k < bits; ++k, power *= lambda) {
    sum += power * claims[k].value;
    const std::vector<B128> eq = binius::eq_tensor(claims[k].point).value();
    for (std::size_t v = 0; v < instances; ++v) weights[k + v * bits] = power * eq[v];
  }
  for (std::size_t v = 0; v < instances; ++v) {
    if (slots[v].size() != (bits + 7) / 8) {
      return make_error(Errc::wrong_size, "boolean: a slot of " + std::to_string(slots[v].size()) +
                                              " bytes for " + std::to_string(bits) + " bits");
    }
    for (std::size_t k = 0; k < bits; ++k) {
      if ((slots[v][k / 8] >> (k % 8)) & 1) data[k + v * bits] = B128::one();
    }
  }
  if (alter) alter(weights, data);
  const auto vars = static_cast<unsigned>(*w + claims[0].point.size());
  const zk::SumcheckClaim batch{vars, weighted_column(), sum};
  const std::vector<std::vector<zk::Column>> columns = {
      {zk::Column::b128(weights), zk::Column::b128(data)}};
  auto reduced = zk::prove_sumcheck({&batch, 1}, columns, transcript);
  if (!reduced) return reduced.error();
  return ColumnClaim{reduced->point, reduced->evals[0][1]};
}

Result<MulClaims> prove_mul(BitColumns x, BitColumns y, BitColumns z, unsigned vars,
                            zk::ProverTranscript& transcript) {
  const B64 g = exponent_generator();
  for (const BitColumns columns : {x, y, z}) {
    if (Status s = check_exp_statement(g, static_cast<unsigned>(columns.size())); !s) {
      return s.error();
    }
    if (Status s = check_columns(columns, vars); !s) return s.error();
  }
  std::vector<B128> r(vars);
  for (B128& coordinate : r) coordinate = transcript.sample_b128();
  const std::size_t size = std::size_t{1} << vars;
  // Each table once: g^x's layers give the base, (g^x)^y's top the value claimed for W and Z.
  const std::vector<std::vector<B128>> v = constant_layers(g, x, size);
  const std::vector<B128>& base = v.back();
  const std::vector<std::vector<B128>> w = variable_layers(base, y);
  const std::vector<B128> eq = binius::eq_tensor(r).value();
  B128 claimed;
  for (std::size_t i = 0; i < size; ++i) claimed += eq[i] * w.back()[i];
  transcript.write_b128(claimed);
  auto z_claims = prove_constant_base_exp(g, z, {r, claimed}, transcript);
  if (!z_claims) return z_claims.error();
  auto w_claims = prove_variable_layers(base, y, w, {r, claimed}, transcript, {});
  if (!w_claims) return w_claims.error();
  auto x_claims = prove_constant_layers(g, x, v, w_claims->base, transcript);
  if (!x_claims) return x_claims.error();
  return MulClaims{std::move(*x_claims), std::move(w_claims->bits), std::move(*z_claims)};
}

}  // namespace merkleforge::boolean::detail
