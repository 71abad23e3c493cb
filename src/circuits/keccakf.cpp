// Keccak-f[1600], three rounds per row of 64 bit-rows (binius.md §4.1, v0's "narrower trace").
// Variables: z (bit in lane) 0–5, row in permutation 6–8 (eight rows of three rounds = 24),
// permutation 9 and up; so a lane of one row is one 64-bit word of its column.
//
// Committed (B1), per lane xy = x + 5y: the row's input state and the outputs of its three rounds.
// Round j of a row (input A = the row's input or round j − 1's output) is virtual up to χ:
//   C[x] = Σ_y A[x, y];  A'[x, y] = A[x, y] + C[x − 1] + rot(C[x + 1], 1)      (θ, XORs)
//   B[y, 2x + 3y] = rot(A'[x, y], ρ[x, y])                                     (ρ, π: shifts)
// and χ∘ι is one degree-2 constraint per lane: out[x, y] = B[x, y] + (1 + B[x + 1, y])·B[x + 2, y]
// (+ RC_j on lane 0; RC_j a fixed column over z and the row). Rows are chained by
// next-row(input) = output of round 3 except on row 7, and row 7's output equals the public
// output of each permutation of the statement.
#include <algorithm>
#include <array>
#include <cstring>

#include "circuits_internal.hpp"
#include "merkleforge/hash/keccak.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::circuits {
namespace {

constexpr unsigned kRowsPerPermutation = 8;
constexpr unsigned kRoundsPerRow = 3;

// ρ offsets r[x + 5y] (FIPS 202 Table 2).
constexpr std::array<unsigned, 25> kRho = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                           25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};

using State = std::array<std::uint64_t, 25>;

/// One round of Keccak-f written lane by lane from FIPS 202 §3.2, independent of the hash
/// layer's kernels (whose permutation checks the trace).
State round(const State& a, std::uint64_t rc) {
  std::uint64_t c[5];
  for (int x = 0; x < 5; ++x) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
  State theta;
  for (int x = 0; x < 5; ++x) {
    const std::uint64_t d = c[(x + 4) % 5] ^ std::rotl(c[(x + 1) % 5], 1);
    for (int y = 0; y < 5; ++y) theta[x + 5 * y] = a[x + 5 * y] ^ d;
  }
  State b{};
  for (int x = 0; x < 5; ++x) {
    for (int y = 0; y < 5; ++y) {
      b[y + 5 * ((2 * x + 3 * y) % 5)] =
          std::rotl(theta[x + 5 * y], static_cast<int>(kRho[x + 5 * y]));
    }
  }
  State out;
  for (int x = 0; x < 5; ++x) {
    for (int y = 0; y < 5; ++y) {
      out[x + 5 * y] = b[x + 5 * y] ^ (~b[(x + 1) % 5 + 5 * y] & b[(x + 2) % 5 + 5 * y]);
    }
  }
  out[0] ^= rc;
  return out;
}

State load_state(const std::uint8_t* p) {
  State s;
  for (std::size_t i = 0; i < 25; ++i) std::memcpy(&s[i], p + 8 * i, 8);  // little-endian host
  return s;
}

/// Bit columns as u64 words: word (perm·8 + row) of a column is that row's lane.
void store_lane(Bytes& column, std::size_t word, std::uint64_t lane) {
  std::memcpy(column.data() + 8 * word, &lane, 8);
}

class KeccakfCircuit final : public Circuit {
 public:
  std::string_view name() const noexcept override { return "keccakf"; }
  std::size_t input_bytes() const noexcept override { return 200; }
  std::size_t output_bytes() const noexcept override { return 200; }
  std::size_t max_count() const noexcept override { return std::size_t{1} << 16; }

  cs::ConstraintSystem build_system(std::size_t count) const override {
    cs::ConstraintSystem s("keccakf");
    const unsigned log_perms = detail::log2_ceil(count);
    const unsigned n = 9 + log_perms;
    const std::size_t t = s.add_table("keccakf", n);
    std::array<std::array<OracleId, 25>, kRoundsPerRow + 1> state;  // [0] input, [j + 1] round j
    for (unsigned j = 0; j <= kRoundsPerRow; ++j) {
      for (unsigned xy = 0; xy < 25; ++xy) {
        const std::string what = j == 0 ? "in" : "out" + std::to_string(j - 1);
        state[j][xy] = s.committed(t, what + "[" + std::to_string(xy) + "]", cs::ColumnField::b1);
      }
    }
    for (unsigned j = 0; j < kRoundsPerRow; ++j) constrain_round(s, t, j, state[j], state[j + 1]);
    link_rows_and_outputs(s, t, n, count, state[0], state[kRoundsPerRow]);
    return s;
  }

