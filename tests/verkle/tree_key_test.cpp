// Tree keys against rust-verkle's published vectors, the Kaustinen chain stem and the derived
// regression points of tests/vectors/verkle/tree_keys.json.
#include "merkleforge/verkle/tree_key.hpp"

#include <gtest/gtest.h>
#include <openssl/bn.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/crs.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

const nlohmann::json& vectors() {
  static const nlohmann::json json = test::load_vectors("verkle/tree_keys.json");
  return json;
}

Address32 address32_from_hex(const std::string& hex) {
  const Bytes bytes = test::hex_bytes(hex);
  Address32 out{};
  if (bytes.size() == 20) {
    Address address{};
    std::copy(bytes.begin(), bytes.end(), address.begin());
    return to_address32(address);
  }
  EXPECT_EQ(bytes.size(), 32u);
  std::copy(bytes.begin(), bytes.end(), out.begin());
  return out;
}

TEST(VerkleTreeKey, PublishedPedersenHashes) {
  int checked = 0;
  for (const auto& entry : vectors().at("published")) {
    if (!entry.contains("input_hex")) continue;
    const auto hash = pedersen_hash(test::hex_bytes(entry.at("input_hex")));
    ASSERT_TRUE(hash.ok());
    EXPECT_EQ(to_hex(*hash), entry.at("output").get<std::string>()) << entry.at("name");
    ++checked;
  }
  EXPECT_EQ(checked, 2);  // 64 zero bytes, 64 bytes of 0x01
}

TEST(VerkleTreeKey, PublishedTreeKey) {
  int checked = 0;
  for (const auto& entry : vectors().at("published")) {
    if (!entry.contains("tree_index_le_bytes_hex")) continue;
    const Bytes index_le = test::hex_bytes(entry.at("tree_index_le_bytes_hex"));
    TreeIndex index{};
    for (std::size_t i = 0; i < 32; ++i)
      index[i / 8] |= std::uint64_t{index_le[i]} << (8 * (i % 8));
    const TreeKey key = get_tree_key(address32_from_hex(entry.at("address32_hex")), index,
                                     entry.at("sub_index").get<std::uint8_t>());
    EXPECT_EQ(to_hex(key), entry.at("output").get<std::string>());
    ++checked;
  }
  EXPECT_EQ(checked, 1);
}

TEST(VerkleTreeKey, KaustinenHistoryContractStem) {
  int checked = 0;
  for (const auto& entry : vectors().at("published")) {
    if (!entry.contains("stem")) continue;
    const TreeKey key = get_tree_key(address32_from_hex(entry.at("address")),
                                     {entry.at("tree_index").get<std::uint64_t>(), 0, 0, 0},
                                     entry.at("sub_index").get<std::uint8_t>());
    EXPECT_EQ(to_hex(ByteSpan(key).first(31)), entry.at("stem").get<std::string>());
    EXPECT_EQ(key[31], entry.at("sub_index").get<std::uint8_t>());
    ++checked;
  }
  EXPECT_EQ(checked, 1);
}

/// A decimal string as 32 little-endian bytes (OpenSSL's parser, not ours).
std::array<std::uint8_t, 32> decimal_to_le32(const std::string& decimal) {
  BIGNUM* value = nullptr;
  std::array<std::uint8_t, 32> out{};
  EXPECT_EQ(BN_dec2bn(&value, decimal.c_str()), static_cast<int>(decimal.size())) << decimal;
  EXPECT_EQ(BN_bn2lebinpad(value, out.data(), 32), 32) << decimal;
  BN_free(value);
  return out;
}

// rust-verkle's pre-February-2024 tree keys (tests/vectors/verkle/legacy): the library has no
// legacy mode, but both rules hash the same point P = 16386·CRS[0] + Σ limb_j·CRS[1 + j] (the
// four 16-byte little-endian limbs of address32 ‖ tree index LE). P, derived here, gives the
// legacy key reverse(compressed(P))[0:31] ‖ 0x01, which checks our CRS and commitments against
// ten more published points; the current key (sub_index 1) must be map_to_scalar(P) LE [0:31] ‖
// 0x01 and must differ from the legacy one.
TEST(VerkleTreeKey, LegacyPedersenHashVectorsShareTheCommittedPoint) {
  const nlohmann::json entries = test::load_vectors("verkle/legacy/pedersen_hash_test.json");
  const std::span<const Element> crs = crs_points();
  int checked = 0;
  for (const auto& entry : entries) {
    if (!entry.contains("treeKey")) continue;  // the file's comment entry
    const Address32 address = address32_from_hex(entry.at("addr"));
    const auto index_le = decimal_to_le32(entry.at("treeIndex").get<std::string>());
    Bytes input(address.begin(), address.end());
    input.insert(input.end(), index_le.begin(), index_le.end());
    Element point = crs[0] * Fr::from_u64(16386);
    for (std::size_t limb = 0; limb < 4; ++limb)
      point += crs[1 + limb] * Fr::from_bytes_le_reduced(ByteSpan(input).subspan(16 * limb, 16));

    const auto compressed = point.to_bytes();
    TreeKey legacy{};
    std::reverse_copy(compressed.end() - 31, compressed.end(), legacy.begin());
    legacy[31] = 0x01;
    const std::string expected = entry.at("treeKey").get<std::string>();
    EXPECT_EQ(to_hex(legacy), expected) << "entry " << checked;

    TreeIndex index{};
    for (std::size_t i = 0; i < 32; ++i)
      index[i / 8] |= std::uint64_t{index_le[i]} << (8 * (i % 8));
    const TreeKey current = get_tree_key(address, index, 1);
    const auto scalar = point.map_to_scalar_field().to_bytes_le();
    EXPECT_EQ(to_hex(ByteSpan(current).first(31)), to_hex(ByteSpan(scalar).first(31)))
        << "entry " << checked;
    EXPECT_EQ(current[31], 1u);
    EXPECT_NE(to_hex(current), expected) << "entry " << checked;
    ++checked;
  }
  EXPECT_EQ(checked, 10);  // pedersen_hash_test.expected.json: entries_checked
}

