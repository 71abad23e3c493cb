// Sha256::hash_pairs, the kernel of the batch level hasher (independent interior nodes hashed as
// interleaved streams, children read and digests written through pointers), against OpenSSL on
// every kernel.
#include <gtest/gtest.h>
#include <openssl/sha.h>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "merkleforge/hash/sha256.hpp"
#include "merkleforge/sparse/jmt_hashing.hpp"

namespace merkleforge {
namespace {

Digest32 openssl_node(const std::array<std::uint8_t, 16>& prefix,
                      const std::array<Digest32, 2>& children) {
  std::uint8_t message[80];
  std::memcpy(message, prefix.data(), 16);
  std::memcpy(message + 16, children.data(), 64);
  Digest32 digest;
  SHA256(message, sizeof message, digest.data());
  return digest;
}

/// Counts around the two-stream step (odd and even) and a level hasher group; the nodes' children
/// lie in one array and the digests go to scattered slots of another.
TEST(SparseNodeHashing, HashPairsMatchesOpenSslOnEveryKernel) {
  const auto prefix = std::to_array(JmtHashing<Sha256>::kInternalDomain);
  const Sha256::PairPrefix prepared(prefix);
  const Isa original = Sha256::active_kernel();
  for (Isa isa : Sha256::available_kernels()) {
    ASSERT_TRUE(Sha256::set_kernel(isa).ok());
    SCOPED_TRACE(std::string(isa_name(isa)));
    std::mt19937_64 rng(23);
    for (std::size_t count : {0, 1, 2, 3, 4, 5, 17, 64, 65}) {
      std::vector<std::array<Digest32, 2>> nodes(count);
      for (auto& children : nodes)
        for (auto& child : children)
          for (auto& byte : child) byte = static_cast<std::uint8_t>(rng());
      std::vector<Digest32> slots(2 * count + 1);
      std::vector<const std::array<Digest32, 2>*> children(count);
      std::vector<Digest32*> out(count);
      for (std::size_t i = 0; i < count; ++i) {
        children[i] = &nodes[count - 1 - i];
        out[i] = &slots[2 * i + 1];
      }
      Sha256::hash_pairs(prepared, children.data(), count, out.data());
      for (std::size_t i = 0; i < count; ++i)
        ASSERT_EQ(*out[i], openssl_node(prefix, *children[i])) << count << " " << i;
      for (std::size_t i = 0; i <= count; ++i) EXPECT_EQ(slots[2 * i], Digest32{}) << i;
    }
  }
  ASSERT_TRUE(Sha256::set_kernel(original).ok());
}

}  // namespace
}  // namespace merkleforge
