// Tree keys of Ethereum's binary state tree (EIP-7864) as go-ethereum's trie/bintrie derives them:
//   key = H(12 zero bytes ‖ address ‖ tree_index as 32 bytes)[0:31] ‖ sub_index
// with H = SHA-256 and tree_index big-endian (geth); the EIP text uses BLAKE3 and a little-endian
// tree_index, selectable through the template parameters. Where the fields of an account live:
//   basic data   (0, 0)           code hash (0, 1)
//   storage slot s < 64           (0, 64 + s)            (the account header)
//   storage slot s ≥ 64           ((2^248 + s) / 256, s % 256), exact: the carry out of byte 0
//                                 of s becomes bit 248 of the tree index
//   code chunk c                  ((128 + c) / 256, (128 + c) % 256)
// docs/bintrie.md lists where geth and the EIP text differ.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::bintrie {

/// A 20-byte Ethereum address.
using Address = std::array<std::uint8_t, 20>;
/// A 32-byte tree key: 31-byte stem ‖ 1-byte sub-index (suffix).
using TreeKey = std::array<std::uint8_t, 32>;
/// The first 31 bytes of a tree key: the stem shared by its 256 slots.
using Stem = std::array<std::uint8_t, 31>;
/// A 256-bit tree index, big-endian.
using TreeIndex = std::array<std::uint8_t, 32>;

inline constexpr std::uint8_t kBasicDataLeafKey = 0;
inline constexpr std::uint8_t kCodeHashLeafKey = 1;
inline constexpr unsigned kHeaderStorageOffset = 64;
inline constexpr unsigned kCodeOffset = 128;
inline constexpr std::size_t kStemWidth = 256;
inline constexpr std::size_t kCodeChunkSize = 31;  ///< code bytes per 32-byte chunk

/// How the tree index is laid out in the hashed message: big-endian as geth, little-endian as the
/// EIP text.
enum class IndexOrder { big_endian, little_endian };

/// H(12 zero bytes ‖ address ‖ tree_index in `Order`)[0:31] ‖ sub_index. Instantiated for
/// Sha256 and Blake3 with both orders.
template <class H = Sha256, IndexOrder Order = IndexOrder::big_endian>
TreeKey tree_key(const Address& address, const TreeIndex& tree_index, std::uint8_t sub_index);

/// Key of the basic-data leaf (tree index 0, sub-index 0).
template <class H = Sha256, IndexOrder Order = IndexOrder::big_endian>
TreeKey basic_data_key(const Address& address);

/// Key of the code-hash leaf (tree index 0, sub-index 1).
template <class H = Sha256, IndexOrder Order = IndexOrder::big_endian>
TreeKey code_hash_key(const Address& address);

/// The (tree index, sub-index) of storage slot `slot_be` (32-byte big-endian), see the table
/// above.
std::pair<TreeIndex, std::uint8_t> storage_slot_position(const Digest32& slot_be);

/// Key of storage slot `slot_be`.
template <class H = Sha256, IndexOrder Order = IndexOrder::big_endian>
TreeKey storage_slot_key(const Address& address, const Digest32& slot_be);

/// The (tree index, sub-index) of code chunk `chunk_id`: position 128 + chunk_id, exactly (no
/// 64-bit overflow).
std::pair<TreeIndex, std::uint8_t> code_chunk_position(std::uint64_t chunk_id);

/// Key of code chunk `chunk_id`.
template <class H = Sha256, IndexOrder Order = IndexOrder::big_endian>
TreeKey code_chunk_key(const Address& address, std::uint64_t chunk_id);

/// The basic-data leaf as geth writes it: code size as a 32-bit big-endian word in bytes 4..7
/// (the EIP: 3 bytes at 5..7, byte 0 the version, 0), nonce big-endian in bytes 8..15, balance in
/// bytes 16..31. A balance of more than 16 significant bytes is truncated as geth does: of its
/// minimal big-endian form b (L > 16 bytes), b[16:] is written right-aligned.
Digest32 basic_data_leaf(std::uint64_t nonce, const Digest32& balance_be, std::uint32_t code_size);

/// EVM code as 32-byte chunks: byte 0 = how many leading bytes of the chunk are push data of an
/// instruction from an earlier chunk (31 when it covers the whole chunk), bytes 1..31 = the next
/// 31 code bytes (zero-padded at the end of the code). Empty code has no chunks.
std::vector<Digest32> chunkify_code(ByteSpan code);

}  // namespace merkleforge::bintrie
