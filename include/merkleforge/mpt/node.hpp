// Node encoding of the Ethereum Merkle Patricia trie (Yellow Paper appendix D).
//
//   leaf       [HP(path, leaf), value]
//   extension  [HP(path, extension), child]
//   branch     [child0, ..., child15, value]     (empty child or value: the empty string 0x80)
//
// HP is the hex-prefix ("compact") encoding of a nibble path. A parent refers to a child by the
// child's RLP when that is shorter than 32 bytes (the node is "inline"), else by keccak256 of it.
// The root is always referred to by its hash.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::mpt {

/// A path of nibbles (each element 0..15), most significant nibble of each key byte first.
using Nibbles = std::span<const std::uint8_t>;

/// keccak256(0x80): the root of the empty trie.
inline constexpr Digest32 kEmptyTrieRoot = {
    0x56, 0xe8, 0x1f, 0x17, 0x1b, 0xcc, 0x55, 0xa6, 0xff, 0x83, 0x45, 0xe6, 0x92, 0xc0, 0xf8, 0x6e,
    0x5b, 0x48, 0xe0, 0x1b, 0x99, 0x6c, 0xad, 0xc0, 0x01, 0x62, 0x2f, 0xb5, 0xe3, 0x63, 0xb4, 0x21};

/// The nibble at `index` of `key` (two per byte, high nibble first).
inline std::uint8_t key_nibble(ByteSpan key, std::size_t index) noexcept {
  const std::uint8_t byte = key[index / 2];
  return static_cast<std::uint8_t>(index % 2 == 0 ? byte >> 4 : byte & 0x0f);
}

/// How a parent refers to a node: nothing, the node's RLP (under 32 bytes), or its hash.
struct NodeRef {
  std::uint8_t size = 0;  ///< 0: no node; 1..31: inline RLP; 32: keccak256 of the RLP
  std::array<std::uint8_t, 32> bytes{};

  /// No node (an absent child).
  bool empty() const noexcept { return size == 0; }
  /// The reference is the node's keccak256 hash (its RLP is 32 bytes or longer).
  bool is_hash() const noexcept { return size == 32; }
  /// The hash or the inline RLP (empty for no node), viewing this reference.
  ByteSpan view() const noexcept { return {bytes.data(), size}; }
  /// Size of this reference inside the parent's RLP: 1 (0x80) when empty, 33 (0xa0 and the hash)
  /// for a hash, else the inline node's size. Branch-free: a branch's children are a random mix.
  std::size_t encoded_size() const noexcept { return size + ((size & 31) == 0); }
  /// Writes the reference as it appears inside the parent's RLP (encoded_size() bytes at `out`)
  /// and returns the position after it.
  std::uint8_t* write_to(std::uint8_t* out) const noexcept;

  /// The reference to a node whose RLP is `encoding` (hashes it when 32 bytes or longer).
  static NodeRef of_encoding(ByteSpan encoding);
  /// The reference to the node of hash `hash` (one whose RLP is 32 bytes or longer).
  static NodeRef of_hash(const Digest32& hash);
};

/// The root hash of a trie whose root node has the RLP `encoding`.
Digest32 root_of_encoding(ByteSpan encoding);

// ---- Encoding (each appends one node's RLP to `out`) --------------------------------------------
// Paths are nibbles 0..15 (not checked). Nor do the encoders check what decode_node requires of a
// node (a non-empty leaf value and extension path): the tries never produce anything else.

/// [HP(path, leaf), value].
void encode_leaf(Bytes& out, Nibbles path, ByteSpan value);
/// [HP(path, extension), child] with `child` written as encoded_size() describes.
void encode_extension(Bytes& out, Nibbles path, const NodeRef& child);
/// `children` points at 16 references (empty ones for absent children); an empty `value` means
/// the branch holds none.
void encode_branch(Bytes& out, std::span<const NodeRef* const, 16> children, ByteSpan value);

// ---- Decoding ---------------------------------------------------------------------------------

enum class NodeKind : std::uint8_t { leaf, extension, branch };

/// A hex-prefix path inside a decoded node (a view; no copy).
struct CompactPath {
  ByteSpan bytes;  ///< the HP-encoded bytes, flag nibble included (never empty once decoded)
  /// Number of nibbles of the path (the flag nibble and an even path's padding excluded).
  std::size_t size() const noexcept { return bytes.size() * 2 - ((bytes[0] & 0x10) != 0 ? 1 : 2); }
  /// Nibble `index` (< size()) of the path.
  std::uint8_t operator[](std::size_t index) const noexcept {
    return key_nibble(bytes, index + ((bytes[0] & 0x10) != 0 ? 1 : 2));
  }
};

/// A node decoded from RLP. Child references are views of the child items' encodings: the empty
/// string 0x80, a 32-byte hash string (0xa0 ‖ hash), or an inline node (a list under 32 bytes).
struct DecodedNode {
  NodeKind kind = NodeKind::leaf;
  CompactPath path;                     ///< leaf and extension
  ByteSpan value;                       ///< leaf value, or branch value (empty: none)
  std::array<ByteSpan, 16> children{};  ///< branch
  ByteSpan child;                       ///< extension
};

/// Decodes one node strictly: canonical RLP, a valid HP flag and padding, a non-empty leaf value
/// and extension path, valid child references, no trailing bytes. Errors: malformed_input.
Result<DecodedNode> decode_node(ByteSpan encoding);

/// The reference a child item (as found in DecodedNode) stands for.
NodeRef ref_of_child_item(ByteSpan child_item);

}  // namespace merkleforge::mpt
