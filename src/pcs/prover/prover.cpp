// FRI-Binius PCS prover (pcs/prover.hpp; protocol in docs/binius-pcs.md). Bulk arithmetic runs
// on POLYVAL-basis values through the kernels, large loops through the parallel module.
#include "merkleforge/pcs/prover.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstring>
#include <optional>

#include "merkleforge/binius/additive_ntt.hpp"
#include "merkleforge/binius/kernels.hpp"
#include "merkleforge/binius/multilinear.hpp"
#include "merkleforge/binius/polyval.hpp"
#include "merkleforge/binius/reed_solomon.hpp"
#include "merkleforge/core/large_pages.hpp"
#include "merkleforge/parallel/parallel.hpp"
#include "merkleforge/pcs/codeword_commitment.hpp"
#include "merkleforge/transcript/transcript.hpp"

namespace merkleforge::pcs {
namespace {

using binius::B128P;
using binius::to_canonical;
using binius::to_polyval;
using binius::uint128;

const binius::PolyvalKernel& kernel() noexcept {
  return binius::active_polyval_kernel();
}

/// Elements processed per block inside a parallel task (temporaries live on the stack).
constexpr std::size_t kBlock = 256;
/// Below this many elements a loop runs on the calling thread.
constexpr std::size_t kParallelGrain = 4096;

class Stopwatch {
 public:
  explicit Stopwatch(double* sink) : sink_(sink), start_(std::chrono::steady_clock::now()) {}
  ~Stopwatch() {
    if (sink_ != nullptr) {
      *sink_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
  }
  Stopwatch(const Stopwatch&) = delete;
  Stopwatch& operator=(const Stopwatch&) = delete;

 private:
  double* sink_;
  std::chrono::steady_clock::time_point start_;
};

double* part(PcsTimings* timings, double PcsTimings::*member) {
  return timings == nullptr ? nullptr : &(timings->*member);
}

/// Runs body(begin, end) over [0, count) in pieces of kBlock (each begins at a multiple of
/// kBlock, so pairs never straddle two pieces), kParallelGrain values per task on the pool.
template <class Body>
void parallel_blocks(std::size_t count, Body&& body) {
  const std::size_t blocks = (count + kBlock - 1) / kBlock;
  parallel_for(blocks, kParallelGrain / kBlock, [&](std::size_t first, std::size_t last) {
    for (std::size_t block = first; block < last; ++block) {
      body(block * kBlock, std::min((block + 1) * kBlock, count));
    }
  });
}

LargeVector<B128> to_canonical_vector(std::span<const B128P> polyval) {
  LargeVector<B128> out(polyval.size());
  parallel_blocks(polyval.size(), [&](std::size_t begin, std::size_t end) {
    binius::to_canonical(polyval.subspan(begin, end - begin), {out.data() + begin, end - begin});
  });
  return out;
}

// ---- the batched sumcheck over t*·A* ----

struct RoundPolynomial {
  B128P constant;   ///< g(0)
  B128P quadratic;  ///< coefficient of X^2
};

RoundPolynomial operator+(RoundPolynomial x, RoundPolynomial y) {
  return {x.constant + y.constant, x.quadratic + y.quadratic};
}

/// Adds the round-polynomial terms of the pairs in t[0, n), a[0, n) (n even) to acc:
/// g(X) = Σ_x (t0 + X(t0 + t1))(a0 + X(a0 + a1)) gives g(0) = Σ t0·a0 and the X^2 coefficient
/// Σ (t0 + t1)(a0 + a1); the linear one follows from the running claim.
void accumulate_round(const B128P* t, const B128P* a, std::size_t n, RoundPolynomial& acc) {
  std::array<B128P, kBlock / 2> t0, a0, td, ad;
  const std::size_t pairs = n / 2;
  for (std::size_t x = 0; x < pairs; ++x) {
    t0[x] = t[2 * x];
    a0[x] = a[2 * x];
    td[x] = t[2 * x] + t[2 * x + 1];
    ad[x] = a[2 * x] + a[2 * x + 1];
  }
  kernel().mul(t0.data(), a0.data(), t0.data(), pairs);
  kernel().mul(td.data(), ad.data(), td.data(), pairs);
  for (std::size_t x = 0; x < pairs; ++x) {
    acc.constant += t0[x];
    acc.quadratic += td[x];
  }
}

/// out[x] = v[2x] + r·(v[2x] + v[2x+1]) for x < n: the lowest variable set to r.
void fold_block(const B128P* v, B128P r, B128P* out, std::size_t n) {
  for (std::size_t x = 0; x < n; ++x) out[x] = v[2 * x] + v[2 * x + 1];
  kernel().mul_scalar(out, r, out, n);
  for (std::size_t x = 0; x < n; ++x) out[x] += v[2 * x];
}

/// Runs body(begin, end, acc) over [0, count) in the pieces of parallel_blocks, XOR-reducing.
template <class Body>
RoundPolynomial reduce_blocks(std::size_t count, Body&& body) {
  const std::size_t blocks = (count + kBlock - 1) / kBlock;
  auto run = [&](std::size_t first, std::size_t last, RoundPolynomial acc) {
    for (std::size_t block = first; block < last; ++block) {
      body(block * kBlock, std::min((block + 1) * kBlock, count), acc);
    }
    return acc;
  };
  return parallel_reduce(blocks, kParallelGrain / kBlock, RoundPolynomial{}, run,
                         [](RoundPolynomial x, RoundPolynomial y) { return x + y; });
}

/// The sumcheck state: t* and A* with the variables fixed so far, in
/// ping-pong buffers so that folding allocates nothing.
class SumcheckState {
 public:
  /// Starts from t (viewed: it must outlive the state) and a, and sums the first round.
  SumcheckState(std::span<const B128P> t, LargeVector<B128P> a)
      : a_first_(std::move(a)), t_(t), a_(a_first_), size_(t.size()) {
    first_round_ =
        reduce_blocks(size_, [&](std::size_t begin, std::size_t end, RoundPolynomial& acc) {
          accumulate_round(t_.data() + begin, a_.data() + begin, end - begin, acc);
        });
    // Fold k writes 2^-k of the table into buffer (k − 1) mod 2: the first holds half, the
    // second a quarter.
    for (unsigned k = 0; k < 2; ++k) {
      buffers_[k].t.resize(size_ >> (k + 1));
      buffers_[k].a.resize(size_ >> (k + 1));
    }
  }

