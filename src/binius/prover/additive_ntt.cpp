#include "merkleforge/binius/additive_ntt.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <new>
#include <string>

#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "ntt_internal.hpp"
#include "polyval_kernel.hpp"

namespace merkleforge::binius {
namespace {

/// Below this many values everything runs on the calling thread.
constexpr std::size_t kParallelThreshold = std::size_t{1} << 14;
/// Values per basis-change task.
constexpr std::size_t kConversionGrain = std::size_t{1} << 12;

/// Calls work(begin, end) over [0, count) in chunks of at least `grain` on the pool, or once on
/// this thread when the job touches fewer than kParallelThreshold values (`values`).
template <class Work>
void for_chunks(std::size_t count, std::size_t grain, std::size_t values, Work&& work) {
  parallel_for(count, values < kParallelThreshold ? std::max<std::size_t>(count, 1) : grain,
               std::forward<Work>(work));
}

/// Ŵ_i(β_(i+1+b)) for every round i and b, as B32 values and as POLYVAL images. Ŵ_i is linear,
/// so a twiddle is the XOR of the entries selected by the bits of its block index.
struct TwiddleBasis {
  std::array<std::array<std::uint32_t, kNttLogDomainLimit>, kNttLogDomainLimit> b32{};
  std::array<std::array<B128P, kNttLogDomainLimit>, kNttLogDomainLimit> polyval{};
  /// prefix[i][m] = polyval[i][0] ^ ... ^ polyval[i][m]: what changes from block j to j + 1
  /// when j + 1 has m trailing zeros.
  std::array<std::array<B128P, kNttLogDomainLimit>, kNttLogDomainLimit> prefix{};
};

std::uint32_t b32_mul(std::uint32_t a, std::uint32_t b) {
  return static_cast<std::uint32_t>(tower_mul(5, a, b));
}

// W_0(x) = x and W_(i+1)(x) = W_i(x)·W_i(x - β_i) = W_i(x)·(W_i(x) + W_i(β_i)) by linearity.
const TwiddleBasis& twiddle_basis() {
  static const TwiddleBasis basis = [] {
    TwiddleBasis t;
    std::array<std::uint32_t, kNttLogDomainLimit> w{};  // W_i(β_m) for the current i, all m
    for (unsigned m = 0; m < kNttLogDomainLimit; ++m) w[m] = std::uint32_t{1} << m;
    for (unsigned i = 0; i < kNttLogDomainLimit; ++i) {
      const std::uint32_t norm = static_cast<std::uint32_t>(tower_inverse(5, w[i]));
      B128P running;
      for (unsigned b = 0; i + 1 + b < kNttLogDomainLimit; ++b) {
        t.b32[i][b] = b32_mul(w[i + 1 + b], norm);
        t.polyval[i][b] = to_polyval(B128(t.b32[i][b]));
        t.prefix[i][b] = running += t.polyval[i][b];
      }
      const std::uint32_t at_beta_i = w[i];
      for (unsigned m = 0; m < kNttLogDomainLimit; ++m) w[m] = b32_mul(w[m], w[m] ^ at_beta_i);
    }
    return t;
  }();
  return basis;
}

/// One transform's data and geometry; `forward` picks the butterfly direction.
class Transform {
 public:
  Transform(std::span<B128P> data, const NttShape& shape, const detail::NttTiling& tiling,
            bool forward, const detail::NttIo& io = {})
      : data_(data.data()),
        shape_(shape),
        tiling_(tiling),
        io_(io),
        basis_(twiddle_basis()),
        forward_(forward),
        butterflies_(forward ? active_polyval_kernel().forward_butterflies
                             : active_polyval_kernel().inverse_butterflies) {}

  B128P* data() const { return data_; }
  const NttShape& shape() const { return shape_; }
  const detail::NttTiling& tiling() const { return tiling_; }
  const detail::NttIo& io() const { return io_; }

  /// Copies n values at `at` from the fused source (NttIo::source) into the data.
  void load(B128P* at, std::size_t n) const { std::copy_n(io_.source + (at - data_), n, at); }
  bool forward() const { return forward_; }
  std::size_t values() const { return std::size_t{1} << (shape_.log_n + shape_.log_batch); }

