// EthereumState: a state trie with its storage tries — genesis allocations, state roots and
// EIP-1186 (eth_getProof) account proofs.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "merkleforge/mpt/account.hpp"

namespace merkleforge::mpt {

/// One account of a genesis allocation.
struct GenesisAccount {
  Address address{};
  std::uint64_t nonce = 0;
  Uint256 balance{};
  Bytes code;
  std::vector<std::pair<Uint256, Uint256>> storage;  ///< slot -> value (zero values are skipped)
};

/// Parses a geth-style genesis file ({"alloc": {...}, ...}) or a bare alloc map
/// ({address: {balance | wei, nonce?, code?, storage?}}). Addresses with or without 0x; numbers
/// as 0x-hex or decimal strings (or JSON integers); storage slots and values as hex of up to 32
/// bytes. Errors: malformed_input with the offending field.
Result<std::vector<GenesisAccount>> parse_genesis_alloc(std::string_view json);

/// Parses a 256-bit unsigned quantity: "0x…" hex or decimal. Errors: malformed_input.
Result<Uint256> parse_uint256(std::string_view text);

struct StorageProof {
  Uint256 key{};
  Uint256 value{};  ///< zero when the slot is absent
  std::vector<Bytes> proof;
};

struct AccountProof {
  Address address{};
  std::optional<Account> account;  ///< std::nullopt when the account does not exist
  std::vector<Bytes> account_proof;
  std::vector<StorageProof> storage_proofs;
};

class EthereumState {
 public:
  /// Sets an account with its code and storage, replacing any previous one.
  void set_account(const GenesisAccount& account);
  /// The account at `address`, std::nullopt if none.
  std::optional<Account> account(const Address& address) const;
  /// The state root (the account trie's root hash; hashes pending changes first).
  Digest32 state_root() { return accounts_.root_hash(); }
  /// The EIP-1186 proof of an account and storage slots.
  AccountProof get_proof(const Address& address, std::span<const Uint256> slots);

  /// The account trie itself (keyed by keccak256(address)).
  SecureTrie& account_trie() noexcept { return accounts_; }

 private:
  SecureTrie accounts_;
  std::map<Address, SecureTrie> storage_;  // only accounts that have storage
};

/// The state root of a genesis allocation.
Digest32 genesis_state_root(std::span<const GenesisAccount> alloc);

/// An eth_getProof "result" object: {address, accountProof, balance, codeHash, nonce,
/// storageHash, storageProof[{key, value, proof}]}, quantities as minimal 0x-hex.
std::string eth_get_proof_json(const AccountProof& proof);

}  // namespace merkleforge::mpt
