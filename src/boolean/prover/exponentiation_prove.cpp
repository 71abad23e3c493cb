#include "exponentiation_prove.hpp"

#include "exponent_layers.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/zk/prover.hpp"

namespace merkleforge::boolean::detail {
namespace {

bool bit(const std::vector<std::uint8_t>& column, std::size_t v) {
  return (column[v / 8] >> (v % 8)) & 1;
}

/// V_0 … V_(bits−1) on the cube: V_k(v) = base^(Σ_(i ≤ k) 2^i·a_i(v)).
std::vector<std::vector<B128>> layers(B64 base, std::span<const std::vector<std::uint8_t>> columns,
                                      std::size_t size) {
  std::vector<std::vector<B128>> v(columns.size(), std::vector<B128>(size));
  std::vector<B64> value(size, B64::one());
  B64 power = base;  // base^(2^k)
  for (std::size_t k = 0; k < columns.size(); ++k, power = power.square()) {
    for (std::size_t i = 0; i < size; ++i) {
      if (bit(columns[k], i)) value[i] *= power;
      v[k][i] = binius::embed<7>(value[i]);
    }
  }
  return v;
}

}  // namespace

Result<std::vector<ColumnClaim>> prove_constant_base_exp(
    B64 base, std::span<const std::vector<std::uint8_t>> columns, const ColumnClaim& claim,
    zk::ProverTranscript& transcript) {
  const auto bits = static_cast<unsigned>(columns.size());
  if (Status s = check_exp_statement(base, bits); !s) return s.error();
  const auto vars = static_cast<unsigned>(claim.point.size());
  const std::size_t size = std::size_t{1} << vars;
  for (const auto& column : columns) {
    if (column.size() != (size + 7) / 8) {
      return make_error(Errc::wrong_size, "boolean: an exponent bit column of " +
                                              std::to_string(column.size()) + " bytes for 2^" +
                                              std::to_string(vars) + " instances");
    }
  }
  const std::vector<B128> constants = layer_constants(base, bits);
  const std::vector<std::vector<B128>> v = layers(base, columns, size);
  std::vector<ColumnClaim> bit_claims(bits);
  ColumnClaim layer = claim;
  for (unsigned k = bits; k-- > 1;) {
    auto eq = binius::eq_tensor(layer.point);
    if (!eq) return eq.error();
    const zk::SumcheckClaim step{vars, layer_composition(constants[k]), layer.value};
    const std::vector<std::vector<zk::Column>> step_columns = {
        {zk::Column::b128(*eq), zk::Column::b128(v[k - 1]), zk::Column::b1(columns[k], vars)}};
    auto reduced = zk::prove_sumcheck({&step, 1}, step_columns, transcript);
    if (!reduced) return reduced.error();
    bit_claims[k] = {reduced->point, reduced->evals[0][2]};
    layer = {reduced->point, reduced->evals[0][1]};
  }
  bit_claims[0] = {layer.point, (layer.value + B128::one()) * constants[0].inverse()};
  return bit_claims;
}

}  // namespace merkleforge::boolean::detail
