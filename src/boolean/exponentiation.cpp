#include "exponentiation.hpp"

#include "exponent_layers.hpp"
#include "merkleforge/zk/sumcheck.hpp"

namespace merkleforge::boolean::detail {

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
  const auto vars = static_cast<unsigned>(claim.point.size());
  std::vector<ColumnClaim> bit_claims(bits);
  ColumnClaim layer = claim;
  for (unsigned k = bits; k-- > 1;) {
    const zk::SumcheckClaim step{vars, layer_composition(constants[k]), layer.value};
    auto reduced = zk::verify_sumcheck({&step, 1}, transcript);
    if (!reduced) return reduced.error();
    const std::vector<B128>& evals = reduced->evals[0];
    if (evals[0] != eq_at(layer.point, reduced->point)) {
      return make_error(Errc::corrupt_data,
                        "boolean: an exponentiation layer's eq column is false");
    }
    bit_claims[k] = {reduced->point, evals[2]};
    layer = {reduced->point, evals[1]};
  }
  bit_claims[0] = {layer.point, (layer.value + B128::one()) * constants[0].inverse()};
  return bit_claims;
}

}  // namespace merkleforge::boolean::detail
