// The derived CRS against the 256 published points and go-ipa's SHA-256 check value.
#include "merkleforge/verkle/crs.hpp"

#include <gtest/gtest.h>

#include <string>

#include "merkleforge/core/hex.hpp"
#include "merkleforge/hash/sha256.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

TEST(VerkleCrs, DerivedPointsEqualPublishedList) {
  const auto json = test::load_vectors("verkle/crs.json");
  const auto& published = json.at("points");
  const auto points = crs_points();
  ASSERT_EQ(points.size(), published.size());
  for (std::size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(to_hex(points[i].to_bytes()), published.at(i).get<std::string>()) << i;
  }
}

TEST(VerkleCrs, ConcatenationHashMatchesGoIpaCheckValue) {
  const auto json = test::load_vectors("verkle/crs.json");
  Bytes concatenated;
  for (const Element& point : crs_points()) {
    const auto bytes = point.to_bytes();
    concatenated.insert(concatenated.end(), bytes.begin(), bytes.end());
  }
  EXPECT_EQ(to_hex(Sha256::digest(concatenated)),
            json.at("sha256_of_concatenated_points").get<std::string>());
}

TEST(VerkleCrs, QIsTheGeneratorAndNotACrsPoint) {
  EXPECT_EQ(crs_q(), Element::generator());
  for (const Element& point : crs_points()) EXPECT_FALSE(point == crs_q());
}

TEST(VerkleCrs, TreeKeyIndexZeroPoint) {
  // 16386·CRS[0], geth's hard-coded getTreePolyIndex0Point.
  const auto json = test::load_vectors("verkle/tree_keys.json");
  EXPECT_EQ(to_hex((crs_points()[0] * Fr::from_u64(16386)).to_bytes()),
            json.at("constants").at("commit([16386] at index 0)").get<std::string>());
}

}  // namespace
}  // namespace merkleforge::verkle
