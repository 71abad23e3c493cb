// The Boolean engine end to end (boolean/engine.hpp) on Keccak-f: honest proofs, other
// statements, cheating provers that push a false witness or false operands through the real
// pipeline (pipeline.hpp), and altered proofs.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "merkleforge/boolean/prover.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/soundness/bound.hpp"
#include "pipeline.hpp"

namespace merkleforge::boolean {
namespace {

const Circuit& keccak() {
  return keccakf_circuit();
}

Bytes random_inputs(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Bytes bytes(count * keccak().input_bytes());
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

std::vector<std::uint64_t> witness(ByteSpan inputs, std::size_t count) {
  const std::size_t words = keccak().words();
  std::vector<std::uint64_t> z(count * words);
  for (std::size_t i = 0; i < count; ++i) {
    keccak().witness(inputs.subspan(200 * i, 200), {z.data() + i * words, words});
  }
  return z;
}

Bytes outputs_of(const std::vector<std::uint64_t>& z, std::size_t count) {
  Bytes out(count * 200);
  for (std::size_t i = 0; i < count; ++i) {
    keccak().output(std::span(z).subspan(i * keccak().words(), keccak().words()),
                    std::span(out).subspan(200 * i, 200));
  }
  return out;
}

void flip(std::vector<std::uint64_t>& z, std::size_t bit) {
  z[bit / 64] ^= std::uint64_t{1} << (bit % 64);
}

Status verify_keccak(std::size_t count, ByteSpan outputs, ByteSpan proof) {
  return verify(keccak(), count, outputs, proof);
}

void expect_rejected(const Status& status, std::string_view why) {
  ASSERT_FALSE(status.ok()) << why;
  EXPECT_EQ(status.error().code, Errc::corrupt_data) << why << ": " << status.error().message;
}

TEST(BooleanEngine, HonestProofsVerifyAndTheirOutputsAreThePermutation) {
  for (std::size_t count : {1, 2, 4}) {
    const Bytes inputs = random_inputs(count, count);
    auto proved = prove(keccak(), count, inputs);
    ASSERT_TRUE(proved.ok()) << proved.error().message;
    for (std::size_t i = 0; i < count; ++i) {
      std::array<std::uint64_t, 25> state;
      std::memcpy(state.data(), inputs.data() + 200 * i, 200);
      keccak_f1600(state);
      EXPECT_EQ(std::memcmp(proved->outputs.data() + 200 * i, state.data(), 200), 0);
    }
    const Status ok = verify_keccak(count, proved->outputs, proved->proof);
    EXPECT_TRUE(ok.ok()) << count << ": " << ok.error().message;
  }
}

class BooleanProof : public ::testing::Test {
 protected:
  static constexpr std::size_t kCount = 2;
  static void SetUpTestSuite() {
    inputs_ = new Bytes(random_inputs(kCount, 7));
    auto proved = prove(keccak(), kCount, *inputs_);
    ASSERT_TRUE(proved.ok()) << proved.error().message;
    proved_ = new Proved(std::move(*proved));
  }
  static void TearDownTestSuite() {
    delete inputs_;
    delete proved_;
  }
  static Bytes* inputs_;
  static Proved* proved_;
};
Bytes* BooleanProof::inputs_ = nullptr;
Proved* BooleanProof::proved_ = nullptr;

TEST_F(BooleanProof, OtherStatementsAreRejected) {
  const Bytes& outputs = proved_->outputs;
  Bytes changed = outputs;
  changed[200 + 17] ^= 0x04;  // one bit of the second instance's output
  expect_rejected(verify_keccak(kCount, changed, proved_->proof), "one output bit");
  expect_rejected(verify_keccak(2 * kCount, Bytes(2 * outputs.size()), proved_->proof),
                  "another count");
  const Status none = verify_keccak(0, {}, proved_->proof);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().code, Errc::invalid_argument);
  const Status short_outputs = verify_keccak(kCount, ByteSpan(outputs).first(399), proved_->proof);
  ASSERT_FALSE(short_outputs.ok());
  EXPECT_EQ(short_outputs.error().code, Errc::invalid_argument);
}

// A count that is not a power of two: the batch is padded with the all-zero input's instance,
// whose outputs the verifier computes (the hash layer's Keccak-f of the zero state here). The
// proof of 3 does not pass for 4 instances whose fourth output is the padding's, nor for the
// first 2; a prover that fills the padding slot with another permutation is rejected.
TEST(BooleanEngine, CountsThatAreNotPowersOfTwoArePadded) {
  const Bytes inputs = random_inputs(3, 11);
  auto proved = prove(keccak(), 3, inputs);
  ASSERT_TRUE(proved.ok()) << proved.error().message;
  EXPECT_TRUE(verify_keccak(3, proved->outputs, proved->proof).ok());
  std::array<std::uint64_t, 25> zero{};
  keccak_f1600(zero);
  Bytes four = proved->outputs;
  four.insert(four.end(), reinterpret_cast<const std::uint8_t*>(zero.data()),
              reinterpret_cast<const std::uint8_t*>(zero.data()) + 200);  // little-endian host
  expect_rejected(verify_keccak(4, four, proved->proof), "4 for a proof of 3");
  expect_rejected(verify_keccak(2, ByteSpan(proved->outputs).first(400), proved->proof),
                  "2 for a proof of 3");
  auto as_four = prove(keccak(), 4, [&] {
    Bytes padded = inputs;
    padded.resize(800, 0);
    return padded;
  }());
  ASSERT_TRUE(as_four.ok());
  EXPECT_EQ(as_four->outputs, four) << "the padding instance's outputs are Keccak-f(0)";

  std::vector<std::uint64_t> z = witness(random_inputs(4, 12), 4);
  const std::vector<std::uint64_t> honest = witness(inputs, 3);
  std::copy(honest.begin(), honest.end(), z.begin());  // instance 3: another permutation
  auto cheat = detail::prove_bits(keccak(), 3, z, proved->outputs);
  ASSERT_TRUE(cheat.ok()) << cheat.error().message;
  expect_rejected(verify_keccak(3, proved->outputs, *cheat), "another permutation as padding");
}

// Public inputs: the statement lists them and the lincheck binds z's input bits to them. A proof
// with public inputs verifies only with those inputs (not with others, nor as private); a prover
// that commits another instance's bits while claiming these inputs and their outputs is rejected.
TEST(BooleanEngine, PublicInputsAreBound) {
  for (const Circuit* circuit : {&keccakf_circuit(), &sha256_circuit()}) {
    std::mt19937_64 rng(13);
    Bytes inputs(3 * circuit->input_bytes());
    for (auto& byte : inputs) byte = static_cast<std::uint8_t>(rng());
    auto proved = prove(*circuit, 3, inputs, nullptr, Inputs::made_public);
    ASSERT_TRUE(proved.ok()) << proved.error().message;
    EXPECT_TRUE(verify(*circuit, 3, proved->outputs, proved->proof, inputs).ok())
        << circuit->name();
    expect_rejected(verify(*circuit, 3, proved->outputs, proved->proof), "as private inputs");
    Bytes other = inputs;
    other[circuit->input_bytes() + 5] ^= 0x10;
    expect_rejected(verify(*circuit, 3, proved->outputs, proved->proof, other), "other inputs");
    const Status short_inputs =
        verify(*circuit, 3, proved->outputs, proved->proof, ByteSpan(inputs).first(10));
    ASSERT_FALSE(short_inputs.ok());
    EXPECT_EQ(short_inputs.error().code, Errc::invalid_argument);

    // The witness of `other`, claimed with `inputs` and the outputs of `other`.
    std::vector<std::uint64_t> z(4 * circuit->words());
    for (std::size_t i = 0; i < 4; ++i) {
      const Bytes zero(circuit->input_bytes());
      circuit->witness(
          i < 3 ? ByteSpan(other).subspan(i * circuit->input_bytes(), circuit->input_bytes())
                : ByteSpan(zero),
          std::span(z).subspan(i * circuit->words(), circuit->words()));
    }
    Bytes outputs(3 * circuit->output_bytes());
    for (std::size_t i = 0; i < 3; ++i) {
      circuit->output(
          std::span(z).subspan(i * circuit->words(), circuit->words()),
          std::span(outputs).subspan(i * circuit->output_bytes(), circuit->output_bytes()));
    }
    auto cheat = detail::prove_bits(*circuit, 3, z, outputs, inputs);
    ASSERT_TRUE(cheat.ok()) << cheat.error().message;
    expect_rejected(verify(*circuit, 3, outputs, *cheat, inputs), "another instance's bits");
    EXPECT_TRUE(
        verify(*circuit, 3, outputs, *detail::prove_bits(*circuit, 3, z, outputs, other), other)
            .ok())
        << "the same bits with their own inputs";
  }
}

TEST_F(BooleanProof, AlteredProofsAreRejected) {
  const Bytes& proof = proved_->proof;
  for (std::size_t at = 0; at < proof.size(); at += 1 + proof.size() / 29) {
    Bytes altered = proof;
    altered[at] ^= 0x10;
    EXPECT_FALSE(verify_keccak(kCount, proved_->outputs, altered).ok()) << "byte " << at;
  }
  Bytes truncated(proof.begin(), proof.end() - 1);
  EXPECT_FALSE(verify_keccak(kCount, proved_->outputs, truncated).ok());
  Bytes extended = proof;
  extended.push_back(0);
  EXPECT_FALSE(verify_keccak(kCount, proved_->outputs, extended).ok());
  Bytes other_version = proof;
  other_version[4] = kProofVersion + 1;
  const Status version = verify_keccak(kCount, proved_->outputs, other_version);
  ASSERT_FALSE(version.ok());
  EXPECT_EQ(version.error().code, Errc::malformed_input);
  EXPECT_NE(version.error().message.find("version"), std::string::npos);
  // The header's tape length: beyond the proof, or one more byte inside the tape (which the
  // transcript must find unread).
  Bytes long_tape = proof;
  for (int i = 5; i < 9; ++i) long_tape[i] = 0xff;
  const Status beyond = verify_keccak(kCount, proved_->outputs, long_tape);
  ASSERT_FALSE(beyond.ok());
  EXPECT_NE(beyond.error().message.find("shorter than its protocol tape"), std::string::npos)
      << beyond.error().message;
  std::uint32_t tape = 0;
  for (int i = 0; i < 4; ++i) tape |= std::uint32_t{proof[5 + i]} << (8 * i);
  Bytes trailing = proof;
  trailing.insert(trailing.begin() + 9 + tape, 0);
  ++tape;
  for (int i = 0; i < 4; ++i) trailing[5 + i] = static_cast<std::uint8_t>(tape >> (8 * i));
  const Status unread = verify_keccak(kCount, proved_->outputs, trailing);
  ASSERT_FALSE(unread.ok());
  EXPECT_NE(unread.error().message.find("left unread"), std::string::npos)
      << unread.error().message;
  const Status empty = verify_keccak(kCount, proved_->outputs, {});
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.error().code, Errc::malformed_input);
}

// A cheating prover: the real pipeline on committed bits that are not a witness. Each kind of
// committed bit, changed alone, breaks its own row, and the zerocheck rejects.
TEST_F(BooleanProof, FalseWitnessThroughTheRealPipelineIsRejected) {
  const std::vector<std::uint64_t> honest = witness(*inputs_, kCount);
  const std::size_t second = 64 * keccak().words();  // the second instance's first bit
  for (const std::size_t bit : {second + 64 * 25 + 9, std::size_t{64 * 25 * 20 + 3},
                                second + keccak().output_offset() - 100}) {
    std::vector<std::uint64_t> z = honest;
    flip(z, bit);
    auto proof = detail::prove_bits(keccak(), kCount, z, proved_->outputs);
    ASSERT_TRUE(proof.ok()) << proof.error().message;
    expect_rejected(verify_keccak(kCount, proved_->outputs, *proof), "false bit");
  }
}

// The output bits are committed too: a prover that changes one, with the outputs it claims to
// match, breaks that bit's row; one that keeps the witness but claims other outputs fails the
// lincheck, whose sum carries the outputs' extension at (u, r_out).
TEST_F(BooleanProof, FalseOutputsAreRejected) {
  std::vector<std::uint64_t> z = witness(*inputs_, kCount);
  flip(z, keccak().output_offset() + 5);
  const Bytes claimed = outputs_of(z, kCount);
  auto proof = detail::prove_bits(keccak(), kCount, z, claimed);
  ASSERT_TRUE(proof.ok());
  expect_rejected(verify_keccak(kCount, claimed, *proof), "changed output bit");

  Bytes other = proved_->outputs;
  other[3] ^= 1;
  auto lying = detail::prove_bits(keccak(), kCount, witness(*inputs_, kCount), other);
  ASSERT_TRUE(lying.ok());
  const Status status = verify_keccak(kCount, other, *lying);
  expect_rejected(status, "honest witness, other outputs");
  EXPECT_NE(status.error().message.find("sumcheck"), std::string::npos) << status.error().message;
}

/// Keccak-f with one operand bit changed where the other operand is 0 (the product, so the
/// zerocheck, is unchanged: the claimed operand values are not the linear forms of z), or with
/// the weight of a padding column changed (z is 0 there in every instance, so the lincheck's sum
/// is unchanged and its sumcheck holds, but the weights are not the circuit's).
class AlteredKeccak final : public Circuit {
 public:
  enum class Fault { operand, weights };
  explicit AlteredKeccak(Fault fault) : fault_(fault) {}
  std::string_view name() const noexcept override { return keccak().name(); }
  unsigned log_bits() const noexcept override { return keccak().log_bits(); }
  std::size_t input_bytes() const noexcept override { return keccak().input_bytes(); }
  std::size_t output_bytes() const noexcept override { return keccak().output_bytes(); }
  unsigned output_log_bits() const noexcept override { return keccak().output_log_bits(); }
  std::size_t output_offset() const noexcept override { return keccak().output_offset(); }
  void witness(ByteSpan input, std::span<std::uint64_t> z) const override {
    keccak().witness(input, z);
  }
  void place_inputs(ByteSpan input, std::span<std::uint64_t> region) const override {
    keccak().place_inputs(input, region);
  }
  void output(std::span<const std::uint64_t> z, std::span<std::uint8_t> out) const override {
    keccak().output(z, out);
  }
  void operands(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                std::span<std::uint64_t> b) const override {
    keccak().operands(z, a, b);
    if (fault_ != Fault::operand) return;
    for (std::size_t w = 25; w < 50; ++w) {  // round 0's products: the first B operand bit 0
      if (const std::uint64_t zero = ~b[w]; zero != 0) {
        a[w] ^= zero & -zero;
        return;
      }
    }
  }
  B128P transpose(std::span<const B128P> wa, std::span<const B128P> wb,
                  std::span<B128P> columns) const override {
    const B128P constant = keccak().transpose(wa, wb, columns);
    if (fault_ == Fault::weights) columns[64 * 700 + 1] += B128P::one();
    return constant;
  }

