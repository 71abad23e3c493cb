// The table's circuits at small counts: traces against independent computations (C++ integer
// arithmetic for u32, the hash layer's Keccak-f — itself checked against OpenSSL's SHA3 — and
// the published Keccak-f[1600] of the zero state), honest proofs verify, another seed's statement
// and a changed output are rejected, and a trace with one wrong bit is refused naming the
// constraint.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "merkleforge/binius/vision.hpp"
#include "merkleforge/circuits/circuit.hpp"
#include "merkleforge/cs/prover.hpp"
#include "merkleforge/hash/groestl256.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::circuits {
namespace {

std::uint32_t be32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

TEST(Circuits, KeccakfOfTheZeroStateIsThePublishedValue) {
  // Keccak team, KeccakF-1600-IntermediateValues.txt: the first lane after the permutation of
  // the all-zero state.
  std::array<std::uint64_t, 25> state{};
  keccak_f1600(state);
  EXPECT_EQ(state[0], 0xF1258F7940E1DDE7ull);
  EXPECT_EQ(state[1], 0x84D5CCF933C0478Aull);
}

TEST(Circuits, U32TracesComputeTheOperations) {
  for (std::string_view name : {"u32add", "u32xor", "u32and", "u32or"}) {
    const Circuit* c = find_circuit(name);
    ASSERT_NE(c, nullptr);
    const std::size_t count = 77;
    const Bytes inputs = random_inputs(*c, count, 9);
    const Trace trace = c->trace(inputs);
    for (std::size_t k = 0; k < count; ++k) {
      const std::uint32_t x = be32(&inputs[8 * k]), y = be32(&inputs[8 * k + 4]);
      const std::uint32_t want = name == "u32add"   ? x + y
                                 : name == "u32xor" ? x ^ y
                                 : name == "u32and" ? x & y
                                                    : x | y;
      ASSERT_EQ(be32(&trace.outputs[4 * k]), want) << name << " " << k;
    }
  }
}

TEST(Circuits, U32MulTraceIsTheIntegerProduct) {
  const Circuit* c = find_circuit("u32mul");
  ASSERT_NE(c, nullptr);
  // The extremes (every carry chain at its longest for 0xffffffff²) and random operands.
  const std::vector<std::pair<std::uint32_t, std::uint32_t>> edges = {
      {0, 0},          {1, 1},          {0xffffffff, 0xffffffff},
      {0x80000000, 2}, {0xffffffff, 1}, {0xdeadbeef, 0xcafebabe}};
  Bytes inputs = random_inputs(*c, 200, 14);
  for (std::size_t k = 0; k < edges.size(); ++k) {
    for (int b = 0; b < 4; ++b) {
      inputs[8 * k + static_cast<std::size_t>(b)] =
          static_cast<std::uint8_t>(edges[k].first >> (24 - 8 * b));
      inputs[8 * k + 4 + static_cast<std::size_t>(b)] =
          static_cast<std::uint8_t>(edges[k].second >> (24 - 8 * b));
    }
  }
  const std::size_t count = inputs.size() / 8;
  const Trace trace = c->trace(inputs);
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint64_t want = std::uint64_t{be32(&inputs[8 * k])} * be32(&inputs[8 * k + 4]);
    const std::uint64_t got =
        std::uint64_t{be32(&trace.outputs[8 * k])} << 32 | be32(&trace.outputs[8 * k + 4]);
    ASSERT_EQ(got, want) << k;
  }
  EXPECT_TRUE(
      cs::check_witness(c->system(count), trace.witness, c->publics(count, trace.outputs)).ok());
}

TEST(Circuits, KeccakfTraceEqualsTheHashLayersPermutation) {
  const Circuit* c = find_circuit("keccakf");
  ASSERT_NE(c, nullptr);
  const std::size_t count = 3;
  const Bytes inputs = random_inputs(*c, count, 10);
  const Trace trace = c->trace(inputs);
  for (std::size_t p = 0; p < count; ++p) {
    std::array<std::uint64_t, 25> state;
    std::memcpy(state.data(), &inputs[200 * p], 200);
    keccak_f1600(state);
    EXPECT_EQ(std::memcmp(state.data(), &trace.outputs[200 * p], 200), 0) << p;
  }
}

