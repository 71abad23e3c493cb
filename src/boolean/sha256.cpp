// SHA-256 compression (FIPS 180-4 §6.2.2, feed-forward included) for the Boolean engine
// (boolean/circuit.hpp). Its non-linear parts are 32-bit additions, Ch and Maj, each written as
// AND gates whose outputs are committed:
//   - x + y: the carries c_(i+1) = maj(x_i, y_i, c_i) = c_i + (x_i + c_i)·(y_i + c_i), c_0 = 0;
//     the committed bits are the 31 products d_(i+1) = (x_i + c_i)·(y_i + c_i), so c_i is the
//     XOR of d_1 … d_i and the sum x + y + c is linear in them;
//   - Ch(e, f, g) = g + e·(f + g), Maj(a, b, c) = b + (a + b)·(b + c): 32 products each.
// Everything else (Σ, σ, the word moves, the constants) is linear. Committed bits of an instance
// (2^15): the input words (the chaining value H0..H7, then the block W0..W15: 32·w + bit), the
// schedule's 48 × 3 additions, per round Ch, Maj and 7 additions, the 8 feed-forward additions,
// and the output in the last 2^8 bits (byte b's bit t at 8b + t, the words big-endian);
// 23,720 of 32,768 bits.
#include "merkleforge/hash/sha256.hpp"

#include <array>
#include <bit>
#include <cstring>

#include "merkleforge/boolean/circuit.hpp"

namespace merkleforge::boolean {
namespace {

constexpr unsigned kLogBits = 15;
constexpr std::size_t kAddBits = 31;
constexpr std::size_t kInputBits = 24 * 32;
constexpr std::size_t kScheduleBase = kInputBits;
constexpr std::size_t kRoundBase = kScheduleBase + 48 * 3 * kAddBits;
constexpr std::size_t kRoundBits = 64 + 7 * kAddBits;
constexpr std::size_t kFeedForwardBase = kRoundBase + 64 * kRoundBits;
constexpr unsigned kOutputLogBits = 8;
constexpr std::size_t kOutputBase =
    (std::size_t{1} << kLogBits) - (std::size_t{1} << kOutputLogBits);
static_assert(kFeedForwardBase + 8 * kAddBits <= kOutputBase);

std::size_t schedule_add(unsigned t, unsigned k) {  // t = 16 … 63, k = 0 … 2
  return kScheduleBase + ((t - 16) * 3 + k) * kAddBits;
}
std::size_t round_ch(unsigned t) {
  return kRoundBase + t * kRoundBits;
}
std::size_t round_maj(unsigned t) {
  return round_ch(t) + 32;
}
std::size_t round_add(unsigned t, unsigned k) {  // k = 0 … 6
  return round_ch(t) + 64 + k * kAddBits;
}
/// The output slot's index of bit p of output word i (its bytes big-endian).
std::size_t output_bit(unsigned i, unsigned p) {
  return kOutputBase + 32 * i + 8 * (3 - p / 8) + p % 8;
}

std::uint32_t big_sigma0(std::uint32_t x) {
  return std::rotr(x, 2) ^ std::rotr(x, 13) ^ std::rotr(x, 22);
}
std::uint32_t big_sigma1(std::uint32_t x) {
  return std::rotr(x, 6) ^ std::rotr(x, 11) ^ std::rotr(x, 25);
}
std::uint32_t small_sigma0(std::uint32_t x) {
  return std::rotr(x, 7) ^ std::rotr(x, 18) ^ (x >> 3);
}
std::uint32_t small_sigma1(std::uint32_t x) {
  return std::rotr(x, 17) ^ std::rotr(x, 19) ^ (x >> 10);
}

std::uint32_t load_be32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

// ---- bits of z ----

// Fields of 1 to 32 bits at any bit offset: in one word, or across two.

std::uint64_t low_mask(unsigned count) {
  return (std::uint64_t{1} << count) - 1;  // count <= 32
}

std::uint32_t get_bits(std::span<const std::uint64_t> v, std::size_t base, unsigned count) {
  const std::size_t word = base / 64;
  const unsigned offset = base % 64;
  std::uint64_t bits = v[word] >> offset;
  if (offset + count > 64) bits |= v[word + 1] << (64 - offset);
  return static_cast<std::uint32_t>(bits & low_mask(count));
}

void put_bits(std::span<std::uint64_t> v, std::size_t base, std::uint32_t bits, unsigned count) {
  const std::size_t word = base / 64;
  const unsigned offset = base % 64;
  const std::uint64_t field = bits & low_mask(count);
  v[word] = (v[word] & ~(low_mask(count) << offset)) | field << offset;
  if (offset + count > 64) {
    const unsigned spill = offset + count - 64;
    v[word + 1] = (v[word + 1] & ~low_mask(spill)) | field >> (64 - offset);
  }
}

/// Inclusive prefix XOR: bit i of the result is the XOR of bits 0 … i.
std::uint32_t prefix_xor(std::uint32_t x) {
  for (unsigned s = 1; s < 32; s <<= 1) x ^= x << s;
  return x;
}

// ---- the forward walk: one evaluation over values, for the witness or the operands ----

/// Runs the compression on words whose non-linear parts come from the committed bits z, writing
/// each AND's operands to a and b (when given); or, with `commit` (the same memory as z), computes
/// those bits and commits them first (the witness).
class Forward {
 public:
  Forward(std::span<const std::uint64_t> z, std::span<std::uint64_t> commit,
          std::span<std::uint64_t> a, std::span<std::uint64_t> b)
      : z_(z), commit_(commit), a_(a), b_(b), witness_(!commit.empty()) {}

