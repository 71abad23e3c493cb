// Grøstl-256's permutation P (hash/groestl256.hpp), one permutation per row (binius.md §4.6).
// The state's bytes are Rijndael-field elements; the circuit holds them as canonical B8 values
// through the field isomorphism φ of binius/aes_tower.hpp, so that the S-box's inversion is the
// tower's own and MixBytes is B8-linear (products by φ of its constants).
//
// Committed per permutation: the input state (64 B8 columns); per round, the 8 bits of the
// inverse of each S-box input (64 × 8 B1 columns: inv = Σ_b bit_b·2^b, a linear combination);
// and, for rounds 1–9, the S-box inputs x (64 B8 columns): 64 + 10·512 + 9·64 = 5,824 columns.
//   (x·inv + 1)·x = 0 and (x·inv + 1)·inv = 0     inv = x⁻¹, or both 0              (degree 3)
//   x' = MixBytes(ShiftBytes(S)) + RC' (linear)  where S = M(inv) + φ(0x63) with M = φ∘A∘φ⁻¹,
//                                                 A the S-box's affine map (FIPS 197 §5.1.1), is
//                                                 a linear combination of the inverse's bits
// and after round 9 the same combination equals the public output. Round 0's x is the input
// plus the round constant (virtual).
#include <array>
#include <bit>
#include <cstring>

#include "circuits_internal.hpp"
#include "merkleforge/binius/aes_tower.hpp"
#include "merkleforge/binius/packed.hpp"
#include "merkleforge/binius/tower.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::circuits {
namespace {

using binius::B128;
using binius::uint128;

constexpr unsigned kRounds = 10;
constexpr std::size_t kBytes = 64;
constexpr std::size_t kCommittedColumns = kBytes + kRounds * kBytes * 8 + (kRounds - 1) * kBytes;
// MixBytes: output row i of a column = Σ_k kMix[(k − i) mod 8] · row k (Grøstl specification).
constexpr std::array<std::uint8_t, 8> kMix = {2, 2, 3, 4, 5, 3, 5, 7};

/// P's round constant at state byte k = 8·column + row: (column << 4) ^ r on row 0.
std::uint8_t round_constant(unsigned r, std::size_t k) {
  return k % 8 == 0 ? static_cast<std::uint8_t>(((k / 8) << 4) ^ r) : 0;
}

/// The S-box's affine map without its constant: b ^ rotl(b, 1) ^ … ^ rotl(b, 4).
std::uint8_t aes_affine_linear(std::uint8_t b) {
  return static_cast<std::uint8_t>(b ^ std::rotl(b, 1) ^ std::rotl(b, 2) ^ std::rotl(b, 3) ^
                                   std::rotl(b, 4));
}

/// Everything of the S-box and MixBytes in canonical B8, computed once.
struct Tables {
  std::array<std::uint8_t, 256> inverse;  // canonical B8 inverse (0 ↦ 0)
  std::array<std::uint8_t, 8> m_images;   // M(2^b) = φ(A(φ⁻¹(2^b)))
  std::uint8_t sbox_constant;             // φ(0x63)
  std::array<std::uint8_t, 8> mix;        // φ(kMix[d])
};

const Tables& tables() {
  static const Tables t = [] {
    Tables out{};
    for (unsigned u = 0; u < 256; ++u) {
      out.inverse[u] = static_cast<std::uint8_t>(binius::tower_inverse(3, u));
    }
    for (unsigned b = 0; b < 8; ++b) {
      const auto aes = binius::canonical_to_aes(static_cast<std::uint8_t>(1u << b));
      out.m_images[b] = binius::aes_to_canonical(aes_affine_linear(aes));
    }
    out.sbox_constant = binius::aes_to_canonical(0x63);
    for (unsigned d = 0; d < 8; ++d) out.mix[d] = binius::aes_to_canonical(kMix[d]);
    return out;
  }();
  return t;
}

/// S(inv) in canonical B8 from the inverse's bits.
std::uint8_t sbox_of_inverse(std::uint8_t inv) {
  const Tables& t = tables();
  std::uint8_t s = t.sbox_constant;
  for (unsigned b = 0; b < 8; ++b) {
    if ((inv >> b) & 1u) s ^= t.m_images[b];
  }
  return s;
}

/// Source byte of output byte (row i, column j)'s MixBytes term k: ShiftBytes takes row k of
/// column j + k.
std::size_t shifted_source(std::size_t j, std::size_t k) {
  return 8 * ((j + k) % 8) + k;
}

/// Rows: one per permutation, at least 8 (whole bytes of bit columns; padding permutations of
/// the zero state).
unsigned table_vars(std::size_t count) {
  return std::max(3u, detail::log2_ceil(count));
}

/// Runs P on one canonical state, writing row `row`'s committed values when `columns` is not
/// null; `state` becomes the output (canonical).
void permute_recording(std::array<std::uint8_t, kBytes>& state, std::vector<Bytes>* columns,
                       std::size_t row) {
  const Tables& t = tables();
  std::size_t next = 0;
  const auto record_byte = [&](std::uint8_t v) {
    if (columns != nullptr) (*columns)[next][row] = v;
    ++next;
  };
  const auto record_bit = [&](unsigned bit) {
    if (columns != nullptr && bit != 0) {
      (*columns)[next][row / 8] =
          static_cast<std::uint8_t>((*columns)[next][row / 8] | (1u << (row % 8)));
    }
    ++next;
  };
  for (std::size_t k = 0; k < kBytes; ++k) record_byte(state[k]);
  for (unsigned r = 0; r < kRounds; ++r) {
    std::array<std::uint8_t, kBytes> sbox;
    for (std::size_t k = 0; k < kBytes; ++k) {
      const std::uint8_t x = state[k] ^ binius::aes_to_canonical(round_constant(r, k));
      const std::uint8_t inv = t.inverse[x];
      for (unsigned b = 0; b < 8; ++b) record_bit((inv >> b) & 1u);
      sbox[k] = sbox_of_inverse(inv);
    }
    for (std::size_t j = 0; j < 8; ++j) {
      for (std::size_t i = 0; i < 8; ++i) {
        std::uint8_t y = 0;
        for (std::size_t k = 0; k < 8; ++k) {
          y ^= binius::b8_mul_table(t.mix[(k + 8 - i) % 8], sbox[shifted_source(j, k)]);
        }
        state[8 * j + i] = y;
      }
    }
    if (r + 1 < kRounds) {
      for (std::size_t k = 0; k < kBytes; ++k) record_byte(state[k]);
    }
  }
}

class GroestlPCircuit final : public Circuit {
 public:
  std::string_view name() const noexcept override { return "groestlp"; }
  std::size_t input_bytes() const noexcept override { return kBytes; }
  std::size_t output_bytes() const noexcept override { return kBytes; }
  std::size_t max_count() const noexcept override { return std::size_t{1} << 16; }

