// u32 add, xor, and, or, mul written with the public builder (boolean/builder.hpp):
// kU32OpsPerInstance operations per instance, each on its own x and y, big-endian as the first
// engine's u32 circuits take them (circuits/circuit.hpp; mul's result the 64-bit product), so a
// batch of 2^k instances is 64·2^k operations.
#include <array>
#include <string>

#include "merkleforge/boolean/builder.hpp"

namespace merkleforge::boolean {
namespace {

enum class U32Op { add, bit_xor, bit_and, bit_or, mul };

BuiltCircuit make_u32(std::string name, U32Op op) {
  CircuitBuilder b(std::move(name));
  std::array<Wire, kU32OpsPerInstance> z;
  for (Wire& result : z) {
    const Wire x = b.input(32, ByteOrder::big), y = b.input(32, ByteOrder::big);
    switch (op) {
      case U32Op::add:
        result = b.add(x, y);
        break;
      case U32Op::bit_xor:
        result = b.bit_xor(x, y);
        break;
      case U32Op::bit_and:
        result = b.bit_and(x, y);
        break;
      case U32Op::bit_or:
        result = b.bit_or(x, y);
        break;
      case U32Op::mul:
        result = b.mul(x, y);  // 64 bits, checked in the exponent
        break;
    }
  }
  for (const Wire result : z) b.output(result, ByteOrder::big);
  return *std::move(b).build();  // a fixed circuit: its construction has no misuse to report
}

}  // namespace

const Circuit* find_u32_circuit(std::string_view name) noexcept {
  static const BuiltCircuit add = make_u32("u32add", U32Op::add),
                            bit_xor = make_u32("u32xor", U32Op::bit_xor),
                            bit_and = make_u32("u32and", U32Op::bit_and),
                            bit_or = make_u32("u32or", U32Op::bit_or),
                            mul = make_u32("u32mul", U32Op::mul);
  for (const Circuit* circuit : {&add, &bit_xor, &bit_and, &bit_or, &mul}) {
    if (circuit->name() == name) return circuit;
  }
  return nullptr;
}

}  // namespace merkleforge::boolean
