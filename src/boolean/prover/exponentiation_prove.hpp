// The prover of exponentiation.hpp's MUL check. It returns the claims its verifier returns; a
// false product gives a proof the verifier rejects.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "exponentiation.hpp"

namespace merkleforge::boolean::detail {

/// Each pair u's operand fields as its slot holds them (MulShape), padding bits included: x[u]
/// and y[u] of S ≤ 64 bits, z[u] of Sz ≤ 128 bits, for 2^ℓ pairs.
struct MulFields {
  std::span<const std::uint64_t> x, y;
  std::span<const binius::uint128> z;
};

/// A test's hooks into prove_mul: each changes what a cheating prover would, just before it is
/// written or proved.
struct MulCheats {
  /// The bits' values ŵ sent for the field 'x' or 'z'.
  std::function<void(char field, std::vector<B128>& values)> field_values;
  /// The e_j sent for the powers of g^x.
  std::function<void(std::vector<B128>& e)> powers;
  /// The weights column of the e_j's batching (V's values beside it).
  std::function<void(std::span<B128> weights, std::span<const B128> column)> weights;
};

/// Errors: as verify_mul's for the shape; wrong_size for fields of different or non-power-of-two
/// lengths.
Result<MulClaims> prove_mul(const MulShape& shape, const MulFields& fields,
                            zk::ProverTranscript& transcript, const MulCheats& cheats = {});

}  // namespace merkleforge::boolean::detail