  std::span<const B128P> t() const { return t_; }

  /// The round polynomial before any variable is fixed.
  RoundPolynomial first_round() const { return first_round_; }

  /// Fixes the lowest variable to r and returns the next round polynomial (zero when one value
  /// is left): fold and the next round's sums in one pass over the data.
  RoundPolynomial fold(B128P r) {
    const std::size_t half = size_ / 2;
    Buffers& out = buffers_[next_];
    const RoundPolynomial next =
        reduce_blocks(half, [&](std::size_t begin, std::size_t end, RoundPolynomial& acc) {
          fold_block(t_.data() + 2 * begin, r, out.t.data() + begin, end - begin);
          fold_block(a_.data() + 2 * begin, r, out.a.data() + begin, end - begin);
          if (half >= 2) {
            accumulate_round(out.t.data() + begin, out.a.data() + begin, end - begin, acc);
          }
        });
    t_ = {out.t.data(), half};
    a_ = {out.a.data(), half};
    size_ = half;
    next_ ^= 1;
    free_storage(a_first_);  // no longer read
    return next;
  }

 private:
  struct Buffers {
    LargeVector<B128P> t, a;
  };
  LargeVector<B128P> a_first_;
  std::span<const B128P> t_, a_;  // the current values: the inputs, then a buffer
  std::size_t size_;
  std::array<Buffers, 2> buffers_;  // fold reads one (or the inputs) and writes the other
  unsigned next_ = 0;
  RoundPolynomial first_round_;
};

/// eq(point, v) for v < 2^point.size(), held as two factors: eq(point, v) = lo[v mod 2^lo_vars] ·
/// hi[v >> lo_vars] (the coordinates below lo_vars and those above). A claim on a polynomial of
/// 2^22 words so needs 8 Ki + 512 values instead of a 64 MiB table, which cost more to fault in
/// and fill than the passes that read it; a value costs one product where it is used.
class FactoredEq {
 public:
  /// At most 2^13 lo values (128 KiB): small enough for L2, and 2^13 words are 1 Ki of
  /// bit_sums_of's groups, so its blocks stay in one hi block.
  static constexpr unsigned kLoVars = 13;

