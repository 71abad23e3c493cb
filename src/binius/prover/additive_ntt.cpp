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
/// Blocks of at most this many values (128 KiB) finish all their rounds while in cache.
constexpr unsigned kLogCacheBlock = 13;
/// Butterflies per task in the large rounds.
constexpr std::size_t kButterflyGrain = std::size_t{1} << 12;

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
  Transform(std::span<B128P> data, const NttShape& shape, bool forward)
      : data_(data.data()),
        shape_(shape),
        basis_(twiddle_basis()),
        butterflies_(forward ? active_polyval_kernel().forward_butterflies
                             : active_polyval_kernel().inverse_butterflies) {}

  std::size_t half(unsigned round) const { return std::size_t{1} << (round + shape_.log_batch); }

  /// Butterflies [k_begin, k_end) of one block.
  void run_part(unsigned round, std::uint64_t block, std::size_t k_begin, std::size_t k_end) const {
    B128P* u = data_ + block * 2 * half(round) + k_begin;
    butterflies_(u, u + half(round), twiddle(round, block), k_end - k_begin);
  }

  /// All butterflies of blocks [first, last) of one round; consecutive twiddles differ by one
  /// prefix entry.
  void run_blocks(unsigned round, std::uint64_t first, std::uint64_t last) const {
    B128P t = twiddle(round, first);
    for (std::uint64_t j = first; j < last; ++j) {
      B128P* u = data_ + j * 2 * half(round);
      butterflies_(u, u + half(round), t, half(round));
      if (j + 1 < last) t += basis_.prefix[round][std::countr_zero(j + 1)];
    }
  }

  std::size_t values() const { return std::size_t{1} << (shape_.log_n + shape_.log_batch); }
  std::uint64_t blocks(unsigned round) const {
    return std::uint64_t{1} << (shape_.log_n - 1 - round);
  }

 private:
  B128P twiddle(unsigned round, std::uint64_t block) const {
    std::uint64_t index = block | (shape_.coset << (shape_.log_n - 1 - round));
    B128P t;
    for (; index != 0; index &= index - 1) t += basis_.polyval[round][std::countr_zero(index)];
    return t;
  }

  B128P* data_;
  NttShape shape_;
  const TwiddleBasis& basis_;
  void (*butterflies_)(B128P*, B128P*, B128P, std::size_t);
};

/// A round whose blocks exceed a cache block: split into ranges of butterflies.
void run_large_round(const Transform& transform, unsigned round) {
  const std::size_t half = transform.half(round);
  const std::size_t grain = std::min(half, kButterflyGrain);
  const std::size_t parts_per_block = half / grain;
  for_chunks(transform.blocks(round) * parts_per_block, 1, transform.values(),
             [&](std::size_t begin, std::size_t end) {
               for (std::size_t part = begin; part < end; ++part) {
                 const std::size_t k = (part % parts_per_block) * grain;
                 transform.run_part(round, part / parts_per_block, k, k + grain);
               }
             });
}

/// Rounds below `split` inside each cache block, in the given direction.
void run_small_rounds(const Transform& transform, const NttShape& shape, unsigned split,
                      bool forward) {
  if (split == 0) return;
  const std::uint64_t cache_blocks = std::uint64_t{1} << (shape.log_n - split);
  for_chunks(cache_blocks, 1, transform.values(), [&](std::size_t begin, std::size_t end) {
    for (std::size_t cb = begin; cb < end; ++cb) {
      for (unsigned step = 0; step < split; ++step) {
        const unsigned round = forward ? split - 1 - step : step;
        const std::uint64_t per_block = std::uint64_t{1} << (split - 1 - round);
        transform.run_blocks(round, cb * per_block, (cb + 1) * per_block);
      }
    }
  });
}

/// Rounds [0, split) are "small": their blocks fit a cache block.
unsigned small_round_count(const NttShape& shape) {
  if (shape.log_batch >= kLogCacheBlock) return 0;
  return std::min(shape.log_n, kLogCacheBlock - shape.log_batch);
}

}  // namespace

namespace detail {

std::span<B128P> parallel_to_polyval(std::span<B128> data) {
  for_chunks(data.size(), kButterflyGrain, data.size(), [&](std::size_t begin, std::size_t end) {
    to_polyval_in_place(data.subspan(begin, end - begin));
  });
  return as_polyval_storage(data);
}

std::span<B128> parallel_to_canonical(std::span<B128P> data) {
  for_chunks(data.size(), kButterflyGrain, data.size(), [&](std::size_t begin, std::size_t end) {
    to_canonical_in_place(data.subspan(begin, end - begin));
  });
  return {std::launder(reinterpret_cast<B128*>(data.data())), data.size()};
}

}  // namespace detail

void ntt_forward_polyval(std::span<B128P> data, const NttShape& shape) {
  const Transform transform(data, shape, true);
  const unsigned split = small_round_count(shape);
  for (unsigned round = shape.log_n; round-- > split;) run_large_round(transform, round);
  run_small_rounds(transform, shape, split, true);
}

void ntt_inverse_polyval(std::span<B128P> data, const NttShape& shape) {
  const Transform transform(data, shape, false);
  const unsigned split = small_round_count(shape);
  run_small_rounds(transform, shape, split, false);
  for (unsigned round = split; round < shape.log_n; ++round) run_large_round(transform, round);
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
