// The engine's circuits by name.
#include "merkleforge/boolean/circuit.hpp"

namespace merkleforge::boolean {

const Circuit* find_circuit(std::string_view name) noexcept {
  for (const Circuit* circuit :
       {&keccakf_circuit(), &sha256_circuit(), &sha256_builder_circuit(), &sha256_pair_circuit(),
        &rfc6962_node_circuit(), &blake3_circuit(), &blake3_pair_circuit(), &u64mul_circuit()}) {
    if (circuit->name() == name) return circuit;
  }
  return find_u32_circuit(name);
}

}  // namespace merkleforge::boolean
