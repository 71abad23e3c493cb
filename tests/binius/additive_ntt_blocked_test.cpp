// The additive NTT's cache blocking (src/binius/prover/additive_ntt.cpp): the large rounds run in
// groups, tile by tile, the small ones per cache block. Whatever the tiling,
// the output must be that of the transform written round by round from its definition
// (additive_ntt.hpp: twiddles from additive_ntt_twiddle, canonical B128 × B32 products by the
// scalar tower reference), forward and inverse, on every POLYVAL kernel this CPU has: at the
// library's tiling on shapes whose large rounds run in tiles narrower than a row, and at small
// tilings that reach several groups, batches wider than a cache block and the pool at small sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "binius/binius_support.hpp"
#include "merkleforge/binius/additive_ntt.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "ntt_internal.hpp"

namespace merkleforge::binius {
namespace {

using detail::NttTiling;
using test::for_each_polyval_isa;
using test::random_b128s;

/// t·a for a B32 scalar t: B128 is B32^4 over its subfield (coordinates are the 32-bit words).
B128 times_b32(B128 a, std::uint32_t t) {
  uint128 out = 0;
  for (unsigned w = 0; w < 4; ++w) {
    const auto word = static_cast<std::uint32_t>(a.value() >> (32 * w));
    out |= static_cast<uint128>(static_cast<std::uint32_t>(tower_mul(5, word, t))) << (32 * w);
  }
  return B128(out);
}

std::uint32_t twiddle(const NttShape& shape, unsigned round, std::uint64_t block) {
  return additive_ntt_twiddle(shape.log_n, round, block, shape.coset)->value();
}

/// The forward transform round by round, every butterfly from the definition.
std::vector<B128> reference_forward(std::vector<B128> d, const NttShape& shape) {
  for (unsigned round = shape.log_n; round-- > 0;) {
    const std::size_t half = std::size_t{1} << (round + shape.log_batch);
    for (std::uint64_t j = 0; j < (std::uint64_t{1} << (shape.log_n - 1 - round)); ++j) {
      const std::uint32_t t = twiddle(shape, round, j);
      for (std::size_t k = 0; k < half; ++k) {
        B128& u = d[j * 2 * half + k];
        B128& v = d[j * 2 * half + half + k];
        u += times_b32(v, t);
        v += u;
      }
    }
  }
  return d;
}

std::string describe(const NttShape& shape) {
  return "log_n " + std::to_string(shape.log_n) + " log_batch " + std::to_string(shape.log_batch) +
         " coset " + std::to_string(shape.coset);
}

std::string describe(const NttTiling& tiling) {
  return "tiling " + std::to_string(tiling.log_cache_block) + "/" +
         std::to_string(tiling.log_tile) + "/" + std::to_string(tiling.max_group_rounds);
}

/// The transform with a given tiling on canonical data (basis changes around the POLYVAL one).
std::vector<B128> transform(const std::vector<B128>& data, const NttShape& shape,
                            const NttTiling& tiling, bool forward) {
  std::vector<B128P> work = to_polyval(data);
  if (forward) {
    detail::ntt_forward_polyval(work, shape, tiling);
  } else {
    detail::ntt_inverse_polyval(work, shape, tiling);
  }
  return to_canonical(work);
}

// The library's tiling (through the public entry points; small rounds in blocks of 2^15 values,
// large ones in groups of up to three): one to four large rounds in one or two groups, in tiles of
// 2^12 to 2^14 values narrower than their rows, with batches and cosets, on the pool. The portable
// kernel (about 1 M products/s) takes the shape of 2^16 values only.
TEST(BiniusAdditiveNttBlocked, LibraryTilingMatchesTheRoundByRoundTransform) {
  std::mt19937_64 rng(31);
  const NttShape shapes[] = {{16, 0, 1}, {15, 2, 3}, {16, 1, 0}, {17, 2, 2}, {18, 0, 5}};
  for (const NttShape& shape : shapes) {
    SCOPED_TRACE(describe(shape));
    const auto input = random_b128s(rng, std::size_t{1} << (shape.log_n + shape.log_batch));
    const auto expected = reference_forward(input, shape);
    for_each_polyval_isa([&](PolyvalIsa isa) {
      if (isa == PolyvalIsa::portable && shape.log_n + shape.log_batch > 16) return;
      auto data = input;
      ASSERT_TRUE(additive_ntt_forward(data, shape).ok());
      EXPECT_TRUE(data == expected);
      ASSERT_TRUE(additive_ntt_inverse(data, shape).ok());
      EXPECT_TRUE(data == input);
    });
  }
}

// Small tilings: several groups of large rounds (as even as the tile allows), tiles narrower than
// a row and tiles of whole rows, rows of one to eight values, batches at and beyond a cache block
// (no small rounds), sizes below and above the pool's threshold (2^14 values).
TEST(BiniusAdditiveNttBlocked, SmallTilingsMatchTheRoundByRoundTransform) {
  std::mt19937_64 rng(32);
  const NttTiling tilings[] = {{4, 7, 2}, {5, 9, 3}, {3, 4, 4}, {2, 6, 1}, {13, 15, 3}, {}};
  const NttShape shapes[] = {{0, 0, 0},  {1, 2, 1},  {5, 0, 7}, {12, 0, 0}, {12, 0, 3},
                             {11, 1, 1}, {10, 3, 2}, {9, 6, 1}, {6, 8, 0},  {14, 0, 5}};
  for (const NttShape& shape : shapes) {
    SCOPED_TRACE(describe(shape));
    const auto input = random_b128s(rng, std::size_t{1} << (shape.log_n + shape.log_batch));
    const auto expected = reference_forward(input, shape);
    for_each_polyval_isa([&] {
      for (const NttTiling& tiling : tilings) {
        SCOPED_TRACE(describe(tiling));
        const auto forward = transform(input, shape, tiling, true);
        EXPECT_TRUE(forward == expected);
        EXPECT_TRUE(transform(forward, shape, tiling, false) == input);
      }
    });
  }
}

// The fused input and output of the Reed-Solomon encoder (NttIo): the transform reads a separate
// source in its first pass (a large-round group's tiles, or the cache blocks when there is no
// large round) and leaves each cache block canonical after its last round (or the whole data when
// there is no small round), for every tiling above, the default one and the edge shapes.
TEST(BiniusAdditiveNttBlocked, FusedInputAndOutputMatchTheRoundByRoundTransform) {
  std::mt19937_64 rng(33);
  const NttTiling tilings[] = {{4, 7, 2}, {3, 4, 4}, {2, 6, 1}, {}};
  const NttShape shapes[] = {{0, 0, 0},  {0, 3, 0},  {1, 2, 1}, {5, 0, 7},
                             {12, 0, 3}, {10, 3, 2}, {7, 9, 0}, {16, 0, 1}};
  for (const NttShape& shape : shapes) {
    SCOPED_TRACE(describe(shape));
    const auto input = random_b128s(rng, std::size_t{1} << (shape.log_n + shape.log_batch));
    const auto expected = reference_forward(input, shape);
    const std::vector<B128P> source = to_polyval(input);
    for_each_polyval_isa([&](PolyvalIsa isa) {
      if (isa == PolyvalIsa::portable && shape.log_n + shape.log_batch > 12) return;
      for (const NttTiling& tiling : tilings) {
        SCOPED_TRACE(describe(tiling));
        for (bool convert : {false, true}) {
          std::vector<B128P> data(source.size(), B128P::one());  // overwritten from the source
          detail::ntt_forward_polyval(data, shape, tiling, {source.data(), convert});
          const std::vector<B128> out =
              convert ? std::vector<B128>(detail::as_canonical_storage(data).begin(),
                                          detail::as_canonical_storage(data).end())
                      : to_canonical(data);
          EXPECT_TRUE(out == expected) << "converted " << convert;
          // In place (no source), converted on the way out.
          std::vector<B128P> in_place = source;
          detail::ntt_forward_polyval(in_place, shape, tiling, {nullptr, true});
          const auto canonical = detail::as_canonical_storage(in_place);
          EXPECT_TRUE(
              std::equal(canonical.begin(), canonical.end(), expected.begin(), expected.end()));
        }
      }
    });
  }
}

}  // namespace
}  // namespace merkleforge::binius
