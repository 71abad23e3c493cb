// Accounts and genesis allocations in go-ethereum's binary tree (bintrie/account.hpp).
#include "merkleforge/bintrie/account.hpp"

#include <limits>

#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::bintrie {

Result<std::vector<Entry>> account_entries(const Address& address, std::uint64_t nonce,
                                           const Digest32& balance_be, ByteSpan code) {
  if (code.size() > std::numeric_limits<std::uint32_t>::max()) {
    return make_error(Errc::invalid_argument, "code of 2^32 bytes or more");
  }
  std::vector<Entry> out;
  const TreeKey basic = basic_data_key(address);
  out.push_back(
      {basic, basic_data_leaf(nonce, balance_be, static_cast<std::uint32_t>(code.size()))});
  TreeKey code_hash = basic;
  code_hash[31] = kCodeHashLeafKey;
  out.push_back({code_hash, Keccak256::digest(code)});
  const std::vector<Digest32> chunks = chunkify_code(code);
  // Chunks of one group of 256 share a stem: one hash per group.
  TreeKey group_key{};
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    const auto [index, sub_index] = code_chunk_position(i);
    if (i == 0 || sub_index == 0) group_key = tree_key(address, index, 0);
    group_key[31] = sub_index;
    out.push_back({group_key, chunks[i]});
  }
  return out;
}

Entry storage_entry(const Address& address, const Digest32& slot_be, const Digest32& value_be) {
  return {storage_slot_key(address, slot_be), value_be};
}

Result<BinaryTrie<>> genesis_trie(std::span<const mpt::GenesisAccount> alloc) {
  std::vector<Entry> entries;
  for (const mpt::GenesisAccount& account : alloc) {
    auto written = account_entries(account.address, account.nonce, account.balance, account.code);
    if (!written) return written.error();
    entries.insert(entries.end(), written->begin(), written->end());
    for (const auto& [slot, value] : account.storage) {
      entries.push_back(storage_entry(account.address, slot, value));
    }
  }
  BinaryTrie<> trie;
  trie.insert_batch(entries);
  return trie;
}

}  // namespace merkleforge::bintrie
