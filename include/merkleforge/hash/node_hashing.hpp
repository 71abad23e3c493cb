// How a binary Merkle tree turns leaves and child pairs into digests (its "node scheme"). In the
// hash layer, so that a verifier (the PCS's) hashes nodes without linking the tree's parallel
// build.
//
// A scheme is a stateless policy type with:
//   kScheme                         which NodeScheme it implements (carried in proofs)
//   leaf(data)                      the leaf hash of one leaf
//   leaves_many(data, size, n, out) leaf hashes of n contiguous leaves of `size` bytes each
//   node(left, right)               the hash of an interior node
//   nodes_many(children, n, out)    out[i] = node(children[2i], children[2i+1]) for i < n
//   empty_root()                    the root of the tree without leaves
// The *_many forms go through the batch kernel H::hash_many, so a whole level costs one call.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "merkleforge/hash/algorithms.hpp"

namespace merkleforge {

enum class NodeScheme : std::uint8_t {
  rfc6962 = 0,  ///< leaf = H(0x00 ‖ data), node = H(0x01 ‖ left ‖ right) (BLAKE3: keyed, below)
  concat = 1,  ///< leaf = H(data), node = H(left ‖ right): merkletreejs default options
};

/// The HashAlgorithm value of a hasher type of the hash layer.
template <Hasher H>
constexpr HashAlgorithm hash_algorithm_of() noexcept {
  if constexpr (std::is_same_v<H, Keccak256>) return HashAlgorithm::keccak256;
  if constexpr (std::is_same_v<H, Sha3_256>) return HashAlgorithm::sha3_256;
  if constexpr (std::is_same_v<H, Blake3>) return HashAlgorithm::blake3;
  static_assert(std::is_same_v<H, Sha256> || std::is_same_v<H, Keccak256> ||
                    std::is_same_v<H, Sha3_256> || std::is_same_v<H, Blake3>,
                "hash_algorithm_of: not a hash of the hash layer");
  return HashAlgorithm::sha256;
}

namespace detail {

inline const std::uint8_t* digest_bytes(const Digest32* digests) noexcept {
  return reinterpret_cast<const std::uint8_t*>(digests);
}

/// `prefix ‖ left ‖ right` hashed through the batch kernel (one message).
template <Hasher H>
Digest32 hash_pair(ByteSpan prefix, const Digest32& left, const Digest32& right) noexcept {
  std::uint8_t pair[64];
  std::memcpy(pair, left.data(), 32);
  std::memcpy(pair + 32, right.data(), 32);
  Digest32 out;
  H::hash_many(prefix, pair, sizeof pair, 1, &out);
  return out;
}

inline constexpr std::uint8_t kLeafPrefix[1] = {0x00};
inline constexpr std::uint8_t kNodePrefix[1] = {0x01};

}  // namespace detail

/// RFC 6962 / RFC 9162 §2.1.1 domain separation by a one-byte prefix; the empty root is H("").
template <Hasher H>
struct Rfc6962Hashing {
  using Hash = H;
  static constexpr NodeScheme kScheme = NodeScheme::rfc6962;

  static Digest32 leaf(ByteSpan data) noexcept {
    Digest32 out;
    H::hash_many(detail::kLeafPrefix, data.data(), data.size(), 1, &out);
    return out;
  }
  static void leaves_many(const std::uint8_t* data, std::size_t size, std::size_t count,
                          Digest32* out) noexcept {
    H::hash_many(detail::kLeafPrefix, data, size, count, out);
  }
  static Digest32 node(const Digest32& left, const Digest32& right) noexcept {
    return detail::hash_pair<H>(detail::kNodePrefix, left, right);
  }
  static void nodes_many(const Digest32* children, std::size_t count, Digest32* out) noexcept {
    H::hash_many(detail::kNodePrefix, detail::digest_bytes(children), 64, count, out);
  }
  static Digest32 empty_root() noexcept { return H::digest({}); }
};

/// BLAKE3 separates leaves from nodes by keyed_hash mode with two keys derived once from
/// context strings (docs/binary-tree.md), not by a prefix byte: a 64-byte node is then exactly one
/// BLAKE3 block (one compression) instead of two. The empty root is the unkeyed BLAKE3("").
template <>
struct Rfc6962Hashing<Blake3> {
  using Hash = Blake3;
  static constexpr NodeScheme kScheme = NodeScheme::rfc6962;

  /// derive_key("MerkleForge 2026-11 binary tree leaf v1", "") and "... node v1".
  static const Blake3::Key& leaf_key() noexcept;
  static const Blake3::Key& node_key() noexcept;

  static Digest32 leaf(ByteSpan data) noexcept { return Blake3::keyed_digest(leaf_key(), data); }
  static void leaves_many(const std::uint8_t* data, std::size_t size, std::size_t count,
                          Digest32* out) noexcept {
    Blake3::keyed_hash_many(leaf_key(), {}, data, size, count, out);
  }
  static Digest32 node(const Digest32& left, const Digest32& right) noexcept {
    Digest32 children[2] = {left, right};
    Digest32 out;
    nodes_many(children, 1, &out);
    return out;
  }
  static void nodes_many(const Digest32* children, std::size_t count, Digest32* out) noexcept {
    Blake3::keyed_hash_many(node_key(), {}, detail::digest_bytes(children), 64, count, out);
  }
  static Digest32 empty_root() noexcept { return Blake3::digest({}); }
};

/// No domain separation: node = H(left ‖ right), leaf = H(data). This is merkletreejs with its
/// default options when the tree is built from leaf hashes (its leaves are used as given), and
/// with `hashLeaves: true` when built from leaf data. merkletreejs returns an empty buffer as the
/// root of an empty tree; here the empty root is 32 zero bytes.
template <Hasher H>
struct ConcatHashing {
  using Hash = H;
  static constexpr NodeScheme kScheme = NodeScheme::concat;

  static Digest32 leaf(ByteSpan data) noexcept { return H::digest(data); }
  static void leaves_many(const std::uint8_t* data, std::size_t size, std::size_t count,
                          Digest32* out) noexcept {
    H::hash_many({}, data, size, count, out);
  }
  static Digest32 node(const Digest32& left, const Digest32& right) noexcept {
    return detail::hash_pair<H>({}, left, right);
  }
  static void nodes_many(const Digest32* children, std::size_t count, Digest32* out) noexcept {
    H::hash_many({}, detail::digest_bytes(children), 64, count, out);
  }
  static Digest32 empty_root() noexcept { return Digest32{}; }
};

}  // namespace merkleforge
