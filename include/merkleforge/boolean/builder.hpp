// The public circuit builder of the Boolean engine: describe one instance as word operations,
// get a Circuit (boolean/circuit.hpp) that the engine proves over a batch. The same description
// gives the witness (the circuit evaluated forward) and both walks; there is no second copy of
// the logic to keep in step.
//
//     CircuitBuilder b("xor-then-add");
//     const Wire x = b.input(32), y = b.input(32);
//     b.output(b.add(b.bit_xor(x, y), b.constant(7, 32)));
//     auto circuit = std::move(b).build();      // Result<BuiltCircuit>
//
// Wires hold 1 to 64 bits. XOR, NOT, shifts, rotations, slices, concatenations and constants are
// linear: they move or combine bits and commit nothing. AND commits one bit per output bit;
// `add` commits the w − 1 products of its carry chain (boolean/circuit.hpp's SHA-256 notes);
// `bit_or`, `select` and `equal` are made of those.
//
// Layout of an instance's committed bits: the input bytes from bit 0 (bit t of input byte b at
// 8b + t, in the order the inputs were declared), then each committing operation's bits in the
// order the operations were made, then the outputs in an aligned slot at the end (bit t of
// output byte b at its 8b + t). A word read or written big-endian keeps its bytes in that order.
//
// Misuse (operands of different widths, a width outside 1 … 64, a shift past the width, a wire
// of another builder) does not stop the construction: build() reports the first one, naming the
// operation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "merkleforge/boolean/circuit.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::boolean {

namespace detail {
struct Program;
enum class OpCode : std::uint8_t;
}  // namespace detail

/// A value of 1 to 64 bits in a circuit under construction: a handle its builder gives out.
/// A default-made Wire is no wire: operations on it are misuses.
class Wire {
 public:
  Wire() = default;
  unsigned width() const noexcept { return width_; }

 private:
  friend class CircuitBuilder;
  Wire(std::uint32_t id, unsigned width) : id_(id), width_(static_cast<std::uint8_t>(width)) {}
  std::uint32_t id_ = ~std::uint32_t{0};
  std::uint8_t width_ = 0;
};

/// How a word of whole bytes is read from the input bytes or written to the output bytes.
enum class ByteOrder { little, big };

/// A circuit made by CircuitBuilder: immutable, cheap to copy (the copies share the program).
class BuiltCircuit final : public Circuit {
 public:
  std::string_view name() const noexcept override;
  unsigned log_bits() const noexcept override;
  std::size_t input_bytes() const noexcept override;
  std::size_t output_bytes() const noexcept override;
  unsigned output_log_bits() const noexcept override;
  std::size_t output_offset() const noexcept override;
  void witness(ByteSpan input, std::span<std::uint64_t> z) const override;
  void witness_and_operands(ByteSpan input, std::span<std::uint64_t> z, std::span<std::uint64_t> a,
                            std::span<std::uint64_t> b) const override;
  void place_inputs(ByteSpan input, std::span<std::uint64_t> region) const override;
  void output(std::span<const std::uint64_t> z, std::span<std::uint8_t> out) const override;
  void operands(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                std::span<std::uint64_t> b) const override;
  B128P transpose(std::span<const B128P> wa, std::span<const B128P> wb,
                  std::span<B128P> columns) const override;
  std::string row_name(std::size_t row) const override;
  std::optional<MulRegion> mul_region() const override;

  /// Committed bits that are gates' outputs (AND outputs and carry products).
  std::size_t gate_bits() const noexcept;

 private:
  friend class CircuitBuilder;
  explicit BuiltCircuit(std::shared_ptr<const detail::Program> program);
  std::shared_ptr<const detail::Program> program_;
};

class CircuitBuilder {
 public:
  /// `name` identifies the circuit in statements (statement_digest binds it).
  explicit CircuitBuilder(std::string name);
  ~CircuitBuilder();
  CircuitBuilder(CircuitBuilder&&) noexcept;
  CircuitBuilder& operator=(CircuitBuilder&&) noexcept;

  /// The next `width` input bits; ByteOrder::big needs a multiple of 8 (its first byte is the
  /// word's top byte). Inputs are packed in declaration order, whole bytes at the end.
  Wire input(unsigned width, ByteOrder order = ByteOrder::little);
  /// `value` as a `width`-bit wire (bits above the width must be zero).
  Wire constant(std::uint64_t value, unsigned width);

  Wire bit_xor(Wire x, Wire y);
  Wire bit_and(Wire x, Wire y);  ///< commits width bits
  Wire bit_or(Wire x, Wire y);   ///< x ⊕ y ⊕ (x ∧ y): commits width bits
  Wire bit_not(Wire x);

  Wire shl(Wire x, unsigned shift);  ///< shift < width; zeros enter
  Wire shr(Wire x, unsigned shift);
  Wire rotl(Wire x, unsigned shift);
  Wire rotr(Wire x, unsigned shift);
  /// Bits [low, low + width) of x.
  Wire slice(Wire x, unsigned low, unsigned width);
  /// low's bits, then high's above them (at most 64 together).
  Wire concat(Wire low, Wire high);
  /// A 1-bit wire repeated `width` times.
  Wire broadcast(Wire bit, unsigned width);

  /// x + y mod 2^width: commits width − 1 bits.
  Wire add(Wire x, Wire y);
  /// condition (1 bit) ? if_one : if_zero, as if_zero ⊕ c·(if_one ⊕ if_zero): commits width bits.
  Wire select(Wire condition, Wire if_one, Wire if_zero);
  /// 1 when x = y: the AND of the bits of ¬(x ⊕ y), a tree of width − 1 committed bits.
  Wire equal(Wire x, Wire y);
  /// x · y, of x.width() + y.width() ≤ 64 bits, checked by the engine in the exponent (every
  /// mul of a circuit has the same operand widths): commits x, y and the product in a slot of
  /// the mul region (Circuit::mul_region), and, for a 64-bit product, that it is not all ones.
  Wire mul(Wire x, Wire y);
  /// x · y of more than 64 bits (operands of up to 64 bits each): the product's low 64 bits and
  /// the rest, checked in the exponent of B128* in one slot of the mul region as mul's are (every
  /// mul of a circuit has the same operand widths), and, for a 128-bit product, not all ones.
  std::pair<Wire, Wire> mul_wide(Wire x, Wire y);

  /// A constraint: every bit of x is 0 (commits width bits).
  void assert_zero(Wire x);

  /// Appends x to the outputs (ByteOrder::big: a multiple of 8 bits, top byte first).
  void output(Wire x, ByteOrder order = ByteOrder::little);

  /// The circuit. Errors: invalid_argument for the first misuse, no outputs, or more than 2^24
  /// committed bits per instance.
  Result<BuiltCircuit> build() &&;

 private:
  /// Appends an operation of `width` bits unless `problem` names a misuse; then it records the
  /// first one and a zero constant stands for the wire, so construction goes on.
  Wire make(detail::OpCode op, unsigned width, std::uint32_t x, std::uint32_t y,
            const std::string& problem);
  /// shl, shr, rotl or rotr.
  Wire shifted(detail::OpCode op, const char* operation, Wire x, unsigned shift);
  /// "" when x is a wire of this builder, else the misuse, named after `operation`.
  std::string check_wire(Wire x, const char* operation) const;
  std::string check_pair(Wire x, Wire y, const char* operation) const;
  /// The constant of `width` one bits.
  Wire all_ones(unsigned width);

  std::unique_ptr<detail::Program> program_;
};

}  // namespace merkleforge::boolean
