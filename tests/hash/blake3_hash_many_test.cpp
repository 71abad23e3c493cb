// Blake3::hash_many / keyed_hash_many against one digest per message, for every kernel. Expected
// digests come from the portable one-shot path (itself checked against the official vectors and
// @noble/hashes), so each SIMD lane layout is checked against the scalar reference.
#include <gtest/gtest.h>

#include <random>

#include "hash/blake3_support.hpp"
#include "merkleforge/hash/blake3.hpp"

namespace merkleforge {
namespace {

using test::for_each_blake3_kernel;

struct Batch {
  Bytes prefix;
  Bytes messages;
  std::size_t message_size = 0;
  std::size_t count = 0;
  std::vector<Digest32> plain;  ///< expected, unkeyed
  std::vector<Digest32> keyed;  ///< expected, keyed with kKey
};

const Blake3::Key kKey = [] {
  Blake3::Key key;
  for (std::size_t i = 0; i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(0xA0 + i);
  return key;
}();

Batch random_batch(std::mt19937_64& rng, std::size_t max_size) {
  Batch b;
  b.count = rng() % 41;
  b.prefix = test::random_bytes(rng, rng() % 101);
  b.message_size = rng() % (max_size + 1);
  b.messages = test::random_bytes(rng, b.count * b.message_size);
  return b;
}

/// Fills the expected digests, one message at a time with the portable kernel.
void expect_one_by_one(Batch& b) {
  const Isa saved = Blake3::active_kernel();
  ASSERT_TRUE(Blake3::set_kernel(Isa::portable).ok());
  for (std::size_t i = 0; i < b.count; ++i) {
    Bytes whole = b.prefix;
    const auto* message = b.messages.data() + i * b.message_size;
    whole.insert(whole.end(), message, message + b.message_size);
    b.plain.push_back(Blake3::digest(whole));
    b.keyed.push_back(Blake3::keyed_digest(kKey, whole));
  }
  ASSERT_TRUE(Blake3::set_kernel(saved).ok());
}

void check_batch(const Batch& b) {
  SCOPED_TRACE("count " + std::to_string(b.count) + " prefix " + std::to_string(b.prefix.size()) +
               " size " + std::to_string(b.message_size));
  // One spare slot past the end catches writes beyond `count`.
  const Digest32 canary = {0x5A};
  std::vector<Digest32> out(b.count + 1, canary);
  Blake3::hash_many(b.prefix, b.messages.data(), b.message_size, b.count, out.data());
  EXPECT_EQ(std::vector<Digest32>(out.begin(), out.end() - 1), b.plain);
  EXPECT_EQ(out.back(), canary);
  std::fill(out.begin(), out.end(), canary);
  Blake3::keyed_hash_many(kKey, b.prefix, b.messages.data(), b.message_size, b.count, out.data());
  EXPECT_EQ(std::vector<Digest32>(out.begin(), out.end() - 1), b.keyed);
  EXPECT_EQ(out.back(), canary);
}

TEST(Blake3HashMany, RandomBatchesMatchOneByOneEveryKernel) {
  std::mt19937_64 rng(11);
  std::vector<Batch> batches;
  for (int i = 0; i < 60; ++i) batches.push_back(random_batch(rng, 1100));
  // Whole blocks without prefix take the in-place path; 1024 - prefix fills exactly one chunk.
  for (std::size_t size : {0u, 64u, 128u, 1024u, 1025u}) {
    Batch b = random_batch(rng, 0);
    b.prefix.clear();
    b.message_size = size;
    b.count = 37;
    b.messages = test::random_bytes(rng, b.count * size);
    batches.push_back(std::move(b));
  }
  Batch full_chunk = random_batch(rng, 0);
  full_chunk.count = 33;
  full_chunk.prefix = {0x01};
  full_chunk.message_size = 1023;
  full_chunk.messages = test::random_bytes(rng, full_chunk.count * 1023);
  batches.push_back(std::move(full_chunk));
  for (auto& b : batches) expect_one_by_one(b);

  for_each_blake3_kernel([&batches] {
    for (const auto& b : batches) check_batch(b);
  });
}

TEST(Blake3HashMany, MerkleNodesOfManyLevels) {
  // prefix 0x01 + 64-byte children pairs, the shape trees use; more than any stage buffer holds.
  std::mt19937_64 rng(12);
  Batch b;
  b.prefix = {0x01};
  b.message_size = 64;
  b.count = 1000;
  b.messages = test::random_bytes(rng, b.count * b.message_size);
  expect_one_by_one(b);
  for_each_blake3_kernel([&b] { check_batch(b); });
}

}  // namespace
}  // namespace merkleforge
