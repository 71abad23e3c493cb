// Packed products (packed.hpp), every strategy this CPU runs, against the scalar reference tower:
// all 65,536 B8 pairs, random B32 / B128 spans of ragged lengths, in-place use, and the published
// known answers (B8; B16 and B64 ones embedded in B32 and B128, subfields being closed).
#include "merkleforge/binius/packed.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <type_traits>

#include "binius/binius_support.hpp"
#include "merkleforge/core/cpu.hpp"
#include "support/vectors.hpp"

namespace merkleforge::binius {
namespace {

using test::for_each_packed_strategy;

/// Lengths around the 32-byte register and its tail handling.
constexpr std::size_t kLengths[] = {0, 1, 2, 3, 7, 8, 31, 32, 33, 63, 65, 1000};

/// The bits of an element: an integer is its own, a B128 has value().
template <class T>
uint128 bits_of(T x) {
  if constexpr (std::is_same_v<T, B128>) {
    return x.value();
  } else {
    return x;
  }
}

template <class T>
std::vector<T> random_values(std::mt19937_64& rng, std::size_t count, unsigned level) {
  std::vector<T> values(count);
  for (T& v : values) v = static_cast<T>(test::random_element(rng, level));
  // Special elements at the front: zero, one and all-ones.
  const T specials[] = {static_cast<T>(0), static_cast<T>(1), static_cast<T>(~uint128{0})};
  std::copy_n(specials, std::min(count, std::size(specials)), values.begin());
  return values;
}

template <class T, class Mul>
void expect_matches_reference(unsigned level, Mul packed_mul) {
  std::mt19937_64 rng(90 + level);
  for (std::size_t n : kLengths) {
    const auto a = random_values<T>(rng, n, level), b = random_values<T>(rng, n, level);
    std::vector<T> out(n);
    ASSERT_TRUE(packed_mul(a, b, out).ok());
    for (std::size_t i = 0; i < n; ++i) {
      ASSERT_EQ(out[i], static_cast<T>(tower_mul(level, bits_of(a[i]), bits_of(b[i]))))
          << "n " << n << " i " << i << ": " << test::uint128_hex(bits_of(a[i])) << " * "
          << test::uint128_hex(bits_of(b[i]));
    }
    std::vector<T> in_place = a;
    ASSERT_TRUE(packed_mul(in_place, b, in_place).ok());
    EXPECT_EQ(in_place, out) << "in place, n " << n;
  }
}

TEST(BiniusPacked, B8AllPairsEveryStrategy) {
  std::vector<std::uint8_t> a(65536), b(65536), out(65536);
  for (std::size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<std::uint8_t>(i >> 8);
    b[i] = static_cast<std::uint8_t>(i);
  }
  for_each_packed_strategy(PackedOp::mul_b8, [&](PackedStrategy) {
    ASSERT_TRUE(packed_mul_b8(a, b, out).ok());
    for (std::size_t i = 0; i < a.size(); ++i) {
      ASSERT_EQ(out[i], tower_mul(3, a[i], b[i])) << int{a[i]} << " * " << int{b[i]};
    }
    expect_matches_reference<std::uint8_t>(
        3, [](auto& x, auto& y, auto& o) { return packed_mul_b8(x, y, o); });
  });
}

TEST(BiniusPacked, B32RandomEveryStrategy) {
  for_each_packed_strategy(PackedOp::mul_b32, [](PackedStrategy) {
    expect_matches_reference<std::uint32_t>(
        5, [](auto& x, auto& y, auto& o) { return packed_mul_b32(x, y, o); });
  });
}

TEST(BiniusPacked, B128RandomEveryStrategy) {
  for_each_packed_strategy(PackedOp::mul_b128, [](PackedStrategy) {
    expect_matches_reference<B128>(
        7, [](auto& x, auto& y, auto& o) { return packed_mul_b128(x, y, o); });
  });
}

/// The published KATs of `field`, as (a, b, product) columns.
template <class T>
void kat_columns(const char* field, std::vector<T>& a, std::vector<T>& b, std::vector<T>& product) {
  const auto kats = merkleforge::test::load_vectors("binius/tower_mul_kats.json");
  for (const auto& c : kats["mul_kats"][field]) {
    a.push_back(static_cast<T>(test::parse_uint128(c["a"])));
    b.push_back(static_cast<T>(test::parse_uint128(c["b"])));
    product.push_back(static_cast<T>(test::parse_uint128(c["product"])));
  }
  ASSERT_FALSE(a.empty()) << field;
}

template <class T, class Mul>
void expect_kats(PackedOp op, const char* field, Mul packed_mul) {
  std::vector<T> a, b, expected;
  kat_columns(field, a, b, expected);
  for_each_packed_strategy(op, [&](PackedStrategy) {
    std::vector<T> out(a.size());
    ASSERT_TRUE(packed_mul(a, b, out).ok());
    EXPECT_EQ(out, expected) << field;
  });
}

TEST(BiniusPacked, PublishedKnownAnswers) {
  expect_kats<std::uint8_t>(PackedOp::mul_b8, "B8",
                            [](auto& x, auto& y, auto& o) { return packed_mul_b8(x, y, o); });
  expect_kats<std::uint32_t>(PackedOp::mul_b32, "B16",
                             [](auto& x, auto& y, auto& o) { return packed_mul_b32(x, y, o); });
  expect_kats<B128>(PackedOp::mul_b128, "B64",
                    [](auto& x, auto& y, auto& o) { return packed_mul_b128(x, y, o); });
}

// core/dispatch.hpp: with several strategies the default is the fastest on a timed probe (a
// later one must win by 5 %), so under SIMDe emulation a native strategy beats the emulated one.
TEST(BiniusPacked, DefaultIsTheFastestMeasuredStrategy) {
  for (PackedOp op : {PackedOp::mul_b8, PackedOp::mul_b32, PackedOp::mul_b128}) {
    const auto strategies = packed_available_strategies(op);
    ASSERT_FALSE(strategies.empty());
    const auto& times = packed_probe_times(op);
    if (strategies.size() == 1 || std::getenv(kKernelEnvironmentVariable) != nullptr) continue;
    ASSERT_EQ(times.size(), strategies.size()) << packed_op_name(op);
    double fastest = times[0].seconds, active = -1;
    for (const auto& time : times) {
      fastest = std::min(fastest, time.seconds);
      if (time.kernel == packed_strategy_name(packed_active_strategy(op))) active = time.seconds;
    }
    EXPECT_GE(active, 0) << packed_op_name(op);
    EXPECT_LE(0.95 * active, fastest) << packed_op_name(op);
  }
  // The portable strategies are always there, and AVX2 brings pshufb for B8 and B32.
  for (PackedOp op : {PackedOp::mul_b8, PackedOp::mul_b32}) {
    const auto strategies = packed_available_strategies(op);
    EXPECT_EQ(strategies.front(), PackedStrategy::table);
    EXPECT_EQ(std::count(strategies.begin(), strategies.end(), PackedStrategy::pshufb),
              cpu_features().avx2 ? 1 : 0);
  }
  EXPECT_EQ(packed_available_strategies(PackedOp::mul_b128).front(), PackedStrategy::polyval);
}

// Every operation has a gfni strategy; it is offered exactly where it can run: on GFNI + AVX2
// CPUs, and in the SIMDe-emulated test build (tests/emulated_isa defines
// MERKLEFORGE_TEST_EXPECTS_GFNI there), which must not silently test only the other strategies.
TEST(BiniusPacked, GfniOfferedWhereItRuns) {
#if defined(MERKLEFORGE_TEST_EXPECTS_GFNI)
  const bool expected = true;
#else
  const bool expected = cpu_features().gfni && cpu_features().avx2;
#endif
  for (PackedOp op : {PackedOp::mul_b8, PackedOp::mul_b32, PackedOp::mul_b128}) {
    const auto strategies = packed_available_strategies(op);
    EXPECT_EQ(std::count(strategies.begin(), strategies.end(), PackedStrategy::gfni),
              expected ? 1 : 0)
        << packed_op_name(op);
  }
}

TEST(BiniusPacked, RejectsBadRequests) {
  std::vector<std::uint8_t> a8(5), b8(4), out8(5);
  EXPECT_EQ(packed_mul_b8(a8, b8, out8).error().code, Errc::wrong_size);
  std::vector<std::uint32_t> a32(3), out32(2);
  EXPECT_EQ(packed_mul_b32(a32, a32, out32).error().code, Errc::wrong_size);
  std::vector<B128> a128(2), out128(3);
  EXPECT_EQ(packed_mul_b128(a128, a128, out128).error().code, Errc::wrong_size);
  // Strategies an operation does not have.
  EXPECT_EQ(packed_set_strategy(PackedOp::mul_b32, PackedStrategy::polyval).error().code,
            Errc::unsupported);
  EXPECT_EQ(packed_set_strategy(PackedOp::mul_b128, PackedStrategy::pshufb).error().code,
            Errc::unsupported);
  EXPECT_EQ(packed_set_strategy(PackedOp::mul_b8, PackedStrategy::polyval).error().code,
            Errc::unsupported);
  EXPECT_EQ(packed_set_strategy(PackedOp::mul_b128, PackedStrategy::table).error().code,
            Errc::unsupported);
}

}  // namespace
}  // namespace merkleforge::binius