  cs::ConstraintSystem build_system(std::size_t count) const override {
    cs::ConstraintSystem s("groestlp");
    const unsigned n = table_vars(count);
    const std::size_t t = s.add_table("groestlp", n);
    std::array<OracleId, kBytes> state;
    for (std::size_t k = 0; k < kBytes; ++k) {
      state[k] = s.committed(t, "in[" + std::to_string(k) + "]", cs::ColumnField::b8);
    }
    const std::vector<unsigned> all = detail::all_vars(n);
    for (unsigned r = 0; r < kRounds; ++r) {
      const std::string tag = "round " + std::to_string(r) + " ";
      std::array<std::array<OracleId, 8>, kBytes> bits;
      for (std::size_t k = 0; k < kBytes; ++k) {
        for (unsigned b = 0; b < 8; ++b) {
          bits[k][b] =
              s.committed(t, tag + "inv[" + std::to_string(k) + "] bit " + std::to_string(b),
                          cs::ColumnField::b1);
        }
      }
      for (std::size_t k = 0; k < kBytes; ++k)
        constrain_inverse(s, t, tag, k, r, state[k], bits[k]);
      for (std::size_t k = 0; k < kBytes; ++k) {
        const std::string e = "[" + std::to_string(k) + "]";
        const OracleId mixed = mix_column(s, t, bits, k, tag + "mix" + e);
        if (r + 1 < kRounds) {
          state[k] =
              s.committed(t, "round " + std::to_string(r + 1) + " x" + e, cs::ColumnField::b8);
        } else {
          state[k] = s.public_column(t, "output" + e, cs::ColumnField::b8, all);
        }
        s.constrain(t, tag + "mix" + e, cs::Expr(state[k]) + mixed);
      }
    }
    return s;
  }

