#include "merkleforge/mpt/state.hpp"

namespace merkleforge::mpt {

void EthereumState::set_account(const GenesisAccount& input) {
  Account account;
  account.nonce = input.nonce;
  account.balance = input.balance;
  if (!input.code.empty()) account.code_hash = Keccak256::digest(input.code);
  storage_.erase(input.address);
  if (!input.storage.empty()) {
    SecureTrie& storage = storage_[input.address];
    for (const auto& [slot, value] : input.storage) {
      (void)storage.put(slot, encode_storage_value(value));  // cannot fail: no hash-only nodes
    }
    account.storage_root = storage.root_hash();
  }
  (void)accounts_.put(input.address, encode_account(account));
}

std::optional<Account> EthereumState::account(const Address& address) const {
  auto value = accounts_.get(address);
  if (!value || !value->has_value()) return std::nullopt;
  auto decoded = decode_account(**value);
  if (!decoded) return std::nullopt;  // unreachable: only set_account writes here
  return *decoded;
}

AccountProof EthereumState::get_proof(const Address& address, std::span<const Uint256> slots) {
  AccountProof result;
  result.address = address;
  result.account = account(address);
  result.account_proof = std::move(accounts_.prove(address).value());
  const auto storage = storage_.find(address);
  for (const Uint256& slot : slots) {
    StorageProof& entry = result.storage_proofs.emplace_back();
    entry.key = slot;
    if (storage == storage_.end()) continue;  // empty storage trie: empty proof
    entry.proof = std::move(storage->second.prove(slot).value());
    auto value = storage->second.get(slot);
    if (value && value->has_value()) {
      if (auto decoded = decode_storage_value(**value)) entry.value = *decoded;
    }
  }
  return result;
}

Digest32 genesis_state_root(std::span<const GenesisAccount> alloc) {
  EthereumState state;
  for (const auto& account : alloc) state.set_account(account);
  return state.state_root();
}

}  // namespace merkleforge::mpt