  Trace trace(ByteSpan inputs) const override {
    const std::size_t count = inputs.size() / 200;
    const std::size_t perms = std::size_t{1} << detail::log2_ceil(count);
    Trace out;
    out.witness.columns.assign(25 * (kRoundsPerRow + 1), Bytes(8 * kRowsPerPermutation * perms, 0));
    out.outputs.assign(200 * count, 0);
    const auto rc = keccak_round_constants();
    // Grain 1: an item is a whole permutation (24 rounds).
    parallel_for(perms, 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t p = begin; p < end; ++p) {
        State s = p < count ? load_state(inputs.data() + 200 * p) : State{};  // padding: zero state
        for (unsigned row = 0; row < kRowsPerPermutation; ++row) {
          const std::size_t word = p * kRowsPerPermutation + row;
          for (unsigned xy = 0; xy < 25; ++xy) store_lane(out.witness.columns[xy], word, s[xy]);
          for (unsigned j = 0; j < kRoundsPerRow; ++j) {
            s = round(s, rc[kRoundsPerRow * row + j]);
            for (unsigned xy = 0; xy < 25; ++xy) {
              store_lane(out.witness.columns[25 * (j + 1) + xy], word, s[xy]);
            }
          }
        }
        if (p < count) std::memcpy(out.outputs.data() + 200 * p, s.data(), 200);
      }
    });
    return out;
  }

  cs::PublicValues output_publics(std::size_t count, ByteSpan outputs) const override {
    return {lanes(count, outputs)};
  }

  std::size_t input_columns() const noexcept override { return 25; }

  /// Over z and the permutation index, as the outputs.
  std::vector<Bytes> input_publics(std::size_t count, ByteSpan inputs) const override {
    return lanes(count, inputs);
  }

  /// The input of a permutation is its row 0's state: public lane = committed lane there.
  void constrain_public_inputs(cs::ConstraintSystem& s, std::size_t count) const override {
    const unsigned n = s.tables()[0].n_vars;
    const OracleId input_row = s.fixed(0, "input rows", cs::ColumnField::b1, row_and_perm_vars(n),
                                       statement_rows(count, n, 0));
    for (unsigned xy = 0; xy < 25; ++xy) {
      const std::string lane = "[" + std::to_string(xy) + "]";
      const OracleId in = s.committed_columns()[xy];
      const OracleId pub =
          s.public_column(0, "input" + lane, cs::ColumnField::b1, z_and_perm_vars(n));
      s.constrain(0, "input" + lane, cs::Expr(input_row) * (cs::Expr(pub) + in));
    }
  }

 private:
  /// The row (6–8) and permutation (9…) variables.
  static std::vector<unsigned> row_and_perm_vars(unsigned n) {
    std::vector<unsigned> vars;
    for (unsigned v = 6; v < n; ++v) vars.push_back(v);
    return vars;
  }

  /// The bit (0–5) and permutation variables: data of one lane per permutation.
  static std::vector<unsigned> z_and_perm_vars(unsigned n) {
    std::vector<unsigned> vars = {0, 1, 2, 3, 4, 5};
    for (unsigned v = 9; v < n; ++v) vars.push_back(v);
    return vars;
  }

  /// Over row and permutation: 1 on row `row` of the statement's permutations (padding: 0).
  static Bytes statement_rows(std::size_t count, unsigned n, unsigned row) {
    Bytes bits(cs::field_bytes(cs::ColumnField::b1, n - 6), 0);
    for (std::size_t p = 0; p < count; ++p) {
      const std::size_t i = 8 * p + row;
      bits[i / 8] = static_cast<std::uint8_t>(bits[i / 8] | (1u << (i % 8)));
    }
    return bits;
  }

  /// Lane xy of every permutation's 200-byte record as 25 columns over z and the permutation.
  static std::vector<Bytes> lanes(std::size_t count, ByteSpan records) {
    const std::size_t perms = std::size_t{1} << detail::log2_ceil(count);
    std::vector<Bytes> columns(25, Bytes(8 * perms, 0));
    for (std::size_t p = 0; p < count; ++p) {
      const State s = load_state(records.data() + 200 * p);
      for (unsigned xy = 0; xy < 25; ++xy) store_lane(columns[xy], p, s[xy]);
    }
    return columns;
  }

  static void constrain_round(cs::ConstraintSystem& s, std::size_t t, unsigned j,
                              const std::array<OracleId, 25>& a,
                              const std::array<OracleId, 25>& out) {
    const std::string tag = "round " + std::to_string(j) + " ";
    std::array<OracleId, 5> c, c_rot;
    for (unsigned x = 0; x < 5; ++x) {
      c[x] = s.sum(t, {a[x], a[x + 5], a[x + 10], a[x + 15], a[x + 20]},
                   tag + "C" + std::to_string(x));
      // rot(C, 1): bit z is C's bit z − 1 (cyclic within the 64-row lane).
      c_rot[x] = s.shifted(c[x], 6, 63, cs::ShiftKind::cyclic, tag + "rot C" + std::to_string(x));
    }
    std::array<OracleId, 25> b;
    for (unsigned x = 0; x < 5; ++x) {
      for (unsigned y = 0; y < 5; ++y) {
        const unsigned xy = x + 5 * y;
        const OracleId theta = s.sum(t, {a[xy], c[(x + 4) % 5], c_rot[(x + 1) % 5]},
                                     tag + "theta" + std::to_string(xy));
        const unsigned to = y + 5 * ((2 * x + 3 * y) % 5);
        b[to] = kRho[xy] == 0 ? theta
                              : s.shifted(theta, 6, 64 - kRho[xy], cs::ShiftKind::cyclic,
                                          tag + "B" + std::to_string(to));
      }
    }
    const OracleId rc = s.fixed(t, tag + "RC", cs::ColumnField::b1, {0, 1, 2, 3, 4, 5, 6, 7, 8},
                                round_constant_bits(j));
    for (unsigned x = 0; x < 5; ++x) {
      for (unsigned y = 0; y < 5; ++y) {
        const unsigned xy = x + 5 * y;
        cs::Expr chi = cs::Expr(out[xy]) + b[xy] +
                       (cs::Expr::constant(binius::B128::one()) + b[(x + 1) % 5 + 5 * y]) *
                           b[(x + 2) % 5 + 5 * y];
        if (xy == 0) chi = chi + rc;
        s.constrain(t, tag + "chi" + std::to_string(xy), chi);
      }
    }
  }

  /// RC of round 3·row + j at bit z: 512 bits over (z, row).
  static Bytes round_constant_bits(unsigned j) {
    const auto rc = keccak_round_constants();
    Bytes bits(64);
    for (unsigned row = 0; row < kRowsPerPermutation; ++row) {
      const std::uint64_t v = rc[kRoundsPerRow * row + j];
      std::memcpy(bits.data() + 8 * row, &v, 8);
    }
    return bits;
  }

  static void link_rows_and_outputs(cs::ConstraintSystem& s, std::size_t t, unsigned n,
                                    std::size_t count, const std::array<OracleId, 25>& in,
                                    const std::array<OracleId, 25>& last) {
    // Over the row variables (6–8): 1 on rows 0–6.
    const OracleId not_last = s.fixed(t, "rows 0-6", cs::ColumnField::b1, {6, 7, 8}, Bytes{0x7f});
    const OracleId output_row = s.fixed(t, "output rows", cs::ColumnField::b1, row_and_perm_vars(n),
                                        statement_rows(count, n, 7));
    const std::vector<unsigned> z_perm = z_and_perm_vars(n);
    for (unsigned xy = 0; xy < 25; ++xy) {
      const std::string lane = "[" + std::to_string(xy) + "]";
      const OracleId next =
          s.shifted(in[xy], 9, 64, cs::ShiftKind::logical_right, "next in" + lane);
      s.constrain(t, "link" + lane, cs::Expr(not_last) * (cs::Expr(next) + last[xy]));
      const OracleId pub = s.public_column(t, "output" + lane, cs::ColumnField::b1, z_perm);
      s.constrain(t, "output" + lane, cs::Expr(output_row) * (cs::Expr(pub) + last[xy]));
    }
  }
};

}  // namespace

namespace detail {

const Circuit& keccakf_circuit() {
  static const KeccakfCircuit circuit;
  return circuit;
}

}  // namespace detail
}  // namespace merkleforge::circuits
