// Internal: the circuit objects behind the registry, and shared layout arithmetic.
#pragma once

#include <bit>
#include <vector>

#include "merkleforge/circuits/circuit.hpp"

namespace merkleforge::circuits {

using cs::OracleId;

namespace detail {

/// ⌈log2 count⌉ (0 for count <= 1).
inline unsigned log2_ceil(std::size_t count) {
  return count <= 1 ? 0 : static_cast<unsigned>(std::bit_width(count - 1));
}

/// 0, 1, …, n − 1: the free variables of a column over the whole table.
inline std::vector<unsigned> all_vars(unsigned n) {
  std::vector<unsigned> vars(n);
  for (unsigned v = 0; v < n; ++v) vars[v] = v;
  return vars;
}

/// name is one of u32add, u32xor, u32and, u32or.
const Circuit& u32_circuit(std::string_view name);
const Circuit& keccakf_circuit();
const Circuit& sha256_circuit();
const Circuit& vision32_circuit();
const Circuit& groestlp_circuit();
const Circuit& u32mul_circuit();

}  // namespace detail
}  // namespace merkleforge::circuits
