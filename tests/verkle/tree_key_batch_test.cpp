// Batched tree keys: the published EIP-6800 keys of tests/vectors/verkle/tree_keys.json, and the
// keys of the one-by-one get_tree_key (itself checked against those vectors) for batches that span
// several blocks.
#include "merkleforge/verkle/tree_key_batch.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

Address32 address32_from_hex(const std::string& hex) {
  const Bytes bytes = test::hex_bytes(hex);
  Address32 out{};
  EXPECT_TRUE(bytes.size() == 20 || bytes.size() == 32) << hex;
  std::copy(bytes.begin(), bytes.end(), out.end() - static_cast<std::ptrdiff_t>(bytes.size()));
  return out;
}

TreeIndex index_from_le_hex(const std::string& hex) {
  const Bytes le = test::hex_bytes(hex);
  TreeIndex index{};
  for (std::size_t i = 0; i < le.size(); ++i) index[i / 8] |= std::uint64_t{le[i]} << (8 * (i % 8));
  return index;
}

TEST(VerkleTreeKeyBatch, PublishedKeysInOneBatch) {
  const nlohmann::json vectors = test::load_vectors("verkle/tree_keys.json");
  std::vector<TreeKeyRequest> requests;
  std::vector<std::string> expected;  // hex of each key
  for (const auto& entry : vectors.at("published")) {
    if (entry.contains("tree_index_le_bytes_hex")) {
      requests.push_back({address32_from_hex(entry.at("address32_hex")),
                          index_from_le_hex(entry.at("tree_index_le_bytes_hex")),
                          entry.at("sub_index").get<std::uint8_t>()});
      expected.push_back(entry.at("output"));
    } else if (entry.contains("stem")) {
      requests.push_back({address32_from_hex(entry.at("address")),
                          {entry.at("tree_index").get<std::uint64_t>(), 0, 0, 0},
                          entry.at("sub_index").get<std::uint8_t>()});
      expected.push_back(entry.at("stem").get<std::string>() +
                         to_hex(ByteSpan(&requests.back().sub_index, 1)));
    } else if (entry.contains("input_hex")) {
      // A 64-byte pedersen_hash input is address32 ‖ LE32(tree index): its key is the hash with
      // the last byte replaced by the sub index.
      const std::string input = entry.at("input_hex");
      requests.push_back(
          {address32_from_hex(input.substr(0, 64)), index_from_le_hex(input.substr(64)), 0x5c});
      expected.push_back(entry.at("output").get<std::string>().substr(0, 62) + "5c");
    }
  }
  // Derived keys of two accounts: header stem (tree index 0), storage slot 64 (tree index 2^240,
  // sub index 64), code chunk 128 (tree index 1, sub index 0).
  for (const auto& account : vectors.at("derived").at("account_keys")) {
    const Address32 address = address32_from_hex(account.at("address"));
    const TreeIndex slot_64_index = {0, 0, 0, std::uint64_t{1} << 48};
    requests.push_back({address, {}, 0});
    expected.push_back(account.at("basic_data_key"));
    requests.push_back({address, {}, 1});
    expected.push_back(account.at("code_hash_key"));
    requests.push_back({address, {}, 128});
    expected.push_back(account.at("code_chunk_0_key"));
    requests.push_back({address, slot_64_index, 64});
    expected.push_back(account.at("storage_slot_64_key"));
    requests.push_back({address, {1, 0, 0, 0}, 0});
    expected.push_back(account.at("code_chunk_128_key"));
  }
  ASSERT_EQ(requests.size(), 14u);
  const std::vector<TreeKey> keys = get_tree_keys(requests);
  ASSERT_EQ(keys.size(), requests.size());
  for (std::size_t i = 0; i < keys.size(); ++i) EXPECT_EQ(to_hex(keys[i]), expected[i]) << i;
}

TEST(VerkleTreeKeyBatch, EqualsOneByOneAcrossBlocks) {
  // 777 requests: several blocks of uneven size on two threads; random full-width indices.
  std::mt19937_64 rng(2026);
  std::vector<TreeKeyRequest> requests(777);
  for (TreeKeyRequest& request : requests) {
    for (auto& byte : request.address) byte = static_cast<std::uint8_t>(rng());
    for (auto& limb : request.tree_index) limb = rng() % 3 == 0 ? 0 : rng();
    request.sub_index = static_cast<std::uint8_t>(rng());
  }
  const std::vector<TreeKey> keys = get_tree_keys(requests);
  ASSERT_EQ(keys.size(), requests.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const TreeKeyRequest& r = requests[i];
    ASSERT_EQ(keys[i], get_tree_key(r.address, r.tree_index, r.sub_index)) << i;
  }
}

TEST(VerkleTreeKeyBatch, BasicDataKeysAndEmptyBatches) {
  std::mt19937_64 rng(7);
  std::vector<Address32> addresses(300);
  for (auto& address : addresses) {
    Address short_address;
    for (auto& byte : short_address) byte = static_cast<std::uint8_t>(rng());
    address = to_address32(short_address);
  }
  const std::vector<TreeKey> keys = basic_data_keys(addresses);
  ASSERT_EQ(keys.size(), addresses.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    ASSERT_EQ(keys[i], basic_data_key(addresses[i])) << i;
  }
  EXPECT_TRUE(get_tree_keys({}).empty());
  EXPECT_TRUE(basic_data_keys({}).empty());
}

}  // namespace
}  // namespace merkleforge::verkle
