// u32 add, xor, and, or, mul and u64 mul written with the public builder (boolean/builder.hpp):
// kU32OpsPerInstance operations per instance, each on its own x and y, big-endian as the first
// engine's u32 circuits take them (circuits/circuit.hpp; mul's result the 64-bit product, u64
// mul's the 128-bit one), so a batch of 2^k instances is 64·2^k operations.
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

const Circuit& u64mul_circuit() {
  static const BuiltCircuit circuit = [] {
    CircuitBuilder b("u64mul");
    std::array<std::pair<Wire, Wire>, kU32OpsPerInstance> products;
    for (auto& product : products) {
      const Wire x = b.input(64, ByteOrder::big), y = b.input(64, ByteOrder::big);
      product = b.mul_wide(x, y);  // checked in the exponent of B128*
    }
    for (const auto& [low, high] : products) {
      b.output(high, ByteOrder::big);
      b.output(low, ByteOrder::big);
    }
    return *std::move(b).build();  // a fixed circuit: no misuse to report
  }();
  return circuit;
}

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