  explicit FactoredEq(std::span<const B128> point)
      : lo_vars_(std::min<unsigned>(kLoVars, static_cast<unsigned>(point.size()))),
        lo_(tensor(point.first(lo_vars_))),
        hi_(tensor(point.subspan(lo_vars_))),
        live_groups_(lo_.size() / kLiveGroup + 1) {
    for (std::size_t v = 0; v < lo_.size(); ++v) {
      if (lo_[v] != B128P::zero()) live_groups_[v / kLiveGroup] = 1;
    }
  }

  /// Whether eq(point, ·) has a non-zero value among v … v + 7 (v a multiple of 8). A point with
  /// coordinates 0 or 1 (a claim on a subcube: the Boolean engine's chain slots) is zero off its
  /// subcube, and the passes below skip what it does not reach.
  static constexpr std::size_t kLiveGroup = 8;
  bool live(std::size_t v) const noexcept {
    return live_groups_[(v & (lo_.size() - 1)) / kLiveGroup] != 0 && high(v) != B128P::zero();
  }

  std::size_t size() const noexcept { return lo_.size() * hi_.size(); }
  /// Which hi block v lies in, and that block's factor.
  std::size_t block(std::size_t v) const noexcept { return v >> lo_vars_; }
  B128P high(std::size_t v) const noexcept { return hi_[block(v)]; }
  /// The lo factors of v, v + 1, … up to the end of v's hi block.
  const B128P* low(std::size_t v) const noexcept { return lo_.data() + (v & (lo_.size() - 1)); }
  /// out[k] = scale·eq(point, first + k) for k < count.
  void values(std::size_t first, std::size_t count, B128P scale, B128P* out) const {
    while (count > 0) {
      const std::size_t run = std::min(count, lo_.size() - (first & (lo_.size() - 1)));
      kernel().mul_scalar(low(first), high(first) * scale, out, run);
      first += run, out += run, count -= run;
    }
  }

 private:
  static std::vector<B128P> tensor(std::span<const B128> point) {
    return binius::polyval_eq_tensor(binius::to_polyval(point));
  }

