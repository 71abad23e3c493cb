// RLP against ethereum/tests RLPTests: encode every valid case, round-trip it through the strict
// decoder, reject every invalid case.
#include "merkleforge/mpt/rlp.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;

// "#<decimal>" big integers of the vectors, as minimal big-endian bytes.
Bytes decimal_to_big_endian(const std::string& decimal) {
  Bytes little;  // base-256 digits, least significant first
  for (const char digit : decimal) {
    unsigned carry = static_cast<unsigned>(digit - '0');
    for (auto& byte : little) {
      const unsigned value = byte * 10u + carry;
      byte = static_cast<std::uint8_t>(value & 0xff);
      carry = value >> 8;
    }
    if (carry != 0) little.push_back(static_cast<std::uint8_t>(carry));
  }
  return Bytes(little.rbegin(), little.rend());
}

Bytes encode_json(const json& value) {
  if (value.is_array()) {
    std::vector<Bytes> items;
    for (const auto& element : value) items.push_back(encode_json(element));
    return rlp::encode_list(items);
  }
  if (value.is_number_unsigned()) return rlp::encode_uint(value.get<std::uint64_t>());
  const auto text = value.get<std::string>();
  Bytes out;
  if (!text.empty() && text[0] == '#') {
    rlp::append_big_uint(out, decimal_to_big_endian(text.substr(1)));
  } else {
    rlp::append_string(out, as_bytes(text));
  }
  return out;
}

// Rebuilds an encoding from the decoded tree, with the encoder: equal bytes = a faithful decode.
Bytes reencode(const rlp::Item& item) {
  if (!item.is_list) return rlp::encode_string(item.payload);
  auto items = rlp::list_items(item);
  EXPECT_TRUE(items.ok());
  std::vector<Bytes> encoded;
  for (const auto& child : *items) encoded.push_back(reencode(child));
  return rlp::encode_list(encoded);
}

TEST(Rlp, ValidVectorsEncodeAndRoundTrip) {
  const auto cases = test::load_vectors("rlp/rlptest.json");
  ASSERT_EQ(cases.size(), 28u);
  for (const auto& [name, test_case] : cases.items()) {
    const Bytes expected = test::hex_bytes(test_case["out"].get<std::string>());
    EXPECT_EQ(to_hex(encode_json(test_case["in"])), to_hex(expected)) << name;
    auto decoded = rlp::decode(expected);
    ASSERT_TRUE(decoded.ok()) << name << ": " << decoded.error().message;
    EXPECT_EQ(reencode(*decoded), expected) << name;
  }
}

TEST(Rlp, InvalidVectorsAreRejected) {
  const auto cases = test::load_vectors("rlp/invalidRLPTest.json");
  ASSERT_EQ(cases.size(), 26u);
  for (const auto& [name, test_case] : cases.items()) {
    const Bytes input = test::hex_bytes(test_case["out"].get<std::string>());
    auto decoded = rlp::decode(input);
    ASSERT_FALSE(decoded.ok()) << name;
    EXPECT_EQ(decoded.error().code, Errc::malformed_input) << name;
  }
}

TEST(Rlp, RandomExampleDecodes) {
  const auto test_case = test::load_vectors("rlp/RandomRLPTests_example.json");
  ASSERT_EQ(test_case.size(), 1u);  // the file's single "listsoflists2" case
  for (const auto& [name, entry] : test_case.items()) {
    EXPECT_TRUE(rlp::decode(test::hex_bytes(entry["out"].get<std::string>())).ok()) << name;
  }
}

TEST(Rlp, IntegersRejectLeadingZerosAndOverflow) {
  EXPECT_EQ(*rlp::to_uint64(*rlp::decode(test::hex_bytes("88ffffffffffffffff"))),
            0xffffffffffffffffu);
  EXPECT_FALSE(rlp::to_uint64(*rlp::decode(test::hex_bytes("89010000000000000000"))).ok());
  EXPECT_FALSE(rlp::to_uint64(*rlp::decode(test::hex_bytes("820001"))).ok());
  EXPECT_FALSE(rlp::to_uint64(*rlp::decode(test::hex_bytes("00"))).ok());
  EXPECT_FALSE(rlp::to_uint64(*rlp::decode(test::hex_bytes("c0"))).ok());
  EXPECT_EQ(*rlp::to_uint64(*rlp::decode(test::hex_bytes("80"))), 0u);
}

TEST(Rlp, SizesMatchEncodings) {
  for (std::size_t size : {0u, 1u, 55u, 56u, 255u, 256u, 70000u}) {
    const Bytes data(size, 0xab);
    EXPECT_EQ(rlp::string_size(data), rlp::encode_string(data).size()) << size;
    EXPECT_EQ(rlp::list_size(size), [&] {
      Bytes header;
      rlp::append_list_header(header, size);
      return header.size() + size;
    }()) << size;
  }
}

// The decoder must answer every input with a value or an error: random and mutated encodings.
TEST(Rlp, RandomAndMutatedInputsNeverCrash) {
  const auto cases = test::load_vectors("rlp/rlptest.json");
  std::vector<Bytes> seeds;
  for (const auto& [name, test_case] : cases.items())
    seeds.push_back(test::hex_bytes(test_case["out"].get<std::string>()));
  std::mt19937_64 random(12345);
  std::size_t accepted = 0;
  for (int round = 0; round < 20000; ++round) {
    Bytes input = seeds[random() % seeds.size()];
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int e = 0; e < edits && !input.empty(); ++e) {
      switch (random() % 3) {
        case 0:
          input[random() % input.size()] = static_cast<std::uint8_t>(random());
          break;
        case 1:
          input.resize(random() % input.size());
          break;
        default:
          input.insert(input.begin() + static_cast<long>(random() % (input.size() + 1)),
                       static_cast<std::uint8_t>(random()));
      }
    }
    auto decoded = rlp::decode(input);
    if (decoded.ok()) {
      ++accepted;
      EXPECT_EQ(reencode(*decoded), input);  // strict: anything accepted is canonical
    }
  }
  EXPECT_GT(accepted, 0u);
}

}  // namespace
}  // namespace merkleforge
