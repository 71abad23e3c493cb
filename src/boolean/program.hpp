// A built circuit as the engine walks it (boolean/builder.hpp): the operations in the order they
// were made, each producing one wire, with the committed bits' layout fixed by build().
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "merkleforge/boolean/builder.hpp"

namespace merkleforge::boolean::detail {

enum class OpCode : std::uint8_t {
  input,
  constant,
  bit_xor,
  bit_and,
  bit_not,
  shl,
  shr,
  rotl,
  rotr,
  slice,
  concat,
  broadcast,
  add,
};

/// One operation; its wire is its index in Program::nodes.
struct Node {
  OpCode op;
  std::uint8_t width;
  ByteOrder order = ByteOrder::little;  ///< inputs: how the bytes hold the word
  std::uint8_t shift = 0;               ///< shifts, rotations; slice: the lowest bit taken
  std::uint32_t x = 0, y = 0;           ///< operand wires
  std::uint32_t position = 0;  ///< inputs, AND, add: the first committed bit (set by build())
  std::uint32_t weight = 0;    ///< the backward walk's first weight of this wire
  std::uint64_t value = 0;     ///< constants
};

/// Committed bits of an operation: width for AND, width − 1 for add, none for the rest (an
/// input's bits are the input region's).
unsigned committed_bits(const Node& node);

struct OutputSlot {
  std::uint32_t wire;
  ByteOrder order;
  std::uint32_t position;  ///< first bit, relative to the output slot
};

struct Program {
  std::string name;
  std::vector<Node> nodes;
  std::vector<OutputSlot> outputs;
  std::vector<std::uint32_t> gates;  ///< the nodes that commit bits, in layout order
  std::size_t declared_input_bits = 0, declared_output_bits = 0;
  std::size_t input_bytes = 0, output_bytes = 0, gate_bits = 0;
  unsigned log_bits = 0, output_log_bits = 0;
  std::size_t output_offset = 0;
  std::size_t weights = 0;  ///< Σ widths: the backward walk's table
  std::string error;        ///< the first misuse, empty if none
};

/// The bit of a `width`-bit word's value i as the committed layout holds it, relative to the
/// word's first bit (ByteOrder::big: bytes top first).
inline unsigned layout_bit(unsigned i, unsigned width, ByteOrder order) {
  return order == ByteOrder::little ? i : 8 * (width / 8 - 1 - i / 8) + i % 8;
}

}  // namespace merkleforge::boolean::detail
