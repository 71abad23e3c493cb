// SHA-256: MerkleForge against OpenSSL, measured in the same run. Two OpenSSL peers: the one-shot
// SHA256() a caller would write, and EVP with the digest fetched once and one context reused for
// every message (stronger: OpenSSL 3's one-shot looks the algorithm up on every call).
#include "merkleforge/hash/sha256.hpp"

#include <openssl/evp.h>
#include <openssl/sha.h>

#include "harness.hpp"

namespace merkleforge::hash_bench {
namespace {

void openssl_oneshot(const std::uint8_t* data, std::size_t size, Digest32& out) {
  SHA256(data, size, out.data());
}

void openssl_evp_reused(const std::uint8_t* data, std::size_t size, Digest32& out) {
  struct Context {
    EVP_MD* md = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    ~Context() {
      EVP_MD_CTX_free(ctx);
      EVP_MD_free(md);
    }
  };
  static const Context context;
  EVP_DigestInit_ex(context.ctx, context.md, nullptr);
  EVP_DigestUpdate(context.ctx, data, size);
  EVP_DigestFinal_ex(context.ctx, out.data(), nullptr);
}

const bool registered = [] {
  register_merkleforge<Sha256>("sha256");
  register_peer("sha256", "openssl", openssl_oneshot);
  register_peer("sha256", "openssl-evp-reused", openssl_evp_reused);
  return true;
}();

}  // namespace
}  // namespace merkleforge::hash_bench