  unsigned lo_vars_;
  std::vector<B128P> lo_, hi_;
  std::vector<std::uint8_t> live_groups_;
};

// ---- FRI folding of codewords (POLYVAL basis) ----

/// The codeword after the interleaved folds: by linearity the encoding of t* with its lowest
/// `arity` variables fixed (the message `folded`), one forward NTT per coset in the POLYVAL basis
/// (binius/kernels.hpp: the RS encoder without its basis changes).
LargeVector<B128P> encode_folded_message(std::span<const B128P> folded, const PcsParams& params) {
  const std::size_t length = std::size_t{1} << params.log_dim();  // = folded.size()
  const std::size_t cosets = std::size_t{1} << params.config.log_inv_rate;
  LargeVector<B128P> codeword(length * cosets);
  for (std::size_t c = 0; c < cosets; ++c) {
    B128P* chunk = codeword.data() + c * length;
    for (std::size_t i = 0; i < length; ++i) chunk[i] = folded[i];
    binius::ntt_forward_polyval({chunk, length}, binius::NttShape{params.log_dim(), 0, c});
  }
  return codeword;
}

/// Ŵ_j(β_(j+1+b)) for the bits b of a pair index, from the NTT module.
std::vector<B128P> fold_twiddle_basis(unsigned fold, unsigned index_bits) {
  std::vector<B128P> basis;
  for (unsigned b = 0; b < index_bits; ++b) {
    auto twiddle =
        binius::additive_ntt_twiddle(binius::kNttLogDomainLimit, fold, std::uint64_t{1} << b, 0);
    basis.push_back(to_polyval(B128(twiddle->value())));
  }
  return basis;
}

/// One FRI-Binius fold (DP24 Def. 3.6) of f with challenge r: for pair x, the
/// inverse butterfly with twiddle t_x (v += u; u += t·v) and then u + r·(v + u).
LargeVector<B128P> fold_pairs(std::span<const B128P> f, unsigned fold, B128P r) {
  const std::size_t pairs = f.size() / 2;
  const auto index_bits = static_cast<unsigned>(std::bit_width(pairs - 1));
  const std::vector<B128P> basis = fold_twiddle_basis(fold, index_bits);
  LargeVector<B128P> twiddles(pairs);
  for (unsigned b = 0; b < index_bits; ++b) {
    const std::size_t half = std::size_t{1} << b;
    for (std::size_t x = 0; x < half; ++x) twiddles[half + x] = twiddles[x] + basis[b];
  }
  LargeVector<B128P> out(pairs);
  parallel_blocks(pairs, [&](std::size_t begin, std::size_t end) {
    std::array<B128P, kBlock> u, v, scratch;
    const std::size_t n = end - begin;
    for (std::size_t i = 0; i < n; ++i) {
      u[i] = f[2 * (begin + i)];
      v[i] = u[i] + f[2 * (begin + i) + 1];
    }
    kernel().mul(twiddles.data() + begin, v.data(), scratch.data(), n);
    for (std::size_t i = 0; i < n; ++i) {
      u[i] += scratch[i];
      scratch[i] = u[i] + v[i];
    }
    kernel().mul_scalar(scratch.data(), r, scratch.data(), n);
    for (std::size_t i = 0; i < n; ++i) out[begin + i] = u[i] + scratch[i];
  });
  return out;
}

// ---- ring-switching ----

/// The packed polynomial's coordinates of a claim's point: those after the first κ (which select
/// the subfield value inside a word), padded with zeros to packed_vars.
std::vector<B128> packed_coordinates(const PolynomialLayout& layout,
                                     const std::vector<B128>& point) {
  const unsigned kappa = packing_log(layout.shape.tower_level);
  std::vector<B128> high(layout.packed_vars);
  for (std::size_t i = kappa; i < point.size(); ++i) high[i - kappa] = point[i];
  return high;
}

/// Transposes the 8×8 bit matrix whose row i is byte i: afterwards bit i of byte j is what bit j
/// of byte i was.
std::uint64_t transpose8x8(std::uint64_t x) {
  std::uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAull;
  x ^= t ^ (t << 7);
  t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCull;
  x ^= t ^ (t << 14);
  t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ull;
  return x ^ t ^ (t << 28);
}

using BitSums = std::vector<std::array<B128P, 128>>;

/// sums[j][b] = Σ over v with bit b of the canonical words[v] set of eq_j(v), for every claim j in
/// one pass: per 8 words, the 8 bits at each position b form one byte (8×8 transposes), which
/// indexes the 256 subset sums of claim j's 8 lo factors — 128 lookups instead of a product or a
/// branch per set bit; each hi block's sums are then scaled by its hi factor (128 products per
/// 2^13 words). The words come in the POLYVAL basis (the committed t*) and are converted back to
/// canonical 512 at a time by the bulk kernel, so that t* is never held twice.
BitSums bit_sums_of(std::span<const B128P> words, const std::vector<const FactoredEq*>& eqs) {
  constexpr std::size_t kGroup = 8;
  constexpr std::size_t kChunkGroups = 64;
  const std::size_t groups = words.size() / kGroup;
  auto body = [&](std::size_t first, std::size_t last, BitSums acc) {
    std::array<B128P, 256> table;
    std::array<B128, kGroup * kChunkGroups> canonical;
    // The claims on one polynomial share its shape, so the first claim's blocks are all of theirs.
    BitSums block(eqs.size());  // the current hi block's sums of lo factors
    std::size_t block_start = kGroup * first;
    const auto flush = [&] {
      for (std::size_t c = 0; c < eqs.size(); ++c) {
        const B128P high = eqs[c]->high(block_start);
        for (unsigned b = 0; b < 128; ++b) acc[c][b] += block[c][b] * high;
        block[c].fill(B128P::zero());
      }
    };
    for (std::size_t g = first; g != last; ++g) {
      if (eqs[0]->block(kGroup * g) != eqs[0]->block(block_start)) {
        flush();
        block_start = kGroup * g;
      }
      const std::size_t in_chunk = (g - first) % kChunkGroups;
      if (in_chunk == 0) {
        const std::size_t count = kGroup * std::min(kChunkGroups, last - g);
        binius::to_canonical(words.subspan(kGroup * g, count), std::span(canonical).first(count));
      }
      const B128* w = canonical.data() + kGroup * in_chunk;
      std::uint8_t rows[kGroup][16];  // the 8 words' bytes
      std::memcpy(rows, w, sizeof rows);
      std::array<std::uint8_t, 128> column_bytes;  // byte b: bit i = bit b of word i
      for (unsigned k = 0; k < 16; ++k) {
        std::uint64_t x = 0;
        for (unsigned i = 0; i < kGroup; ++i) x |= std::uint64_t{rows[i][k]} << (8 * i);
        const std::uint64_t y = transpose8x8(x);
        std::memcpy(column_bytes.data() + 8 * k, &y, 8);  // little-endian: byte j = column 8k + j
      }
      for (std::size_t c = 0; c < eqs.size(); ++c) {
        if (!eqs[c]->live(kGroup * g)) continue;
        const B128P* eq = eqs[c]->low(kGroup * g);
        table[0] = B128P::zero();
        for (unsigned bit = 0; bit < kGroup; ++bit) {
          const unsigned half = 1u << bit;
          for (unsigned x = 0; x < half; ++x) table[half + x] = table[x] + eq[bit];
        }
        for (unsigned b = 0; b < 128; ++b) block[c][b] += table[column_bytes[b]];
      }
    }
    flush();
    return acc;
  };
  // Blocks of 1024 groups (8 Ki words), each with its own sums.
  BitSums sums =
      parallel_reduce(groups, 1024, BitSums(eqs.size()), body, [](BitSums a, const BitSums& b) {
        for (std::size_t c = 0; c < a.size(); ++c) {
          for (unsigned i = 0; i < 128; ++i) a[c][i] += b[c][i];
        }
        return a;
      });
  for (std::size_t v = kGroup * groups; v < words.size(); ++v) {  // fewer than 8 words
    const B128 word = binius::to_canonical(words[v]);
    for (std::size_t c = 0; c < eqs.size(); ++c) {
      const B128P eq = *eqs[c]->low(v) * eqs[c]->high(v);
      for (unsigned b = 0; b < 128; ++b) {
        if ((word.value() >> b) & 1) sums[c][b] += eq;
      }
    }
  }
  return sums;
}

/// ŝ_u = Σ_v eq(high, v)·slot_u(t(v)) for u < 2^κ, slot_u the u-th T_level value of the word,
/// from the bit sums: slot u's value is Σ_c X_c·bit_sums[(u << level) + c] over the bits c of a
/// T_level element.
std::vector<B128> ring_switch_columns(const std::array<B128P, 128>& bit_sums, unsigned level) {
  const unsigned slot_bits = 1u << level;
  std::vector<B128> columns(std::size_t{128} >> level);
  for (std::size_t u = 0; u < columns.size(); ++u) {
    for (unsigned c = 0; c < slot_bits; ++c) {
      columns[u] += B128(uint128{1} << c) * to_canonical(bit_sums[u * slot_bits + c]);
    }
  }
  return columns;
}

/// Adds scale·A(v) to target[v] for the ring-switching indicator
/// A(v) = Σ_w eq(row_point, w)·slot_w(eq_v). Every step — the
/// basis change of eq_v, the slot map, the basis change back, the product by `scale` — is
/// GF(2)-linear, so their composition is applied at once by byte tables of the images of the
/// 128 basis bits: 16 lookups per v and no conversion.
void add_ring_switch_indicator(const FactoredEq& eq, unsigned level,
                               std::span<const B128> row_point, B128P scale, B128P* target) {
  const auto row_eq = binius::eq_tensor(row_point);
  const unsigned slot_bits = 1u << level;
  std::array<B128, 128> slot_images;  // canonical bit b -> its slot image
  for (unsigned b = 0; b < 128; ++b) {
    slot_images[b] = (*row_eq)[b / slot_bits] * B128(uint128{1} << (b % slot_bits));
  }
  std::array<B128P, 128> bit_images;  // POLYVAL bit c -> scale·A(e_c)
  for (unsigned c = 0; c < 128; ++c) {
    const B128 canonical = to_canonical(B128P::from_bits(uint128{1} << c));
    B128 image;
    for (unsigned b = 0; b < 128; ++b) {
      if ((canonical.value() >> b) & 1) image += slot_images[b];
    }
    bit_images[c] = to_polyval(image) * scale;
  }
  std::vector<std::array<B128P, 256>> tables(16);
  for (unsigned q = 0; q < 16; ++q) {
    tables[q][0] = B128P::zero();
    for (unsigned bit = 0; bit < 8; ++bit) {
      const unsigned half = 1u << bit;
      for (unsigned x = 0; x < half; ++x)
        tables[q][half + x] = tables[q][x] + bit_images[8 * q + bit];
    }
  }
  parallel_blocks(eq.size(), [&](std::size_t begin, std::size_t end) {
    std::array<B128P, kBlock> values;
    eq.values(begin, end - begin, B128P::one(), values.data());
    for (std::size_t v = begin; v < end; ++v) {
      if (values[v - begin] == B128P::zero()) continue;  // off a subcube claim's subcube
      B128P image;
      for (unsigned q = 0; q < 16; ++q)
        image += tables[q][static_cast<std::uint8_t>(values[v - begin].bits() >> (8 * q))];
      target[v] += image;
    }
  });
}

// ---- oracles ----

struct FoldOracle {
  LargeVector<B128> values;
  BinaryMerkleTree<Sha256> tree;
};

/// The sorted distinct leaves of an oracle that the positions open (leaf = position >> shift).
std::vector<std::uint64_t> opened_leaves(const std::vector<std::uint64_t>& positions,
                                         unsigned shift) {
  std::vector<std::uint64_t> leaves;
  leaves.reserve(positions.size());
  for (std::uint64_t position : positions) leaves.push_back(position >> shift);
  std::sort(leaves.begin(), leaves.end());
  leaves.erase(std::unique(leaves.begin(), leaves.end()), leaves.end());
  return leaves;
}

/// One oracle's opening: its distinct opened leaves in ascending order, then the binary tree's
/// multiproof siblings for them (binary/proof.hpp order).
Status advise_oracle(transcript::ProverTranscript& transcript, const BinaryMerkleTree<Sha256>& tree,
                     std::span<const B128> values, unsigned arity,
                     const std::vector<std::uint64_t>& leaves) {
  for (std::uint64_t leaf : leaves) {
    transcript.advise_b128s(values.subspan(leaf << arity, std::size_t{1} << arity));
  }
  auto multiproof = tree.multiproof(leaves);
  if (!multiproof) return multiproof.error();
  for (const Digest32& sibling : multiproof->siblings) transcript.advise_digest(sibling);
  return Ok{};
}

}  // namespace

Result<PcsCommitted> pcs_commit(const std::vector<PolynomialShape>& shapes,
                                const std::vector<std::span<const B128>>& packed,
                                const PcsConfig& config, PcsTimings* timings) {
  auto params = derive_params(shapes, config);
  if (!params) return params.error();
  if (packed.size() != shapes.size()) {
    return make_error(Errc::wrong_size, "pcs: " + std::to_string(packed.size()) +
                                            " packed polynomials for " +
                                            std::to_string(shapes.size()) + " shapes");
  }
  PcsCommitted committed;
  // Zero padding: zero is its own POLYVAL image.
  committed.message_polyval.assign(std::size_t{1} << params->total_vars, B128P::zero());
  for (std::size_t j = 0; j < shapes.size(); ++j) {
    const PolynomialLayout& layout = params->polynomials[j];
    const std::size_t words = std::size_t{1} << layout.packed_vars;
    if (packed[j].size() != words) {
      return make_error(Errc::wrong_size, "pcs: polynomial " + std::to_string(j) + " has " +
                                              std::to_string(packed[j].size()) +
                                              " words, expected " + std::to_string(words));
    }
    const unsigned bits = shapes[j].n_vars + shapes[j].tower_level;
    if (bits < 7 && (packed[j][0].value() >> (1u << bits)) != 0) {
      return make_error(Errc::invalid_argument,
                        "pcs: polynomial " + std::to_string(j) + " has bits set beyond its values");
    }
  }
  const binius::ReedSolomonParams code{params->log_dim(), params->config.log_inv_rate,
                                       params->arity};
  {
    Stopwatch watch(part(timings, &PcsTimings::ntt));
    // The POLYVAL-basis message is the NTT's input and, kept, the prover's sumcheck input.
    for (std::size_t j = 0; j < shapes.size(); ++j) {
      B128P* target = committed.message_polyval.data() + params->polynomials[j].offset;
      parallel_blocks(packed[j].size(), [&](std::size_t begin, std::size_t end) {
        binius::to_polyval(packed[j].subspan(begin, end - begin), {target + begin, end - begin});
      });
    }
    committed.codeword.resize(code.codeword_values());
    if (Status encoded = binius::reed_solomon_encode_polyval(committed.message_polyval, code,
                                                             committed.codeword);
        !encoded) {
      return encoded.error();
    }
  }
  {
    Stopwatch watch(part(timings, &PcsTimings::merkle));
    auto tree = commit_codeword<Sha256>(committed.codeword, params->arity);
    if (!tree) return tree.error();
    committed.tree = std::move(*tree);
  }
  committed.params = std::move(*params);
  return committed;
}

Result<Bytes> pcs_prove(const PcsCommitted& committed, const std::vector<EvaluationClaim>& claims,
                        PcsTimings* timings) {
  const PcsParams& params = committed.params;
  if (Status valid = check_claims(params, claims); !valid) return valid.error();
  transcript::ProverTranscript transcript(kPcsProtocol,
                                          statement_digest(params, committed.root(), claims));
  transcript.absorb_commitment(committed.root());  // also in the statement; challenges may start
  std::optional<SumcheckState> sumcheck;
  {
    Stopwatch watch(part(timings, &PcsTimings::sumcheck_fold));
    // Ring-switching: the tensor columns of every subfield claim, then the row-batching point.
    std::vector<std::optional<FactoredEq>> eq_high(claims.size());  // subfield claims
    std::vector<std::vector<B128>> tensor_columns(claims.size());
    for (std::size_t j = 0; j < claims.size(); ++j) {
      const PolynomialLayout& layout = params.polynomials[claims[j].polynomial];
      if (layout.shape.tower_level == 7) continue;
      eq_high[j].emplace(packed_coordinates(layout, claims[j].point));
    }
    // One pass over each subfield polynomial for all of its claims.
    for (std::size_t p = 0; p < params.polynomials.size(); ++p) {
      const PolynomialLayout& layout = params.polynomials[p];
      if (layout.shape.tower_level == 7) continue;
      std::vector<std::size_t> on_p;
      std::vector<const FactoredEq*> eqs;
      for (std::size_t j = 0; j < claims.size(); ++j) {
        if (claims[j].polynomial != p) continue;
        on_p.push_back(j);
        eqs.push_back(&*eq_high[j]);
      }
      if (on_p.empty()) continue;
      const std::span<const B128P> words(committed.message_polyval.data() + layout.offset,
                                         eq_high[on_p[0]]->size());
      const BitSums sums = bit_sums_of(words, eqs);
      for (std::size_t k = 0; k < on_p.size(); ++k) {
        tensor_columns[on_p[k]] = ring_switch_columns(sums[k], layout.shape.tower_level);
      }
    }
    transcript.begin_phase("pcs/ring-switch");
    for (const auto& columns : tensor_columns) {
      if (!columns.empty()) transcript.write_b128s(columns);  // subfield claims only
    }
    std::array<B128, 7> row_point;
    for (B128& coordinate : row_point) coordinate = transcript.sample_b128();

    // Batching: A* = Σ_j α^j·A_j on claim j's subcube.
    transcript.begin_phase("pcs/batch");
    const B128P alpha = to_polyval(transcript.sample_b128());
    LargeVector<B128P> indicator(committed.message_polyval.size());
    B128P power = B128P::one();
    for (std::size_t j = 0; j < claims.size(); ++j) {
      const PolynomialLayout& layout = params.polynomials[claims[j].polynomial];
      const unsigned level = layout.shape.tower_level;
      B128P* target = indicator.data() + layout.offset;
      if (level == 7) {
        const FactoredEq eq(claims[j].point);
        parallel_blocks(eq.size(), [&](std::size_t begin, std::size_t end) {
          std::array<B128P, kBlock> values;
          eq.values(begin, end - begin, power, values.data());
          for (std::size_t v = begin; v < end; ++v) target[v] += values[v - begin];
        });
      } else {
        add_ring_switch_indicator(*eq_high[j], level,
                                  std::span<const B128>(row_point.data(), packing_log(level)),
                                  power, target);
        eq_high[j].reset();
      }
      power *= alpha;
    }
    sumcheck.emplace(committed.message_polyval, std::move(indicator));
  }

  // The sumcheck of Σ_v t*(v)·A*(v); its challenges fold the codeword into the next oracles.
  transcript.begin_phase("pcs/sumcheck-fri");
  const unsigned arity = params.arity;
  const unsigned last_oracle_folds = arity * static_cast<unsigned>(params.oracles.size() - 1);
  LargeVector<B128P> folded;  // the codeword after the folds so far
  std::vector<FoldOracle> oracles;
  RoundPolynomial g = sumcheck->first_round();
  for (unsigned round = 0; round < params.total_vars; ++round) {
    const unsigned folds = round + 1;
    transcript.write_b128(to_canonical(g.constant));
    transcript.write_b128(to_canonical(g.quadratic));
    {
      Stopwatch watch(part(timings, &PcsTimings::work));
      transcript.grind(params.fold_work_bits);
    }
    {
      Stopwatch watch(part(timings, &PcsTimings::sumcheck_fold));
      const B128P r = to_polyval(transcript.sample_b128());
      g = sumcheck->fold(r);
      // Only the codewords behind oracles 1 .. K−1 are needed: f after arity·k folds.
      if (folds == arity && folds <= last_oracle_folds) {
        folded = encode_folded_message(sumcheck->t(), params);
      } else if (folds > arity && folds <= last_oracle_folds) {
        folded = fold_pairs(folded, folds - arity - 1, r);
      }
    }
    if (folds % arity == 0 && folds / arity < params.oracles.size()) {
      Stopwatch watch(part(timings, &PcsTimings::merkle));
      FoldOracle oracle{to_canonical_vector(folded), {}};
      auto tree = commit_codeword<Sha256>(oracle.values, arity);
      if (!tree) return tree.error();
      oracle.tree = std::move(*tree);
      transcript.write_digest(oracle.tree.root());
      oracles.push_back(std::move(oracle));
    }
    if (folds == params.total_vars - params.terminal_vars) {
      transcript.write_b128s(to_canonical_vector(sumcheck->t()));  // t*, folded variables fixed
    }
  }

  transcript.begin_phase("pcs/query");
  {
    Stopwatch watch(part(timings, &PcsTimings::work));
    transcript.grind(params.config.query_work_bits);
  }
  Stopwatch watch(part(timings, &PcsTimings::queries));
  std::vector<std::uint64_t> positions(params.queries);
  for (std::uint64_t& position : positions) position = transcript.sample_index(params.query_bits());
  for (std::size_t k = 0; k < params.oracles.size(); ++k) {
    const auto shift = static_cast<unsigned>(arity * k);
    const BinaryMerkleTree<Sha256>& tree = k == 0 ? committed.tree : oracles[k - 1].tree;
    const std::span<const B128> values =
        k == 0 ? std::span<const B128>(committed.codeword) : oracles[k - 1].values;
    if (Status s = advise_oracle(transcript, tree, values, arity, opened_leaves(positions, shift));
        !s) {
      return s.error();
    }
  }
  const transcript::ProofTapes tapes = std::move(transcript).finish();
  Bytes proof(kProofMagic, kProofMagic + sizeof kProofMagic);
  proof.push_back(kProofVersion);
  proof.insert(proof.end(), tapes.transcript.begin(), tapes.transcript.end());
  proof.insert(proof.end(), tapes.advice.begin(), tapes.advice.end());
  return proof;
}

}  // namespace merkleforge::pcs
