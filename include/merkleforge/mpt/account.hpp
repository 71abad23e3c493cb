// Ethereum accounts and storage slots as trie values, and the secure (key-hashing) trie.
//
//   state trie:   keccak256(address)  -> RLP([nonce, balance, storage_root, code_hash])
//   storage trie: keccak256(slot[32]) -> RLP(value without leading zero bytes); zero = no entry
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/trie.hpp"

namespace merkleforge::mpt {

/// keccak256 of empty code.
inline constexpr Digest32 kEmptyCodeHash = {
    0xc5, 0xd2, 0x46, 0x01, 0x86, 0xf7, 0x23, 0x3c, 0x92, 0x7e, 0x7d, 0xb2, 0xdc, 0xc7, 0x03, 0xc0,
    0xe5, 0x00, 0xb6, 0x53, 0xca, 0x82, 0x27, 0x3b, 0x7b, 0xfa, 0xd8, 0x04, 0x5d, 0x85, 0xa4, 0x70};

using Address = std::array<std::uint8_t, 20>;
using Uint256 = std::array<std::uint8_t, 32>;  ///< big-endian

struct Account {
  std::uint64_t nonce = 0;
  Uint256 balance{};
  Digest32 storage_root = kEmptyTrieRoot;
  Digest32 code_hash = kEmptyCodeHash;

  friend bool operator==(const Account&, const Account&) = default;
};

/// RLP([nonce, balance, storage_root, code_hash]).
Bytes encode_account(const Account& account);
/// Errors: malformed_input unless `encoding` is exactly such a list with canonical integers.
Result<Account> decode_account(ByteSpan encoding);

/// The storage-trie value of a slot: RLP of the value without leading zeros; empty for zero
/// (writing it erases the slot).
Bytes encode_storage_value(ByteSpan big_endian);
/// The 32-byte big-endian slot value of a storage-trie value. Errors: malformed_input.
Result<Uint256> decode_storage_value(ByteSpan encoding);

/// A trie keyed by keccak256(key): the state and storage tries of Ethereum.
class SecureTrie {
 public:
  /// MerklePatriciaTrie::put under keccak256(key) (same errors).
  Status put(ByteSpan key, ByteSpan value) { return trie_.put(hashed(key), value); }
  /// MerklePatriciaTrie::erase under keccak256(key) (same errors).
  Status erase(ByteSpan key) { return trie_.erase(hashed(key)); }
  /// MerklePatriciaTrie::get under keccak256(key) (same errors).
  Result<std::optional<ByteSpan>> get(ByteSpan key) const { return trie_.get(hashed(key)); }
  /// MerklePatriciaTrie::prove of keccak256(key) (same errors).
  Result<std::vector<Bytes>> prove(ByteSpan key) { return trie_.prove(hashed(key)); }
  /// The root hash (hashes pending changes first).
  Digest32 root_hash() { return trie_.root_hash(); }

  /// The underlying trie, keyed by the hashed keys.
  MerklePatriciaTrie& raw() noexcept { return trie_; }
  const MerklePatriciaTrie& raw() const noexcept { return trie_; }

  /// The key under which `key` is stored: keccak256(key).
  static Digest32 hashed(ByteSpan key) { return Keccak256::digest(key); }

 private:
  MerklePatriciaTrie trie_;
};

}  // namespace merkleforge::mpt