 private:
  Fault fault_;
};

TEST_F(BooleanProof, OperandsOrWeightsThatAreNotTheCircuitsAreRejected) {
  const std::vector<std::uint64_t> z = witness(*inputs_, kCount);
  for (const auto fault : {AlteredKeccak::Fault::operand, AlteredKeccak::Fault::weights}) {
    const AlteredKeccak altered(fault);
    auto proof = detail::prove_bits(altered, kCount, z, proved_->outputs);
    ASSERT_TRUE(proof.ok()) << proof.error().message;
    const Status status = verify_keccak(kCount, proved_->outputs, *proof);
    if (fault == AlteredKeccak::Fault::operand) {
      expect_rejected(status, "operand");  // the lincheck's sum
      continue;
    }
    EXPECT_TRUE(verify(altered, kCount, proved_->outputs, *proof).ok())
        << "a proof of the altered circuit against itself";
    expect_rejected(status, "weights");
    EXPECT_NE(status.error().message.find("column weights"), std::string::npos)
        << status.error().message;
  }
}

TEST_F(BooleanProof, ProofIsTheSameForAnyThreadCount) {
  for (std::size_t threads : {1, 2}) {
    const ThreadLimit limit(threads);
    auto proved = prove(keccak(), kCount, *inputs_);
    ASSERT_TRUE(proved.ok());
    EXPECT_EQ(proved->proof, proved_->proof) << threads << " threads";
  }
}

// SHA-256 compressions on the same engine: the outputs are the hash layer's (the circuit's tests
// check that), an honest proof verifies, and a wrong carry product pushed through the real
// pipeline is rejected.
TEST(BooleanEngine, Sha256ProofsVerifyAndAFalseCarryIsRejected) {
  const Circuit& sha = sha256_circuit();
  constexpr std::size_t kCount = 2;
  std::mt19937_64 rng(9);
  Bytes inputs(kCount * sha.input_bytes());
  for (auto& byte : inputs) byte = static_cast<std::uint8_t>(rng());
  auto proved = prove(sha, kCount, inputs);
  ASSERT_TRUE(proved.ok()) << proved.error().message;
  const Status ok = verify(sha, kCount, proved->outputs, proved->proof);
  EXPECT_TRUE(ok.ok()) << ok.error().message;
  expect_rejected(verify(keccak(), kCount, Bytes(kCount * 200), proved->proof),
                  "a SHA-256 proof as Keccak-f's");

  std::vector<std::uint64_t> z(kCount * sha.words());
  for (std::size_t i = 0; i < kCount; ++i) {
    sha.witness(ByteSpan(inputs).subspan(i * 96, 96), {z.data() + i * sha.words(), sha.words()});
  }
  flip(z, sha.words() * 64 + 768 + 10);  // a carry product of the second instance's schedule
  auto cheat = detail::prove_bits(sha, kCount, z, proved->outputs);
  ASSERT_TRUE(cheat.ok());
  expect_rejected(verify(sha, kCount, proved->outputs, *cheat), "false carry");
}

TEST(BooleanEngine, WrongSizesAreErrors) {
  const auto wrong_inputs = prove(keccak(), 2, Bytes(399));
  ASSERT_FALSE(wrong_inputs.ok());
  EXPECT_EQ(wrong_inputs.error().code, Errc::wrong_size);
  const auto none = prove(keccak(), 0, {});
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().code, Errc::invalid_argument);
  const auto unpadded_bits =  // 3 instances are committed as a batch of 4
      detail::prove_bits(keccak(), 3, std::vector<std::uint64_t>(3 * keccak().words()), Bytes(600));
  ASSERT_FALSE(unpadded_bits.ok());
  EXPECT_EQ(unpadded_bits.error().code, Errc::wrong_size);
  const auto short_bits =
      detail::prove_bits(keccak(), 1, std::vector<std::uint64_t>(10), Bytes(200));
  ASSERT_FALSE(short_bits.ok());
  EXPECT_EQ(short_bits.error().code, Errc::wrong_size);
}

}  // namespace
}  // namespace merkleforge::boolean

