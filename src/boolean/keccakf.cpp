// Keccak-f[1600] for the Boolean engine (boolean/circuit.hpp). A round is
//     state' = π∘ρ∘θ(state) + χ-products + ι-constant,   χ-product[x] = ¬a[x+1]·a[x+2],
// with a = π∘ρ∘θ(state): linear but for the 1,600 products, which are the round's committed bits.
// The committed words (64 bits each, lane x + 5y of a state at word x + 5y of its block):
//     words [0, 25)               the input state
//     words [25(r+1), 25(r+2))    round r's χ-products, r = 0 … 23
//     words [992, 1017)           the output state, in the aligned 2^11-bit output slot
//                                 [992, 1024) (circuit.hpp)
//     words [625, 992), [1017, 1024)   padding (zero)
// Both walks keep the state as a linear function of z: the forward one as its bits, the backward
// one as a weight per bit.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "merkleforge/boolean/circuit.hpp"
#include "merkleforge/hash/keccak.hpp"

namespace merkleforge::boolean {
namespace {

constexpr unsigned kLanes = 25;
constexpr unsigned kStateBits = 64 * kLanes;
constexpr unsigned kRounds = 24;
constexpr unsigned kOutputLogBits = 11;
constexpr std::size_t kOutputWord = 992;  // the last 2^11 bits of the instance's 2^16

using Lanes = std::array<std::uint64_t, kLanes>;
using Weights = std::array<B128P, kStateBits>;  // one per state bit, index 64·lane + z

constexpr unsigned lane(unsigned x, unsigned y) {
  return x % 5 + 5 * (y % 5);
}

/// The ρ offset of each lane, derived as FIPS 202 Algorithm 2 does: lane (1, 0) moves by 1, and
/// the t-th lane on the walk (x, y) -> (y, 2x + 3y) by (t + 1)(t + 2)/2.
constexpr std::array<unsigned, kLanes> kRho = [] {
  std::array<unsigned, kLanes> rho{};
  unsigned x = 1, y = 0;
  for (unsigned t = 0; t < 24; ++t) {
    rho[lane(x, y)] = (t + 1) * (t + 2) / 2 % 64;
    const unsigned next_y = (2 * x + 3 * y) % 5;
    x = y, y = next_y;
  }
  return rho;
}();

/// π moves lane (x, y) to lane (y, 2x + 3y).
constexpr unsigned pi_target(unsigned x, unsigned y) {
  return lane(y, 2 * x + 3 * y);
}

/// π∘ρ∘θ on lanes.
Lanes theta_rho_pi(const Lanes& s) {
  std::array<std::uint64_t, 5> column{};
  for (unsigned i = 0; i < kLanes; ++i) column[i % 5] ^= s[i];
  Lanes out;
  for (unsigned x = 0; x < 5; ++x) {
    const std::uint64_t d = column[(x + 4) % 5] ^ std::rotl(column[(x + 1) % 5], 1);
    for (unsigned y = 0; y < 5; ++y) {
      out[pi_target(x, y)] = std::rotl(s[lane(x, y)] ^ d, static_cast<int>(kRho[lane(x, y)]));
    }
  }
  return out;
}

/// Its transpose on weights: the weight of each input bit, the sum of the weights of the output
/// bits it enters. ρ∘π move bit z of lane (x, y) to bit z + ρ of lane π(x, y); θ adds to bit z of
/// lane (x, y) the column sums of columns x − 1 (bit z) and x + 1 (bit z − 1), so an input bit's
/// column feeds bit z of columns x + 1 and bit z + 1 of columns x − 1.
Weights theta_rho_pi_transposed(const Weights& out) {
  Weights theta;  // the weights of θ's output bits
  for (unsigned x = 0; x < 5; ++x) {
    for (unsigned y = 0; y < 5; ++y) {
      const unsigned from = 64 * lane(x, y), to = 64 * pi_target(x, y), rho = kRho[lane(x, y)];
      for (unsigned z = 0; z < 64; ++z) theta[from + z] = out[to + (z + rho) % 64];
    }
  }
  std::array<std::array<B128P, 64>, 5> column{};
  for (unsigned i = 0; i < kLanes; ++i) {
    for (unsigned z = 0; z < 64; ++z) column[i % 5][z] += theta[64 * i + z];
  }
  Weights in;
  for (unsigned i = 0; i < kLanes; ++i) {
    const unsigned x = i % 5;
    for (unsigned z = 0; z < 64; ++z) {
      in[64 * i + z] =
          theta[64 * i + z] + column[(x + 1) % 5][z] + column[(x + 4) % 5][(z + 1) % 64];
    }
  }
  return in;
}

/// Round r's words of z.
std::size_t products_word(unsigned round) {
  return kLanes * (round + 1);
}

/// Adds the weights of the bits set in `bits` (bit z of a lane word).
B128P sum_where_set(std::uint64_t bits, const B128P* weights) {
  B128P sum;
  for (; bits != 0; bits &= bits - 1) sum += weights[std::countr_zero(bits)];
  return sum;
}

class KeccakfCircuit final : public Circuit {
 public:
  std::string_view name() const noexcept override { return "keccakf"; }
  unsigned log_bits() const noexcept override { return 16; }
  std::size_t input_bytes() const noexcept override { return 8 * kLanes; }
  std::size_t output_bytes() const noexcept override { return 8 * kLanes; }
  unsigned output_log_bits() const noexcept override { return kOutputLogBits; }
  std::size_t output_offset() const noexcept override { return 64 * kOutputWord; }

