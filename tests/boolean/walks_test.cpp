// Every circuit of the Boolean engine (boolean/circuit.hpp): honest witnesses satisfy every row,
// and the backward walk is the forward walk's transpose (the adjoint identity on random z and
// weights), which is what makes the lincheck's column weights the circuit's.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <string>
#include <vector>

#include "merkleforge/boolean/circuit.hpp"
#include "walks_support.hpp"

namespace merkleforge::boolean {
namespace {

class EveryCircuit : public ::testing::TestWithParam<std::string> {
 protected:
  const Circuit& circuit() const { return *find_circuit(GetParam()); }
};

TEST_P(EveryCircuit, HonestWitnessesSatisfyEveryRow) {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 3; ++trial) {
    const Words z = test::witness_of(circuit(), test::random_bytes(circuit().input_bytes(), rng));
    EXPECT_TRUE(test::failing_rows(circuit(), z).empty()) << "trial " << trial;
  }
}

// The prover's one pass gives what the two walks give apart.
TEST_P(EveryCircuit, WitnessAndOperandsInOnePassAreTheWalks) {
  std::mt19937_64 rng(6);
  const Bytes input = test::random_bytes(circuit().input_bytes(), rng);
  const std::size_t words = circuit().words();
  Words z(words, ~std::uint64_t{0}), a(words, 1), b(words, 2);  // stale contents are overwritten
  circuit().witness_and_operands(input, z, a, b);
  const Words expected_z = test::witness_of(circuit(), input);
  Words expected_a(words), expected_b(words);
  circuit().operands(expected_z, expected_a, expected_b);
  EXPECT_EQ(z, expected_z);
  EXPECT_EQ(a, expected_a);
  EXPECT_EQ(b, expected_b);
}

TEST_P(EveryCircuit, OutputSlotIsAlignedAndHoldsTheOutputs) {
  const std::size_t slot = std::size_t{1} << circuit().output_log_bits();
  EXPECT_EQ(circuit().output_offset() % slot, 0u);
  EXPECT_LE(circuit().output_offset() + slot, std::size_t{1} << circuit().log_bits());
  EXPECT_LE(8 * circuit().output_bytes(), slot);
}

// The inputs' bits sit where the witness commits them (the public inputs' check reads them there),
// and their rows are input rows: flipping one breaks no other row than through the circuit.
TEST_P(EveryCircuit, InputsArePlacedAsTheWitnessCommitsThem) {
  std::mt19937_64 rng(3);
  const Bytes input = test::random_bytes(circuit().input_bytes(), rng);
  const Words z = test::witness_of(circuit(), input);
  Words region(circuit().input_words());
  circuit().place_inputs(input, region);
  for (std::size_t w = 0; w < region.size(); ++w) EXPECT_EQ(region[w], z[w]) << "word " << w;
  EXPECT_EQ(8 * circuit().input_bytes(), 64 * circuit().input_words());
}

TEST_P(EveryCircuit, BackwardWalkIsTheForwardWalksTranspose) {
  std::mt19937_64 rng(4);
  test::expect_adjoint(circuit(), Words(circuit().words(), 0), rng);  // the constants alone
  test::expect_adjoint(
      circuit(), test::witness_of(circuit(), test::random_bytes(circuit().input_bytes(), rng)),
      rng);
  Words any(circuit().words());  // not a witness: every bit, padding included, random
  for (auto& word : any) word = rng();
  test::expect_adjoint(circuit(), any, rng);
}

TEST_P(EveryCircuit, TransposeAddsToTheColumnsItIsGiven) {
  const std::size_t n = std::size_t{1} << circuit().log_bits();
  std::mt19937_64 rng(5);
  std::vector<B128P> wa(n), wb(n), fresh(n), preset(n);
  for (std::size_t j = 0; j < n; ++j)
    wa[j] = test::random_element(rng), wb[j] = test::random_element(rng);
  for (auto& c : preset) c = test::random_element(rng);
  const std::vector<B128P> start = preset;
  EXPECT_EQ(circuit().transpose(wa, wb, fresh), circuit().transpose(wa, wb, preset));
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(preset[i], start[i] + fresh[i]) << i;
}

TEST(BooleanCircuits, FoundByName) {
  EXPECT_EQ(find_circuit("keccakf"), &keccakf_circuit());
  EXPECT_EQ(find_circuit("sha256"), &sha256_circuit());
  EXPECT_EQ(find_circuit("blake3"), &blake3_circuit());
  EXPECT_EQ(find_circuit("u32add"), find_u32_circuit("u32add"));
  EXPECT_EQ(find_circuit("u32mul"), find_u32_circuit("u32mul"));
  EXPECT_EQ(find_circuit("groestlp"), nullptr);
}

INSTANTIATE_TEST_SUITE_P(Boolean, EveryCircuit,
                         ::testing::Values("keccakf", "sha256", "sha256-builder", "blake3",
                                           "u32add", "u32xor", "u32and", "u32or", "u32mul",
                                           "u64mul"),
                         [](const auto& param_info) {
                           std::string name = param_info.param;
                           std::erase(name, '-');
                           return name;
                         });

}  // namespace
}  // namespace merkleforge::boolean
