// Accounts in go-ethereum's binary tree (SHA-256 keys, trie/bintrie's UpdateAccount,
// UpdateContractCode and UpdateStorage) and the state root of a genesis allocation.
#pragma once

#include <span>
#include <vector>

#include "merkleforge/bintrie/trie.hpp"
#include "merkleforge/mpt/state.hpp"

namespace merkleforge::bintrie {

/// The entries geth writes for an account: basic data (basic_data_leaf with code size
/// code.size()), code hash keccak256(code), and the code's chunks (chunkify_code) at
/// code_chunk_key(address, i). Errors: invalid_argument when the code is 2^32 bytes or longer
/// (geth's 32-bit code-size word).
Result<std::vector<Entry>> account_entries(const Address& address, std::uint64_t nonce,
                                           const Digest32& balance_be, ByteSpan code);

/// The entries of storage slot `slot_be` holding `value_be` (both 32-byte big-endian).
Entry storage_entry(const Address& address, const Digest32& slot_be, const Digest32& value_be);

/// The tree of a genesis allocation: every account with its code and storage.
/// Errors: those of account_entries.
Result<BinaryTrie<>> genesis_trie(std::span<const mpt::GenesisAccount> alloc);

}  // namespace merkleforge::bintrie