  std::uint32_t add(std::size_t base, std::uint32_t x, std::uint32_t y) {
    std::uint32_t carries;  // bit i: c_i
    if (witness_) {
      carries = (x + y) ^ x ^ y;
      put_bits(commit_, base, (carries ^ (carries << 1)) >> 1, kAddBits);  // d_(i+1) at base + i
    } else {
      carries = prefix_xor(get_bits(z_, base, kAddBits) << 1);
    }
    operands(base, x ^ carries, y ^ carries, kAddBits);
    return x ^ y ^ carries;
  }
  std::uint32_t ch(std::size_t base, std::uint32_t e, std::uint32_t f, std::uint32_t g) {
    return g ^ product(base, e, f ^ g);
  }
  std::uint32_t maj(std::size_t base, std::uint32_t x, std::uint32_t y, std::uint32_t w) {
    return y ^ product(base, x ^ y, y ^ w);
  }

 private:
  std::uint32_t product(std::size_t base, std::uint32_t u, std::uint32_t v) {
    if (witness_) put_bits(commit_, base, u & v, 32);
    operands(base, u, v, 32);
    return get_bits(z_, base, 32);
  }
  void operands(std::size_t base, std::uint32_t u, std::uint32_t v, unsigned count) {
    if (a_.empty()) return;
    put_bits(a_, base, u, count);
    put_bits(b_, base, v, count);
  }

  std::span<const std::uint64_t> z_;
  std::span<std::uint64_t> commit_, a_, b_;
  bool witness_;
};

/// The compression over the input words held in z, through `step` (Forward).
std::array<std::uint32_t, 8> compress(Forward& step, std::span<const std::uint64_t> z) {
  std::array<std::uint32_t, 64> w;
  std::array<std::uint32_t, 8> h;
  for (unsigned i = 0; i < 8; ++i) h[i] = get_bits(z, 32 * i, 32);
  for (unsigned t = 0; t < 16; ++t) w[t] = get_bits(z, 32 * (8 + t), 32);
  for (unsigned t = 16; t < 64; ++t) {
    const std::uint32_t s1 = step.add(schedule_add(t, 0), small_sigma1(w[t - 2]), w[t - 7]);
    const std::uint32_t s2 = step.add(schedule_add(t, 1), s1, small_sigma0(w[t - 15]));
    w[t] = step.add(schedule_add(t, 2), s2, w[t - 16]);
  }
  std::array<std::uint32_t, 8> s = h;  // a … h
  for (unsigned t = 0; t < 64; ++t) {
    const auto [a, b, c, d, e, f, g, hh] = s;
    const std::uint32_t u1 = step.add(round_add(t, 0), hh, big_sigma1(e));
    const std::uint32_t u2 = step.add(round_add(t, 1), u1, step.ch(round_ch(t), e, f, g));
    const std::uint32_t u3 = step.add(round_add(t, 2), u2, Sha256::round_constants()[t]);
    const std::uint32_t t1 = step.add(round_add(t, 3), u3, w[t]);
    const std::uint32_t t2 =
        step.add(round_add(t, 4), big_sigma0(a), step.maj(round_maj(t), a, b, c));
    s = {step.add(round_add(t, 6), t1, t2), a, b, c, step.add(round_add(t, 5), d, t1), e, f, g};
  }
  for (unsigned i = 0; i < 8; ++i) h[i] = step.add(kFeedForwardBase + i * kAddBits, h[i], s[i]);
  return h;
}

// ---- the backward walk: weights per bit of each word ----

using Word = std::array<B128P, 32>;

/// Adds the weights of a rotation's or shift's output bits to its input's bits.
void rotr_transposed(const Word& out, unsigned r, Word& in) {
  for (unsigned i = 0; i < 32; ++i) in[(i + r) % 32] += out[i];
}
void shr_transposed(const Word& out, unsigned s, Word& in) {
  for (unsigned i = 0; i + s < 32; ++i) in[i + s] += out[i];
}
void big_sigma0_transposed(const Word& out, Word& in) {
  for (unsigned r : {2u, 13u, 22u}) rotr_transposed(out, r, in);
}
void big_sigma1_transposed(const Word& out, Word& in) {
  for (unsigned r : {6u, 11u, 25u}) rotr_transposed(out, r, in);
}
void small_sigma0_transposed(const Word& out, Word& in) {
  rotr_transposed(out, 7, in), rotr_transposed(out, 18, in), shr_transposed(out, 3, in);
}
void small_sigma1_transposed(const Word& out, Word& in) {
  rotr_transposed(out, 17, in), rotr_transposed(out, 19, in), shr_transposed(out, 10, in);
}

class Backward {
 public:
  Backward(std::span<const B128P> wa, std::span<const B128P> wb, std::span<B128P> columns)
      : wa_(wa), wb_(wb), columns_(columns) {}

