// EIP-1186 proofs: generated node by node equal to reth's vectors (geth / cast proof output),
// verified against execution-apis eth_getProof responses, tampering rejected.
#include "merkleforge/mpt/proof.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/mpt/state.hpp"
#include "support/vectors.hpp"

namespace merkleforge {
namespace {

using nlohmann::json;

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<Bytes> nodes_of(const json& list) {
  std::vector<Bytes> nodes;
  for (const auto& node : list) nodes.push_back(test::hex_bytes(node.get<std::string>()));
  return nodes;
}

template <std::size_t N>
std::array<std::uint8_t, N> fixed(const std::string& hex) {
  auto parsed = mpt::parse_uint256(hex);
  std::array<std::uint8_t, N> out{};
  std::copy(parsed->end() - N, parsed->end(), out.begin());
  return out;
}

mpt::EthereumState state_of(const std::string& genesis) {
  std::string file = genesis;
  if (file.rfind("mainnet", 0) == 0)
    file = "mpt/genesis/mainnet_alloc.json";
  else if (file.rfind("holesky", 0) == 0)
    file = "mpt/genesis/holesky_alloc.json";
  else
    file = "mpt/reth/" + genesis;
  mpt::EthereumState state;
  const auto alloc = mpt::parse_genesis_alloc(read_text(test::vectors_dir() / file));
  for (const auto& account : alloc.value()) state.set_account(account);
  return state;
}

TEST(Proof, RethVectorsNodeByNode) {
  const auto vectors = test::load_vectors("mpt/reth/reth_proof_vectors.json");
  // The file's 8 entries (4 testspec accounts, the empty-storage case, mainnet present and absent,
  // the Holesky deposit contract): a truncated file fails here instead of passing with fewer.
  ASSERT_EQ(vectors["accounts"].size(), 8u);
  for (const auto& entry : vectors["accounts"]) {
    const auto name = entry["test"].get<std::string>();
    mpt::EthereumState state = state_of(entry["genesis"].get<std::string>());
    const Digest32 root = *digest_from_hex(entry["state_root"].get<std::string>());
    ASSERT_EQ(state.state_root(), root) << name;
    const auto address = fixed<20>(entry["address"].get<std::string>());
    std::vector<mpt::Uint256> slots;
    for (const auto& key : entry["storage_keys"])
      slots.push_back(fixed<32>(key.get<std::string>()));
    const mpt::AccountProof proof = state.get_proof(address, slots);
    if (entry.contains("account_proof")) {
      EXPECT_EQ(proof.account_proof, nodes_of(entry["account_proof"])) << name;
      auto verified = mpt::verify_proof(root, Keccak256::digest(address), proof.account_proof);
      ASSERT_TRUE(verified.ok()) << name;
      EXPECT_EQ(verified->has_value(), entry["exists"].get<bool>()) << name;
    }
    if (entry.contains("account")) {
      const auto& expected = entry["account"];
      ASSERT_TRUE(proof.account.has_value()) << name;
      EXPECT_EQ(proof.account->nonce,
                std::stoull(expected["nonce"].get<std::string>(), nullptr, 16))
          << name;
      EXPECT_EQ(proof.account->balance, fixed<32>(expected["balance"].get<std::string>())) << name;
      EXPECT_EQ("0x" + to_hex(proof.account->storage_root),
                expected["storage_root"].get<std::string>())
          << name;
      EXPECT_EQ("0x" + to_hex(proof.account->code_hash), expected["code_hash"].get<std::string>())
          << name;
    }
    if (entry.contains("storage_root")) {  // the empty-storage case gives only the storage root
      ASSERT_TRUE(proof.account.has_value()) << name;
      EXPECT_EQ("0x" + to_hex(proof.account->storage_root),
                entry["storage_root"].get<std::string>())
          << name;
    }
    const json* storage = entry.contains("storage_proofs") ? &entry["storage_proofs"]
                          : entry.contains("storage_proofs_eip1186")
                              ? &entry["storage_proofs_eip1186"]
                              : nullptr;
    if (storage != nullptr) {
      ASSERT_TRUE(proof.account.has_value()) << name;
      ASSERT_EQ(proof.storage_proofs.size(), storage->size()) << name;
      ASSERT_EQ(slots.size(), storage->size()) << name;
    }
    for (std::size_t i = 0; storage != nullptr && i < storage->size(); ++i) {
      const json& expected = (*storage)[i];
      const bool has_fields = expected.is_object();
      EXPECT_EQ(proof.storage_proofs[i].proof, nodes_of(has_fields ? expected["proof"] : expected))
          << name << " slot " << i;
      const Digest32 storage_root = proof.account->storage_root;
      auto verified = mpt::verify_proof(storage_root, Keccak256::digest(slots[i]),
                                        proof.storage_proofs[i].proof);
      ASSERT_TRUE(verified.ok()) << name << " slot " << i;
      if (has_fields) {
        EXPECT_EQ(verified->has_value(), expected["exists"].get<bool>()) << name << " slot " << i;
        EXPECT_EQ(proof.storage_proofs[i].value, fixed<32>(expected["value"].get<std::string>()))
            << name;
      } else {
        EXPECT_FALSE(verified->has_value());
      }
    }
  }
}

TEST(Proof, EmptyStateProofIsEmpty) {
  const auto vectors = test::load_vectors("mpt/reth/reth_proof_vectors.json");
  const auto& empty = vectors["empty_state"];
  mpt::EthereumState state;
  const auto proof = state.get_proof(fixed<20>(empty["address"].get<std::string>()), {});
  EXPECT_EQ(proof.account_proof, nodes_of(empty["account_proof_eip1186"]));
  EXPECT_EQ("0x" + to_hex(state.state_root()), empty["state_root"].get<std::string>());
  auto verified =
      mpt::verify_proof(state.state_root(), Keccak256::digest(proof.address), proof.account_proof);
  ASSERT_TRUE(verified.ok());
  EXPECT_FALSE(verified->has_value());
}

struct IoCase {
  json request;
  json result;
};

IoCase read_io(const std::filesystem::path& path) {
  std::istringstream lines(read_text(path));
  IoCase io;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(">> ", 0) == 0) io.request = json::parse(line.substr(3));
    if (line.rfind("<< ", 0) == 0) io.result = json::parse(line.substr(3))["result"];
  }
  return io;
}

