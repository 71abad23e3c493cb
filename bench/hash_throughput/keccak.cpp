// Keccak-256 and SHA3-256 against OpenSSL's EVP SHA3-256 (one-shot EVP_Digest), measured in the
// same run. OpenSSL has no Keccak-256; SHA3-256 runs the same permutation on the same 136-byte
// rate, so it is the peer for both.
#include "merkleforge/hash/keccak.hpp"

#include <openssl/evp.h>

#include "harness.hpp"

namespace merkleforge::hash_bench {
namespace {

void openssl_sha3_256(const std::uint8_t* data, std::size_t size, Digest32& out) {
  EVP_Digest(data, size, out.data(), nullptr, EVP_sha3_256(), nullptr);
}

const bool registered = [] {
  register_merkleforge<Keccak256>("keccak256");
  register_merkleforge<Sha3_256>("sha3-256");
  register_peer("keccak256", "openssl-sha3", openssl_sha3_256);
  register_peer("sha3-256", "openssl", openssl_sha3_256);
  return true;
}();

}  // namespace
}  // namespace merkleforge::hash_bench