  /// For sum = x + y + c at `base`, with the sum's weights: adds to x's and y's, and to the
  /// committed products' columns (d_k enters c_i for every i ≥ k).
  void add(std::size_t base, const Word& sum, Word& x, Word& y) {
    B128P carry_weight;  // Σ_(i ≥ k) weight of c_i, built from the top
    for (unsigned i = 32; i-- > 1;) {
      B128P ci = sum[i];
      if (i < kAddBits) ci += wa_[base + i] + wb_[base + i];
      carry_weight += ci;
      columns_[base + i - 1] += carry_weight;  // d_i
    }
    for (unsigned i = 0; i < 32; ++i) {
      x[i] += sum[i];
      y[i] += sum[i];
      if (i < kAddBits) x[i] += wa_[base + i], y[i] += wb_[base + i];
    }
  }
  /// As add with y a constant: its weights go to the returned constant share.
  B128P add_constant(std::size_t base, const Word& sum, Word& x, std::uint32_t y) {
    Word y_weights{};
    add(base, sum, x, y_weights);
    B128P constant;
    for (unsigned i = 0; i < 32; ++i) {
      if ((y >> i) & 1) constant += y_weights[i];
    }
    return constant;
  }
  void ch(std::size_t base, const Word& out, Word& e, Word& f, Word& g) {
    for (unsigned i = 0; i < 32; ++i) {
      g[i] += out[i] + wb_[base + i];
      columns_[base + i] += out[i];
      e[i] += wa_[base + i];
      f[i] += wb_[base + i];
    }
  }
  void maj(std::size_t base, const Word& out, Word& x, Word& y, Word& w) {
    for (unsigned i = 0; i < 32; ++i) {
      y[i] += out[i] + wa_[base + i] + wb_[base + i];
      columns_[base + i] += out[i];
      x[i] += wa_[base + i];
      w[i] += wb_[base + i];
    }
  }

 private:
  std::span<const B128P> wa_, wb_;
  std::span<B128P> columns_;
};

/// The output words in the output slot, big-endian: the word's top byte first.
void write_output(const std::array<std::uint32_t, 8>& h, std::span<std::uint64_t> v) {
  for (unsigned i = 0; i < 8; ++i) {
    for (unsigned byte = 0; byte < 4; ++byte) {
      put_bits(v, kOutputBase + 32 * i + 8 * byte, h[i] >> (24 - 8 * byte), 8);
    }
  }
}

/// Zeroes a and b, then writes the input rows, 1 · z_j.
void input_rows(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                std::span<std::uint64_t> b) {
  std::fill(a.begin(), a.end(), 0);
  std::fill(b.begin(), b.end(), 0);
  for (std::size_t j = 0; j < kInputBits; j += 32) {
    put_bits(a, j, ~std::uint32_t{0}, 32);
    put_bits(b, j, get_bits(z, j, 32), 32);
  }
}

/// The output rows: (output bit) · 1.
void output_rows(const std::array<std::uint32_t, 8>& h, std::span<std::uint64_t> a,
                 std::span<std::uint64_t> b) {
  write_output(h, a);
  for (unsigned w = 0; w < 8; ++w) put_bits(b, kOutputBase + 32 * w, ~std::uint32_t{0}, 32);
}

class Sha256Circuit final : public Circuit {
 public:
  std::string_view name() const noexcept override { return "sha256"; }
  unsigned log_bits() const noexcept override { return kLogBits; }
  std::size_t input_bytes() const noexcept override { return 96; }
  std::size_t output_bytes() const noexcept override { return 32; }
  unsigned output_log_bits() const noexcept override { return kOutputLogBits; }
  std::size_t output_offset() const noexcept override { return kOutputBase; }