// execution-apis responses: verify against the root the first node hashes to; decoded account
// fields equal the response's; storage presence/absence as the response says.
TEST(Proof, ExecutionApisResponsesVerify) {
  std::size_t files = 0;
  for (const auto& folder : {"mpt/eth_getProof", "mpt/eth_getProof/2023-01"}) {
    for (const auto& file : std::filesystem::directory_iterator(test::vectors_dir() / folder)) {
      if (file.path().extension() != ".io") continue;
      const IoCase io = read_io(file.path());
      const auto account_proof = nodes_of(io.result["accountProof"]);
      const Digest32 root = Keccak256::digest(account_proof.at(0));
      const Bytes address = test::hex_bytes(io.result["address"].get<std::string>());
      auto verified = mpt::verify_proof(root, Keccak256::digest(address), account_proof);
      ASSERT_TRUE(verified.ok()) << file.path() << ": " << verified.error().message;
      ASSERT_TRUE(verified->has_value()) << file.path();
      auto account = mpt::decode_account(**verified);
      ASSERT_TRUE(account.ok());
      EXPECT_EQ(account->balance, fixed<32>(io.result["balance"].get<std::string>()))
          << file.path();
      EXPECT_EQ(account->nonce, fixed<32>(io.result["nonce"].get<std::string>())[31])
          << file.path();
      EXPECT_EQ("0x" + to_hex(account->storage_root), io.result["storageHash"].get<std::string>());
      EXPECT_EQ("0x" + to_hex(account->code_hash), io.result["codeHash"].get<std::string>());
      for (const auto& slot : io.result["storageProof"]) {
        const auto key = fixed<32>(slot["key"].get<std::string>());
        auto value = mpt::verify_proof(account->storage_root, Keccak256::digest(key),
                                       nodes_of(slot["proof"]));
        ASSERT_TRUE(value.ok()) << file.path();
        const auto expected = fixed<32>(slot["value"].get<std::string>());
        if (expected == mpt::Uint256{}) {
          EXPECT_FALSE(value->has_value()) << file.path();
        } else {
          ASSERT_TRUE(value->has_value()) << file.path();
          EXPECT_EQ(*mpt::decode_storage_value(**value), expected) << file.path();
        }
      }
      ++files;
    }
  }
  EXPECT_EQ(files, 7u);
}

