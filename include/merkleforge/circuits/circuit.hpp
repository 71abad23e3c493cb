// The circuits of the Binius benchmark table on the constraint system (cs/): each builds its
// system for a number of instances, generates the witness (in parallel over instances) and
// states its public outputs. docs/binius-cs.md describes each layout.
//
// Instance bytes (also the `mforge zk --inputs` line format, as hex):
//   u32add, u32xor, u32and, u32or   input x ‖ y, each a big-endian u32; output z, big-endian u32
//   keccakf                         input and output a 200-byte Keccak-f[1600] state (FIPS 202
//                                   byte order: lane x + 5y little-endian at bytes 8(x + 5y))
//   u32mul                          input x ‖ y, each a big-endian u32; output the big-endian
//                                   u64 product
//   sha256                          input the 32-byte chaining state ‖ the 64-byte block
//                                   (big-endian words, FIPS 180-4); output the compressed state
//   groestlp                        input and output the 64-byte Grøstl-256 state
//   vision32                        input and output the 24 B32 state elements, little-endian
// Outputs are public; inputs are private unless the statement makes them public (Inputs). Instances
// are padded to a power of two with all-zero inputs, which the statement does not list (their
// outputs are unconstrained or the zero input's image); the count is part of the statement.
//
// What a proof says. With private inputs: "I know inputs whose images are these outputs"
// (knowledge soundness; docs/soundness.md). For the table's benchmark statements that is weak:
// Keccak-f, Grøstl P and Vision Mark-32 are permutations, so every output list has inputs that
// anyone can compute (invert the permutation), and u32 add/xor/and/or have inputs for every output
// (x = z, y = 0, or x = y = z). They measure the prover, they prove little. SHA-256 compression
// (preimages are hard) and u32 mul (a product of two u32 values) are meaningful with private
// inputs. With public inputs the statement is "these inputs give these outputs": a real claim for
// every circuit (e.g. "these 1,024 compressions of these blocks give these digests"). The proofs
// are not zero-knowledge in either case.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "merkleforge/cs/proof.hpp"

namespace merkleforge::circuits {

/// A witness and the outputs of its instances (count × output_bytes()).
struct Trace {
  cs::Witness witness;
  Bytes outputs;
};

/// Whether a statement lists the instances' inputs.
enum class Inputs : std::uint8_t { private_inputs, public_inputs };

class Circuit {
 public:
  virtual ~Circuit() = default;
  virtual std::string_view name() const noexcept = 0;
  /// Bytes of one instance's input and of its public output.
  virtual std::size_t input_bytes() const noexcept = 0;
  virtual std::size_t output_bytes() const noexcept = 0;
  /// Largest instance count (the table's rows stay within the PCS's size).
  virtual std::size_t max_count() const noexcept = 0;
  /// The system for `count` instances, with `count` and the inputs' visibility bound into its
  /// statement (padding to a power of two must not let a proof of 3 instances pass for 4 with an
  /// appended zero image). With public inputs, public columns hold the inputs and constraints tie
  /// them to the committed ones. Precondition: 1 <= count <= max_count().
  cs::ConstraintSystem system(std::size_t count, Inputs inputs = Inputs::private_inputs) const;
  /// The witness for the instances in `inputs` (count × input_bytes(), count as for system()).
  virtual Trace trace(ByteSpan inputs) const = 0;
  /// The public values of `count` instances: their outputs (count × output_bytes()) and, for a
  /// system with public inputs, their inputs (count × input_bytes(); empty for private inputs).
  cs::PublicValues publics(std::size_t count, ByteSpan outputs, ByteSpan public_inputs = {}) const;

 protected:
  /// The circuit's tables, columns and constraints for `count` instances (system() binds count).
  virtual cs::ConstraintSystem build_system(std::size_t count) const = 0;
  /// The public columns of the outputs, in their order in build_system's system.
  virtual cs::PublicValues output_publics(std::size_t count, ByteSpan outputs) const = 0;
  /// The committed columns holding the inputs: the first input_columns() of the witness.
  virtual std::size_t input_columns() const noexcept = 0;
  /// The public columns of the inputs, one per input column, all-zero for padding instances: the
  /// committed input columns' own layout, or the layout of the circuit's constrain_public_inputs.
  virtual std::vector<Bytes> input_publics(std::size_t count, ByteSpan inputs) const = 0;
  /// Adds the public input columns and ties them to the committed ones. Default: one public column
  /// per input column over the whole table, equal to it on every row (a linear constraint).
  virtual void constrain_public_inputs(cs::ConstraintSystem& s, std::size_t count) const;
};

/// The circuit called `name` (one of circuit_names()), or nullptr.
const Circuit* find_circuit(std::string_view name);

/// Every circuit name, in the table's order.
std::vector<std::string_view> circuit_names();

/// count random instance inputs from a seed (a deterministic PRNG: the same seed gives the same
/// instances on every machine).
Bytes random_inputs(const Circuit& circuit, std::size_t count, std::uint64_t seed);

}  // namespace merkleforge::circuits
