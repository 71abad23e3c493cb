// SHA-256: published known answers, OpenSSL as differential oracle, every kernel on this CPU.
#include "merkleforge/hash/sha256.hpp"

#include <gtest/gtest.h>
#include <openssl/sha.h>

#include <random>
#include <string>

#include "merkleforge/core/hex.hpp"
#include "support/in_pieces.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using test::kat_message;

Digest32 openssl_sha256(ByteSpan data) {
  Digest32 digest;
  SHA256(data.data(), data.size(), digest.data());
  return digest;
}

Bytes random_bytes(std::mt19937_64& rng, std::size_t size) {
  Bytes bytes(size);
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

/// Largest piece the incremental tests feed update(): up to two blocks.
constexpr std::size_t kMaxPiece = 129;

/// Runs `body` once with each kernel this CPU can run, restoring the active kernel afterwards.
template <class Body>
void for_each_kernel(Body&& body) {
  const Isa original = Sha256::active_kernel();
  for (Isa isa : Sha256::available_kernels()) {
    ASSERT_TRUE(Sha256::set_kernel(isa).ok());
    ASSERT_EQ(Sha256::active_kernel(), isa);
    SCOPED_TRACE(std::string(isa_name(isa)));
    body();
  }
  ASSERT_TRUE(Sha256::set_kernel(original).ok());
}

TEST(Sha256, KnownAnswers) {
  const auto kats = test::load_vectors("hash/hash_kats.json").at("sha256");
  ASSERT_GE(kats.size(), 5u);
  std::mt19937_64 rng(1);
  for_each_kernel([&] {
    for (const auto& entry : kats) {
      const Bytes message = kat_message(entry);
      const std::string expected = entry.at("digest").get<std::string>();
      SCOPED_TRACE("message of " + std::to_string(message.size()) + " bytes");
      EXPECT_EQ(to_hex(Sha256::digest(message)), expected);
      EXPECT_EQ(to_hex(test::digest_in_pieces<Sha256>(message, rng, kMaxPiece)), expected);
    }
  });
}

TEST(Sha256, MatchesOpenSslOnEveryShortLength) {
  std::mt19937_64 rng(2);
  const Bytes data = random_bytes(rng, 10 * 64);
  for_each_kernel([&] {
    for (std::size_t size = 0; size <= data.size(); ++size) {
      const ByteSpan message(data.data(), size);
      ASSERT_EQ(Sha256::digest(message), openssl_sha256(message)) << size;
      ASSERT_EQ(test::digest_in_pieces<Sha256>(message, rng, kMaxPiece), openssl_sha256(message))
          << size;
    }
  });
}

TEST(Sha256, MatchesOpenSslAroundBlockBoundaries) {
  std::mt19937_64 rng(6);
  const Bytes data = random_bytes(rng, 64 * 64 + 1);
  for_each_kernel([&] {
    for (std::size_t blocks = 10; blocks <= 64; ++blocks) {
      // The padding needs 9 bytes: lengths 64k - 9 .. 64k - 1 spill into one more block.
      for (std::size_t size :
           {64 * blocks - 9, 64 * blocks - 8, 64 * blocks - 1, 64 * blocks, 64 * blocks + 1}) {
        const ByteSpan message(data.data(), size);
        ASSERT_EQ(Sha256::digest(message), openssl_sha256(message)) << size;
        ASSERT_EQ(test::digest_in_pieces<Sha256>(message, rng, kMaxPiece), openssl_sha256(message))
            << size;
      }
    }
  });
}

TEST(Sha256, MatchesOpenSslOnRandomLengths) {
  std::mt19937_64 rng(3);
  for_each_kernel([&] {
    for (int trial = 0; trial < 60; ++trial) {
      const Bytes message = random_bytes(rng, rng() % 10001);
      const Digest32 expected = openssl_sha256(message);
      ASSERT_EQ(Sha256::digest(message), expected) << message.size();
      ASSERT_EQ(test::digest_in_pieces<Sha256>(message, rng, kMaxPiece), expected)
          << message.size();
    }
  });
}

TEST(Sha256, UpdateWithEmptyPiecesChangesNothing) {
  Sha256 hasher;
  hasher.update({}).update(as_bytes("ab")).update({}).update(as_bytes("c"));
  EXPECT_EQ(to_hex(hasher.finalize()),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");  // FIPS 180-4
}

/// Checks hash_many(prefix, messages of `size` bytes, count) against OpenSSL on prefix ‖ message.
void expect_hash_many_matches(std::mt19937_64& rng, std::size_t prefix_size, std::size_t size,
                              std::size_t count) {
  const Bytes prefix = random_bytes(rng, prefix_size);
  const Bytes messages = random_bytes(rng, size * count);
  std::vector<Digest32> out(count);
  Sha256::hash_many(prefix, messages.data(), size, count, out.data());
  for (std::size_t i = 0; i < count; ++i) {
    Bytes joined = prefix;
    joined.insert(joined.end(), messages.begin() + static_cast<std::ptrdiff_t>(i * size),
                  messages.begin() + static_cast<std::ptrdiff_t>((i + 1) * size));
    ASSERT_EQ(out[i], openssl_sha256(joined))
        << "prefix " << prefix_size << ", size " << size << ", count " << count << ", index " << i;
  }
}

TEST(Sha256, HashManyMatchesOpenSslOnMerkleNodeShapes) {
  std::mt19937_64 rng(4);
  for_each_kernel([&] {
    for (std::size_t count : {0, 1, 2, 3, 7, 8, 15, 16, 17, 31, 33, 100}) {
      expect_hash_many_matches(rng, 0, 64, count);  // plain node
      expect_hash_many_matches(rng, 1, 64, count);  // RFC 6962 node: 0x01 ‖ left ‖ right
      expect_hash_many_matches(rng, 1, 32, count);  // RFC 6962 leaf of 32 bytes
      expect_hash_many_matches(rng, 0, 32, count);
    }
  });
}

TEST(Sha256, HashManyMatchesOpenSslOnRandomShapes) {
  std::mt19937_64 rng(5);
  for_each_kernel([&] {
    for (int trial = 0; trial < 150; ++trial) {
      expect_hash_many_matches(rng, rng() % 71, rng() % 301, rng() % 101);
    }
    for (std::size_t prefix_size : {0, 1, 55, 56, 63, 64, 65, 128, 130}) {
      for (std::size_t size = 0; size <= 140; size += 1) {
        expect_hash_many_matches(rng, prefix_size, size, 17);
      }
    }
  });
}

TEST(Sha256, HashManyOfNothingWritesNothing) {
  Digest32 untouched{};
  untouched.fill(0xab);
  Sha256::hash_many({}, nullptr, 64, 0, &untouched);
  Digest32 expected;
  expected.fill(0xab);
  EXPECT_EQ(untouched, expected);
}

TEST(Sha256, KernelControl) {
  const auto available = Sha256::available_kernels();
  ASSERT_FALSE(available.empty());
  EXPECT_EQ(available.front(), Isa::portable);
  for (Isa isa : {Isa::portable, Isa::sse41, Isa::avx2, Isa::shani, Isa::avx512}) {
    const bool listed = std::find(available.begin(), available.end(), isa) != available.end();
    const Isa before = Sha256::active_kernel();
    const Status status = Sha256::set_kernel(isa);
    EXPECT_EQ(status.ok(), listed) << isa_name(isa);
    if (!listed) {
      EXPECT_EQ(status.error().code, Errc::unsupported);
      EXPECT_EQ(Sha256::active_kernel(), before);
    }
    if (listed) {
      EXPECT_TRUE(cpu_supports(isa));
    }
  }
  ASSERT_TRUE(Sha256::set_kernel(available.back()).ok());
}

}  // namespace
}  // namespace merkleforge
