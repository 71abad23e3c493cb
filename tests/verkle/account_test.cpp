// Accounts in the Verkle tree: the basic-data leaf, EIP-6800 code chunks, and the devnet6 genesis
// state root (published by rust-verkle; that genesis uses the older account layout, converted
// here by the rules in tests/vectors/verkle/trie_roots.json).
#include "merkleforge/verkle/account.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/state.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

Digest32 little_endian_u64(std::uint64_t value) {
  Digest32 out{};
  for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(value >> (8 * i));
  return out;
}

TEST(VerkleAccount, BasicDataLayout) {
  // The brief's example (version 0, code size 1234, nonce 7, balance 10^18), big-endian fields.
  Digest32 balance{};
  const std::uint64_t wei = 1000000000000000000ull;
  for (int i = 0; i < 8; ++i) balance[31 - i] = static_cast<std::uint8_t>(wei >> (8 * i));
  EXPECT_EQ(to_hex(basic_data(7, balance, 1234).value()),
            "00000000000004d2000000000000000700000000000000000de0b6b3a7640000");
  Digest32 too_rich{};
  too_rich[15] = 1;  // 2^128
  EXPECT_FALSE(basic_data(0, too_rich, 0).ok());
  EXPECT_FALSE(basic_data(0, balance, std::size_t{1} << 24).ok());
}

TEST(VerkleAccount, CodeChunksCountThePushDataTheyStartWith) {
  // 30 STOPs, PUSH32 at offset 30, its 32 data bytes at 31..62: chunk 1 starts inside the data
  // with 32 bytes of it to come (capped at 31), chunk 2 with the last data byte.
  Bytes code(30, 0x00);
  code.push_back(0x7f);
  code.insert(code.end(), 32, 0xaa);
  auto chunks = chunkify_code(code);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0][0], 0);
  EXPECT_TRUE(std::equal(code.begin(), code.begin() + 31, chunks[0].begin() + 1));
  EXPECT_EQ(chunks[1][0], 31);
  EXPECT_EQ(chunks[2][0], 1);
  EXPECT_EQ(chunks[2][1], 0xaa);
  EXPECT_TRUE(std::all_of(chunks[2].begin() + 2, chunks[2].end(), [](auto b) { return b == 0; }));

  // The data of a PUSH cut short by the end of the code still counts (the reference pads first).
  code.resize(36);
  chunks = chunkify_code(code);
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[1][0], 31);

  // PUSH1 at 29 whose data byte (30) looks like PUSH32: data, not an instruction, so chunk 1
  // starts with no PUSH data; then a PUSH2 at 30 whose two data bytes open chunk 1.
  code = Bytes(29, 0x00);
  code.insert(code.end(), {0x60, 0x7f, 0x61, 0x01, 0x02, 0x00});
  EXPECT_EQ(chunkify_code(code).at(1)[0], 0);
  code = Bytes(30, 0x00);
  code.insert(code.end(), {0x61, 0x01, 0x02});
  EXPECT_EQ(chunkify_code(code).at(1)[0], 2);
  EXPECT_TRUE(chunkify_code({}).empty());
}

TEST(VerkleAccount, AccountFieldsLandOnTheirKeys) {
  VerkleTrie trie;
  mpt::Address address{};
  address[19] = 1;
  Digest32 balance{};
  balance[31] = 9;
  const Bytes code = {0x60, 0x01, 0x00};
  ASSERT_TRUE(put_account(trie, address, 3, balance, code).ok());
  const Address32 address32 = to_address32(address);
  EXPECT_EQ(trie.get(basic_data_key(address32)), basic_data(3, balance, 3).value());
  EXPECT_EQ(trie.get(code_hash_key(address32)), Keccak256::digest(code));
  EXPECT_EQ(trie.get(code_chunk_key(address32, 0)), chunkify_code(code)[0]);
  EXPECT_EQ(trie.size(), 3u);
}

// devnet6: the old layout — suffix 0 version (zero), 1 balance LE, 2 nonce LE, 3 code hash,
// 4 code size LE (contracts only); chunks and storage as today.
void put_legacy_account(VerkleTrie& trie, const mpt::GenesisAccount& account) {
  const Address32 address32 = to_address32(account.address);
  TreeKey key = basic_data_key(address32);
  auto put_header = [&](std::uint8_t suffix, const Digest32& value) {
    key[31] = suffix;
    trie.insert(key, value);
  };
  Digest32 balance_le = account.balance;
  std::reverse(balance_le.begin(), balance_le.end());
  put_header(0, Digest32{});
  put_header(1, balance_le);
  put_header(2, little_endian_u64(account.nonce));
  put_header(3, Keccak256::digest(account.code));
  if (!account.code.empty()) {
    put_header(4, little_endian_u64(account.code.size()));
    const auto chunks = chunkify_code(account.code);
    for (std::size_t i = 0; i < chunks.size(); ++i) {
      trie.insert(code_chunk_key(address32, i), chunks[i]);
    }
  }
  for (const auto& [slot, value] : account.storage) {
    trie.insert(storage_slot_key(address32, slot), value);
  }
}

