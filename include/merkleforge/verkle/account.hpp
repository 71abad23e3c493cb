// Ethereum accounts in the Verkle tree, EIP-6800 "basic data" layout: the account header stem
// (tree index 0) holds the basic data at suffix 0, the code hash at suffix 1, storage slots 0..63
// at suffixes 64..127 and code chunks 0..127 at suffixes 128..255; further slots and chunks live
// in stems of their own (tree_key.hpp).
#pragma once

#include <cstdint>
#include <vector>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/trie.hpp"

namespace merkleforge::verkle {

/// The basic-data leaf: version 0 (byte 0), code size (bytes 5..7), nonce (bytes 8..15) and
/// balance (bytes 16..31), all big-endian. Errors: invalid_argument when the balance (32 bytes,
/// big-endian) needs more than 128 bits or the code size more than 24.
Result<Digest32> basic_data(std::uint64_t nonce, const Digest32& balance_be, std::size_t code_size);

/// EIP-6800 chunkify_code: 31 code bytes per chunk (the last zero-padded), each prefixed by the
/// number of its leading bytes that are PUSH data of an earlier instruction (at most 31).
std::vector<Digest32> chunkify_code(ByteSpan code);

/// Writes an account: basic data, keccak256(code) and the code chunks.
/// Errors: those of basic_data().
Status put_account(VerkleTrie& trie, const Address& address, std::uint64_t nonce,
                   const Digest32& balance_be, ByteSpan code);

/// Writes storage slot `slot_be` (a 32-byte big-endian word) of `address`.
void put_storage(VerkleTrie& trie, const Address& address, const Digest32& slot_be,
                 const Digest32& value);

}  // namespace merkleforge::verkle
