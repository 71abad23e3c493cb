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

cs::ConstraintSystem Circuit::system(std::size_t count, Inputs inputs) const {
  cs::ConstraintSystem s = build_system(count);
  if (inputs == Inputs::public_inputs) constrain_public_inputs(s, count);
  s.bind_parameter("count", count);
  s.bind_parameter("public inputs", inputs == Inputs::public_inputs ? 1 : 0);
  return s;
}

cs::PublicValues Circuit::publics(std::size_t count, ByteSpan outputs,
                                  ByteSpan public_inputs) const {
  cs::PublicValues values = output_publics(count, outputs);
  if (!public_inputs.empty()) {
    for (Bytes& column : input_publics(count, public_inputs)) {
      values.columns.push_back(std::move(column));
    }
  }
  return values;
}

void Circuit::constrain_public_inputs(cs::ConstraintSystem& s, std::size_t) const {
  for (std::size_t k = 0; k < input_columns(); ++k) {
    const OracleId column = s.committed_columns()[k];
    const auto& info = s.column(column);
    const std::string name = info.name;
    const std::size_t table = info.table;
    const cs::ColumnField field = info.field;  // info is not valid once a column is added
    const OracleId value =
        s.public_column(table, "input " + name, field, detail::all_vars(s.tables()[table].n_vars));
    s.constrain(table, "input " + name + " = " + name, cs::Expr(column) + value);
  }
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