  /// Every butterfly of blocks [first, last) of `round`, laid out from `base` as consecutive
  /// blocks of 2·half values (the u half, then the v half); consecutive twiddles differ by one
  /// prefix entry.
  void run_blocks(unsigned round, std::uint64_t first, std::uint64_t last, B128P* base,
                  std::size_t half) const {
    B128P t = twiddle(round, first);
    for (std::uint64_t j = first; j < last; ++j, base += 2 * half) {
      butterflies_(base, base + half, t, half);
      if (j + 1 < last) t += basis_.prefix[round][std::countr_zero(j + 1)];
    }
  }

  /// The twiddle of block `block` of `round` (of this transform's coset).
  B128P twiddle(unsigned round, std::uint64_t block) const {
    std::uint64_t index = block | (shape_.coset << (shape_.log_n - 1 - round));
    B128P t;
    for (; index != 0; index &= index - 1) t += basis_.polyval[round][std::countr_zero(index)];
    return t;
  }

  /// n butterflies with one twiddle, u[k] and v[k] paired.
  void butterflies(B128P* u, B128P* v, B128P t, std::size_t n) const { butterflies_(u, v, t, n); }

 private:
  B128P* data_;
  NttShape shape_;
  detail::NttTiling tiling_;
  detail::NttIo io_;
  const TwiddleBasis& basis_;
  bool forward_;
  void (*butterflies_)(B128P*, B128P*, B128P, std::size_t);
};

/// Rounds [0, split) are "small": their blocks fit a cache block.
unsigned small_round_count(const Transform& transform) {
  const NttShape& shape = transform.shape();
  const unsigned log_cache_block = transform.tiling().log_cache_block;
  if (shape.log_batch >= log_cache_block) return 0;
  return std::min(shape.log_n, log_cache_block - shape.log_batch);
}

/// Rounds below `split` inside each cache block of 2^(split + log_batch) values, in the
/// transform's direction. `first` / `last`: this is the transform's first / last pass over the
/// data, which loads each block from the fused source / leaves it in the canonical basis when the
/// transform's NttIo asks.
void run_small_rounds(const Transform& transform, unsigned split, bool first, bool last) {
  if (split == 0) return;
  const NttShape& shape = transform.shape();
  const std::uint64_t cache_blocks = std::uint64_t{1} << (shape.log_n - split);
  const std::size_t block_values = std::size_t{1} << (split + shape.log_batch);
  const bool load = first && transform.io().source != nullptr;
  const bool convert = last && transform.io().to_canonical;
  for_chunks(cache_blocks, 1, transform.values(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t cb = begin; cb < end; ++cb) {
      B128P* block = transform.data() + cb * block_values;
      if (load) transform.load(block, block_values);
      for (unsigned step = 0; step < split; ++step) {
        const unsigned round = transform.forward() ? split - 1 - step : step;
        const std::uint64_t per_block = std::uint64_t{1} << (split - 1 - round);
        const std::size_t half = std::size_t{1} << (round + shape.log_batch);
        transform.run_blocks(round, cb * per_block, (cb + 1) * per_block,
                             transform.data() + cb * per_block * 2 * half, half);
      }
      if (convert) to_canonical_in_place({block, block_values});
    }
  });
}

/// Large rounds [lo, lo + rounds), in one pass over the data. View it as 2^(log_n - lo - rounds)
/// outer blocks, each of 2^rounds rows of E = 2^(lo + log_batch) contiguous values: these rounds
/// pair rows of one outer block value by value (pairs 2^(round - lo) rows apart), with twiddles
/// that depend on the outer block, the round and the row only. So the columns are independent: a
/// tile of W contiguous columns of one outer block (2^rounds rows of W values, at most 2^log_tile
/// values) goes through every round of the group in the transform's direction while in cache,
/// one butterfly call per pair of rows. The tile stays in place: its rows are a power of two
/// apart, so the caches keep only as many of them as they have ways, and a group of at most
/// max_group_rounds rounds (8 rows by default) keeps its rows within that (docs/binius.md).
void run_large_group(const Transform& transform, unsigned lo, unsigned rounds, bool first) {
  const NttShape& shape = transform.shape();
  const bool load = first && transform.io().source != nullptr;
  const unsigned log_inner = lo + shape.log_batch;
  const unsigned log_width = std::min(log_inner, transform.tiling().log_tile - rounds);
  const std::size_t inner = std::size_t{1} << log_inner;
  const std::size_t width = std::size_t{1} << log_width;
  const std::size_t rows = std::size_t{1} << rounds;
  const std::size_t tiles_per_outer = inner >> log_width;
  const std::size_t tiles = (std::size_t{1} << (shape.log_n - lo - rounds)) * tiles_per_outer;

  for_chunks(tiles, 1, transform.values(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t tile = begin; tile < end; ++tile) {
      const std::uint64_t outer = tile / tiles_per_outer;
      B128P* origin = transform.data() + outer * rows * inner + (tile % tiles_per_outer) * width;
      if (load) {
        for (std::size_t row = 0; row < rows; ++row) transform.load(origin + row * inner, width);
      }
      for (unsigned step = 0; step < rounds; ++step) {
        const unsigned local = transform.forward() ? rounds - 1 - step : step;
        const std::size_t distance = std::size_t{1} << local;  // rows between the pair
        const std::uint64_t blocks = rows >> (local + 1);      // per outer block
        for (std::uint64_t block = 0; block < blocks; ++block) {
          const B128P t = transform.twiddle(lo + local, outer * blocks + block);
          for (std::size_t row = 2 * block * distance; row < (2 * block + 1) * distance; ++row) {
            B128P* u = origin + row * inner;
            transform.butterflies(u, u + distance * inner, t, width);
          }
        }
      }
    }
  });
}