  void place_inputs(ByteSpan input, std::span<std::uint64_t> region) const override {
    for (unsigned w = 0; w < 24; ++w) put_bits(region, 32 * w, load_be32(input.data() + 4 * w), 32);
  }

  void witness(ByteSpan input, std::span<std::uint64_t> z) const override {
    std::fill(z.begin(), z.end(), 0);
    place_inputs(input, z.first(input_words()));
    Forward step(z, z, {}, {});
    write_output(compress(step, z), z);
  }

  void witness_and_operands(ByteSpan input, std::span<std::uint64_t> z, std::span<std::uint64_t> a,
                            std::span<std::uint64_t> b) const override {
    std::fill(z.begin(), z.end(), 0);
    place_inputs(input, z.first(input_words()));
    input_rows(z, a, b);
    Forward step(z, z, a, b);
    const std::array<std::uint32_t, 8> h = compress(step, z);
    write_output(h, z);
    output_rows(h, a, b);
  }

  void output(std::span<const std::uint64_t> z, std::span<std::uint8_t> out) const override {
    for (unsigned byte = 0; byte < 32; ++byte) {
      out[byte] = static_cast<std::uint8_t>(get_bits(z, kOutputBase + 8 * byte, 8));
    }
  }

  void operands(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                std::span<std::uint64_t> b) const override {
    input_rows(z, a, b);
    Forward step(z, {}, a, b);
    output_rows(compress(step, z), a, b);
  }

  B128P transpose(std::span<const B128P> wa, std::span<const B128P> wb,
                  std::span<B128P> columns) const override {
    Backward step(wa, wb, columns);
    B128P constant;
    std::array<Word, 8> h{}, s{};  // weights of the input chaining value and of the state
    std::array<Word, 64> w{};
    // Output rows: the feed-forward sums, times 1.
    for (unsigned i = 0; i < 8; ++i) {
      Word sum;
      for (unsigned p = 0; p < 32; ++p) {
        sum[p] = wa[output_bit(i, p)];
        constant += wb[output_bit(i, p)];
      }
      step.add(kFeedForwardBase + i * kAddBits, sum, h[i], s[i]);
    }
    for (unsigned t = 64; t-- > 0;) {
      // s holds the weights of the state after round t: (T1 + T2, a, b, c, d + T1, e, f, g).
      std::array<Word, 8> before{};
      Word t1{}, t2{}, sigma0{}, maj{}, u3{}, u2{}, u1{}, ch{}, sigma1{};
      before[0] = s[1], before[1] = s[2], before[2] = s[3];
      before[4] = s[5], before[5] = s[6], before[6] = s[7];
      step.add(round_add(t, 6), s[0], t1, t2);
      step.add(round_add(t, 5), s[4], before[3], t1);
      step.add(round_add(t, 4), t2, sigma0, maj);
      step.maj(round_maj(t), maj, before[0], before[1], before[2]);
      big_sigma0_transposed(sigma0, before[0]);
      step.add(round_add(t, 3), t1, u3, w[t]);
      constant += step.add_constant(round_add(t, 2), u3, u2, Sha256::round_constants()[t]);
      step.add(round_add(t, 1), u2, u1, ch);
      step.ch(round_ch(t), ch, before[4], before[5], before[6]);
      step.add(round_add(t, 0), u1, before[7], sigma1);
      big_sigma1_transposed(sigma1, before[4]);
      s = before;
    }
    for (unsigned i = 0; i < 8; ++i) {
      for (unsigned p = 0; p < 32; ++p) h[i][p] += s[i][p];
    }
    for (unsigned t = 64; t-- > 16;) {
      Word s1{}, s2{}, sigma1{}, sigma0{};
      step.add(schedule_add(t, 2), w[t], s2, w[t - 16]);
      step.add(schedule_add(t, 1), s2, s1, sigma0);
      small_sigma0_transposed(sigma0, w[t - 15]);
      step.add(schedule_add(t, 0), s1, sigma1, w[t - 7]);
      small_sigma1_transposed(sigma1, w[t - 2]);
    }
    for (std::size_t j = 0; j < kInputBits; ++j) {  // input rows: 1 · z_j
      constant += wa[j];
      columns[j] += wb[j];
    }
    for (unsigned i = 0; i < 8; ++i) {
      for (unsigned p = 0; p < 32; ++p) columns[32 * i + p] += h[i][p];
    }
    for (unsigned t = 0; t < 16; ++t) {
      for (unsigned p = 0; p < 32; ++p) columns[32 * (8 + t) + p] += w[t][p];
    }
    return constant;
  }
};

}  // namespace

const Circuit& sha256_circuit() {
  static const Sha256Circuit circuit;
  return circuit;
}

}  // namespace merkleforge::boolean