// Every single change of a real proof must be rejected (or, if the change keeps it a valid
// proof, prove something else — impossible for a node whose hash is checked).
TEST(Proof, TamperedProofsAreRejected) {
  const auto vectors = test::load_vectors("mpt/reth/reth_proof_vectors.json");
  const auto& entry = vectors["accounts"][5];  // mainnet, present, 5 nodes
  const Digest32 root = *digest_from_hex(entry["state_root"].get<std::string>());
  const Digest32 key = Keccak256::digest(test::hex_bytes(entry["address"].get<std::string>()));
  const auto proof = nodes_of(entry["account_proof"]);
  ASSERT_TRUE(mpt::verify_proof(root, key, proof).ok());

  auto missing = proof;
  missing.erase(missing.begin() + 2);
  EXPECT_FALSE(mpt::verify_proof(root, key, missing).ok());
  auto extra = proof;
  extra.push_back(proof[1]);
  EXPECT_FALSE(mpt::verify_proof(root, key, extra).ok());
  auto swapped = proof;
  std::swap(swapped[1], swapped[2]);
  EXPECT_FALSE(mpt::verify_proof(root, key, swapped).ok());
  auto truncated = proof;
  truncated.pop_back();
  EXPECT_FALSE(mpt::verify_proof(root, key, truncated).ok());
  Digest32 wrong_root = root;
  wrong_root[0] ^= 1;
  EXPECT_FALSE(mpt::verify_proof(wrong_root, key, proof).ok());

  std::mt19937_64 random(7);
  for (int round = 0; round < 2000; ++round) {
    auto altered = proof;
    Bytes& node = altered[random() % altered.size()];
    node[random() % node.size()] ^= static_cast<std::uint8_t>(1 + random() % 255);
    EXPECT_FALSE(mpt::verify_proof(root, key, altered).ok());
  }
}

TEST(Proof, EthGetProofJsonShape) {
  mpt::EthereumState state = state_of("holesky");
  const auto address = fixed<20>("0x4242424242424242424242424242424242424242");
  const std::vector<mpt::Uint256> slots = {fixed<32>("0x22"), fixed<32>("0x100")};
  const json output = json::parse(mpt::eth_get_proof_json(state.get_proof(address, slots)));
  EXPECT_EQ(output["address"], "0x4242424242424242424242424242424242424242");
  EXPECT_EQ(output["balance"], "0x0");
  EXPECT_EQ(output["nonce"], "0x0");
  EXPECT_EQ(output["storageHash"],
            "0x556a482068355939c95a3412bdb21213a301483edb1b64402fb66ac9f3583599");
  EXPECT_EQ(output["codeHash"],
            "0x2034f79e0e33b0ae6bef948532021baceb116adf2616478703bec6b17329f1cc");
  ASSERT_EQ(output["storageProof"].size(), 2u);
  EXPECT_EQ(output["storageProof"][0]["value"],
            "0xf5a5fd42d16a20302798ef6ed309979b43003d2320d9f0e8ea9831a92759fb4b");
  EXPECT_EQ(output["storageProof"][1]["value"], "0x0");
  const Digest32 root =
      Keccak256::digest(test::hex_bytes(output["accountProof"][0].get<std::string>()));
  EXPECT_EQ(root, state.state_root());
}

}  // namespace
}  // namespace merkleforge