  Trace trace(ByteSpan inputs) const override {
    const std::size_t count = inputs.size() / kBytes;
    const std::size_t rows = std::size_t{1} << table_vars(count);
    Trace out;
    out.witness.columns.resize(kCommittedColumns);
    std::size_t c = 0;
    const auto allocate = [&](std::size_t n, cs::ColumnField field) {
      for (std::size_t i = 0; i < n; ++i)
        out.witness.columns[c++].assign(cs::field_bytes(field, table_vars(count)), 0);
    };
    allocate(kBytes, cs::ColumnField::b8);
    for (unsigned r = 0; r < kRounds; ++r) {
      allocate(kBytes * 8, cs::ColumnField::b1);
      if (r + 1 < kRounds) allocate(kBytes, cs::ColumnField::b8);
    }
    out.outputs.assign(kBytes * count, 0);
    // Grain 1: an item is eight rows (permutations), which share the bytes of the bit columns.
    parallel_for(rows / 8, 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t group = begin; group < end; ++group) {
        for (std::size_t k = 8 * group; k < 8 * group + 8; ++k) {
          std::array<std::uint8_t, kBytes> state{};
          if (k < count) {
            for (std::size_t i = 0; i < kBytes; ++i) {
              state[i] = binius::aes_to_canonical(inputs[kBytes * k + i]);
            }
          }
          permute_recording(state, &out.witness.columns, k);
          if (k < count) {
            for (std::size_t i = 0; i < kBytes; ++i) {
              out.outputs[kBytes * k + i] = binius::canonical_to_aes(state[i]);
            }
          }
        }
      }
    });
    return out;
  }

  std::size_t input_columns() const noexcept override { return kBytes; }

  std::vector<Bytes> input_publics(std::size_t count, ByteSpan inputs) const override {
    const std::size_t rows = std::size_t{1} << table_vars(count);
    std::vector<Bytes> columns(kBytes, Bytes(rows, 0));  // padding: the zero state
    for (std::size_t k = 0; k < count; ++k) {
      for (std::size_t i = 0; i < kBytes; ++i) {
        columns[i][k] = binius::aes_to_canonical(inputs[kBytes * k + i]);
      }
    }
    return columns;
  }

  cs::PublicValues output_publics(std::size_t count, ByteSpan outputs) const override {
    const std::size_t rows = std::size_t{1} << table_vars(count);
    std::array<std::uint8_t, kBytes> padding{};  // the padding rows permute the zero state
    permute_recording(padding, nullptr, 0);
    cs::PublicValues pub;
    pub.columns.assign(kBytes, Bytes(rows, 0));
    for (std::size_t k = 0; k < rows; ++k) {
      for (std::size_t i = 0; i < kBytes; ++i) {
        pub.columns[i][k] =
            k < count ? binius::aes_to_canonical(outputs[kBytes * k + i]) : padding[i];
      }
    }
    return pub;
  }

 private:
  /// inv = Σ_b bit_b·2^b is x⁻¹ (or both are 0), x = state + RC_r.
  static void constrain_inverse(cs::ConstraintSystem& s, std::size_t t, const std::string& tag,
                                std::size_t k, unsigned r, OracleId state,
                                const std::array<OracleId, 8>& bits) {
    const std::string e = "[" + std::to_string(k) + "]";
    std::vector<std::pair<OracleId, B128>> terms;
    for (unsigned b = 0; b < 8; ++b) terms.emplace_back(bits[b], B128(uint128{1} << b));
    const OracleId inv = s.linear_combination(t, B128::zero(), std::move(terms), tag + "inv" + e);
    const cs::Expr x =
        cs::Expr(state) + cs::Expr::constant(B128(binius::aes_to_canonical(round_constant(r, k))));
    const cs::Expr not_one = x * inv + cs::Expr::constant(B128::one());
    s.constrain(t, tag + "(x inv + 1) x" + e, not_one * x);
    s.constrain(t, tag + "(x inv + 1) inv" + e, not_one * inv);
  }

  /// MixBytes(ShiftBytes(S)) at byte k = 8j + i as a combination of the inverses' bits.
  static OracleId mix_column(cs::ConstraintSystem& s, std::size_t t,
                             const std::array<std::array<OracleId, 8>, kBytes>& bits, std::size_t k,
                             const std::string& name) {
    const Tables& tab = tables();
    const std::size_t i = k % 8, j = k / 8;
    std::vector<std::pair<OracleId, B128>> terms;
    B128 offset;
    for (std::size_t row = 0; row < 8; ++row) {
      const std::uint8_t coefficient = tab.mix[(row + 8 - i) % 8];
      offset += B128(binius::b8_mul_table(coefficient, tab.sbox_constant));
      for (unsigned b = 0; b < 8; ++b) {
        terms.emplace_back(bits[shifted_source(j, row)][b],
                           B128(binius::b8_mul_table(coefficient, tab.m_images[b])));
      }
    }
    return s.linear_combination(t, offset, std::move(terms), name);
  }
};

}  // namespace

namespace detail {

const Circuit& groestlp_circuit() {
  static const GroestlPCircuit circuit;
  return circuit;
}

}  // namespace detail
}  // namespace merkleforge::circuits
