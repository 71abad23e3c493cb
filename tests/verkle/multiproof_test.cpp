// Multiproofs: go-ipa's TestMultiProofConsistency byte for byte (tests/vectors/verkle/
// multiproof.json), the vector's negative cases, every single-byte change, and random query sets.
#include "merkleforge/verkle/multiproof.hpp"

#include <gtest/gtest.h>

#include <random>

#include "ipa_test_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/pedersen.hpp"

namespace merkleforge::verkle {
namespace {

struct MultiproofVector {
  std::vector<Polynomial> polynomials;
  std::vector<VerifierQuery> claims;
  Bytes proof;
  std::string state_challenge;

  std::vector<ProverQuery> prover_queries() const {
    std::vector<ProverQuery> queries;
    for (std::size_t i = 0; i < claims.size(); ++i) {
      queries.push_back({claims[i].commitment, polynomials[i], claims[i].point});
    }
    return queries;
  }
};

const MultiproofVector& vector() {
  static const MultiproofVector v = [] {
    const auto json = test::load_vectors("verkle/multiproof.json");
    MultiproofVector result;
    result.polynomials.reserve(json.at("queries").size());
    for (const auto& query : json.at("queries")) {
      result.polynomials.push_back(test::polynomial_from_json(query.at("polynomial_evaluations")));
      result.claims.push_back({test::point_from_hex(query.at("commitment")),
                               query.at("z").get<std::uint8_t>(),
                               Fr::from_u64(query.at("y").get<std::uint64_t>())});
    }
    result.proof = test::hex_bytes(json.at("proof_hex"));
    result.state_challenge = json.at("transcript_state_challenge_after_prove").at("challenge_le");
    return result;
  }();
  return v;
}

Status verify_bytes(ByteSpan proof_bytes, std::span<const VerifierQuery> claims) {
  const auto proof = MultiProof::from_bytes(proof_bytes);
  if (!proof) return proof.error();
  Transcript transcript("test");
  return multiproof_verify(transcript, claims, *proof);
}

TEST(VerkleMultiproof, VectorInputsAgree) {
  for (std::size_t i = 0; i < vector().claims.size(); ++i) {
    EXPECT_EQ(commit(vector().polynomials[i]), vector().claims[i].commitment);
    EXPECT_EQ(vector().polynomials[i][vector().claims[i].point], vector().claims[i].value);
  }
}

TEST(VerkleMultiproof, ProofEqualsGoIpaBytes) {
  Transcript transcript("test");
  const auto proof = multiproof_prove(transcript, vector().prover_queries());
  ASSERT_TRUE(proof.ok()) << proof.error().message;
  const auto bytes = proof->to_bytes();
  ASSERT_EQ(bytes.size(), 576u);
  EXPECT_EQ(to_hex(bytes), to_hex(vector().proof));
  EXPECT_EQ(to_hex(transcript.challenge_scalar("state").to_bytes_le()), vector().state_challenge);
}

TEST(VerkleMultiproof, VerifiesTheVectorAndLeavesTheSameTranscript) {
  const auto proof = MultiProof::from_bytes(vector().proof);
  ASSERT_TRUE(proof.ok()) << proof.error().message;
  EXPECT_EQ(to_hex(proof->to_bytes()), to_hex(vector().proof));
  Transcript transcript("test");
  const Status status = multiproof_verify(transcript, vector().claims, *proof);
  EXPECT_TRUE(status.ok()) << status.error().message;
  EXPECT_EQ(to_hex(transcript.challenge_scalar("state").to_bytes_le()), vector().state_challenge);
}

TEST(VerkleMultiproof, RejectsWrongValueOrPoint) {
  std::vector<VerifierQuery> claims = vector().claims;
  claims[1].value = Fr::from_u64(31);
  EXPECT_EQ(verify_bytes(vector().proof, claims).error().code, Errc::corrupt_data);
  claims = vector().claims;
  claims[1].point = 1;
  EXPECT_EQ(verify_bytes(vector().proof, claims).error().code, Errc::corrupt_data);
  claims = vector().claims;
  std::swap(claims[0], claims[1]);  // same claims, other transcript order
  EXPECT_FALSE(verify_bytes(vector().proof, claims).ok());
  claims = vector().claims;
  claims.pop_back();
  EXPECT_FALSE(verify_bytes(vector().proof, claims).ok());
}

TEST(VerkleMultiproof, RejectsEverySingleByteChange) {
  std::mt19937_64 rng(8);
  for (std::size_t position = 0; position < vector().proof.size(); ++position) {
    Bytes mutated = vector().proof;
    mutated[position] ^= static_cast<std::uint8_t>(1 + rng() % 255);
    EXPECT_FALSE(verify_bytes(mutated, vector().claims).ok()) << "byte " << position;
  }
}

TEST(VerkleMultiproof, EmptyQueryListIsAnError) {
  Transcript prover("test");
  const auto proof = multiproof_prove(prover, {});
  ASSERT_FALSE(proof.ok());
  EXPECT_EQ(proof.error().code, Errc::invalid_argument);
  Transcript verifier("test");
  const Status status = multiproof_verify(verifier, {}, *MultiProof::from_bytes(vector().proof));
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Errc::invalid_argument);
}

TEST(VerkleMultiproof, DecoderRejectsWrongSizes) {
  for (std::size_t size : {0u, 32u, 544u, 575u, 577u}) {
    const auto decoded = MultiProof::from_bytes(Bytes(size, 0));
    ASSERT_FALSE(decoded.ok());
    EXPECT_EQ(decoded.error().code, Errc::wrong_size);
  }
}

TEST(VerkleMultiproof, RandomQuerySetsWithSharedPolynomialsAndPoints) {
  std::mt19937_64 rng(9);
  std::vector<Polynomial> polynomials(6);
  std::vector<Element> commitments;
  for (Polynomial& polynomial : polynomials) {
    polynomial = test::random_polynomial(rng);
    commitments.push_back(commit(polynomial));
  }
  std::vector<ProverQuery> queries;
  std::vector<VerifierQuery> claims;
  for (int i = 0; i < 40; ++i) {
    const std::size_t which = rng() % polynomials.size();
    const auto point = static_cast<std::uint8_t>(rng() % 8);  // repeated points on purpose
    queries.push_back({commitments[which], polynomials[which], point});
    claims.push_back({commitments[which], point, polynomials[which][point]});
  }
  Transcript prover("random");
  const auto proof = multiproof_prove(prover, queries);
  ASSERT_TRUE(proof.ok());
  const auto encoded = proof->to_bytes();
  const auto decoded = MultiProof::from_bytes(encoded);
  ASSERT_TRUE(decoded.ok());
  Transcript verifier("random");
  EXPECT_TRUE(multiproof_verify(verifier, claims, *decoded).ok());
  for (std::size_t i : {std::size_t{0}, claims.size() / 2, claims.size() - 1}) {
    std::vector<VerifierQuery> wrong = claims;
    wrong[i].value += Fr::one();
    Transcript transcript("random");
    EXPECT_FALSE(multiproof_verify(transcript, wrong, *proof).ok()) << "claim " << i;
  }
}

}  // namespace
}  // namespace merkleforge::verkle