  void place_inputs(ByteSpan input, std::span<std::uint64_t> region) const override {
    std::memcpy(region.data(), input.data(), 8 * kLanes);  // little-endian host
  }

  void witness(ByteSpan input, std::span<std::uint64_t> z) const override {
    std::fill(z.begin(), z.end(), 0);
    place_inputs(input, z.first(kLanes));
    const Lanes state = rounds<true, false>(z.data(), z.data(), nullptr, nullptr);
    std::copy(state.begin(), state.end(), z.begin() + kOutputWord);
  }

  void witness_and_operands(ByteSpan input, std::span<std::uint64_t> z, std::span<std::uint64_t> a,
                            std::span<std::uint64_t> b) const override {
    std::fill(z.begin(), z.end(), 0);
    std::fill(a.begin(), a.end(), 0);
    std::fill(b.begin(), b.end(), 0);
    place_inputs(input, z.first(kLanes));
    const Lanes state = rounds<true, true>(z.data(), z.data(), a.data(), b.data());
    std::copy(state.begin(), state.end(), z.begin() + kOutputWord);
    input_and_output_rows(z, a, b, state);
  }

  void output(std::span<const std::uint64_t> z, std::span<std::uint8_t> out) const override {
    std::memcpy(out.data(), z.data() + kOutputWord, 8 * kLanes);
  }

  void operands(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                std::span<std::uint64_t> b) const override {
    std::fill(a.begin(), a.end(), 0);
    std::fill(b.begin(), b.end(), 0);
    input_and_output_rows(z, a, b, rounds<false, true>(z.data(), nullptr, a.data(), b.data()));
  }

  B128P transpose(std::span<const B128P> wa, std::span<const B128P> wb,
                  std::span<B128P> columns) const override {
    B128P constant;
    for (unsigned j = 0; j < kStateBits; ++j) {  // input rows: 1 · z_j
      constant += wa[j];
      columns[j] += wb[j];
    }
    const std::size_t output = 64 * kOutputWord;  // output rows: (state bit) · 1
    Weights state;
    for (unsigned j = 0; j < kStateBits; ++j) {
      state[j] = wa[output + j];
      constant += wb[output + j];
    }
    for (unsigned r = kRounds; r-- > 0;) {
      // state_(r+1) = mixed + products + ι constant.
      constant += sum_where_set(keccak_round_constants()[r], state.data());
      const std::size_t products = 64 * products_word(r);
      for (unsigned j = 0; j < kStateBits; ++j) columns[products + j] += state[j];
      Weights& mixed = state;  // the products' rows add their operands' weights
      for (unsigned x = 0; x < 5; ++x) {
        for (unsigned y = 0; y < 5; ++y) {
          const std::size_t row = products + 64 * lane(x, y);
          B128P* not_operand = mixed.data() + 64 * lane(x + 1, y);
          B128P* operand = mixed.data() + 64 * lane(x + 2, y);
          for (unsigned z = 0; z < 64; ++z) {
            not_operand[z] += wa[row + z];
            constant += wa[row + z];  // ¬u = u + 1
            operand[z] += wb[row + z];
          }
        }
      }
      state = theta_rho_pi_transposed(mixed);
    }
    for (unsigned j = 0; j < kStateBits; ++j) columns[j] += state[j];
    return constant;
  }

 private:
  /// The rounds from the input state in z: the χ products computed and committed (kCommits), or
  /// read from z, honest or not; their operands written to a and b (kOperands). Returns the
  /// output state.
  template <bool kCommits, bool kOperands>
  static Lanes rounds(const std::uint64_t* z, std::uint64_t* commit, std::uint64_t* a,
                      std::uint64_t* b) {
    Lanes state;
    std::copy(z, z + kLanes, state.begin());
    for (unsigned r = 0; r < kRounds; ++r) {
      const Lanes mixed = theta_rho_pi(state);
      const std::size_t products = products_word(r);
      for (unsigned x = 0; x < 5; ++x) {
        for (unsigned y = 0; y < 5; ++y) {
          const std::size_t at = products + lane(x, y);
          const std::uint64_t left = ~mixed[lane(x + 1, y)], right = mixed[lane(x + 2, y)];
          if constexpr (kCommits) commit[at] = left & right;
          if constexpr (kOperands) a[at] = left, b[at] = right;
          state[lane(x, y)] = mixed[lane(x, y)] ^ z[at];
        }
      }
      state[0] ^= keccak_round_constants()[r];
    }
    return state;
  }

  /// The rows around the rounds: 1 · input, and (output state) · 1.
  static void input_and_output_rows(std::span<const std::uint64_t> z, std::span<std::uint64_t> a,
                                    std::span<std::uint64_t> b, const Lanes& output) {
    for (unsigned i = 0; i < kLanes; ++i) a[i] = ~std::uint64_t{0}, b[i] = z[i];
    for (unsigned i = 0; i < kLanes; ++i) {
      a[kOutputWord + i] = output[i];
      b[kOutputWord + i] = ~std::uint64_t{0};
    }
  }
};

static_assert(kLanes * (kRounds + 1) <= kOutputWord &&
              64 * kOutputWord % (1u << kOutputLogBits) == 0 &&
              64 * kOutputWord + (1u << kOutputLogBits) == std::size_t{1} << 16);

}  // namespace

const Circuit& keccakf_circuit() {
  static const KeccakfCircuit circuit;
  return circuit;
}

}  // namespace merkleforge::boolean