/// The large rounds [split, log_n) in groups of at most max_group_rounds rounds (and at most
/// log_tile), as even as possible, from the top group down (forward) or bottom up (inverse).
void run_large_rounds(const Transform& transform, unsigned split) {
  const unsigned large = transform.shape().log_n - split;
  if (large == 0) return;
  const detail::NttTiling& tiling = transform.tiling();
  const unsigned max_rounds = std::max(1u, std::min(tiling.max_group_rounds, tiling.log_tile));
  const unsigned groups = (large + max_rounds - 1) / max_rounds;
  const unsigned base = large / groups, longer = large % groups;  // the lowest `longer` get +1
  const auto lo_of = [&](unsigned g) { return split + g * base + std::min(g, longer); };
  for (unsigned step = 0; step < groups; ++step) {
    const unsigned g = transform.forward() ? groups - 1 - step : step;
    run_large_group(transform, lo_of(g), lo_of(g + 1) - lo_of(g), step == 0);
  }
}

}  // namespace

namespace detail {

std::span<B128P> parallel_to_polyval(std::span<B128> data) {
  for_chunks(data.size(), kConversionGrain, data.size(), [&](std::size_t begin, std::size_t end) {
    to_polyval_in_place(data.subspan(begin, end - begin));
  });
  return as_polyval_storage(data);
}

std::span<B128> parallel_to_canonical(std::span<B128P> data) {
  for_chunks(data.size(), kConversionGrain, data.size(), [&](std::size_t begin, std::size_t end) {
    to_canonical_in_place(data.subspan(begin, end - begin));
  });
  return {std::launder(reinterpret_cast<B128*>(data.data())), data.size()};
}

void ntt_forward_polyval(std::span<B128P> data, const NttShape& shape, const NttTiling& tiling,
                         const NttIo& io) {
  const Transform transform(data, shape, tiling, true, io);
  const unsigned split = small_round_count(transform);
  const bool large = shape.log_n > split;
  if (io.source != nullptr && !large && split == 0) {  // no rounds at all (log_n = 0)
    std::copy_n(io.source, data.size(), data.data());
  }
  run_large_rounds(transform, split);
  run_small_rounds(transform, split, !large, true);
  if (io.to_canonical && split == 0) parallel_to_canonical(data);  // no pass ends with a block
}

void ntt_inverse_polyval(std::span<B128P> data, const NttShape& shape, const NttTiling& tiling) {
  const Transform transform(data, shape, tiling, false);
  const unsigned split = small_round_count(transform);
  run_small_rounds(transform, split, true, true);
  run_large_rounds(transform, split);
}

std::span<B128> parallel_copy_to_polyval(std::span<const B128> source, std::span<B128> dest) {
  // Parts of at most kConversionGrain values, whatever ranges the pool hands out: each part is
  // converted while the copy has it in cache.
  for_chunks(
      source.size(), kConversionGrain, source.size(), [&](std::size_t begin, std::size_t end) {
        for (std::size_t at = begin; at < end; at += kConversionGrain) {
          const auto part = dest.subspan(at, std::min(end - at, kConversionGrain));
          std::copy_n(source.begin() + static_cast<std::ptrdiff_t>(at), part.size(), part.begin());
          to_polyval_in_place(part);
        }
      });
  return dest;
}

}  // namespace detail

