// POLYVAL-basis B128: every kernel against RFC 8452, @noble/ciphers and the shift-and-add
// definition; the derived basis change is an isomorphism that reproduces the tower known answers.
#include "merkleforge/binius/polyval.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>

#include "binius/binius_support.hpp"
#include "merkleforge/core/cpu.hpp"
#include "merkleforge/core/hex.hpp"
#include "support/node_peer.hpp"
#include "support/vectors.hpp"

namespace merkleforge::binius {
namespace {

using test::for_each_polyval_isa;
using test::parse_uint128;

/// The 16 little-endian bytes as a POLYVAL field element (RFC 8452's byte order).
B128P from_le_bytes(const std::uint8_t* bytes) {
  uint128 value;
  std::memcpy(&value, bytes, 16);
  return B128P::from_bits(value);
}

/// `count` random POLYVAL-basis elements: random_b128s' bits, read in Montgomery form.
std::vector<B128P> random_polyvals(std::mt19937_64& rng, std::size_t count) {
  std::vector<B128P> values;
  for (const B128 bits : test::random_b128s(rng, count)) {
    values.push_back(B128P::from_bits(bits.value()));
  }
  return values;
}

/// POLYVAL(H, X_1..X_s) of equally long messages, all at once through polyval_mul_scalar.
std::vector<B128P> polyval_digests(B128P key, const std::vector<Bytes>& messages) {
  std::vector<B128P> state(messages.size());
  for (std::size_t block = 0; block < messages[0].size() / 16; ++block) {
    for (std::size_t m = 0; m < messages.size(); ++m) {
      state[m] += from_le_bytes(messages[m].data() + 16 * block);
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
  const B128P expected = from_le_bytes(from_hex("f7a3b47b846119fae5b7866cf5e5b77e")->data());
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
  std::vector<B128P> expected;
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
  const auto a = random_polyvals(rng, 37), b = random_polyvals(rng, 37);
  for_each_polyval_isa([&](PolyvalIsa) {
    std::vector<B128P> out(a.size());
    ASSERT_TRUE(polyval_mul(a, b, out).ok());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(polyval_mul_reference(out[i].bits(), B128P::one().bits()),
                polyval_mul_reference(a[i].bits(), b[i].bits()))
          << i;
    }
  });
}

TEST(BiniusPolyval, BasisChangeIsAFieldIsomorphism) {
  std::mt19937_64 rng(13);
  EXPECT_EQ(to_polyval(B128::one()), B128P::one());
  EXPECT_EQ(to_canonical(B128P::one()), B128::one());
  for (int i = 0; i < 200; ++i) {
    const B128 a(test::random_element(rng, 7)), b(test::random_element(rng, 7));
    EXPECT_EQ(to_canonical(to_polyval(a)), a);
    EXPECT_EQ(to_polyval(a + b), to_polyval(a) + to_polyval(b));
    EXPECT_EQ(to_polyval(B128(tower_mul(7, a.value(), b.value()))), to_polyval(a) * to_polyval(b));
  }
}

TEST(BiniusPolyval, TowerKnownAnswersThroughPolyval) {
  const auto kats = merkleforge::test::load_vectors("binius/tower_mul_kats.json");
  std::vector<B128> a, b, expected;
  for (const char* field : {"B16", "B64"}) {  // subfields embed by zero extension
    for (const auto& c : kats["mul_kats"][field]) {
      a.emplace_back(parse_uint128(c["a"]));
      b.emplace_back(parse_uint128(c["b"]));
      expected.emplace_back(parse_uint128(c["product"]));
    }
  }
  for (const auto& c : kats["derived"]["products"]) {
    a.emplace_back(parse_uint128(c["a"]));
    b.emplace_back(parse_uint128(c["b"]));
    expected.emplace_back(parse_uint128(c["product"]));
  }
  for_each_polyval_isa([&](PolyvalIsa) {
    const std::vector<B128P> pa = to_polyval(a), pb = to_polyval(b);
    std::vector<B128P> product(a.size());
    ASSERT_TRUE(polyval_mul(pa, pb, product).ok());
    EXPECT_EQ(to_canonical(product), expected);
  });
}

TEST(BiniusPolyval, EqTensorIsTheProductOfItsFactors) {
  // eq(r, i) = prod_j (i_j ? r_j : 1 + r_j), each factor and product taken in the canonical tower
  // (tower_mul) and only then mapped to the POLYVAL basis.
  std::mt19937_64 rng(14);
  for (const std::size_t n : {std::size_t{0}, std::size_t{1}, std::size_t{5}}) {
    std::vector<B128> point(n);
    std::vector<B128P> polyval_point(n);
    for (std::size_t j = 0; j < n; ++j) {
      point[j] = B128(test::random_element(rng, 7));
      polyval_point[j] = to_polyval(point[j]);
    }
    for_each_polyval_isa([&](PolyvalIsa) {
      const std::vector<B128P> eq = polyval_eq_tensor(polyval_point);
      ASSERT_EQ(eq.size(), std::size_t{1} << n);
      for (std::size_t i = 0; i < eq.size(); ++i) {
        B128 expected = B128::one();
        for (std::size_t j = 0; j < n; ++j) {
          const B128 factor = ((i >> j) & 1) ? point[j] : point[j] + B128::one();
          expected = B128(tower_mul(7, expected.value(), factor.value()));
        }
        EXPECT_EQ(eq[i], to_polyval(expected)) << n << " " << i;
      }
    });
  }
}

// Each carry-less multiply kernel is offered exactly where it can run: by this CPU's instruction
// sets, and the 256- and 512-bit ones also in the SIMDe-emulated test build (tests/emulated_isa
// defines MERKLEFORGE_TEST_EXPECTS_VPCLMUL there), so that neither build silently tests only the
// narrower kernels.
TEST(BiniusPolyval, KernelsOfferedWhereTheyRun) {
  const std::vector<PolyvalIsa> available = polyval_available_isas();
  const auto offered = [&](PolyvalIsa isa) {
    return std::count(available.begin(), available.end(), isa) == 1;
  };
  const CpuFeatures& cpu = cpu_features();
  ASSERT_FALSE(available.empty());
  EXPECT_EQ(available.front(), PolyvalIsa::portable);
#if !defined(__x86_64__)
  EXPECT_EQ(available.size(), 1u);
#else
  EXPECT_EQ(offered(PolyvalIsa::pclmul), cpu.pclmul && cpu.sse41);
#if defined(MERKLEFORGE_TEST_EXPECTS_VPCLMUL)
  EXPECT_TRUE(offered(PolyvalIsa::vpclmul));
  EXPECT_TRUE(offered(PolyvalIsa::vpclmul512));
#else
  EXPECT_EQ(offered(PolyvalIsa::vpclmul), cpu.vpclmulqdq && cpu.pclmul && cpu.avx2);
  EXPECT_EQ(offered(PolyvalIsa::vpclmul512),
            cpu.vpclmulqdq && cpu.pclmul && cpu.avx512f && cpu.avx512vl && cpu.avx512bw);
#endif
#endif
  (void)offered;
  (void)cpu;
}

TEST(BiniusPolyval, MismatchedSpansAreRejected) {
  std::vector<B128P> three(3), four(4);
  const Status status = polyval_mul(three, three, four);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code, Errc::wrong_size);
  EXPECT_FALSE(polyval_mul_scalar(three, B128P::from_bits(1), four).ok());
}

}  // namespace
}  // namespace merkleforge::binius
