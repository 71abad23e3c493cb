// The worked example of docs/boolean-builder.md, compiled and run by
// tests/boolean/docs_example_test.cpp (which also checks that the page shows this file).
#include "merkleforge/boolean/builder.hpp"
#include "merkleforge/boolean/prover.hpp"

namespace example {

using namespace merkleforge;
using namespace merkleforge::boolean;

/// Per instance: x and y, 32-bit words read big-endian; out (x + y) ⊕ (x ⋙ 7), big-endian,
/// then one byte that is 1 when x = y.
Result<BuiltCircuit> make_circuit() {
  CircuitBuilder b("example/add-rotate");
  const Wire x = b.input(32, ByteOrder::big), y = b.input(32, ByteOrder::big);
  b.output(b.bit_xor(b.add(x, y), b.rotr(x, 7)), ByteOrder::big);
  b.output(b.concat(b.equal(x, y), b.constant(0, 7)));
  return std::move(b).build();
}

/// Proves `count` instances (8 input bytes each) and verifies the proof as a verifier would,
/// from the circuit, the count and the outputs alone. Returns the outputs (5 bytes each).
Result<Bytes> prove_and_verify(ByteSpan inputs, std::size_t count) {
  auto circuit = make_circuit();
  if (!circuit) return circuit.error();
  auto proved = prove(*circuit, count, inputs);  // the witness comes from the same description
  if (!proved) return proved.error();
  if (Status ok = verify(*circuit, count, proved->outputs, proved->proof); !ok) return ok.error();
  return proved->outputs;
}

}  // namespace example
