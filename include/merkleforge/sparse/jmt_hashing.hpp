// Node hashing of the sparse Merkle tree, compatible with the Jellyfish Merkle tree as implemented
// by penumbra-zone/jmt (and its SHA-256 test vectors):
//
//   key_hash    = H(key)                        (callers may also supply key hashes directly)
//   leaf        = H("JMT::LeafNode" ‖ key_hash ‖ H(value))
//   internal    = H("JMT::IntrnalNode" ‖ left ‖ right)      ("Intrnal" is the upstream spelling)
//   empty       = the 32 bytes "SPARSE_MERKLE_PLACEHOLDER_HASH__" (not a hash; the same for every
//   H)
//
// Both node kinds carry a domain prefix, so a leaf can never be reinterpreted as an internal node
// (proofs have variable length because single-leaf subtrees collapse into their leaf). Key bits
// are read most significant bit of byte 0 first: bit 0 chooses the root's child.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "merkleforge/hash/hasher.hpp"

namespace merkleforge {

/// Number of key bits, hence the maximum depth of a leaf and the maximum number of siblings.
inline constexpr unsigned kSparseKeyBits = 256;

inline constexpr Digest32 kSparsePlaceholder = {
    'S', 'P', 'A', 'R', 'S', 'E', '_', 'M', 'E', 'R', 'K', 'L', 'E', '_', 'P', 'L',
    'A', 'C', 'E', 'H', 'O', 'L', 'D', 'E', 'R', '_', 'H', 'A', 'S', 'H', '_', '_'};

/// Bit `index` (0 = most significant bit of byte 0) of a key hash.
inline unsigned key_bit(const Digest32& key, unsigned index) noexcept {
  return (key[index / 8] >> (7 - index % 8)) & 1u;
}

/// Number of leading bits two key hashes share (256 when equal).
inline unsigned common_prefix_bits(const Digest32& a, const Digest32& b) noexcept {
  for (unsigned byte = 0; byte < 32; ++byte) {
    const unsigned diff = static_cast<unsigned>(a[byte] ^ b[byte]);
    if (diff != 0) return byte * 8 + static_cast<unsigned>(__builtin_clz(diff)) - 24;
  }
  return kSparseKeyBits;
}

template <Hasher H>
struct JmtHashing {
  static constexpr std::uint8_t kLeafDomain[] = {'J', 'M', 'T', ':', ':', 'L', 'e',
                                                 'a', 'f', 'N', 'o', 'd', 'e'};
  static constexpr std::uint8_t kInternalDomain[] = {'J', 'M', 'T', ':', ':', 'I', 'n', 't',
                                                     'r', 'n', 'a', 'l', 'N', 'o', 'd', 'e'};

  static Digest32 key_hash(ByteSpan key) noexcept { return H::digest(key); }
  static Digest32 value_hash(ByteSpan value) noexcept { return H::digest(value); }

  static Digest32 leaf(const Digest32& key_hash, const Digest32& value_hash) noexcept {
    return domain_pair(kLeafDomain, key_hash, value_hash);
  }
  /// Children as interior nodes store them: left ‖ right, 64 contiguous bytes hashed in place.
  static Digest32 internal(const std::array<Digest32, 2>& children) noexcept {
    static_assert(sizeof children == 64);
    Digest32 out;
    H::hash_many(kInternalDomain, reinterpret_cast<const std::uint8_t*>(&children), 64, 1, &out);
    return out;
  }
  static Digest32 internal(const Digest32& left, const Digest32& right) noexcept {
    return domain_pair(kInternalDomain, left, right);
  }

 private:
  static Digest32 domain_pair(ByteSpan domain, const Digest32& a, const Digest32& b) noexcept {
    std::uint8_t message[64];
    std::memcpy(message, a.data(), 32);
    std::memcpy(message + 32, b.data(), 32);
    Digest32 out;
    H::hash_many(domain, message, sizeof message, 1, &out);
    return out;
  }
};

}  // namespace merkleforge
