// Differential tests against verkle-cryptography-wasm (rust-verkle compiled to WASM, pinned in
// tests/peers/package.json) through tests/peers/verkle_wasm.mjs: random commitments, their
// map-to-scalar values, delta updates and tree keys must agree byte for byte.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/pedersen.hpp"
#include "merkleforge/verkle/tree_key.hpp"
#include "support/node_peer.hpp"

namespace merkleforge::verkle {
namespace {

class WasmPeer : public ::testing::Test {
 protected:
  std::mt19937_64 rng{20261130};

  Fr random_scalar() {
    std::array<std::uint8_t, 40> bytes{};
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
    return Fr::from_bytes_le_reduced(bytes);
  }
  /// Dense, sparse, short and edge-valued vectors.
  std::vector<std::vector<Fr>> random_vectors(std::size_t count) {
    std::vector<std::vector<Fr>> vectors;
    for (std::size_t v = 0; v < count; ++v) {
      std::vector<Fr> values(1 + rng() % 256);
      for (auto& value : values) {
        switch (rng() % 4) {
          case 0:
            value = Fr::zero();
            break;
          case 1:
            value = Fr::from_u64(rng() % 1000);
            break;
          case 2:
            value = -Fr::from_u64(rng() % 3 + 1);
            break;
          default:
            value = random_scalar();
        }
      }
      vectors.push_back(std::move(values));
    }
    return vectors;
  }
  static nlohmann::json to_json(const std::vector<Fr>& values) {
    nlohmann::json out = nlohmann::json::array();
    for (const Fr& v : values) out.push_back(to_hex(v.to_bytes_le()));
    return out;
  }
};

TEST_F(WasmPeer, CommitmentsAndMapToScalarAgree) {
  const auto vectors = random_vectors(24);
  nlohmann::json request = {{"op", "commit"}, {"vectors", nlohmann::json::array()}};
  for (const auto& values : vectors) request["vectors"].push_back(to_json(values));
  const nlohmann::json reply = test::run_node_peer("verkle_wasm.mjs", request);
  ASSERT_EQ(reply.at("commitments").size(), vectors.size());
  ASSERT_EQ(reply.at("hashes").size(), vectors.size());
  for (std::size_t i = 0; i < vectors.size(); ++i) {
    const Element c = commit(vectors[i]);
    EXPECT_EQ(to_hex(c.to_bytes()), reply["commitments"][i].get<std::string>()) << i;
    EXPECT_EQ(to_hex(c.map_to_scalar_field().to_bytes_le()), reply["hashes"][i].get<std::string>())
        << i;
  }
}

TEST_F(WasmPeer, DeltaUpdatesAgree) {
  const auto vectors = random_vectors(12);
  nlohmann::json request = {{"op", "update"}, {"cases", nlohmann::json::array()}};
  std::vector<std::pair<std::size_t, Fr>> updates;
  for (const auto& values : vectors) {
    updates.emplace_back(rng() % values.size(), random_scalar());
    request["cases"].push_back({{"values", to_json(values)},
                                {"index", updates.back().first},
                                {"new_value", to_hex(updates.back().second.to_bytes_le())}});
  }
  const nlohmann::json reply = test::run_node_peer("verkle_wasm.mjs", request);
  ASSERT_EQ(reply.at("commitments").size(), vectors.size());
  for (std::size_t i = 0; i < vectors.size(); ++i) {
    const auto [index, new_value] = updates[i];
    const Element updated = commit_delta(commit(vectors[i]), index, vectors[i][index], new_value);
    EXPECT_EQ(to_hex(updated.to_bytes()), reply["commitments"][i].get<std::string>()) << i;
  }
}

TEST_F(WasmPeer, TreeKeysAgree) {
  nlohmann::json request = {{"op", "tree_key"}, {"cases", nlohmann::json::array()}};
  std::vector<std::tuple<Address32, TreeIndex, std::uint8_t>> cases;
  for (int i = 0; i < 64; ++i) {
    Address32 address{};
    for (std::size_t k = (i % 2 == 0 ? 12 : 0); k < 32; ++k)
      address[k] = static_cast<std::uint8_t>(rng());
    TreeIndex index{};
    const int words = i % 5;  // 0 (the account header) up to all four limbs
    for (int w = 0; w < words; ++w) index[static_cast<std::size_t>(w)] = rng();
    const auto sub_index = static_cast<std::uint8_t>(rng());
    cases.emplace_back(address, index, sub_index);
    std::array<std::uint8_t, 32> index_le{};
    for (std::size_t k = 0; k < 32; ++k)
      index_le[k] = static_cast<std::uint8_t>(index[k / 8] >> (8 * (k % 8)));
    request["cases"].push_back({{"address32", to_hex(address)},
                                {"tree_index_le", to_hex(index_le)},
                                {"sub_index", sub_index}});
  }
  const nlohmann::json reply = test::run_node_peer("verkle_wasm.mjs", request);
  ASSERT_EQ(reply.at("keys").size(), cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto& [address, index, sub_index] = cases[i];
    EXPECT_EQ(to_hex(get_tree_key(address, index, sub_index)), reply["keys"][i].get<std::string>())
        << i;
  }
}

}  // namespace
}  // namespace merkleforge::verkle
