// How SparseMerkleTree lays its committed versions out in a NodeStore (docs/sparse-tree.md).
//
//   "Sn" ‖ kind ('i' interior, 'l' leaf) ‖ version u32 BE ‖ id u32 BE  ->  node record
//   "Sr" ‖ version u64 BE                                           ->  root record
// A node is written once, by the commit of the version that created it, and never changed; the id
// is unique among the nodes of that version. Records:
//   leaf      'L' ‖ key_hash[32] ‖ value
//   interior  'I' ‖ child ‖ child         (left, right)
//   root      child
//   child     kind u8 (0 empty, 'i', 'l') ‖ version u32 BE ‖ id u32 BE ‖ hash[32]
// Readers re-hash every node they load and compare with the hash its parent recorded, so damaged
// or substituted records are reported as corrupt_data.
// Internal to the sparse tree (src/sparse), not installed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::sparse_detail {

enum class StoredKind : std::uint8_t { empty = 0, interior = 'i', leaf = 'l' };

/// A reference to a stored node with the hash its parent expects.
struct StoredChild {
  StoredKind kind = StoredKind::empty;
  std::uint32_t version = 0;
  std::uint32_t id = 0;
  Digest32 hash{};
};

Bytes stored_node_key(StoredKind kind, std::uint32_t version, std::uint32_t id);
Bytes stored_root_key(std::uint64_t version);
/// The prefix of every root record key (for scans).
Bytes stored_root_prefix();

void append_child(Bytes& out, const StoredChild& child);
Bytes encode_stored_leaf(const Digest32& key_hash, ByteSpan value);

/// Decoders; errors: corrupt_data naming what is wrong.
Result<StoredChild> decode_stored_root(ByteSpan record);
Result<std::uint64_t> decode_root_key(ByteSpan key);
struct StoredLeaf {
  Digest32 key_hash;
  ByteSpan value;  // views the record
};
Result<StoredLeaf> decode_stored_leaf(ByteSpan record);
Result<std::array<StoredChild, 2>> decode_stored_interior(ByteSpan record);

}  // namespace merkleforge::sparse_detail