TEST(Circuits, Sha256CompressionOfAbcIsThePublishedDigest) {
  // FIPS 180-4 / NIST CSRC example "abc": one padded block compressed from the initial value.
  std::array<std::uint32_t, 8> state = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::array<std::uint8_t, 64> block{};
  block[0] = 'a', block[1] = 'b', block[2] = 'c', block[3] = 0x80, block[63] = 24;
  Sha256::compress(state, block.data());
  const std::array<std::uint32_t, 8> want = {0xba7816bf, 0x8f01cfea, 0x414140de, 0x5dae2223,
                                             0xb00361a3, 0x96177a9c, 0xb410ff61, 0xf20015ad};
  EXPECT_EQ(state, want);
}

/// The names of the sums, words and functions `scope` (e.g. "round 0 ") names, in the system's
/// column order, without the carries and rotations each of them brings.
std::vector<std::string> scope_columns(const cs::ConstraintSystem& system,
                                       const std::string& scope) {
  std::vector<std::string> names;
  for (zk::OracleId id = 0; id < system.oracles().size(); ++id) {
    const std::string& name = system.column(id).name;
    if (!name.starts_with(scope) || name.find(' ', scope.size()) != std::string::npos) continue;
    names.push_back(name.substr(scope.size()));
  }
  return names;
}

TEST(Circuits, Sha256ColumnsFollowTheCompressionsFormulas) {
  // C++ leaves the order of a call's arguments open; a circuit whose column order followed it
  // would have another statement (and reject the other build's proofs) under another compiler.
  // The order here is FIPS 180-4's: W_t = σ1(W_t-2) + W_t-7 + σ0(W_t-15) + W_t-16, and
  // T1 = h + Σ1(e) + Ch(e, f, g) + K_t + W_t, T2 = Σ0(a) + Maj(a, b, c), a = T1 + T2, e = d + T1;
  // counters number the sums, sigmas and words of a scope as they are made.
  const cs::ConstraintSystem system = find_circuit("sha256")->system(2);
  EXPECT_EQ(scope_columns(system, "W16 "),
            (std::vector<std::string>{"sigma0", "sum1", "sigma2", "sum3", "sum4", "word5"}));
  EXPECT_EQ(scope_columns(system, "round 0 "),
            (std::vector<std::string>{"sigma0", "sum1", "ch", "sum2", "K", "sum3", "sum4", "sigma5",
                                      "maj", "sum6", "sum7", "word8", "sum9", "word10"}));
}

/// Five random instances of `name`: each trace output equals `reference` of its input, and the
/// witness satisfies the system.
void expect_trace_matches(std::string_view name, std::uint64_t seed,
                          const std::function<Bytes(ByteSpan)>& reference) {
  const Circuit* c = find_circuit(name);
  ASSERT_NE(c, nullptr);
  const std::size_t count = 5, in = c->input_bytes(), out = c->output_bytes();
  const Bytes inputs = random_inputs(*c, count, seed);
  const Trace trace = c->trace(inputs);
  ASSERT_EQ(trace.witness.columns.size(), c->system(count).committed_columns().size());
  for (std::size_t k = 0; k < count; ++k) {
    const Bytes want = reference(ByteSpan(inputs).subspan(in * k, in));
    EXPECT_EQ(Bytes(trace.outputs.begin() + static_cast<std::ptrdiff_t>(out * k),
                    trace.outputs.begin() + static_cast<std::ptrdiff_t>(out * (k + 1))),
              want)
        << name << " " << k;
  }
  EXPECT_TRUE(
      cs::check_witness(c->system(count), trace.witness, c->publics(count, trace.outputs)).ok());
}

