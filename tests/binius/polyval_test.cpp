// POLYVAL-basis B128: every kernel against RFC 8452, @noble/ciphers and the shift-and-add
// definition; the derived basis change is an isomorphism that reproduces the tower known answers.
#include "merkleforge/binius/polyval.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <random>

#include "binius/binius_support.hpp"
#include "merkleforge/core/hex.hpp"
#include "support/node_peer.hpp"
#include "support/vectors.hpp"

namespace merkleforge::binius {
namespace {

using test::for_each_polyval_isa;
using test::parse_uint128;
using test::random_b128s;

uint128 from_le_bytes(const std::uint8_t* bytes) {
  uint128 value;
  std::memcpy(&value, bytes, 16);
  return value;
}

/// POLYVAL(H, X_1..X_s) of equally long messages, all at once through polyval_mul_scalar.
std::vector<uint128> polyval_digests(uint128 key, const std::vector<Bytes>& messages) {
  std::vector<uint128> state(messages.size(), 0);
  for (std::size_t block = 0; block < messages[0].size() / 16; ++block) {
    for (std::size_t m = 0; m < messages.size(); ++m) {
      state[m] ^= from_le_bytes(messages[m].data() + 16 * block);
    }
    EXPECT_TRUE(polyval_mul_scalar(state, key, state).ok());
  }
  return state;
}

TEST(BiniusPolyval, Rfc8452Example) {
  // RFC 8452 Appendix A: POLYVAL(H, X_1, X_2).
  const Bytes key = *from_hex("25629347589242761d31f826ba4b757b");
  const Bytes message =
      *from_hex("4f4f95668c83dfb6401762bb2d01a262d1a24ddd2721d006bbe45f20d3c9f362");
  const uint128 expected = from_le_bytes(from_hex("f7a3b47b846119fae5b7866cf5e5b77e")->data());
  for_each_polyval_isa([&](PolyvalIsa) {
    EXPECT_EQ(polyval_digests(from_le_bytes(key.data()), {message})[0], expected);
  });
}

TEST(BiniusPolyval, AgreesWithNobleCiphers) {
  std::mt19937_64 rng(11);
  Bytes key(16);
  for (auto& b : key) b = static_cast<std::uint8_t>(rng());
  std::vector<Bytes> messages(33, Bytes(16 * 5));  // odd count: exercises the one-lane tails
  nlohmann::json request{{"key", to_hex(key)}, {"messages", nlohmann::json::array()}};
  for (auto& m : messages) {
    for (auto& b : m) b = static_cast<std::uint8_t>(rng());
    request["messages"].push_back(to_hex(m));
  }
  const auto reply = merkleforge::test::run_node_peer("noble_polyval.mjs", request);
  // A short or malformed reply fails here, before anything is indexed or read.
  ASSERT_TRUE(reply.contains("digests") && reply["digests"].is_array()) << reply.dump();
  ASSERT_EQ(reply["digests"].size(), messages.size());
  std::vector<uint128> expected;
  for (const auto& digest : reply["digests"]) {
    const auto bytes = from_hex(digest.get<std::string>());
    ASSERT_TRUE(bytes.ok() && bytes->size() == 16) << digest;
    expected.push_back(from_le_bytes(bytes->data()));
  }
  for_each_polyval_isa([&](PolyvalIsa) {
    const auto digests = polyval_digests(from_le_bytes(key.data()), messages);
    ASSERT_EQ(digests.size(), messages.size());
    for (std::size_t i = 0; i < messages.size(); ++i) EXPECT_EQ(digests[i], expected[i]) << i;
  });
}

TEST(BiniusPolyval, DotIsMontgomeryProduct) {
  // dot(a, b)·x^128 = a·b, checked with the shift-and-add definition.
  std::mt19937_64 rng(12);
  const auto a = random_b128s(rng, 37), b = random_b128s(rng, 37);
  for_each_polyval_isa([&](PolyvalIsa) {
    std::vector<uint128> out(a.size());
    ASSERT_TRUE(polyval_mul(a, b, out).ok());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(polyval_mul_reference(out[i], kPolyvalOne), polyval_mul_reference(a[i], b[i])) << i;
    }
  });
}

TEST(BiniusPolyval, BasisChangeIsAFieldIsomorphism) {
  std::mt19937_64 rng(13);
  EXPECT_EQ(to_polyval(1), kPolyvalOne);
  EXPECT_EQ(from_polyval(kPolyvalOne), 1u);
  for (int i = 0; i < 200; ++i) {
    const uint128 a = test::random_element(rng, 7), b = test::random_element(rng, 7);
    EXPECT_EQ(from_polyval(to_polyval(a)), a);
    EXPECT_EQ(to_polyval(a ^ b), to_polyval(a) ^ to_polyval(b));
    EXPECT_EQ(to_polyval(tower_mul(7, a, b)), polyval_dot(to_polyval(a), to_polyval(b)));
  }
}

TEST(BiniusPolyval, TowerKnownAnswersThroughPolyval) {
  const auto kats = merkleforge::test::load_vectors("binius/tower_mul_kats.json");
  std::vector<uint128> a, b, expected;
  for (const char* field : {"B16", "B64"}) {  // subfields embed by zero extension
    for (const auto& c : kats["mul_kats"][field]) {
      a.push_back(parse_uint128(c["a"]));
      b.push_back(parse_uint128(c["b"]));
      expected.push_back(parse_uint128(c["product"]));
    }
  }
  for (const auto& c : kats["derived"]["products"]) {
    a.push_back(parse_uint128(c["a"]));
    b.push_back(parse_uint128(c["b"]));
    expected.push_back(parse_uint128(c["product"]));
  }
  for_each_polyval_isa([&](PolyvalIsa) {
    std::vector<uint128> pa(a.size()), pb(b.size()), product(a.size());
    ASSERT_TRUE(to_polyval(a, pa).ok());
    ASSERT_TRUE(to_polyval(b, pb).ok());
    ASSERT_TRUE(polyval_mul(pa, pb, product).ok());
    ASSERT_TRUE(from_polyval(product, product).ok());
    EXPECT_EQ(product, expected);
  });
}

TEST(BiniusPolyval, EqTensorIsTheProductOfItsFactors) {
  // eq(r, i) = prod_j (i_j ? r_j : 1 + r_j), each factor and product taken in the canonical tower
  // (tower_mul) and only then mapped to the POLYVAL basis.
  std::mt19937_64 rng(14);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) {
    std::vector<uint128> point(n), polyval_point(n);
    for (std::size_t j = 0; j < n; ++j) {
      point[j] = test::random_element(rng, 7);
      polyval_point[j] = to_polyval(point[j]);
    }
    for_each_polyval_isa([&](PolyvalIsa) {
      const std::vector<uint128> eq = polyval_eq_tensor(polyval_point);
      ASSERT_EQ(eq.size(), std::size_t{1} << n);
      for (std::size_t i = 0; i < eq.size(); ++i) {
        uint128 expected = 1;
        for (std::size_t j = 0; j < n; ++j) {
          expected = tower_mul(7, expected, ((i >> j) & 1) ? point[j] : point[j] ^ 1);
        }
        EXPECT_EQ(eq[i], to_polyval(expected)) << n << " " << i;
      }
    });
  }
}

TEST(BiniusPolyval, MismatchedSpansAreRejected) {
  std::vector<uint128> three(3), four(4);
  const Status status = polyval_mul(three, three, four);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Errc::wrong_size);
  EXPECT_FALSE(polyval_mul_scalar(three, 1, four).ok());
  EXPECT_FALSE(to_polyval(three, four).ok());
  EXPECT_FALSE(from_polyval(four, three).ok());
}

}  // namespace
}  // namespace merkleforge::binius
