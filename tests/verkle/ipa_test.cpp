// IPA over the Lagrange domain: go-ipa's TestIPAConsistencySimpleProof byte for byte
// (tests/vectors/verkle/ipa.json), verification, and rejection of every single-byte change.
#include "merkleforge/verkle/ipa.hpp"

#include <gtest/gtest.h>

#include <random>

#include "ipa_test_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

struct IpaVector {
  Polynomial polynomial;
  Element commitment;
  Fr point;
  Fr value;
  Bytes proof;
  std::string state_challenge;
};

const IpaVector& vector() {
  static const IpaVector v = [] {
    const auto json = test::load_vectors("verkle/ipa.json");
    IpaVector result;
    result.polynomial = test::polynomial_from_json(json.at("polynomial_evaluations"));
    result.commitment = test::point_from_hex(json.at("commitment"));
    result.point = Fr::from_u64(json.at("evaluation_point_z").get<std::uint64_t>());
    result.value = test::scalar_from_hex(json.at("output_y_le"));
    result.proof = test::hex_bytes(json.at("proof_hex"));
    result.state_challenge = json.at("transcript_state_challenge_after_prove").at("challenge_le");
    return result;
  }();
  return v;
}

Status verify_bytes(ByteSpan proof_bytes, const Fr& value) {
  const auto proof = IpaProof::from_bytes(proof_bytes);
  if (!proof) return proof.error();
  Transcript transcript("test");
  return ipa_verify(transcript, vector().commitment, vector().point, value, *proof);
}

TEST(VerkleIpa, VectorInputsAgree) {
  EXPECT_EQ(commit(vector().polynomial), vector().commitment);
  EXPECT_EQ(LagrangeDomain::instance().evaluate(vector().polynomial, vector().point),
            vector().value);
}

TEST(VerkleIpa, ProofEqualsGoIpaBytes) {
  Transcript transcript("test");
  const IpaProof proof =
      ipa_prove(transcript, vector().commitment, vector().polynomial, vector().point);
  const auto bytes = proof.to_bytes();
  ASSERT_EQ(bytes.size(), 544u);
  EXPECT_EQ(to_hex(bytes), to_hex(vector().proof));
  EXPECT_EQ(to_hex(transcript.challenge_scalar("state").to_bytes_le()), vector().state_challenge);
}

TEST(VerkleIpa, VerifiesTheVectorAndLeavesTheSameTranscript) {
  const auto proof = IpaProof::from_bytes(vector().proof);
  ASSERT_TRUE(proof.ok()) << proof.error().message;
  EXPECT_EQ(to_hex(proof->to_bytes()), to_hex(vector().proof));
  Transcript transcript("test");
  const Status status =
      ipa_verify(transcript, vector().commitment, vector().point, vector().value, *proof);
  EXPECT_TRUE(status.ok()) << status.error().message;
  EXPECT_EQ(to_hex(transcript.challenge_scalar("state").to_bytes_le()), vector().state_challenge);
}

TEST(VerkleIpa, RejectsWrongValueOrFinalScalar) {
  EXPECT_EQ(verify_bytes(vector().proof, vector().value + Fr::one()).error().code,
            Errc::corrupt_data);
  auto proof = IpaProof::from_bytes(vector().proof);
  ASSERT_TRUE(proof.ok());
  proof->final_scalar += Fr::one();
  Transcript transcript("test");
  EXPECT_FALSE(
      ipa_verify(transcript, vector().commitment, vector().point, vector().value, *proof).ok());
  Transcript other_label("tset");
  EXPECT_FALSE(ipa_verify(other_label, vector().commitment, vector().point, vector().value,
                          *IpaProof::from_bytes(vector().proof))
                   .ok());
}

TEST(VerkleIpa, RejectsEverySingleByteChange) {
  std::mt19937_64 rng(6);
  for (std::size_t position = 0; position < vector().proof.size(); ++position) {
    Bytes mutated = vector().proof;
    mutated[position] ^= static_cast<std::uint8_t>(1 + rng() % 255);
    EXPECT_FALSE(verify_bytes(mutated, vector().value).ok()) << "byte " << position;
  }
}

TEST(VerkleIpa, DecoderRejectsWrongSizes) {
  for (std::size_t size : {0u, 1u, 543u, 545u, 576u}) {
    Bytes bytes(size, 0);
    const auto decoded = IpaProof::from_bytes(bytes);
    ASSERT_FALSE(decoded.ok());
    EXPECT_EQ(decoded.error().code, Errc::wrong_size);
  }
}

TEST(VerkleIpa, RandomPolynomialsInsideAndOutsideTheDomain) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 4; ++trial) {
    const Polynomial polynomial = test::random_polynomial(rng);
    const Element commitment = commit(polynomial);
    for (const Fr& point : {Fr::from_u64(rng() % 256), test::random_scalar(rng)}) {
      const Fr value = LagrangeDomain::instance().evaluate(polynomial, point);
      Transcript prover("random");
      const IpaProof proof = ipa_prove(prover, commitment, polynomial, point);
      Transcript verifier("random");
      EXPECT_TRUE(ipa_verify(verifier, commitment, point, value, proof).ok());
      Transcript wrong("random");
      EXPECT_FALSE(ipa_verify(wrong, commitment, point, value - Fr::one(), proof).ok());
    }
  }
}

}  // namespace
}  // namespace merkleforge::verkle
