// A circuit of the Boolean engine: one instance's rank-1 system over GF(2) whose outputs are its
// committed bits (C = I, after Flock, Bünz–Rothblum–Wang 2026, §4.1).
//
// An instance commits 2^log_bits() bits z (inputs, the outputs of its AND gates, its outputs,
// zero padding), and every committed bit j is the product of two affine forms of z:
//
//     (A_j·z + a_j) · (B_j·z + b_j) = z_j            over GF(2), for every j < 2^log_bits().
//
// An input bit is 1·z_j, an AND output the product of its operands (XOR layers substituted into
// them), an output (L·z + c)·1 and a padding bit 0·0. The batch repeats the instance matrices
// block-diagonally, so the engine only ever needs them through two walks, which never write a
// matrix down (substituted XOR layers make Keccak-f's rows dense: a round-20 operand depends on
// most earlier bits):
//   - forward, `operands`: the 2^log_bits() values A_j·z + a_j and B_j·z + b_j for any z, honest
//     or not (this is what the zerocheck's columns are);
//   - backward, `transpose`: Σ_j wa_j·A_j + wb_j·B_j as a weight per committed bit, for row
//     weights in any field of characteristic 2 (the lincheck's column weights, prover and
//     verifier alike), with Σ_j wa_j·a_j + wb_j·b_j, the constants' share.
// The two walks are adjoint: Σ_j wa_j·(A_j·z + a_j) + wb_j·(B_j·z + b_j) equals
// Σ_i z_i·columns_i + constant for every z (tests/boolean check it on random z and weights).
//
// Bit j of a vector of bits is bit j mod 64 of its word j / 64.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/core/bytes.hpp"

namespace merkleforge::boolean {

using binius::B128;
using binius::B128P;

/// Where a circuit's multiplications sit (the builder's `mul`): 2^slots_log slots of
/// 2^slot_log_bits bits from bit `offset` (a multiple of the region's size), each holding x
/// (x_bits), y (y_bits) and their product (x_bits + y_bits) from its first bit, zeros after. The
/// engine checks (g^x)^y = g^product on every slot of every instance in the exponent
/// (src/boolean/exponentiation.hpp); the rank-1 rows only copy x and y there.
struct MulRegion {
  std::size_t offset;
  unsigned slot_log_bits, slots_log;
  unsigned x_bits, y_bits;
};

class Circuit {
 public:
  virtual ~Circuit() = default;

  virtual std::string_view name() const noexcept = 0;
  /// log2 of an instance's committed bits, rows and columns alike.
  virtual unsigned log_bits() const noexcept = 0;
  std::size_t words() const noexcept { return (std::size_t{1} << log_bits()) / 64; }
  virtual std::size_t input_bytes() const noexcept = 0;
  virtual std::size_t output_bytes() const noexcept = 0;
  /// The instance's output slot: bits [output_offset(), output_offset() + 2^output_log_bits()),
  /// an aligned block (output_offset() is a multiple of its size) that holds the outputs' bits
  /// first (bit t of output byte b at 8b + t) and padding after them. Aligned, so the verifier
  /// binds the public outputs with one evaluation of z on that subcube.
  virtual unsigned output_log_bits() const noexcept = 0;
  virtual std::size_t output_offset() const noexcept = 0;

