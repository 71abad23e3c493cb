// NewLeafHashes (a batch's leaves hashed together through hash_many) against OpenSSL: JMT leaf =
// SHA-256("JMT::LeafNode" ‖ key_hash ‖ SHA-256(value)), on every SHA-256 kernel.
#include "sparse/new_leaf_hashes.hpp"

#include <gtest/gtest.h>
#include <openssl/sha.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "merkleforge/hash/sha256.hpp"

namespace merkleforge {
namespace {

Digest32 openssl_leaf(const Digest32& key_hash, const Bytes& value) {
  std::uint8_t message[13 + 64];
  std::memcpy(message, "JMT::LeafNode", 13);
  std::memcpy(message + 13, key_hash.data(), 32);
  SHA256(value.data(), value.size(), message + 45);
  Digest32 digest;
  SHA256(message, sizeof message, digest.data());
  return digest;
}

Bytes random_bytes(std::mt19937_64& rng, std::size_t size) {
  Bytes bytes(size);
  for (auto& byte : bytes) byte = static_cast<std::uint8_t>(rng());
  return bytes;
}

/// Updates with `value_size(i)` bytes of value, every fifth an erase.
template <class ValueSize>
std::vector<SparseUpdate> updates_of(std::mt19937_64& rng, std::size_t count,
                                     ValueSize value_size) {
  std::vector<SparseUpdate> updates(count);
  for (std::size_t i = 0; i < count; ++i) {
    for (auto& byte : updates[i].key_hash) byte = static_cast<std::uint8_t>(rng());
    if (i % 5 != 3) updates[i].value = random_bytes(rng, value_size(i));
  }
  return updates;
}

/// Groups of equal value sizes (gathered: 0, 32, the largest gathered size) and of mixed or
/// large sizes (one by one), hashed in two parts as two batch pieces would.
TEST(SparseNewLeafHashes, MatchOpenSslOnEveryKernel) {
  const Isa original = Sha256::active_kernel();
  for (Isa isa : Sha256::available_kernels()) {
    ASSERT_TRUE(Sha256::set_kernel(isa).ok());
    SCOPED_TRACE(std::string(isa_name(isa)));
    std::mt19937_64 rng(41);
    const std::vector<std::vector<SparseUpdate>> batches = {
        updates_of(rng, 150, [](std::size_t) { return 32; }),
        updates_of(rng, 70, [](std::size_t) { return 0; }),
        updates_of(rng, 70, [](std::size_t) { return 128; }),
        updates_of(rng, 70, [](std::size_t) { return 129; }),
        updates_of(rng, 130, [](std::size_t i) { return i % 7 * 19; }),
    };
    for (const std::vector<SparseUpdate>& updates : batches) {
      sparse_detail::NewLeafHashes<Sha256> leaves(updates);
      const std::span<const SparseUpdate> all(updates);
      leaves.hash(all.subspan(67));
      leaves.hash(all.first(67));
      for (const SparseUpdate& update : updates) {
        if (!update.value) continue;
        EXPECT_EQ(leaves.of(update), openssl_leaf(update.key_hash, *update.value));
      }
    }
  }
  ASSERT_TRUE(Sha256::set_kernel(original).ok());
}

}  // namespace
}  // namespace merkleforge
