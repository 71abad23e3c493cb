// The prover of exponentiation.hpp's reductions, on bit columns: columns[k] holds bit k of every
// instance's exponent, 2^vars bits (bit v in byte v / 8, LSB first). Each returns the claims its
// verifier returns. Claims are taken as given: a false one gives a proof the verifier rejects.
// Errors: as the verifier's for the statement; wrong_size for columns of another length.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "exponentiation.hpp"

namespace merkleforge::boolean::detail {

using BitColumns = std::span<const std::vector<std::uint8_t>>;

/// A test's hook into a batching sumcheck: changes the weights column (the batched column beside
/// it) before it is proved, as a cheating prover would.
using AlterWeights = std::function<void(std::vector<B128>& weights, std::span<const B128> column)>;

Result<std::vector<ColumnClaim>> prove_constant_base_exp(B64 base, BitColumns columns,
                                                         const ColumnClaim& claim,
                                                         zk::ProverTranscript& transcript);

/// `base`: the variable base's values on the cube (B64 values embedded in B128).
Result<VariableBaseClaims> prove_variable_base_exp(std::span<const B128> base, BitColumns columns,
                                                   const ColumnClaim& claim,
                                                   zk::ProverTranscript& transcript,
                                                   const AlterWeights& alter = {});

/// The batching of verify_slot_batch: slots[v] holds instance v's 2^w slot bits (bit k in byte
/// k / 8), for the 2^ℓ instances of the claims' points.
Result<ColumnClaim> prove_slot_batch(const std::vector<ColumnClaim>& claims,
                                     std::span<const std::vector<std::uint8_t>> slots,
                                     zk::ProverTranscript& transcript,
                                     const AlterWeights& alter = {});

/// (g^x)^y = g^z on every instance: the bit columns of x, y and z.
Result<MulClaims> prove_mul(BitColumns x, BitColumns y, BitColumns z, unsigned vars,
                            zk::ProverTranscript& transcript);

}  // namespace merkleforge::boolean::detail
