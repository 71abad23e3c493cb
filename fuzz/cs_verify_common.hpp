// Shared by the constraint-system verifier's fuzz targets: proof decoding and verification of the
// prover's proofs for every circuit of the table. The first input byte picks a circuit; the rest is
// the proof, mixed with an honest proof of that circuit (first byte even: the input as is; odd:
// the honest proof with the input XORed over its start), so both garbage and near-valid proofs
// reach every check. Every input must end in a Status, never in a crash or undefined behaviour;
// an altered proof that verifies aborts (a forgery).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <map>

#include "merkleforge/circuits/circuit.hpp"

namespace merkleforge::fuzz {

struct CsCase {
  cs::ConstraintSystem system{""};
  cs::PublicValues publics;
  Bytes proof;
};

/// The honest proof of `name` at its smallest count under `config`, made once.
inline const CsCase& honest_cs_case(std::string_view name, const cs::ProofConfig& config) {
  static std::map<std::string_view, CsCase> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  const circuits::Circuit& c = *circuits::find_circuit(name);
  const std::size_t count = name.starts_with("u32") ? 8 : 1;  // the hash circuits: one instance
  const circuits::Trace trace = c.trace(circuits::random_inputs(c, count, 1));
  CsCase out{c.system(count), c.publics(count, trace.outputs), {}};
  out.proof = cs::prove(out.system, trace.witness, out.publics, config).value();
  if (!cs::verify(out.system, out.publics, out.proof, config).ok()) std::abort();
  return cache.emplace(name, std::move(out)).first->second;
}

inline int fuzz_cs_verify(const std::uint8_t* data, std::size_t size,
                          const cs::ProofConfig& config) {
  if (size == 0) return 0;
  const auto names = circuits::circuit_names();
  const CsCase& c = honest_cs_case(names[(data[0] >> 1) % names.size()], config);
  Bytes proof(data + 1, data + size);
  if (data[0] & 1) {
    bool changed = false;
    Bytes mixed = c.proof;
    for (std::size_t i = 0; i < proof.size() && i < mixed.size(); ++i) {
      mixed[i] ^= proof[i];
      changed |= proof[i] != 0;
    }
    if (!changed) return 0;
    proof = std::move(mixed);
  }
  const Status verified = cs::verify(c.system, c.publics, proof, config);
  if (verified.ok() && proof != c.proof) std::abort();  // an altered proof was accepted
  return 0;
}

}  // namespace merkleforge::fuzz
