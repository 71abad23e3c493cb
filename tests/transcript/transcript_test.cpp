// The Fiat–Shamir transcript: challenges re-derived from the documented construction with
// OpenSSL's SHA-256, prover/verifier agreement, strict tape reading, and separation of
// statements, protocols and phase labels.
#include "merkleforge/transcript/transcript.hpp"

#include <gtest/gtest.h>
#include <openssl/sha.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <set>
#include <stdexcept>
#include <string>

namespace merkleforge::transcript {
namespace {

using binius::uint128;

Digest32 statement_of(std::uint8_t seed) {
  Digest32 statement{};
  for (std::size_t i = 0; i < statement.size(); ++i) {
    statement[i] = static_cast<std::uint8_t>(seed + 7 * i);
  }
  return statement;
}

// frame(tag, data) = tag ‖ u64le(|data|) ‖ data, written out here independently of the library.
void append_frame(std::string& stream, std::uint8_t tag, std::string_view data) {
  stream.push_back(static_cast<char>(tag));
  for (int i = 0; i < 8; ++i) stream.push_back(static_cast<char>((data.size() >> (8 * i)) & 0xff));
  stream.append(data);
}

std::string openssl_sha256(std::string_view data) {
  unsigned char out[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(data.data()), data.size(), out);
  return std::string(reinterpret_cast<const char*>(out), sizeof out);
}

std::string u64le(std::uint64_t value) {
  std::string out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
  return out;
}

uint128 b128_from_le(std::string_view bytes) {
  uint128 value = 0;
  for (int i = 15; i >= 0; --i) value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  return value;
}

TEST(ZkTranscript, ChallengesFollowTheDocumentedConstructionWithOpenSsl) {
  const Digest32 statement = statement_of(3);
  const std::string protocol = "test/protocol";
  Digest32 root{};
  for (std::size_t i = 0; i < root.size(); ++i) root[i] = static_cast<std::uint8_t>(0x90 + i);
  const std::string message(reinterpret_cast<const char*>(root.data()), root.size());

  ProverTranscript prover(protocol, statement);
  prover.begin_phase("commit");
  prover.write_commitment(root);  // a message frame that also allows challenges
  const B128 first = prover.sample_b128();
  const std::uint64_t index = prover.sample_index(20);
  prover.write_b128(first);
  const B128 after_reseed = prover.sample_b128();

  std::string stream = "MerkleForge zk transcript v1";
  append_frame(stream, 0x00, protocol);
  append_frame(stream, 0x01,
               std::string_view(reinterpret_cast<const char*>(statement.data()), statement.size()));
  append_frame(stream, 0x02, "commit");
  append_frame(stream, 0x03, message);
  const std::string chain = openssl_sha256(stream);
  const std::string block0 = openssl_sha256(std::string(1, '\x05') + chain + u64le(0));
  const std::string block1 = openssl_sha256(std::string(1, '\x05') + chain + u64le(1));
  EXPECT_EQ(first.value(), b128_from_le(block0));
  std::uint64_t expected_index = 0;
  for (int i = 7; i >= 0; --i)
    expected_index = (expected_index << 8) | static_cast<unsigned char>(block1[i]);
  EXPECT_EQ(index, expected_index & ((1u << 20) - 1));

  std::string reseeded = std::string(1, '\x06') + chain + u64le(2);
  append_frame(reseeded, 0x03, block0.substr(0, 16));
  const std::string chain2 = openssl_sha256(reseeded);
  EXPECT_EQ(after_reseed.value(),
            b128_from_le(openssl_sha256(std::string(1, '\x05') + chain2 + u64le(0))));
}

// One scripted interaction driven on both sides.
ProofTapes run_prover(const Digest32& statement, std::string_view phase) {
  ProverTranscript prover("test/protocol", statement);
  prover.begin_phase(phase);
  Digest32 root{};
  root[0] = 0xaa;
  prover.write_commitment(root);
  const B128 alpha = prover.sample_b128();
  const B128 round[3] = {alpha, alpha + B128::one(), B128(uint128{5})};
  prover.write_b128s(round);
  prover.advise_digest(root);
  prover.advise_b128s(round);
  const std::uint64_t query = prover.sample_index(12);
  prover.advise_bytes(as_bytes(std::to_string(query)));
  return std::move(prover).finish();
}

TEST(ZkTranscript, ProverIsDeterministic) {
  const ProofTapes a = run_prover(statement_of(1), "phase");
  const ProofTapes b = run_prover(statement_of(1), "phase");
  EXPECT_EQ(a.transcript, b.transcript);
  EXPECT_EQ(a.advice, b.advice);
  EXPECT_EQ(a.transcript.size(), kDigestBytes + 3 * kB128Bytes);
}

TEST(ZkTranscript, VerifierDerivesTheProversChallenges) {
  const Digest32 statement = statement_of(1);
  const ProofTapes tapes = run_prover(statement, "phase");
  VerifierTranscript verifier("test/protocol", statement, tapes.transcript, tapes.advice);
  verifier.begin_phase("phase");
  auto root = verifier.read_commitment();
  ASSERT_TRUE(root.ok());
  EXPECT_EQ((*root)[0], 0xaa);
  const B128 alpha = verifier.sample_b128();
  B128 round[3];
  ASSERT_TRUE(verifier.read_b128s(round).ok());
  EXPECT_EQ(round[0], alpha);  // the prover echoed its challenge: equal only if both agree
  EXPECT_EQ(round[1], alpha + B128::one());
  auto advised_root = verifier.read_advice_digest();
  ASSERT_TRUE(advised_root.ok());
  EXPECT_EQ(*advised_root, *root);
  B128 advised[3];
  ASSERT_TRUE(verifier.read_advice_b128s(advised).ok());
  EXPECT_EQ(advised[2].value(), uint128{5});
  const std::string query = std::to_string(verifier.sample_index(12));
  auto advised_query = verifier.read_advice_bytes(query.size());
  ASSERT_TRUE(advised_query.ok());
  EXPECT_EQ(std::string(advised_query->begin(), advised_query->end()), query);
  EXPECT_TRUE(verifier.finish().ok());
}

TEST(ZkTranscript, ReadingPastTheEndIsAnError) {
  const Bytes transcript(20, 1);
  const Bytes advice(10, 2);
  VerifierTranscript verifier("test/protocol", statement_of(1), transcript, advice);
  std::vector<B128> two(2);
  EXPECT_FALSE(verifier.read_b128s(two).ok());
  EXPECT_FALSE(verifier.read_digest().ok());
  EXPECT_EQ(verifier.transcript_remaining(), 20u);  // failed reads consume nothing
  EXPECT_TRUE(verifier.read_b128().ok());
  EXPECT_FALSE(verifier.read_b128().ok());
  EXPECT_FALSE(verifier.read_advice_digest().ok());
  std::vector<B128> one(1);
  EXPECT_FALSE(verifier.read_advice_b128s(one).ok());  // 16 bytes of 10
  EXPECT_FALSE(verifier.read_advice_bytes(11).ok());
  EXPECT_TRUE(verifier.read_advice_bytes(10).ok());
  EXPECT_FALSE(verifier.read_advice_bytes(1).ok());
}

TEST(ZkTranscript, UnreadBytesFailFinish) {
  const Digest32 statement = statement_of(1);
  ProofTapes tapes = run_prover(statement, "phase");
  tapes.advice.push_back(0);
  VerifierTranscript verifier("test/protocol", statement, tapes.transcript, tapes.advice);
  verifier.begin_phase("phase");
  ASSERT_TRUE(verifier.read_commitment().ok());
  EXPECT_FALSE(verifier.finish().ok());  // transcript and advice left
  verifier.sample_b128();
  B128 round[3];
  ASSERT_TRUE(verifier.read_b128s(round).ok());
  ASSERT_TRUE(verifier.read_advice_bytes(tapes.advice.size() - 1).ok());
  EXPECT_FALSE(verifier.finish().ok());  // one advice byte left
  ASSERT_TRUE(verifier.read_advice_bytes(1).ok());
  EXPECT_TRUE(verifier.finish().ok());
}

uint128 first_challenge(std::string_view protocol, const Digest32& statement,
                        std::string_view phase, ByteSpan message) {
  ProverTranscript prover(protocol, statement);
  prover.begin_phase(phase);
  prover.write_bytes(message);
  prover.absorb_commitment(Digest32{});
  return prover.sample_b128().value();
}

TEST(ZkTranscript, StatementsProtocolsLabelsAndMessagesSeparateChallenges) {
  const Bytes message = {1, 2, 3};
  std::set<uint128> challenges = {
      first_challenge("p", statement_of(1), "phase", message),
      first_challenge("p", statement_of(2), "phase", message),
      first_challenge("q", statement_of(1), "phase", message),
      first_challenge("p", statement_of(1), "phasf", message),
      first_challenge("p", statement_of(1), "phase", Bytes{1, 2, 4}),
      // Framing: moving a byte between the label and the message changes the stream.
      first_challenge("p", statement_of(1), "phase\x01", Bytes{2, 3}),
  };
  EXPECT_EQ(challenges.size(), 6u);
}

TEST(ZkTranscript, SuccessiveChallengesDifferAndUseAllBits) {
  ProverTranscript prover("p", statement_of(1));
  prover.absorb_commitment(Digest32{});
  uint128 seen_or = 0;
  std::set<uint128> distinct;
  for (int i = 0; i < 64; ++i) {
    const uint128 challenge = prover.sample_b128().value();
    seen_or |= challenge;
    distinct.insert(challenge);
  }
  EXPECT_EQ(distinct.size(), 64u);
  EXPECT_EQ(seen_or >> 64, ~uint128{0} >> 64);  // the high half is sampled, not a subfield
  for (int i = 0; i < 64; ++i) EXPECT_LT(prover.sample_index(5), 32u);
  EXPECT_THROW(prover.sample_index(65), std::invalid_argument);
}

TEST(ZkTranscript, PhaseOrderMatters) {
  ProverTranscript a("p", statement_of(1));
  a.absorb_commitment(Digest32{});
  a.begin_phase("x");
  a.begin_phase("y");
  ProverTranscript b("p", statement_of(1));
  b.absorb_commitment(Digest32{});
  b.begin_phase("y");
  b.begin_phase("x");
  EXPECT_NE(a.sample_b128(), b.sample_b128());
}

// Challenges drawn before the prover's data is bound would let it fit the data to them
// (tests/zk/adaptive_prover_test.cpp shows one per protocol): both sides refuse until a commitment.
TEST(ZkTranscript, ChallengesAreRefusedBeforeACommitment) {
  ProverTranscript prover("p", statement_of(1));
  prover.begin_phase("x");
  prover.write_digest(Digest32{});  // a digest that is not declared a commitment
  EXPECT_FALSE(prover.commitment_absorbed());
  EXPECT_THROW(prover.sample_b128(), std::logic_error);
  EXPECT_THROW(prover.sample_index(8), std::logic_error);
  prover.absorb_commitment(Digest32{});
  EXPECT_TRUE(prover.commitment_absorbed());
  EXPECT_NO_THROW(prover.sample_b128());

  const Bytes short_tape(31, 0);
  VerifierTranscript verifier("p", statement_of(1), short_tape, {});
  EXPECT_FALSE(verifier.read_commitment().ok());  // a root that is not there binds nothing
  EXPECT_FALSE(verifier.commitment_absorbed());
  EXPECT_THROW(verifier.sample_b128(), std::logic_error);
  verifier.absorb_commitment(Digest32{});
  EXPECT_NO_THROW(verifier.sample_index(3));
}

/// Leading zero bits of a digest read big-endian.
unsigned leading_zero_bits(std::string_view digest) {
  unsigned zeros = 0;
  for (unsigned char byte : digest) {
    if (byte != 0) return zeros + static_cast<unsigned>(std::countl_zero(byte));
    zeros += 8;
  }
  return zeros;
}

/// A prover that commits, grinds `bits` bits and samples the challenge the nonce protects.
ProofTapes grinding_prover(unsigned bits, std::uint64_t* nonce = nullptr,
                           B128* challenge = nullptr) {
  ProverTranscript prover("test/protocol", statement_of(9));
  Digest32 root{};
  root[3] = 0x55;
  prover.write_commitment(root);
  const std::uint64_t found = prover.grind(bits);
  const B128 after = prover.sample_b128();
  if (nonce != nullptr) *nonce = found;
  if (challenge != nullptr) *challenge = after;
  return std::move(prover).finish();
}

Status grinding_verifier(unsigned bits, const ProofTapes& tapes, B128* challenge = nullptr) {
  VerifierTranscript verifier("test/protocol", statement_of(9), tapes.transcript, tapes.advice);
  if (auto root = verifier.read_commitment(); !root) return root.error();
  if (Status work = verifier.check_work(bits); !work) return work;
  const B128 after = verifier.sample_b128();
  if (challenge != nullptr) *challenge = after;
  return verifier.finish();
}

TEST(ZkTranscript, ProofOfWorkFollowsTheDocumentedConstructionWithOpenSsl) {
  constexpr unsigned kBits = 12;
  std::uint64_t nonce = 0;
  B128 challenge;
  const ProofTapes tapes = grinding_prover(kBits, &nonce, &challenge);

  Digest32 root{};
  root[3] = 0x55;
  const Digest32 statement = statement_of(9);
  std::string stream = "MerkleForge zk transcript v1";
  append_frame(stream, 0x00, "test/protocol");
  append_frame(stream, 0x01,
               std::string_view(reinterpret_cast<const char*>(statement.data()), statement.size()));
  append_frame(stream, 0x03, std::string_view(reinterpret_cast<const char*>(root.data()), 32));
  const std::string chain = openssl_sha256(stream);
  const std::string seed = openssl_sha256(std::string(1, '\x05') + chain + u64le(0));
  const auto work = [&](std::uint64_t n) {
    return openssl_sha256(std::string(1, '\x07') + std::string(1, static_cast<char>(kBits)) + seed +
                          u64le(n));
  };
  // The least nonce whose hash starts with 12 zero bits, found here by the same search.
  std::uint64_t expected = 0;
  while (leading_zero_bits(work(expected)) < kBits) ++expected;
  EXPECT_EQ(nonce, expected);
  EXPECT_EQ(tapes.transcript.size(), kNonceBytes + 32);
  EXPECT_EQ(std::string(tapes.transcript.end() - 8, tapes.transcript.end()), u64le(expected));
  // The protected challenge is squeezed after the nonce is absorbed as frame(0x08, nonce).
  std::string reseeded = std::string(1, '\x06') + chain + u64le(1);
  append_frame(reseeded, 0x08, u64le(expected));
  const std::string chain2 = openssl_sha256(reseeded);
  EXPECT_EQ(challenge.value(),
            b128_from_le(openssl_sha256(std::string(1, '\x05') + chain2 + u64le(0))));
}

TEST(ZkTranscript, VerifierChecksTheProofOfWorkBeforeTheChallenge) {
  B128 prover_challenge, verifier_challenge;
  for (unsigned bits : {1u, 8u, 16u}) {
    const ProofTapes tapes = grinding_prover(bits, nullptr, &prover_challenge);
    ASSERT_TRUE(grinding_verifier(bits, tapes, &verifier_challenge)) << bits;
    EXPECT_EQ(verifier_challenge, prover_challenge);
  }
  // A wrong nonce: any nonce below the found one fails (the search returns the least).
  std::uint64_t nonce = 0;
  ProofTapes tapes = grinding_prover(16, &nonce);
  ASSERT_GT(nonce, 0u) << "the least 16-bit nonce of this fixed transcript is not 0";
  ProofTapes wrong = tapes;
  std::copy_n(u64le(nonce - 1).begin(), 8, wrong.transcript.begin() + 32);
  const Status refused = grinding_verifier(16, wrong);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, Errc::corrupt_data);
  EXPECT_NE(refused.error().message.find("proof of work of 16 bits"), std::string::npos);
  // A nonce for another difficulty: the difficulty is hashed in, so the 16-bit nonce is a proof
  // of work of 15 or 17 bits only by chance (2^-15, 2^-17; these inputs are fixed).
  EXPECT_FALSE(grinding_verifier(17, tapes));
  EXPECT_FALSE(grinding_verifier(15, tapes));
  // Truncated: the nonce is missing.
  ProofTapes cut = grinding_prover(8);
  cut.transcript.resize(32 + 3);
  const Status truncated = grinding_verifier(8, cut);
  ASSERT_FALSE(truncated);
  EXPECT_EQ(truncated.error().code, Errc::malformed_input);
}

TEST(ZkTranscript, NoProofOfWorkAtZeroBitsAndRefusedAboveTheLimit) {
  const ProofTapes tapes = grinding_prover(0);
  EXPECT_EQ(tapes.transcript.size(), 32u);
  EXPECT_TRUE(grinding_verifier(0, tapes));
  EXPECT_THROW(grinding_prover(kMaxWorkBits + 1), std::invalid_argument);
}

TEST(ZkTranscript, WorkAcceptedCountsLeadingZeroBits) {
  // Over many seeds, a nonce passes k bits with frequency 2^-k (k = 4: 4096 trials, 4σ).
  Digest32 seed{};
  unsigned passed = 0;
  for (std::uint64_t n = 0; n < 4096; ++n) passed += work_accepted(seed, 4, n) ? 1 : 0;
  EXPECT_NEAR(passed, 256.0, 4 * std::sqrt(4096 * (1.0 / 16) * (15.0 / 16)));
  EXPECT_TRUE(work_accepted(seed, 0, 12345));
}

}  // namespace
}  // namespace merkleforge::transcript