TEST(VerkleTreeKey, DerivedAccountStorageAndCodeKeys) {
  const auto& accounts = vectors().at("derived").at("account_keys");
  ASSERT_EQ(accounts.size(), 2u);
  for (const auto& account : accounts) {
    const Address32 address = address32_from_hex(account.at("address"));
    Digest32 slot0{}, slot64{};
    slot64[31] = 64;
    EXPECT_EQ(to_hex(basic_data_key(address)), account.at("basic_data_key").get<std::string>());
    EXPECT_EQ(to_hex(code_hash_key(address)), account.at("code_hash_key").get<std::string>());
    EXPECT_EQ(to_hex(storage_slot_key(address, slot0)),
              account.at("storage_slot_0_key").get<std::string>());
    EXPECT_EQ(to_hex(storage_slot_key(address, slot64)),
              account.at("storage_slot_64_key").get<std::string>());
    EXPECT_EQ(to_hex(code_chunk_key(address, 0)),
              account.at("code_chunk_0_key").get<std::string>());
    EXPECT_EQ(to_hex(code_chunk_key(address, 128)),
              account.at("code_chunk_128_key").get<std::string>());
  }
}

TEST(VerkleTreeKey, StorageSlotsStayExactNearTheTop) {
  // slot 2^256 - 1: position 2^248 + slot must not wrap; tree index = (slot >> 8) + 2^240.
  const Address32 address{};
  Digest32 max_slot;
  max_slot.fill(0xff);
  TreeIndex expected_index = {~std::uint64_t{0}, ~std::uint64_t{0}, ~std::uint64_t{0},
                              (~std::uint64_t{0} >> 8) + (std::uint64_t{1} << 48)};
  EXPECT_EQ(storage_slot_key(address, max_slot), get_tree_key(address, expected_index, 0xff));
  // slot 63 is the last one in the header, 64 the first one outside.
  Digest32 slot63{};
  slot63[31] = 63;
  EXPECT_EQ(storage_slot_key(address, slot63), get_tree_key(address, {}, 127));
}

// get_tree_key takes its own path (a precomputed CRS[0] term, 16-bit windows over CRS[1..4]);
// pedersen_hash, checked against the published vectors above, takes the 8-bit commitment tables.
// Chunks at the edges of the signed recoding: all ones (carries past the top window), digits
// 0x8000 and 0x7fff, single bytes, plus random bytes.
TEST(VerkleTreeKey, WideWindowPathAgreesWithPedersenHash) {
  std::vector<std::array<std::uint8_t, 64>> inputs;
  for (const std::uint8_t fill : std::array<std::uint8_t, 5>{0x00, 0xff, 0x80, 0x7f, 0x01}) {
    std::array<std::uint8_t, 64> input{};
    input.fill(fill);
    inputs.push_back(input);
    for (std::size_t chunk = 0; chunk < 4; ++chunk) {
      std::array<std::uint8_t, 64> one_chunk{};
      std::fill_n(one_chunk.begin() + static_cast<std::ptrdiff_t>(16 * chunk), 16, fill);
      one_chunk[16 * chunk + 15] ^= 0x80;
      inputs.push_back(one_chunk);
    }
  }
  std::uint64_t state = 0x9e3779b97f4a7c15;
  for (int i = 0; i < 40; ++i) {
    std::array<std::uint8_t, 64> input{};
    for (auto& byte : input) {
      state = state * 6364136223846793005 + 1442695040888963407;
      byte = static_cast<std::uint8_t>(state >> 56);
    }
    inputs.push_back(input);
  }
  for (const auto& input : inputs) {
    Address32 address{};
    TreeIndex index{};
    std::copy_n(input.begin(), 32, address.begin());
    for (std::size_t i = 0; i < 32; ++i)
      index[i / 8] |= std::uint64_t{input[32 + i]} << (8 * (i % 8));
    const auto hash = pedersen_hash(input);
    ASSERT_TRUE(hash.ok());
    TreeKey expected = hash.value();
    expected[31] = 0x42;
    EXPECT_EQ(to_hex(get_tree_key(address, index, 0x42)), to_hex(expected)) << to_hex(input);
  }
}

TEST(VerkleTreeKey, TablesStayWithinTheMemoryBudget) {
  // 16-bit windows: CRS[1] and CRS[2] over full-width scalars (16 windows), CRS[3] and CRS[4] over
  // 129 bits (9 windows); 2^15 affine points of 96 bytes per window.
  EXPECT_EQ(tree_key_table_bytes(), std::size_t{2 * 16 + 2 * 9} * 32768 * 96);
  EXPECT_LE(tree_key_table_bytes() + fixed_base_table_bytes(), std::size_t{256} << 20);
}

TEST(VerkleTreeKey, OverlongPedersenInputIsRejected) {
  const Bytes at_limit(4080), too_long(4081);
  EXPECT_TRUE(pedersen_hash(at_limit).ok());
  const auto result = pedersen_hash(too_long);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().code, Errc::invalid_argument);
}

}  // namespace
}  // namespace merkleforge::verkle
