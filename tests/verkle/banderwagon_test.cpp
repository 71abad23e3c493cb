// Banderwagon against the go-ipa / go-verkle vectors in tests/vectors/verkle/banderwagon.json.
#include "merkleforge/verkle/banderwagon.hpp"

#include <gtest/gtest.h>

#include <string>

#include "merkleforge/core/hex.hpp"
#include "support/vectors.hpp"

namespace merkleforge::verkle {
namespace {

const nlohmann::json& vectors() {
  static const nlohmann::json json = test::load_vectors("verkle/banderwagon.json");
  return json;
}

Element decode(const std::string& hex) {
  return Element::from_bytes(test::hex_bytes(hex)).value();
}

TEST(Banderwagon, GeneratorDoublingsEncodeAsPublished) {
  Element point = Element::generator();
  const auto& doublings = vectors().at("generator_doublings");
  ASSERT_EQ(doublings.size(), 16u);
  for (const auto& entry : doublings) {
    EXPECT_EQ(to_hex(point.to_bytes()), entry.at("encoding").get<std::string>())
        << entry.at("point");
    point = point.dbl();
  }
}

TEST(Banderwagon, PublishedEncodingsRoundTrip) {
  Element expected = Element::generator();
  for (const auto& entry : vectors().at("generator_doublings")) {
    const std::string hex = entry.at("encoding");
    const Element decoded = decode(hex);
    EXPECT_EQ(decoded, expected);
    EXPECT_EQ(to_hex(decoded.to_bytes()), hex);
    expected = expected + expected;  // the unified addition must agree with dbl()
  }
}

TEST(Banderwagon, IdentityEncodesAsZeroAndMapsToZero) {
  const auto& identity = vectors().at("identity");
  EXPECT_EQ(to_hex(Element::identity().to_bytes()), identity.at("encoding").get<std::string>());
  const Element decoded = decode(identity.at("encoding"));
  EXPECT_TRUE(decoded.is_identity());
  EXPECT_EQ(to_hex(decoded.map_to_scalar_field().to_bytes_le()),
            identity.at("map_to_scalar_le").get<std::string>());
}

TEST(Banderwagon, MapToScalarOfGenerator) {
  const auto& entry = vectors().at("map_to_scalar_generator");
  EXPECT_EQ(to_hex(Element::generator().map_to_scalar_field().to_bytes_le()),
            entry.at("output_le").get<std::string>());
}

TEST(Banderwagon, BatchMapAndBatchEncodeAgreeWithSingleVersions) {
  std::vector<Element> points = {Element::identity(), Element::generator()};
  for (int i = 0; i < 10; ++i) points.push_back(points.back().dbl() + Element::generator());
  const auto scalars = Element::batch_map_to_scalar_field(points);
  const auto encodings = Element::batch_to_bytes(points);
  for (std::size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(scalars[i], points[i].map_to_scalar_field());
    EXPECT_EQ(encodings[i], points[i].to_bytes());
  }
}

TEST(Banderwagon, EveryRejectionVectorFailsToDecode) {
  const auto& derived = vectors().at("derived_rejection");
  std::vector<std::pair<std::string, Errc>> rejects;
  for (const auto& hex : vectors().at("subgroup_rejection"))
    rejects.emplace_back(hex, Errc::malformed_input);
  for (const auto& hex : derived.at("non_canonical_x"))
    rejects.emplace_back(hex, Errc::malformed_input);
  for (const auto& hex : derived.at("not_on_curve"))
    rejects.emplace_back(hex, Errc::malformed_input);
  for (const auto& hex : derived.at("wrong_length")) rejects.emplace_back(hex, Errc::wrong_size);
  ASSERT_GE(rejects.size(), 23u);
  for (const auto& [hex, code] : rejects) {
    const auto result = Element::from_bytes(test::hex_bytes(hex));
    ASSERT_FALSE(result.ok()) << hex;
    EXPECT_EQ(result.error().code, code) << hex << ": " << result.error().message;
  }
}

TEST(Banderwagon, GroupLaws) {
  const Element g = Element::generator();
  const Element two_g = g.dbl();
  EXPECT_EQ(g + g, two_g);
  EXPECT_EQ(two_g - g, g);
  EXPECT_EQ(g - g, Element::identity());
  EXPECT_EQ(g + Element::identity(), g);
  EXPECT_FALSE(g == two_g);
  EXPECT_EQ(-g + two_g, g);
  // (x, y) and (-x, -y) are one element: negating both coordinates of an encoding's point is
  // invisible, which the decoder's choice of y relies on.
  EXPECT_EQ(decode(to_hex(g.to_bytes())), g);
}

TEST(Banderwagon, ScalarMultiplicationMatchesRepeatedAddition) {
  const Element g = Element::generator();
  Element sum = Element::identity();
  for (std::uint64_t k = 0; k < 40; ++k) {
    EXPECT_EQ(g * Fr::from_u64(k), sum) << k;
    sum += g;
  }
  // 2^k·G against the published doublings, through the scalar path.
  const auto& doublings = vectors().at("generator_doublings");
  for (std::uint64_t k = 0; k < 16; ++k) {
    EXPECT_EQ(to_hex((g * Fr::from_u64(std::uint64_t{1} << k)).to_bytes()),
              doublings.at(k).at("encoding").get<std::string>());
  }
  // The group order is r: (r-1)·G = -G.
  EXPECT_EQ(g * (-Fr::one()), -g);
}

TEST(Banderwagon, AffineMixedAdditionAgrees) {
  const Element g = Element::generator();
  const Element p = g * Fr::from_u64(12345);
  EXPECT_EQ(p.add_affine(g.dbl().to_affine()), p + g.dbl());
}

}  // namespace
}  // namespace merkleforge::verkle
