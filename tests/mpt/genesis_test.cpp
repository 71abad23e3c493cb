// State roots of real genesis allocations (mainnet, Sepolia, Holesky; ethereum/tests
// GenesisTests) and the account/storage value encodings.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/mpt/rlp.hpp"
#include "merkleforge/mpt/state.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string root_of_file(const std::string& relative) {
  auto alloc = mpt::parse_genesis_alloc(read_text(test::vectors_dir() / relative));
  EXPECT_TRUE(alloc.ok()) << relative << ": " << (alloc ? "" : alloc.error().message);
  if (!alloc) return {};
  return "0x" + to_hex(mpt::genesis_state_root(*alloc));
}

TEST(Genesis, NetworkStateRoots) {
  const auto roots = test::load_vectors("mpt/genesis/roots.json");
  ASSERT_EQ(roots["networks"].size(), 3u);  // mainnet, sepolia, holesky
  for (const auto& [network, info] : roots["networks"].items()) {
    const auto file = "mpt/genesis/" + info["alloc_file"].get<std::string>();
    auto alloc = mpt::parse_genesis_alloc(read_text(test::vectors_dir() / file));
    ASSERT_TRUE(alloc.ok()) << network;
    EXPECT_EQ(alloc->size(), info["accounts"].get<std::size_t>()) << network;
    EXPECT_EQ("0x" + to_hex(mpt::genesis_state_root(*alloc)), info["state_root"].get<std::string>())
        << network;
  }
}

TEST(Genesis, MainnetMatchesGenesisHashesTest) {
  const auto expected = test::load_vectors("mpt/genesis/genesishashestest.json");
  EXPECT_EQ(root_of_file("mpt/genesis/mainnet_alloc.json"),
            "0x" + to_hex(test::hex_bytes(expected["genesis_state_root"].get<std::string>())));
}

// The header's stateRoot (field 3 of the block's first item) is the expected root.
TEST(Genesis, BasicGenesisTests) {
  const auto cases = test::load_vectors("mpt/genesis/basic_genesis_tests.json");
  ASSERT_EQ(cases.size(), 3u);
  for (const auto& [name, test_case] : cases.items()) {
    const Bytes block = test::hex_bytes(test_case["result"].get<std::string>());
    auto decoded = rlp::decode(block);
    ASSERT_TRUE(decoded.ok()) << name;
    auto header = rlp::list_items((*rlp::list_items(*decoded))[0]);
    ASSERT_TRUE(header.ok()) << name;
    const ByteSpan state_root = (*header)[3].payload;
    auto alloc = mpt::parse_genesis_alloc(test_case.dump());
    ASSERT_TRUE(alloc.ok()) << name << ": " << alloc.error().message;
    EXPECT_EQ(to_hex(mpt::genesis_state_root(*alloc)), to_hex(state_root)) << name;
  }
}

TEST(Genesis, RethProofGenesisRoot) {
  const auto vectors = test::load_vectors("mpt/reth/reth_proof_vectors.json");
  EXPECT_EQ(root_of_file("mpt/reth/proof-genesis.json"),
            vectors["accounts"][0]["state_root"].get<std::string>());
}

TEST(Genesis, BadInputIsAnError) {
  for (const char* text :
       {"", "[1]", "{\"zz\": {}}", "{\"0x00\": {\"balance\": \"1\"}}",
        "{\"0x0000000000000000000000000000000000000001\": {\"balance\": \"12a\"}}",
        "{\"0x0000000000000000000000000000000000000001\": {\"balance\": \"0x1"
        "0000000000000000000000000000000000000000000000000000000000000000\"}}",
        "{\"0x0000000000000000000000000000000000000001\": {\"storage\": {\"0x01\": 5}}}"}) {
    auto alloc = mpt::parse_genesis_alloc(text);
    ASSERT_FALSE(alloc.ok()) << text;
    EXPECT_EQ(alloc.error().code, Errc::malformed_input) << text;
  }
}

TEST(Genesis, AccountEncodingRoundTrips) {
  mpt::Account account;
  account.nonce = 7;
  account.balance[31] = 1;
  const Bytes encoded = mpt::encode_account(account);
  auto decoded = mpt::decode_account(encoded);
  ASSERT_TRUE(decoded.ok());
  EXPECT_EQ(*decoded, account);
  EXPECT_FALSE(mpt::decode_account(test::hex_bytes("c20102")).ok());
  EXPECT_EQ(to_hex(mpt::encode_storage_value(test::hex_bytes("0000000007"))), "07");
  EXPECT_TRUE(mpt::encode_storage_value(test::hex_bytes("0000")).empty());
}

}  // namespace
}  // namespace merkleforge
