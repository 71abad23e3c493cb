// Pedersen commitments against rust-verkle's published vectors (tests/vectors/verkle/
// rust-verkle-java) and against the independent Pippenger / scalar-multiplication paths.
#include "merkleforge/verkle/pedersen.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/verkle/crs.hpp"
#include "merkleforge/verkle/msm.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

Fr fr_from_hex(const std::string& hex, bool big_endian) {
  Bytes bytes = test::hex_bytes(hex);
  if (big_endian) std::reverse(bytes.begin(), bytes.end());
  return Fr::from_bytes_le(bytes).value();
}

std::vector<Fr> random_values(std::size_t count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Fr> values(count);
  for (auto& v : values) {
    std::array<std::uint8_t, 40> bytes{};
    for (auto& b : bytes) b = static_cast<std::uint8_t>(rng());
    v = Fr::from_bytes_le_reduced(bytes);
  }
  return values;
}

TEST(VerklePedersen, CommitRootVector) {
  const auto cases = test::load_vectors("verkle/rust-verkle-java/commit_root_test.json");
  ASSERT_FALSE(cases.empty());
  for (const auto& c : cases) {
    std::vector<Fr> values;
    for (const auto& hex : c.at("frs")) values.push_back(fr_from_hex(hex, true));
    EXPECT_EQ(to_hex(commit(values).to_bytes()), to_hex(test::hex_bytes(c.at("expected"))));
  }
}

TEST(VerklePedersen, PedersenCommitmentVectors) {
  const auto cases = test::load_vectors("verkle/rust-verkle-java/pedersen_commitment_test.json");
  ASSERT_EQ(cases.size(), 10u);
  for (const auto& c : cases) {
    std::vector<Fr> values;
    for (const auto& hex : c.at("frs")) values.push_back(fr_from_hex(hex, false));
    EXPECT_EQ(to_hex(commit(values).map_to_scalar_field().to_bytes_le()),
              to_hex(test::hex_bytes(c.at("commitment"))));
  }
}

TEST(VerklePedersen, AgreesWithPippengerOnRandomSparseAndDenseVectors) {
  const auto crs = crs_points();
  for (std::size_t count : {0u, 1u, 5u, 63u, 64u, 200u, 256u}) {
    std::vector<Fr> values = random_values(count, count);
    if (count > 10) values[3] = Fr::zero();
    if (count > 10) values[7] = -Fr::one();  // top digits all carry
    EXPECT_EQ(commit(values), msm(crs.first(count), values)) << count;
  }
}

TEST(VerklePedersen, SingleTermsMatchScalarMultiplication) {
  const auto crs = crs_points();
  const std::vector<Fr> scalars = {Fr::one(),
                                   Fr::from_u64(128),
                                   Fr::from_u64(129),
                                   Fr::from_u64(255),
                                   Fr::from_u64(256),
                                   -Fr::one(),
                                   Fr::from_u64(0x8080808080808080ULL)};
  for (std::size_t index : {0u, 1u, 4u, 255u}) {
    for (const Fr& s : scalars) {
      Element acc;
      add_crs_multiple(acc, index, s);
      EXPECT_EQ(acc, crs[index] * s) << index;
    }
  }
}

TEST(VerklePedersen, DeltaUpdateEqualsRecommit) {
  std::vector<Fr> values = random_values(256, 42);
  Element commitment = commit(values);
  const std::vector<Fr> replacements = random_values(4, 43);
  const std::size_t indices[] = {0, 17, 128, 255};
  for (std::size_t k = 0; k < 4; ++k) {
    commitment = commit_delta(commitment, indices[k], values[indices[k]], replacements[k]);
    values[indices[k]] = replacements[k];
    EXPECT_EQ(commitment, commit(values));
  }
  EXPECT_EQ(commit_delta(commitment, 9, values[9], values[9]), commitment);
}

TEST(VerklePedersen, OutOfRangeIsAProgrammingError) {
  const std::vector<Fr> too_many(257);
  EXPECT_THROW((void)commit(too_many), std::invalid_argument);
  EXPECT_THROW((void)commit_delta(Element(), 256, Fr::zero(), Fr::one()), std::invalid_argument);
}

TEST(VerklePedersen, TableMemoryIsWithinBudget) {
  EXPECT_LE(fixed_base_table_bytes(), std::size_t{256} << 20);
  EXPECT_GT(fixed_base_table_bytes(), std::size_t{0});
}

}  // namespace
}  // namespace merkleforge::verkle
