// Shared by the constraint-system verifier's fuzz targets: proof decoding and verification. The
// first input byte picks a statement; the rest is the proof (first byte even) or sparse edits of
// an honest proof of that statement (odd: apply_edits), so both garbage and near-valid proofs reach
// every check. Every input must end in a Status, never in a crash or undefined behaviour;
// an altered proof that verifies aborts (a forgery).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <vector>

#include "merkleforge/circuits/circuit.hpp"
#include "merkleforge/cs/prover.hpp"

namespace merkleforge::fuzz {

struct CsCase {
  cs::PreparedStatement statement;
  Bytes proof;
};

/// An honest proof of `system` under `config` and the statement prepared once (parameters, plan,
/// digest), so that each input costs only its verification.
inline CsCase make_cs_case(const cs::ConstraintSystem& system, const cs::Witness& witness,
                           const cs::PublicValues& publics, const cs::ProofConfig& config) {
  CsCase out{cs::PreparedStatement::prepare(system, publics, config).value(),
             cs::prove(system, witness, publics, config).value()};
  if (!out.statement.verify(out.proof).ok()) std::abort();
  return out;
}

/// The table's circuit `name` at its smallest count.
inline CsCase circuit_case(std::string_view name, const cs::ProofConfig& config) {
  const circuits::Circuit& c = *circuits::find_circuit(name);
  const std::size_t count = name.starts_with("u32") ? 8 : 1;  // the hash circuits: one instance
  const circuits::Trace trace = c.trace(circuits::random_inputs(c, count, 1));
  return make_cs_case(c.system(count), trace.witness, c.publics(count, trace.outputs), config);
}

/// Sparse edits of an honest proof: each 3 bytes of `edits` XOR their last byte into the proof at
/// the position their first two scale to (so short inputs reach every part of a long proof).
/// Returns false when nothing changed.
inline bool apply_edits(ByteSpan edits, Bytes& proof) {
  bool changed = false;
  for (std::size_t i = 0; i + 3 <= edits.size(); i += 3) {
    const std::size_t at =
        ((std::size_t{edits[i]} | std::size_t{edits[i + 1]} << 8) * proof.size()) >> 16;
    proof[at] ^= edits[i + 2];
    changed |= edits[i + 2] != 0;
  }
  return changed;
}

/// One input against one of `cases` (byte 0 picks it and the mode).
inline int fuzz_cs_verify(const std::uint8_t* data, std::size_t size,
                          const std::vector<CsCase>& cases) {
  if (size == 0) return 0;
  const CsCase& c = cases[(data[0] >> 1) % cases.size()];
  Bytes proof(data + 1, data + size);
  if (data[0] & 1) {
    proof = c.proof;
    if (!apply_edits(ByteSpan(data + 1, size - 1), proof)) return 0;
  }
  const Status verified = c.statement.verify(proof);
  if (verified.ok() && proof != c.proof) std::abort();  // an altered proof was accepted
  return 0;
}

}  // namespace merkleforge::fuzz
