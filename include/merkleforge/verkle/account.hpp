// Ethereum accounts in the Verkle tree, EIP-6800 "basic data" layout: the account header stem
// (tree index 0) holds the basic data at suffix 0, the code hash at suffix 1, storage slots 0..63
// at suffixes 64..127 and code chunks 0..127 at suffixes 128..255; further slots and chunks live
// in stems of their own (tree_key.hpp).
#pragma once

#include <cstdint>
#include <span>
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

/// Writes an account: basic data, keccak256(code) and the code chunks, queued with
/// VerkleTrie::insert_deferred (their tree keys are derived with those of the other queued writes,
/// before the trie's next read or write). Errors: those of basic_data(), checked at once (then
/// nothing is written).
Status put_account(VerkleTrie& trie, const Address& address, std::uint64_t nonce,
                   const Digest32& balance_be, ByteSpan code);

/// The arguments of one put_account call (`code` must outlive the put_accounts call).
struct AccountWrite {
  Address address{};
  std::uint64_t nonce = 0;
  Digest32 balance_be{};
  ByteSpan code;
};

/// put_account for every account, in order, with the tree keys of all of them derived together
/// (tree_key_batch.hpp: one field inversion per block of keys, on several threads). Errors: those
/// of basic_data() for the first account that has one; then nothing is written.
Status put_accounts(VerkleTrie& trie, std::span<const AccountWrite> accounts);

/// Writes storage slot `slot_be` (a 32-byte big-endian word) of `address`.
void put_storage(VerkleTrie& trie, const Address& address, const Digest32& slot_be,
                 const Digest32& value);

}  // namespace merkleforge::verkle
