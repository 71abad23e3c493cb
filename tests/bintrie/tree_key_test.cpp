// Tree keys, basic-data leaves and code chunks against tests/vectors/bintrie/bintrie_vectors.json
// (derived from go-ethereum's rules), and the key formula against OpenSSL SHA-256.
#include "merkleforge/bintrie/tree_key.hpp"

#include <gtest/gtest.h>

#include "bintrie/bintrie_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/blake3.hpp"
#include "merkleforge/mpt/state.hpp"

namespace merkleforge::bintrie {
namespace {

using test::address_hex;
using test::digest_hex;
using test::vectors;

TreeIndex index_of(const nlohmann::json& decimal) {
  return mpt::parse_uint256(decimal.get<std::string>()).value();
}

TEST(BintrieTreeKey, DerivedKeyVectors) {
  std::size_t checked = 0;
  for (const auto& v : vectors().at("derived_keys")) {
    const Address address = address_hex(v.at("address"));
    const TreeKey expected = digest_hex(v.at("key"));
    const TreeIndex index = index_of(v.at("tree_index"));
    const auto sub = v.at("sub_index").get<std::uint8_t>();
    const std::string kind = v.at("kind");
    SCOPED_TRACE(kind + " " + v.dump());
    // Every key also equals the formula, through OpenSSL.
    std::array<std::uint8_t, 64> message{};
    std::copy(address.begin(), address.end(), message.begin() + 12);
    std::copy(index.begin(), index.end(), message.begin() + 32);
    TreeKey formula = test::openssl_sha256(message);
    formula[31] = sub;
    EXPECT_EQ(to_hex(formula), to_hex(expected));
    EXPECT_EQ(to_hex(tree_key(address, index, sub)), to_hex(expected));
    if (kind == "basic_data") {
      EXPECT_EQ(to_hex(basic_data_key(address)), to_hex(expected));
    } else if (kind == "storage_slot") {
      const Digest32 slot = digest_hex(v.at("slot"));
      const auto [slot_index, slot_sub] = storage_slot_position(slot);
      EXPECT_EQ(to_hex(slot_index), to_hex(index));
      EXPECT_EQ(slot_sub, sub);
      EXPECT_EQ(to_hex(storage_slot_key(address, slot)), to_hex(expected));
    } else if (kind == "code_chunk") {
      const auto chunk = v.at("chunk_id").get<std::uint64_t>();
      const auto [chunk_index, chunk_sub] = code_chunk_position(chunk);
      EXPECT_EQ(to_hex(chunk_index), to_hex(index));
      EXPECT_EQ(chunk_sub, sub);
      EXPECT_EQ(to_hex(code_chunk_key(address, chunk)), to_hex(expected));
    } else {
      EXPECT_EQ(kind, "tree_key");
    }
    ++checked;
  }
  EXPECT_EQ(checked, 39u);
}

TEST(BintrieTreeKey, CodeHashKeyIsSubIndexOne) {
  const Address address = address_hex("d0f875fa2fc978285f74d7daf63d7c7ff5ec2155");
  TreeKey expected = basic_data_key(address);
  expected[31] = 1;
  EXPECT_EQ(code_hash_key(address), expected);
}

TEST(BintrieTreeKey, CodeChunkPositionCarriesPast64Bits) {
  // 128 + (2^64 - 1) = 2^64 + 127: tree index 2^56, sub-index 127.
  const auto [index, sub] = code_chunk_position(~std::uint64_t{0});
  TreeIndex expected{};
  expected[24] = 1;
  EXPECT_EQ(to_hex(index), to_hex(expected));
  EXPECT_EQ(sub, 127);
}

TEST(BintrieTreeKey, EipTextVariantHashesTheIndexLittleEndianWithBlake3) {
  const Address address = address_hex("1234567890abcdef1234567890abcdef12345678");
  TreeIndex index{};
  index[31] = 5;  // 5, big-endian
  index[0] = 0x80;
  std::array<std::uint8_t, 64> message{};
  std::copy(address.begin(), address.end(), message.begin() + 12);
  message[32] = 5;  // little-endian: least significant byte first
  message[63] = 0x80;
  TreeKey expected = Blake3::digest(message);
  expected[31] = 9;
  EXPECT_EQ(to_hex(tree_key<Blake3, IndexOrder::little_endian>(address, index, 9)),
            to_hex(expected));
  const TreeKey big_endian = tree_key<Blake3>(address, index, 9);
  EXPECT_NE(to_hex(big_endian), to_hex(expected));
}

TEST(BintrieBasicData, DerivedVectors) {
  for (const auto& v : vectors().at("derived_basic_data")) {
    SCOPED_TRACE(v.dump());
    const auto nonce = std::stoull(v.at("nonce").get<std::string>());
    const Digest32 balance = index_of(v.at("balance"));
    const auto code_size = v.at("code_size").get<std::uint32_t>();
    EXPECT_EQ(to_hex(basic_data_leaf(nonce, balance, code_size)), v.at("leaf").get<std::string>());
  }
}

TEST(BintrieBasicData, BalanceOverSixteenBytesTruncatedAsGeth) {
  // Minimal form of 2^136 + 0x0102 is 18 bytes: 01 00 .. 01 02; geth keeps its last 2 bytes.
  Digest32 balance{};
  balance[14] = 1;
  balance[30] = 1;
  balance[31] = 2;
  const Digest32 leaf = basic_data_leaf(0, balance, 0);
  Digest32 expected{};
  expected[30] = 1;
  expected[31] = 2;
  EXPECT_EQ(to_hex(leaf), to_hex(expected));
}

TEST(BintrieChunkify, DerivedVectors) {
  for (const auto& v : vectors().at("derived_chunkify")) {
    SCOPED_TRACE(v.at("name").get<std::string>());
    const Bytes code = merkleforge::test::hex_bytes(v.at("code"));
    const auto chunks = chunkify_code(code);
    ASSERT_EQ(chunks.size(), v.at("chunks").size());
    for (std::size_t i = 0; i < chunks.size(); ++i) {
      EXPECT_EQ(to_hex(chunks[i]), v.at("chunks")[i].get<std::string>()) << "chunk " << i;
    }
  }
}

TEST(BintrieChunkify, PushDataCoveringAWholeChunk) {
  // PUSH32 as the last byte of chunk 0: its 32 data bytes fill chunk 1 (prefix 31) and one byte
  // of chunk 2 (prefix 1).
  Bytes code(31, 0x00);
  code[30] = 0x7f;
  code.insert(code.end(), 32, 0xaa);
  code.push_back(0x00);
  const auto chunks = chunkify_code(code);
  ASSERT_EQ(chunks.size(), 3u);
  EXPECT_EQ(chunks[0][0], 0);
  EXPECT_EQ(chunks[1][0], 31);
  EXPECT_EQ(chunks[2][0], 1);
  EXPECT_EQ(chunks[2][1], 0xaa);
  EXPECT_EQ(chunks[2][2], 0x00);
}

}  // namespace
}  // namespace merkleforge::bintrie