TEST(VerkleAccount, Devnet6GenesisStateRoot) {
  const nlohmann::json roots = test::load_vectors("verkle/trie_roots.json");
  std::ifstream file(test::vectors_dir() / "verkle" / "devnet6_genesis.json");
  std::stringstream text;
  text << file.rdbuf();
  const auto accounts = mpt::parse_genesis_alloc(text.str());
  ASSERT_TRUE(accounts.ok()) << accounts.error().message;
  VerkleTrie trie;
  for (const auto& account : *accounts) put_legacy_account(trie, account);
  EXPECT_EQ(trie.size(), roots["genesis"]["keys"].get<std::size_t>());
  EXPECT_EQ(to_hex(trie.root()), roots["genesis"]["root_commitment"].get<std::string>());
}

// The fields of put_account written one key at a time, each key derived by tree_key.hpp's
// one-key functions (checked against the published vectors in tree_key_test.cpp).
void put_account_by_keys(VerkleTrie& trie, const AccountWrite& account) {
  const Address32 address32 = to_address32(account.address);
  trie.insert(basic_data_key(address32),
              basic_data(account.nonce, account.balance_be, account.code.size()).value());
  trie.insert(code_hash_key(address32), Keccak256::digest(account.code));
  const auto chunks = chunkify_code(account.code);
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    trie.insert(code_chunk_key(address32, i), chunks[i]);
  }
}

TEST(VerkleAccount, PutAccountsEqualsOneKeyAtATime) {
  // Code sizes around the header's 128 chunks (3,968 bytes) and beyond the next stem's 256, so
  // an account spans one, two or three stems.
  std::mt19937_64 rng(99);
  const std::vector<std::size_t> code_sizes = {0, 3, 31, 3968, 3969, 8000, 11905, 0, 100};
  std::vector<Bytes> codes;
  std::vector<AccountWrite> accounts;
  for (std::size_t n = 0; n < 4 * code_sizes.size(); ++n) {
    codes.emplace_back(code_sizes[n % code_sizes.size()]);
    for (auto& byte : codes.back()) byte = static_cast<std::uint8_t>(rng());
  }
  for (std::size_t n = 0; n < codes.size(); ++n) {
    AccountWrite account;
    for (auto& byte : account.address) byte = static_cast<std::uint8_t>(rng());
    account.nonce = rng();
    for (std::size_t i = 16; i < 32; ++i) account.balance_be[i] = static_cast<std::uint8_t>(rng());
    account.code = codes[n];
    accounts.push_back(account);
  }
  VerkleTrie batched, one_by_one, by_keys;
  ASSERT_TRUE(put_accounts(batched, accounts).ok());
  for (const AccountWrite& account : accounts) {
    ASSERT_TRUE(
        put_account(one_by_one, account.address, account.nonce, account.balance_be, account.code)
            .ok());
    put_account_by_keys(by_keys, account);
  }
  EXPECT_EQ(batched.size(), by_keys.size());
  EXPECT_EQ(one_by_one.size(), by_keys.size());
  const Address32 longest = to_address32(accounts[6].address);  // 11905 bytes: 385 chunks
  EXPECT_EQ(batched.get(code_chunk_key(longest, 384)), chunkify_code(accounts[6].code).at(384));
  EXPECT_EQ(to_hex(batched.root()), to_hex(by_keys.root()));
  EXPECT_EQ(to_hex(one_by_one.root()), to_hex(by_keys.root()));
}

// put_account queues its writes (VerkleTrie::insert_deferred): every later call sees them, in
// the order of the calls, as if each had been written at once.
TEST(VerkleAccount, QueuedWritesKeepTheOrderOfCalls) {
  Address address{};
  address[19] = 7;
  const Address32 address32 = to_address32(address);
  Digest32 balance{}, other{};
  balance[31] = 5;
  other[0] = 0xab;
  const Bytes code(100, 0x5b);
  VerkleTrie queued, direct;
  ASSERT_TRUE(put_account(queued, address, 1, balance, code).ok());
  EXPECT_EQ(queued.get(code_hash_key(address32)), Keccak256::digest(code));  // a const read
  ASSERT_TRUE(put_account(queued, address, 2, balance, {}).ok());  // the account again, later
  queued.insert(basic_data_key(address32), other);                 // then a direct write
  const Status invalid = put_account(queued, address, 3, Digest32{0x01}, {});  // 2^248: too big
  EXPECT_FALSE(invalid.ok());
  put_account_by_keys(direct, {address, 1, balance, code});
  put_account_by_keys(direct, {address, 2, balance, {}});
  direct.insert(basic_data_key(address32), other);
  EXPECT_EQ(queued.size(), direct.size());
  EXPECT_EQ(queued.get(basic_data_key(address32)), other);
  EXPECT_EQ(to_hex(queued.root()), to_hex(direct.root()));
}

TEST(VerkleAccount, PutAccountsWritesNothingWhenAnAccountIsInvalid) {
  std::vector<AccountWrite> accounts(3);
  accounts[0].address[19] = 1;
  accounts[1].address[19] = 2;
  accounts[1].balance_be[15] = 1;  // 2^128: over the basic-data balance field
  accounts[2].address[19] = 3;
  VerkleTrie trie;
  const Status status = put_accounts(trie, accounts);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Errc::invalid_argument);
  EXPECT_EQ(trie.size(), 0u);
  EXPECT_TRUE(put_accounts(trie, {}).ok());
  EXPECT_EQ(trie.root(), (std::array<std::uint8_t, 32>{}));
}

}  // namespace
}  // namespace merkleforge::verkle
