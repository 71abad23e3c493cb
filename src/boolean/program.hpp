// A built circuit as the engine walks it (boolean/builder.hpp): the operations in the order they
// were made, each producing one wire, with the committed bits' layout fixed by build().
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
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
  mul,          ///< a slot of the mul region: x and y copied, the product free (builder.hpp)
  mul_high,     ///< a wide mul's product bits from 64 on (x: the mul), in the mul's slot
  assert_zero,  ///< rows (x_i + z_j)·1 = z_j: x = 0, z_j free (committed 0)
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

/// A term of a linear value: rotl_width(v[wire], rotation) & mask (mask within the width).
struct Term {
  std::uint64_t mask;
  std::uint32_t wire;
  std::uint8_t rotation;
};

/// One step of the forward walk: a node's value from values already computed. A run of linear
/// operations is one `linear` step: a constant XOR terms (compile_schedule).
struct Step {
  enum class Kind : std::uint8_t {
    input,
    linear,
    slice,
    concat,
    broadcast,
    bit_and,
    add,
    mul,
    mul_high,
    assert_zero
  };
  std::uint64_t value = 0;     ///< linear: the constant
  std::uint32_t wire = 0;      ///< the node whose value this step computes
  std::uint32_t x = 0, y = 0;  ///< operand wires; linear: the terms [x, x + y) of Program::terms
  std::uint32_t position = 0;  ///< input, AND, add: the first committed bit
  ByteOrder order = ByteOrder::little;  ///< input
  Kind kind = Kind::linear;
  std::uint8_t width = 0;
  std::uint8_t shift = 0;  ///< slice: the lowest bit taken; concat, mul: the low part's width
};

/// Committed bits of an operation laid out after the mul region: width for AND and assertions,
/// width − 1 for add, none for the rest (an input's bits are the input region's; a mul's are its
/// slot of the mul region, MulShape).
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
  std::size_t weights = 0;              ///< Σ widths: the backward walk's table
  std::string error;                    ///< the first misuse, empty if none
  std::optional<MulRegion> mul_region;  ///< where the mul slots are, if there are any
  std::vector<Step> schedule;           ///< the forward walk (the backward one walks the nodes)
  std::vector<Term> terms;              ///< the linear steps' terms
};

/// Fills p.schedule and p.terms from the nodes (with their positions) and the outputs: a linear
/// node used once, by a linear node, is folded into its user; unused linear nodes have no step.
void compile_schedule(Program& p);

inline std::uint64_t low_mask(unsigned width) {
  return width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

/// x (below 2^width) rotated left by shift < width; the second shift is split so that none is
/// by 64 when shift = 0.
inline std::uint64_t rotate_left(std::uint64_t x, unsigned shift, unsigned width) {
  return ((x << shift) | (x >> 1 >> (width - 1 - shift))) & low_mask(width);
}

/// The bit of a `width`-bit word's value i as the committed layout holds it, relative to the
/// word's first bit (ByteOrder::big: bytes top first).
inline unsigned layout_bit(unsigned i, unsigned width, ByteOrder order) {
  return order == ByteOrder::little ? i : 8 * (width / 8 - 1 - i / 8) + i % 8;
}

}  // namespace merkleforge::boolean::detail
