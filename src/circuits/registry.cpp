#include <algorithm>
#include <random>

#include "circuits_internal.hpp"

namespace merkleforge::circuits {

std::vector<std::string_view> circuit_names() {
  return {"keccakf", "u32add",   "u32xor",   "u32and", "u32or",
          "sha256",  "groestlp", "vision32", "u32mul"};
}

const Circuit* find_circuit(std::string_view name) {
  if (name == "keccakf") return &detail::keccakf_circuit();
  if (name == "sha256") return &detail::sha256_circuit();
  if (name == "vision32") return &detail::vision32_circuit();
  if (name == "groestlp") return &detail::groestlp_circuit();
  if (name == "u32mul") return &detail::u32mul_circuit();
  if (name == "u32add" || name == "u32xor" || name == "u32and" || name == "u32or") {
    return &detail::u32_circuit(name);
  }
  return nullptr;
}

cs::ConstraintSystem Circuit::system(std::size_t count) const {
  cs::ConstraintSystem s = build_system(count);
  s.bind_parameter("count", count);
  return s;
}

Bytes random_inputs(const Circuit& circuit, std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Bytes out(count * circuit.input_bytes());
  for (std::size_t i = 0; i < out.size(); i += 8) {
    const std::uint64_t v = rng();
    for (std::size_t b = 0; b < 8 && i + b < out.size(); ++b) {
      out[i + b] = static_cast<std::uint8_t>(v >> (8 * b));
    }
  }
  return out;
}

}  // namespace merkleforge::circuits
