// EIP-6800 tree keys: where an account's fields, storage slots and code chunks live in the
// Verkle tree. key = pedersen_hash(address32 ‖ LE32(tree_index))[0:31] ‖ sub_index.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/montgomery.hpp"

namespace merkleforge::verkle {

/// A 20-byte Ethereum address.
using Address = std::array<std::uint8_t, 20>;
/// 12 zero bytes ‖ address (the form hashed into tree keys).
using Address32 = std::array<std::uint8_t, 32>;
/// A 32-byte tree key: 31-byte stem ‖ 1-byte suffix.
using TreeKey = std::array<std::uint8_t, 32>;
/// A 256-bit tree index as little-endian 64-bit limbs.
using TreeIndex = detail::Limbs;

/// EIP-6800 layout constants.
inline constexpr std::uint8_t kBasicDataLeafKey = 0;
inline constexpr std::uint8_t kCodeHashLeafKey = 1;
inline constexpr std::uint64_t kHeaderStorageOffset = 64;
inline constexpr std::uint64_t kCodeOffset = 128;
inline constexpr std::uint64_t kVerkleNodeWidth = 256;

/// The 20-byte address left-padded with zeros to 32 bytes (EIP-6800). Never fails.
Address32 to_address32(const Address& address);

/// The Verkle pedersen_hash of up to 4080 bytes: map_to_scalar(Σ ints[i]·CRS[i]) as 32 bytes LE,
/// with ints = [2 + 256·len] ‖ the input's 16-byte little-endian chunks.
/// Errors: invalid_argument when the input is longer than 4080 bytes (more than 256 terms).
Result<Digest32> pedersen_hash(ByteSpan input);

/// get_tree_key(address32, tree_index, sub_index).
TreeKey get_tree_key(const Address32& address, const TreeIndex& tree_index, std::uint8_t sub_index);

/// Bytes held by the tables get_tree_key uses besides those of pedersen.hpp (16-bit windows over
/// CRS[1..4], shared with the trie's leaf commitments: 150 MiB), built by its first call or by
/// this one.
std::size_t tree_key_table_bytes();

/// Account header keys (tree index 0): basic data (suffix 0) and code hash (suffix 1).
TreeKey basic_data_key(const Address32& address);
TreeKey code_hash_key(const Address32& address);

/// Key of storage slot `slot` (32-byte big-endian word): position 64 + slot for slot < 64 (in the
/// account header), else 2^248 + slot, computed exactly; key = (position / 256, position % 256).
TreeKey storage_slot_key(const Address32& address, const Digest32& slot_be);

/// Key of code chunk `chunk_id` (31-byte chunks): position 128 + chunk_id.
TreeKey code_chunk_key(const Address32& address, std::uint64_t chunk_id);

}  // namespace merkleforge::verkle
