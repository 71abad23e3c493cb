// Differential test against rust-verkle's multiproof compiled to WASM (verkle-cryptography-wasm,
// through tests/peers/verkle_multiproof.mjs): random polynomials and openings (shared polynomials,
// repeated points, both ends of the domain) give byte-identical proofs, and the peer accepts ours.
#include <gtest/gtest.h>

#include <random>

#include "ipa_test_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/multiproof.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "support/node_peer.hpp"

namespace merkleforge::verkle {
namespace {

// The peer's FFI starts its transcript with this label.
constexpr const char* kPeerLabel = "verkle";
constexpr const char* kPeerScript = "verkle_multiproof.mjs";

struct Opened {
  Polynomial polynomial;
  Element commitment;
  std::vector<std::uint8_t> points;
};

std::vector<Opened> random_openings(std::mt19937_64& rng) {
  std::vector<Opened> opened(5);
  for (Opened& o : opened) {
    o.polynomial = test::random_polynomial(rng);
    o.commitment = commit(o.polynomial);
    const std::size_t count = 1 + rng() % 4;
    for (std::size_t k = 0; k < count; ++k) o.points.push_back(static_cast<std::uint8_t>(rng()));
  }
  opened[0].points.push_back(0);
  opened[1].points.push_back(255);
  return opened;
}

nlohmann::json prover_request(const std::vector<Opened>& opened) {
  nlohmann::json inputs = nlohmann::json::array();
  for (const Opened& o : opened) {
    nlohmann::json vector = nlohmann::json::array();
    for (const Fr& value : o.polynomial) vector.push_back(to_hex(value.to_bytes_le()));
    inputs.push_back({{"commitment", to_hex(o.commitment.to_bytes())},
                      {"vector", vector},
                      {"indices", o.points}});
  }
  return {{"op", "prove"}, {"inputs", inputs}};
}

TEST(VerkleMultiproofPeer, SameBytesAsRustVerkleWasmAndAcceptedByIt) {
  std::mt19937_64 rng(12);
  const std::vector<Opened> opened = random_openings(rng);
  std::vector<ProverQuery> queries;
  nlohmann::json claims = nlohmann::json::array();
  for (const Opened& o : opened) {
    for (std::uint8_t point : o.points) {
      queries.push_back({o.commitment, o.polynomial, point});
      claims.push_back({{"commitment", to_hex(o.commitment.to_bytes())},
                        {"index", point},
                        {"value", to_hex(o.polynomial[point].to_bytes_le())}});
    }
  }
  Transcript transcript(kPeerLabel);
  const auto proof = multiproof_prove(transcript, queries);
  ASSERT_TRUE(proof.ok());
  const std::string ours = to_hex(proof->to_bytes());

  const auto theirs = merkleforge::test::run_node_peer(kPeerScript, prover_request(opened));
  EXPECT_EQ(ours, theirs.at("proof").get<std::string>());

  const auto verdict = merkleforge::test::run_node_peer(
      kPeerScript, {{"op", "verify"}, {"proof", ours}, {"claims", claims}});
  EXPECT_TRUE(verdict.at("valid").get<bool>());

  // The controls: the peer's "valid" means something only if it refuses an altered proof (the
  // IPA's final scalar a changed in its lowest bit, still canonical) and an altered claim.
  auto altered_bytes = proof->to_bytes();
  altered_bytes[MultiProof::kEncodedSize - 32] ^= 0x01;  // a is little-endian: its lowest byte
  const auto altered_proof = merkleforge::test::run_node_peer(
      kPeerScript, {{"op", "verify"}, {"proof", to_hex(altered_bytes)}, {"claims", claims}});
  EXPECT_FALSE(altered_proof.at("valid").get<bool>());

  nlohmann::json altered_claims = claims;
  altered_claims[0]["value"] =
      to_hex((opened[0].polynomial[opened[0].points[0]] + Fr::one()).to_bytes_le());
  const auto altered_claim = merkleforge::test::run_node_peer(
      kPeerScript, {{"op", "verify"}, {"proof", ours}, {"claims", altered_claims}});
  EXPECT_FALSE(altered_claim.at("valid").get<bool>());
}

}  // namespace
}  // namespace merkleforge::verkle