namespace merkleforge::boolean {
namespace {

// The protocol's terms at 2^13 Keccak-f (n = 29 variables, m0 = 16), derived here from the
// formulas of docs/soundness.md, beside the commitment's own.
// The commitment's profile is part of the statement: a slim proof (rate 1/4, 16 bits of query
// proof of work) verifies under slim only, a fast one under fast only, and slim's is smaller.
TEST_F(BooleanProof, SlimCommitmentProofsVerifyUnderTheirProfileOnly) {
  auto slim = prove(keccak(), kCount, *inputs_, nullptr, Inputs::kept_private, pcs::Profile::slim);
  ASSERT_TRUE(slim.ok()) << slim.error().message;
  EXPECT_EQ(slim->outputs, proved_->outputs);
  const Status ok = verify(keccak(), kCount, slim->outputs, slim->proof, {}, pcs::Profile::slim);
  EXPECT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_LT(slim->proof.size(), proved_->proof.size());
  EXPECT_FALSE(verify(keccak(), kCount, slim->outputs, slim->proof).ok());
  EXPECT_FALSE(
      verify(keccak(), kCount, proved_->outputs, proved_->proof, {}, pcs::Profile::slim).ok());
  EXPECT_NE(statement_digest(keccak(), kCount, slim->outputs, {}, pcs::Profile::slim),
            statement_digest(keccak(), kCount, slim->outputs));
  Bytes changed = slim->outputs;
  changed[5] ^= 0x10;
  expect_rejected(verify(keccak(), kCount, changed, slim->proof, {}, pcs::Profile::slim),
                  "one output bit under slim");
  const auto params = derive_params(keccak(), kCount, false, pcs::Profile::slim);
  ASSERT_TRUE(params.ok());
  EXPECT_EQ(params->pcs.config.query_work_bits, 16u);
  EXPECT_GE(params->soundness.work_bits(), 100.0);
  EXPECT_LT(params->soundness.bits(), 100.0);  // proof of work does not count interactively
  const auto text = describe(keccak(), kCount, false, pcs::Profile::slim);
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text->find("profile slim"), std::string::npos) << *text;
  EXPECT_NE(text->find("with proof of work"), std::string::npos) << *text;
}

TEST(BooleanEngine, SecurityTermsAreTheDerivedOnes) {
  const auto params = derive_params(keccakf_circuit(), 8192);
  ASSERT_TRUE(params.ok()) << params.error().message;
  const double field = std::ldexp(1.0, 128);
  const std::vector<std::pair<std::string, double>> expected = {
      // m = 29 − 6 word variables: 20 random eq coordinates, the quotient (degree 2·63) at y,
      // 23 rounds of degree 3.
      {"zerocheck A·B = z (univariate skip)", (20 + 126 + 23 * 3) / field},
      {"lincheck batching (α, β, γ, δ)", 1 / field},
      {"lincheck", 16 * 2 / field},  // 16 rounds of degree 2
      {"outputs on their slots (at u and r_out)", (11 + 13) / field}};
  for (const auto& [name, probability] : expected) {
    const auto term = std::find_if(params->soundness.terms.begin(), params->soundness.terms.end(),
                                   [&](const soundness::Term& t) { return t.name == name; });
    ASSERT_NE(term, params->soundness.terms.end()) << name;
    EXPECT_DOUBLE_EQ(term->probability, probability) << name;
  }
  EXPECT_GE(params->soundness.bits(), 100.0);
  EXPECT_EQ(params->pcs.polynomials.size(), 1u);
  EXPECT_EQ(params->pcs.total_vars, 29u - 7u);
  const auto text = describe(keccakf_circuit(), 8192);
  ASSERT_TRUE(text.ok());
  EXPECT_NE(text->find("zerocheck A·B = z"), std::string::npos);
  EXPECT_NE(text->find("Fiat"), std::string::npos);
}

}  // namespace
}  // namespace merkleforge::boolean