TEST(Circuits, Sha256TraceEqualsTheHashLayersCompression) {
  expect_trace_matches("sha256", 11, [](ByteSpan input) {
    std::array<std::uint32_t, 8> state;
    for (unsigned i = 0; i < 8; ++i) state[i] = be32(&input[4 * i]);
    Sha256::compress(state, &input[32]);
    Bytes out(32);
    for (unsigned i = 0; i < 32; ++i)
      out[i] = static_cast<std::uint8_t>(state[i / 4] >> (24 - 8 * (i % 4)));
    return out;
  });
}

TEST(Circuits, Vision32TraceEqualsTheLibrarysPermutation) {
  // The library's permutation reproduces v0's published S-box and hash answers
  // (tests/binius/vision_test.cpp).
  expect_trace_matches("vision32", 12, [](ByteSpan input) {
    binius::VisionState state;
    std::memcpy(state.data(), input.data(), 96);
    binius::vision32_permute(state);
    return Bytes(reinterpret_cast<const std::uint8_t*>(state.data()),
                 reinterpret_cast<const std::uint8_t*>(state.data()) + 96);
  });
}

TEST(Circuits, GroestlPTraceEqualsTheHashLayersPermutation) {
  // The hash layer's P reproduces the SHA-3 submission's Grøstl-256 known answers
  // (tests/hash/groestl256_test.cpp).
  expect_trace_matches("groestlp", 13, [](ByteSpan input) {
    GroestlState state;
    std::memcpy(state.data(), input.data(), 64);
    groestl256_p(state);
    return Bytes(state.begin(), state.end());
  });
}

struct Proved {
  cs::ConstraintSystem system;
  cs::PublicValues publics;
  Bytes proof;
};

Proved prove_random(const Circuit& c, std::size_t count, std::uint64_t seed) {
  const Trace trace = c.trace(random_inputs(c, count, seed));
  Proved out{c.system(count), c.publics(count, trace.outputs), {}};
  auto proof = cs::prove(out.system, trace.witness, out.publics);
  EXPECT_TRUE(proof.ok()) << c.name() << ": " << proof.error().message;
  if (proof.ok()) out.proof = *proof;
  return out;
}

/// Instances for a test-sized table: a few of the hash circuits, more of the word operations.
std::size_t test_count(const Circuit& c, std::size_t hashes) {
  if (c.name() == "keccakf" || c.name() == "sha256" || c.name() == "vision32" ||
      c.name() == "groestlp") {
    return hashes;
  }
  return c.name() == "u32mul" ? 100 : 1000;
}

class EveryCircuit : public ::testing::TestWithParam<std::string_view> {};

TEST_P(EveryCircuit, HonestProofVerifiesOnlyAgainstItsOwnStatement) {
  const Circuit& c = *find_circuit(GetParam());
  const std::size_t count = test_count(c, 3);
  const Proved p = prove_random(c, count, 1);
  const Status ok = cs::verify(p.system, p.publics, p.proof);
  ASSERT_TRUE(ok.ok()) << ok.error().message;

  const Trace other = c.trace(random_inputs(c, count, 2));
  EXPECT_FALSE(cs::verify(p.system, c.publics(count, other.outputs), p.proof).ok());
  Bytes changed = c.trace(random_inputs(c, count, 1)).outputs;
  changed[c.output_bytes() * (count - 1)] ^= 0x80;  // one bit of the last instance's output
  EXPECT_FALSE(cs::verify(p.system, c.publics(count, changed), p.proof).ok());
  // Another count is another statement.
  const cs::ConstraintSystem bigger = c.system(2 * count);
  EXPECT_FALSE(
      cs::verify(bigger, c.publics(2 * count, Bytes(2 * count * c.output_bytes())), p.proof).ok());
}

