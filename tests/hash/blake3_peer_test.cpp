// BLAKE3 against @noble/hashes (tests/peers/noble_hashes.mjs) on random messages, in all three
// modes and with long extendable output, for every kernel. One Node run per request: Node starts
// slowly, so each request carries all the messages.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "hash/blake3_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "support/node_peer.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using test::for_each_blake3_kernel;

constexpr char kContext[] = "MerkleForge 2026-11-30 blake3 peer test derive_key";

std::vector<Bytes> random_messages() {
  std::mt19937_64 rng(21);
  std::vector<Bytes> messages;
  for (int i = 0; i < 300; ++i) messages.push_back(test::random_bytes(rng, rng() % 10001));
  for (std::size_t len : {0u, 1u, 1024u, 1025u, 2048u, 3072u, 16384u, 16385u}) {
    messages.push_back(test::random_bytes(rng, len));
  }
  for (int i = 0; i < 4; ++i) messages.push_back(test::random_bytes(rng, 95000 + rng() % 10000));
  return messages;
}

std::vector<Bytes> ask_noble(const std::vector<Bytes>& messages, nlohmann::json request) {
  request["algo"] = "blake3";
  request["messages"] = nlohmann::json::array();
  for (const auto& m : messages) request["messages"].push_back(to_hex(m));
  const auto reply = test::run_node_peer("noble_hashes.mjs", request);
  std::vector<Bytes> digests;
  for (const auto& d : reply.at("digests")) digests.push_back(test::hex_bytes(d));
  EXPECT_EQ(digests.size(), messages.size());
  return digests;
}

Blake3::Key peer_key() {
  Blake3::Key key;
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(7 * i + 3);
  return key;
}

/// Hashes every message with a fresh `mode()` hasher, whole and in random pieces, and compares the
/// first `out_len` output bytes with the peer's.
template <class MakeHasher>
void compare(const std::vector<Bytes>& messages, const std::vector<Bytes>& expected,
             std::size_t out_len, MakeHasher mode) {
  ASSERT_EQ(messages.size(), expected.size());
  std::mt19937_64 rng(22);
  for (std::size_t i = 0; i < messages.size(); ++i) {
    SCOPED_TRACE("message " + std::to_string(i) + " of " + std::to_string(messages[i].size()) +
                 " bytes");
    Blake3 whole = mode();
    whole.update(messages[i]);
    Blake3 pieces = mode();
    test::update_in_pieces(pieces, messages[i], rng, 3000);
    Bytes out(out_len);
    whole.finalize_xof(out);
    EXPECT_EQ(out, expected[i]);
    pieces.finalize_xof(out);
    EXPECT_EQ(out, expected[i]);
    const Digest32 digest = whole.finalize();
    EXPECT_TRUE(std::equal(digest.begin(), digest.end(), expected[i].begin()));
  }
}

class Blake3Peer : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { messages_ = new std::vector<Bytes>(random_messages()); }
  static void TearDownTestSuite() { delete messages_; }
  static std::vector<Bytes>* messages_;
};
std::vector<Bytes>* Blake3Peer::messages_ = nullptr;

TEST_F(Blake3Peer, HashMatchesNobleEveryKernel) {
  const auto expected = ask_noble(*messages_, {});
  for_each_blake3_kernel([&] { compare(*messages_, expected, 32, [] { return Blake3(); }); });
}

TEST_F(Blake3Peer, KeyedHashMatchesNobleEveryKernel) {
  const auto expected = ask_noble(*messages_, {{"key", to_hex(peer_key())}});
  for_each_blake3_kernel(
      [&] { compare(*messages_, expected, 32, [] { return Blake3::keyed(peer_key()); }); });
}

TEST_F(Blake3Peer, DeriveKeyMatchesNobleEveryKernel) {
  const auto expected = ask_noble(*messages_, {{"context", kContext}});
  for_each_blake3_kernel(
      [&] { compare(*messages_, expected, 32, [] { return Blake3::derive_key(kContext); }); });
}

TEST_F(Blake3Peer, LongExtendableOutputAndSeekMatchNoble) {
  // 2000 bytes = 31.25 output blocks; a subset of the messages keeps the reply small.
  constexpr std::size_t kOutLen = 2000;
  const std::vector<Bytes> some(messages_->begin(), messages_->begin() + 40);
  const auto expected = ask_noble(some, {{"out_len", kOutLen}});
  for_each_blake3_kernel([&] {
    compare(some, expected, kOutLen, [] { return Blake3(); });
    Blake3 hasher;
    hasher.update(some[0]);
    for (std::size_t seek : {1u, 63u, 64u, 65u, 1000u, 1936u}) {
      Bytes out(kOutLen - seek);
      hasher.finalize_xof(out, seek);
      EXPECT_EQ(out,
                Bytes(expected[0].begin() + static_cast<std::ptrdiff_t>(seek), expected[0].end()))
          << "seek " << seek;
    }
  });
}

}  // namespace
}  // namespace merkleforge
