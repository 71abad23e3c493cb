// The canonical <-> AES tower isomorphism (aes_isomorphism.json): published maps and tables, field
// homomorphism on all B8 products and on random elements up to 128 bits, AES-tower generators, and
// the GFNI affine matrices' semantics reproducing the maps (the reference for a future GFNI path).
#include "merkleforge/binius/aes_tower.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <random>

#include "binius/binius_support.hpp"
#include "support/vectors.hpp"

namespace merkleforge::binius {
namespace {

using test::parse_uint128;

nlohmann::json iso() {
  return merkleforge::test::load_vectors("binius/aes_isomorphism.json");
}

TEST(BiniusAesTower, MapsEqualPublishedTables) {
  const auto v = iso();
  for (unsigned x = 0; x < 256; ++x) {
    EXPECT_EQ(canonical_to_aes(static_cast<std::uint8_t>(x)),
              parse_uint128(v["canonical_to_aes"]["table"][x].get<std::string>()));
    EXPECT_EQ(aes_to_canonical(static_cast<std::uint8_t>(x)),
              parse_uint128(v["aes_to_canonical"]["table"][x].get<std::string>()));
    EXPECT_EQ(aes_to_canonical(canonical_to_aes(static_cast<std::uint8_t>(x))), x);
  }
  for (const auto& [canonical, aes] : v["isomorphic_alphas"].items()) {
    EXPECT_EQ(canonical_to_aes(static_cast<std::uint8_t>(parse_uint128(canonical.substr(10)))),
              parse_uint128(aes.get<std::string>()));
  }
}

TEST(BiniusAesTower, ByteMapIsAFieldIsomorphismOnAllB8Products) {
  for (unsigned a = 0; a < 256; ++a) {
    for (unsigned b = 0; b < 256; ++b) {
      ASSERT_EQ(b8_mul_via_aes(static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)),
                tower_mul(3, a, b))
          << a << " " << b;
    }
  }
}

TEST(BiniusAesTower, BytewiseExtensionIsAnIsomorphismUpTo128Bits) {
  std::mt19937_64 rng(61);
  for (unsigned level = 4; level <= 7; ++level) {
    for (int i = 0; i < 200; ++i) {
      const uint128 a = test::random_element(rng, level), b = test::random_element(rng, level);
      EXPECT_EQ(canonical_to_aes_bytes(tower_mul(level, a, b)),
                aes_tower_mul(level, canonical_to_aes_bytes(a), canonical_to_aes_bytes(b)))
          << level;
      EXPECT_EQ(aes_to_canonical_bytes(canonical_to_aes_bytes(a)), a);
    }
  }
  // A published canonical B128 KAT, multiplied in the AES tower.
  const uint128 a = parse_uint128("0xcd613e30d8f16adf91b7584a2265b1f5");
  const uint128 b = parse_uint128("0x1e2feb89414c343c1027c4d1c386bbc4");
  EXPECT_EQ(aes_to_canonical_bytes(
                aes_tower_mul(7, canonical_to_aes_bytes(a), canonical_to_aes_bytes(b))),
            parse_uint128("0x22e9e216de4392825dbc635573c9dd51"));
}

TEST(BiniusAesTower, PublishedGeneratorsHaveFullOrderInTheAesTower) {
  const auto generators = iso()["aes_tower"]["multiplicative_generators"];
  const std::pair<const char*, unsigned> fields[] = {{"AES8", 3}, {"AES16", 4}, {"AES32", 5}};
  const std::map<unsigned, std::vector<std::uint64_t>> primes = {
      {3, {3, 5, 17}}, {4, {3, 5, 17, 257}}, {5, {3, 5, 17, 257, 65537}}};
  for (const auto& [name, level] : fields) {
    const uint128 g = parse_uint128(generators[name].get<std::string>());
    const std::uint64_t order = (std::uint64_t{1} << (1u << level)) - 1;
    const auto power = [&](std::uint64_t e) {
      uint128 result = 1, base = g;
      for (; e != 0; e >>= 1, base = aes_tower_mul(level, base, base)) {
        if (e & 1) result = aes_tower_mul(level, result, base);
      }
      return result;
    };
    EXPECT_EQ(power(order), 1u) << name;
    for (std::uint64_t p : primes.at(level)) EXPECT_NE(power(order / p), 1u) << name << " " << p;
  }
}

// VGF2P8AFFINEQB(x, A, 0): result bit i = parity(A.byte[7 - i] AND x).
std::uint8_t gf2p8affine(std::uint64_t matrix, std::uint8_t x) {
  std::uint8_t result = 0;
  for (unsigned i = 0; i < 8; ++i) {
    const auto row = static_cast<std::uint8_t>(matrix >> (8 * (7 - i)));
    result |= static_cast<std::uint8_t>((std::popcount(static_cast<unsigned>(row & x)) & 1) << i);
  }
  return result;
}

TEST(BiniusAesTower, GfniMatricesReproduceTheMaps) {
  const auto q = iso()["gfni_affine_qwords"];
  const auto to_aes = static_cast<std::uint64_t>(parse_uint128(q["TOWER_TO_AES_MAP"]["u64"]));
  const auto to_tower = static_cast<std::uint64_t>(parse_uint128(q["AES_TO_TOWER_MAP"]["u64"]));
  for (unsigned x = 0; x < 256; ++x) {
    EXPECT_EQ(gf2p8affine(to_aes, static_cast<std::uint8_t>(x)),
              canonical_to_aes(static_cast<std::uint8_t>(x)));
    EXPECT_EQ(gf2p8affine(to_tower, static_cast<std::uint8_t>(x)),
              aes_to_canonical(static_cast<std::uint8_t>(x)));
  }
}

}  // namespace
}  // namespace merkleforge::binius