// The prover's parallel loops split their work by the thread count, and every sum they reduce is
// in a field of characteristic 2, so the proof must not depend on it. Counts large enough that
// the tables span many of the loops' blocks (2^16 word instances, 64 hashes, 256 products).
TEST_P(EveryCircuit, ProofIsTheSameForAnyThreadCount) {
  const Circuit& c = *find_circuit(GetParam());
  std::size_t count = c.name().rfind("u32", 0) == 0 ? std::size_t{1} << 16 : 64;
  if (c.name() == "u32mul") count = 256;  // the slowest circuit per instance
  const auto proof_with = [&](std::size_t threads) {
    const ThreadLimit limit(threads);
    return prove_random(c, count, 5).proof;
  };
  const Bytes one = proof_with(1);
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(one, proof_with(2));
  EXPECT_EQ(one, proof_with(3)) << "more threads than this host's cores";
}

// With public inputs the statement is "these inputs give these outputs": the honest proof
// verifies, and another input (one bit), the same outputs with private inputs, or a proof made with
// private inputs are all another statement.
TEST_P(EveryCircuit, PublicInputsAreBound) {
  const Circuit& c = *find_circuit(GetParam());
  const std::size_t count = std::min<std::size_t>(test_count(c, 2), 64);
  const Bytes inputs = random_inputs(c, count, 6);
  const Trace trace = c.trace(inputs);
  const cs::ConstraintSystem system = c.system(count, Inputs::public_inputs);
  const cs::PublicValues publics = c.publics(count, trace.outputs, inputs);
  ASSERT_EQ(publics.columns.size(), system.public_columns().size());
  auto proof = cs::prove(system, trace.witness, publics);
  ASSERT_TRUE(proof.ok()) << proof.error().message;
  const Status ok = cs::verify(system, publics, *proof);
  ASSERT_TRUE(ok.ok()) << ok.error().message;

  Bytes other_inputs = inputs;
  other_inputs[c.input_bytes() * (count - 1)] ^= 0x10;  // one bit of the last instance's input
  EXPECT_FALSE(cs::verify(system, c.publics(count, trace.outputs, other_inputs), *proof).ok());
  const cs::ConstraintSystem private_system = c.system(count);
  EXPECT_FALSE(cs::verify(private_system, c.publics(count, trace.outputs), *proof).ok());
  auto private_proof = cs::prove(private_system, trace.witness, c.publics(count, trace.outputs));
  ASSERT_TRUE(private_proof.ok());
  EXPECT_FALSE(cs::verify(system, publics, *private_proof).ok());
  // An input that the witness does not hold is refused by the honest prover.
  EXPECT_FALSE(
      cs::prove(system, trace.witness, c.publics(count, trace.outputs, other_inputs)).ok());
}

TEST_P(EveryCircuit, TraceWithOneWrongBitIsRefusedNamingTheConstraint) {
  const Circuit& c = *find_circuit(GetParam());
  const std::size_t count = std::min<std::size_t>(test_count(c, 2), 64);
  Trace trace = c.trace(random_inputs(c, count, 3));
  // Bit i of column 0 (x, or lane 0 of the permutation input). For and / or it must be a bit
  // that changes the result: where y is 1 (and) or 0 (or).
  auto& column = trace.witness.columns[0];
  std::size_t i = 8 * (column.size() / 3);
  const auto y_bit = [&](std::size_t k) {
    return (trace.witness.columns[1][k / 8] >> (k % 8)) & 1;
  };
  while ((c.name() == "u32and" && y_bit(i) == 0) || (c.name() == "u32or" && y_bit(i) == 1)) ++i;
  column[i / 8] = static_cast<std::uint8_t>(column[i / 8] ^ (1u << (i % 8)));
  const cs::ConstraintSystem system = c.system(count);
  auto proof = cs::prove(system, trace.witness, c.publics(count, trace.outputs));
  ASSERT_FALSE(proof.ok());
  EXPECT_EQ(proof.error().code, Errc::corrupt_data);
  EXPECT_NE(proof.error().message.find("constraint"), std::string::npos) << proof.error().message;
  EXPECT_NE(proof.error().message.find("row"), std::string::npos) << proof.error().message;
}

