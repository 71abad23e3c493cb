// Keccak-256 / SHA3-256 against independent implementations: OpenSSL's EVP SHA3-256 and
// @noble/hashes' keccak_256 (through Node), on random lengths and around the 136-byte rate, under
// every kernel this CPU supports.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <random>
#include <string>
#include <vector>

#include "hash/keccak_kernel_scope.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "support/in_pieces.hpp"
#include "support/node_peer.hpp"

namespace merkleforge {
namespace {

using test::for_each_keccak_kernel;

Digest32 openssl_sha3_256(ByteSpan data) {
  Digest32 digest{};
  unsigned int size = 0;
  if (EVP_Digest(data.data(), data.size(), digest.data(), &size, EVP_sha3_256(), nullptr) != 1 ||
      size != digest.size()) {
    throw std::runtime_error("OpenSSL EVP_Digest(SHA3-256) failed");
  }
  return digest;
}

Bytes random_bytes(std::mt19937_64& rng, std::size_t size) {
  Bytes bytes(size);
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

/// Lengths 0..10000: every length around the first rate multiples, then random ones.
std::vector<std::size_t> test_lengths(std::mt19937_64& rng, std::size_t random_count) {
  std::vector<std::size_t> lengths = {0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 10000};
  for (std::size_t boundary : {136, 272, 408, 1088, 9928}) {
    for (std::size_t length = boundary - 2; length <= boundary + 2; ++length)
      lengths.push_back(length);
  }
  for (std::size_t i = 0; i < random_count; ++i) lengths.push_back(rng() % 10001);
  return lengths;
}

/// Largest piece the incremental checks feed update(): about three 136-byte blocks.
constexpr std::size_t kMaxPiece = 399;

TEST(KeccakDifferential, Sha3_256MatchesOpenSsl) {
  std::mt19937_64 rng(1);
  std::vector<Bytes> messages;
  for (std::size_t length : test_lengths(rng, 150)) messages.push_back(random_bytes(rng, length));
  for_each_keccak_kernel([&] {
    for (const Bytes& message : messages) {
      const Digest32 expected = openssl_sha3_256(message);
      ASSERT_EQ(to_hex(Sha3_256::digest(message)), to_hex(expected)) << message.size() << " bytes";
      ASSERT_EQ(to_hex(test::digest_in_pieces<Sha3_256>(message, rng, kMaxPiece)), to_hex(expected))
          << message.size() << " bytes, incremental";
    }
  });
}

TEST(KeccakDifferential, Keccak256MatchesNobleHashes) {
  std::mt19937_64 rng(2);
  std::vector<Bytes> messages;
  nlohmann::json request = {{"algo", "keccak256"}, {"messages", nlohmann::json::array()}};
  for (std::size_t length : test_lengths(rng, 250)) {
    messages.push_back(random_bytes(rng, length));
    request["messages"].push_back(to_hex(messages.back()));
  }
  const nlohmann::json reply = test::run_node_peer("noble_hashes.mjs", request);
  const auto& expected = reply.at("digests");
  ASSERT_EQ(expected.size(), messages.size());
  for_each_keccak_kernel([&] {
    for (std::size_t i = 0; i < messages.size(); ++i) {
      const std::string want = expected[i].get<std::string>();
      ASSERT_EQ(to_hex(Keccak256::digest(messages[i])), want) << messages[i].size() << " bytes";
      ASSERT_EQ(to_hex(test::digest_in_pieces<Keccak256>(messages[i], rng, kMaxPiece)), want)
          << messages[i].size() << " bytes, incremental";
    }
  });
}

/// hash_many under every kernel against per-message OpenSSL digests of prefix ‖ message (SHA3) and
/// against the portable kernel's one-shot digests (Keccak-256; that path is checked above).
template <class H, class Reference>
void check_hash_many(std::uint64_t seed, Reference reference) {
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t count = rng() % 41;
    const std::size_t prefix_size = trial < 4 ? trial : rng() % 151;
    const std::size_t message_size = trial % 10 == 0 ? 136 - prefix_size % 136 : rng() % 301;
    const Bytes prefix = random_bytes(rng, prefix_size);
    const Bytes messages = random_bytes(rng, count * message_size);
    std::vector<Digest32> expected(count);
    for (std::size_t i = 0; i < count; ++i) {
      Bytes input = prefix;
      input.insert(input.end(), messages.begin() + static_cast<std::ptrdiff_t>(i * message_size),
                   messages.begin() + static_cast<std::ptrdiff_t>((i + 1) * message_size));
      expected[i] = reference(input);
    }
    for_each_keccak_kernel([&] {
      std::vector<Digest32> out(count + 1);
      const Digest32 sentinel = out[count];
      H::hash_many(prefix, messages.data(), message_size, count, out.data());
      for (std::size_t i = 0; i < count; ++i) {
        ASSERT_EQ(to_hex(out[i]), to_hex(expected[i]))
            << "message " << i << " of " << count << ", prefix " << prefix_size << ", size "
            << message_size;
      }
      ASSERT_EQ(out[count], sentinel) << "hash_many wrote past count";
    });
  }
}

TEST(KeccakDifferential, Sha3_256HashManyMatchesOpenSsl) {
  check_hash_many<Sha3_256>(3, [](ByteSpan input) { return openssl_sha3_256(input); });
}

TEST(KeccakDifferential, Keccak256HashManyMatchesPortable) {
  check_hash_many<Keccak256>(4, [](ByteSpan input) {
    test::KeccakKernelScope portable(Isa::portable);
    return Keccak256::digest(input);
  });
}

}  // namespace
}  // namespace merkleforge