  /// The instance's committed bits for `input` (input_bytes() bytes): the circuit evaluated
  /// forward. `z` has words() words.
  virtual void witness(ByteSpan input, std::span<std::uint64_t> z) const = 0;
  /// The input's bits as `witness` commits them: 8·input_bytes() bits from bit 0 of z, written
  /// to `region` (input_words() words) — how the verifier binds public inputs.
  std::size_t input_words() const noexcept { return (8 * input_bytes() + 63) / 64; }
  virtual void place_inputs(ByteSpan input, std::span<std::uint64_t> region) const = 0;
  /// The outputs as the committed bits hold them (output_bytes() bytes to `out`).
  virtual void output(std::span<const std::uint64_t> z, std::span<std::uint8_t> out) const = 0;
  /// a[j] = A_j·z + a_j and b[j] = B_j·z + b_j for every row j, from z alone. Each span has
  /// words() words.
  virtual void operands(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                        std::span<std::uint64_t> b) const = 0;
  /// witness(input, z), then operands(z, a, b): what the prover needs of each instance, in one
  /// pass for the circuits that compute both at once.
  virtual void witness_and_operands(ByteSpan input, std::span<std::uint64_t> z,
                                    std::span<std::uint64_t> a, std::span<std::uint64_t> b) const {
    witness(input, z);
    operands(z, a, b);
  }
  /// columns[i] += Σ_j wa[j]·A_j,i + wb[j]·B_j,i for every committed bit i; returns
  /// Σ_j wa[j]·a_j + wb[j]·b_j. Each span has 2^log_bits() elements.
  virtual B128P transpose(std::span<const B128P> wa, std::span<const B128P> wb,
                          std::span<B128P> columns) const = 0;
  /// The multiplications' region, for circuits that multiply (none by default).
  virtual std::optional<MulRegion> mul_region() const { return std::nullopt; }
  /// What committed bit `row` (< 2^log_bits()) is, for error messages: the operation or part of
  /// the layout it belongs to.
  virtual std::string row_name(std::size_t row) const { return "bit " + std::to_string(row); }
};

/// Keccak-f[1600] (FIPS 202 §3): 25 lanes in and out, 8 bytes each, lane x + 5y little-endian.
/// Commits the input state, each round's χ AND outputs ¬a[x+1]·a[x+2] (24 × 1,600 bits) and the
/// output state (in the last 2^11 bits): 41,600 bits in 2^16.
const Circuit& keccakf_circuit();

/// SHA-256's compression function (FIPS 180-4 §6.2.2, with the feed-forward): in the chaining
/// value ‖ the 64-byte block (96 bytes, words big-endian), out the new chaining value (32 bytes).
/// Commits the input, the carries of its 600 additions (31 AND outputs each) and the Ch and Maj
/// outputs (32 per round), and the output in the last 2^8 bits: 23,720 bits in 2^15.
const Circuit& sha256_circuit();

/// SHA-256's compression as sha256_circuit() states it, written with the public builder
/// (boolean/builder.hpp; src/boolean/sha256_builder.cpp): 2^15 bits per instance.
const Circuit& sha256_builder_circuit();

/// SHA-256 of a 64-byte message (left ‖ right: EIP-7864's internal and stem nodes), written with
/// the public builder: in the 64 bytes, out the digest; two compressions, the second over the
/// constant padding block, whose schedule costs nothing. 2^16 bits per instance.
const Circuit& sha256_pair_circuit();

/// SHA-256(0x01 ‖ left ‖ right), RFC 6962's interior node, written with the public builder: in
/// left ‖ right (64 bytes), out the digest; two compressions, the message's last byte carried into
/// the second block. 2^16 bits per instance.
const Circuit& rfc6962_node_circuit();

/// BLAKE3's compression (BLAKE3 paper §2.2), written with the public builder: in the chaining
/// value (8 words), the block (16 words), the counter (2 words, low first), the block length and
/// the flags, every word little-endian (112 bytes); out the first 8 words of the output, the next
/// chaining value (32 bytes). Commits the carries of its 336 additions: 2^14 bits per instance.
const Circuit& blake3_circuit();

/// BLAKE3 of a 64-byte message (left ‖ right: the EIP-7864 text's internal and stem nodes),
/// written with the public builder: in the 64 bytes, out the digest; one compression with the
/// chaining value, counter, length and flags fixed. 2^14 bits per instance.
const Circuit& blake3_pair_circuit();

/// Operations per instance of the u32 circuits.
inline constexpr std::size_t kU32OpsPerInstance = 64;
/// u32add, u32xor, u32and, u32or, u32mul, written with the public builder: kU32OpsPerInstance
/// pairs x ‖ y in (8 bytes each, both big-endian u32), the results out (4 bytes each, big-endian;
/// u32mul: the 8-byte product, checked in the exponent); or nullptr for another name.
const Circuit* find_u32_circuit(std::string_view name) noexcept;

/// u64mul, written with the public builder: kU32OpsPerInstance pairs x ‖ y in (8 bytes each, both
/// big-endian u64), the 128-bit products out (16 bytes each, big-endian), checked in the exponent
/// of B128*.
const Circuit& u64mul_circuit();

/// The engine's circuit called `name` (keccakf, sha256, sha256-builder, sha256-pair, rfc6962-node,
/// blake3, blake3-pair, u32add, u32xor, u32and, u32or, u32mul, u64mul), or nullptr.
const Circuit* find_circuit(std::string_view name) noexcept;

}  // namespace merkleforge::boolean