INSTANTIATE_TEST_SUITE_P(Table, EveryCircuit,
                         ::testing::Values("u32add", "u32xor", "u32and", "u32or", "keccakf",
                                           "sha256", "groestlp", "vision32", "u32mul"));

/// A system's soundness terms against values derived by hand from docs/soundness.md and the
/// circuit's shape (log2, ±0.005), its query count, its total, and the total with one query less,
/// which must fall below 100 bits (the query count is the fewest that reach the target).
void expect_pinned_soundness(std::string_view name, std::size_t count,
                             const std::vector<std::pair<std::string, double>>& terms,
                             unsigned queries, double bits, double bits_one_query_less) {
  const Circuit& c = *find_circuit(name);
  auto params = cs::derive_params(c.system(count), {});
  ASSERT_TRUE(params.ok()) << params.error().message;
  ASSERT_EQ(params->soundness.terms.size(), terms.size()) << name;
  for (std::size_t k = 0; k < terms.size(); ++k) {
    EXPECT_EQ(params->soundness.terms[k].name, terms[k].first) << name;
    EXPECT_NEAR(std::log2(params->soundness.terms[k].probability), terms[k].second, 0.005)
        << name << ": " << terms[k].first;
  }
  EXPECT_EQ(params->pcs.queries, queries) << name;
  EXPECT_NEAR(params->security_bits(), bits, 0.001) << name;
  double fewer = 0;
  for (const auto& t : params->soundness.terms) {
    fewer += t.name == "pcs queries" ? t.probability / 0.75 : t.probability;
  }
  EXPECT_NEAR(-std::log2(fewer), bits_one_query_less, 0.001) << name;
  EXPECT_LT(-std::log2(fewer), 100.0) << name;
}

TEST(Circuits, KeccakfSecurityTermsAreTheDerivedOnes) {
  // 2^13 permutations: n = 22, 125 zerocheck constraints of degree 2: (124 + 22 + 22·3)/2^128;
  // 112 shifted columns nested 2 deep, P = 2·1·16^2 = 512 points: 2·(112·512 + 32)/2^128;
  // one group of 100 columns (log 7): 512·7/2^128; the PCS at l* = 22: 44, 2^23, 0.75^242,
  // 65535, 14 (over 2^128). Total 100.378 bits; 241 queries would give 99.978.
  expect_pinned_soundness("keccakf", 8192,
                          {{"zerocheck keccakf", -120.27},
                           {"evalcheck shift sumchecks", -111.19},
                           {"commitment-group batching", -116.19},
                           {"pcs sumcheck", -122.54},
                           {"pcs folding", -105.00},
                           {"pcs queries", -100.44},
                           {"pcs claim batching", -112.00},
                           {"pcs ring-switching", -124.19}},
                          242, 100.378, 99.978);
}

TEST(Circuits, U32AddSecurityTermsAreTheDerivedOnes) {
  // 4,000,000 additions: n = 5 + 22 = 27; one linear constraint: 27/2^128; one degree-2
  // zerocheck constraint: (0 + 27 + 27·3)/2^128; one shifted column (cin), depth 1, P = 32:
  // 1·(32 + 32)/2^128; the group x, y, cout padded to 4 columns (log 2): 32·2/2^128; the PCS at
  // l* = 22 (2^29 bits) as Keccak's. Total 100.379 bits; 241 queries would give 99.979.
  expect_pinned_soundness("u32add", 4000000,
                          {{"linear check u32add", -123.25},
                           {"zerocheck u32add", -121.25},
                           {"evalcheck shift sumchecks", -122.00},
                           {"commitment-group batching", -122.00},
                           {"pcs sumcheck", -122.54},
                           {"pcs folding", -105.00},
                           {"pcs queries", -100.44},
                           {"pcs claim batching", -112.00},
                           {"pcs ring-switching", -124.19}},
                          242, 100.379, 99.979);
}

}  // namespace
}  // namespace merkleforge::circuits
