// Sha256::hash_pair (the fixed two-block Merkle node hash) and Sha256::fold_path (a Merkle path of
// them) against OpenSSL on every kernel.
#include <gtest/gtest.h>
#include <openssl/sha.h>

#include <cstring>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "merkleforge/hash/sha256.hpp"

namespace merkleforge {
namespace {

Digest32 openssl_pair(const std::array<std::uint8_t, 16>& prefix, const Digest32& left,
                      const Digest32& right) {
  std::uint8_t message[80];
  std::memcpy(message, prefix.data(), 16);
  std::memcpy(message + 16, left.data(), 32);
  std::memcpy(message + 48, right.data(), 32);
  Digest32 digest;
  SHA256(message, sizeof message, digest.data());
  return digest;
}

template <class Array>
Array random_array(std::mt19937_64& rng) {
  Array bytes;
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

/// Random prefixes and children, plus the all-zero and all-ones corners, on each kernel.
TEST(Sha256Pair, MatchesOpenSslOnEveryKernel) {
  const Isa original = Sha256::active_kernel();
  for (Isa isa : Sha256::available_kernels()) {
    ASSERT_TRUE(Sha256::set_kernel(isa).ok());
    SCOPED_TRACE(std::string(isa_name(isa)));
    std::mt19937_64 rng(17);
    for (int prefix_round = 0; prefix_round < 20; ++prefix_round) {
      auto prefix = random_array<std::array<std::uint8_t, 16>>(rng);
      if (prefix_round == 0) prefix.fill(0);
      if (prefix_round == 1) prefix.fill(0xff);
      const Sha256::PairPrefix prepared(prefix);
      for (int pair = 0; pair < 50; ++pair) {
        const auto left = random_array<Digest32>(rng);
        const auto right = random_array<Digest32>(rng);
        ASSERT_EQ(Sha256::hash_pair(prepared, left, right), openssl_pair(prefix, left, right));
      }
    }
  }
  ASSERT_TRUE(Sha256::set_kernel(original).ok());
}

/// Paths of 0..256 levels with random sides: the root, and every level's node when asked.
TEST(Sha256Pair, FoldPathMatchesOpenSslOnEveryKernel) {
  const Isa original = Sha256::active_kernel();
  for (Isa isa : Sha256::available_kernels()) {
    ASSERT_TRUE(Sha256::set_kernel(isa).ok());
    SCOPED_TRACE(std::string(isa_name(isa)));
    std::mt19937_64 rng(23);
    const auto prefix = random_array<std::array<std::uint8_t, 16>>(rng);
    const Sha256::PairPrefix prepared(prefix);
    for (std::size_t count : {0, 1, 2, 21, 22, 255, 256}) {
      std::vector<Digest32> siblings(count);
      for (auto& sibling : siblings) sibling = random_array<Digest32>(rng);
      const auto path = random_array<Digest32>(rng);
      const auto start = random_array<Digest32>(rng);
      std::vector<Digest32> expected(count);
      Digest32 node = start;
      for (std::size_t i = count; i-- > 0;) {
        const bool on_right = (path[i / 8] >> (7 - i % 8)) & 1;
        node = on_right ? openssl_pair(prefix, siblings[i], node)
                        : openssl_pair(prefix, node, siblings[i]);
        expected[i] = node;
      }
      ASSERT_EQ(Sha256::fold_path(prepared, start, siblings.data(), count, path), node) << count;
      std::vector<Digest32> nodes(count);
      ASSERT_EQ(Sha256::fold_path(prepared, start, siblings.data(), count, path, nodes.data()),
                node);
      ASSERT_EQ(nodes, expected) << count;
    }
  }
  ASSERT_TRUE(Sha256::set_kernel(original).ok());
}

TEST(Sha256Pair, FoldPathRefusesMoreThan256Levels) {
  const Sha256::PairPrefix prepared(std::array<std::uint8_t, 16>{});
  const std::vector<Digest32> siblings(257);
  EXPECT_THROW(Sha256::fold_path(prepared, Digest32{}, siblings.data(), 257, Digest32{}),
               std::invalid_argument);
}

/// The JMT interior-node domain, whose digests the sparse tree relies on.
TEST(Sha256Pair, MatchesOpenSslOnTheJmtDomain) {
  const std::array<std::uint8_t, 16> domain = {'J', 'M', 'T', ':', ':', 'I', 'n', 't',
                                               'r', 'n', 'a', 'l', 'N', 'o', 'd', 'e'};
  const Sha256::PairPrefix prepared(domain);
  Digest32 left{}, right{};
  right.fill(0x5a);
  for (int i = 0; i < 100; ++i) {
    const Digest32 expected = openssl_pair(domain, left, right);
    ASSERT_EQ(Sha256::hash_pair(prepared, left, right), expected);
    left = right;
    right = expected;
  }
}

}  // namespace
}  // namespace merkleforge