void ntt_forward_polyval(std::span<B128P> data, const NttShape& shape) {
  detail::ntt_forward_polyval(data, shape, detail::NttTiling{});
}

void ntt_inverse_polyval(std::span<B128P> data, const NttShape& shape) {
  detail::ntt_inverse_polyval(data, shape, detail::NttTiling{});
}

Status check_ntt_shape(std::size_t values, const NttShape& shape) {
  if (shape.log_n > kNttLogDomainLimit || shape.log_n + shape.log_batch >= 48) {
    return make_error(Errc::invalid_argument,
                      "binius NTT: log_n " + std::to_string(shape.log_n) + " / log_batch " +
                          std::to_string(shape.log_batch) + " exceed the B32 domain or memory");
  }
  const std::size_t expected = std::size_t{1} << (shape.log_n + shape.log_batch);
  if (values != expected) {
    return make_error(Errc::wrong_size, "binius NTT: expected " + std::to_string(expected) +
                                            " values, got " + std::to_string(values));
  }
  const unsigned coset_bits = kNttLogDomainLimit - shape.log_n;
  if (coset_bits < 64 && (shape.coset >> coset_bits) != 0) {
    return make_error(Errc::invalid_argument, "binius NTT: coset " + std::to_string(shape.coset) +
                                                  " is outside B32 for log_n " +
                                                  std::to_string(shape.log_n));
  }
  return Ok{};
}

Status additive_ntt_forward(std::span<B128> data, const NttShape& shape) {
  if (Status s = check_ntt_shape(data.size(), shape); !s) return s;
  const auto polyval = detail::parallel_to_polyval(data);
  ntt_forward_polyval(polyval, shape);
  detail::parallel_to_canonical(polyval);
  return Ok{};
}

Status additive_ntt_inverse(std::span<B128> data, const NttShape& shape) {
  if (Status s = check_ntt_shape(data.size(), shape); !s) return s;
  const auto polyval = detail::parallel_to_polyval(data);
  ntt_inverse_polyval(polyval, shape);
  detail::parallel_to_canonical(polyval);
  return Ok{};
}

Result<B32> additive_ntt_twiddle(unsigned log_n, unsigned round, std::uint64_t block,
                                 std::uint64_t coset) {
  if (round >= log_n || log_n > kNttLogDomainLimit || (block >> (log_n - 1 - round)) != 0 ||
      (coset >> (kNttLogDomainLimit - log_n)) != 0) {
    return make_error(Errc::invalid_argument,
                      "binius NTT twiddle: round " + std::to_string(round) + ", block " +
                          std::to_string(block) + ", coset " + std::to_string(coset) +
                          " do not fit a transform of 2^" + std::to_string(log_n));
  }
  std::uint64_t index = block | (coset << (log_n - 1 - round));
  std::uint32_t t = 0;
  for (; index != 0; index &= index - 1) t ^= twiddle_basis().b32[round][std::countr_zero(index)];
  return B32(t);
}

}  // namespace merkleforge::binius
