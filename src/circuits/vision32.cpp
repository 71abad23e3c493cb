// Vision Mark-32 (binius/vision.hpp), one permutation per row (binius.md §4.7): every column is
// B32 and row k holds permutation k.
//
// Committed: the input state (24 columns) and, per S-box layer (2 per round, 16 in all), the
// inverses inv = x⁻¹ of the layer's inputs and its outputs (2 × 24 columns): 792 columns.
// The layer inputs x are virtual: the input plus RK[0], then MDS(previous outputs) + RK[k]
// (linear combinations with B8 coefficients). Per element and layer:
//   (x·inv + 1)·x = 0 and (x·inv + 1)·inv = 0      inv = x⁻¹, or both 0          (degree 3)
//   B(out) + inv = 0   (first layer: out = B⁻¹(inv))   B(inv) + out = 0 (second)  (degree 4)
// where B(y) = c0·y + c1·y² + c2·y⁴ + c is the B-box as a B32 polynomial: its coefficients are
// derived here from the library's affine form (its images of the 32 basis bits) and checked on
// all of them. The public output equals MDS(last outputs) + RK[16] (linear).
#include <array>
#include <cstring>
#include <stdexcept>

#include "circuits_internal.hpp"
#include "merkleforge/binius/packed.hpp"
#include "merkleforge/binius/tower.hpp"
#include "merkleforge/binius/vision.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::circuits {
namespace {

using binius::B128;
using binius::B32;
using binius::kVisionRounds;
using binius::kVisionStateSize;
using binius::VisionState;

constexpr std::size_t kLayers = 2 * kVisionRounds;
constexpr std::size_t kCommittedColumns = kVisionStateSize * (1 + 2 * kLayers);

/// The B-box's linear part as c0·y + c1·y² + c2·y⁴ (B32), solved from its images of 1, 2, 4
/// (the Moore matrix of independent elements is invertible) and checked on every basis bit.
std::array<B32, 3> bbox_coefficients() {
  const auto& constants = binius::vision32_constants();
  std::array<std::array<B32, 4>, 3> rows;  // [y, y², y⁴ | L(y)] for y = 1, 2, 4
  for (unsigned k = 0; k < 3; ++k) {
    const B32 y(std::uint32_t{1} << k);
    const B32 y2 = y.square();
    rows[k] = {y, y2, y2.square(), B32(constants.forward_images[k])};
  }
  for (unsigned col = 0; col < 3; ++col) {  // Gauss–Jordan over B32
    unsigned pivot = col;
    while (pivot < 3 && rows[pivot][col] == B32::zero()) ++pivot;
    if (pivot == 3) throw std::logic_error("vision32: singular B-box system");
    std::swap(rows[col], rows[pivot]);
    const B32 inverse = rows[col][col].inverse();
    for (B32& v : rows[col]) v *= inverse;
    for (unsigned r = 0; r < 3; ++r) {
      if (r == col || rows[r][col] == B32::zero()) continue;
      const B32 factor = rows[r][col];
      for (unsigned c = 0; c < 4; ++c) rows[r][c] += factor * rows[col][c];
    }
  }
  const std::array<B32, 3> coefficients = {rows[0][3], rows[1][3], rows[2][3]};
  for (unsigned bit = 0; bit < 32; ++bit) {
    const B32 y(std::uint32_t{1} << bit);
    const B32 y2 = y.square();
    const B32 image = coefficients[0] * y + coefficients[1] * y2 + coefficients[2] * y2.square();
    if (image != B32(constants.forward_images[bit])) {
      throw std::logic_error("vision32: the B-box is not c0·y + c1·y² + c2·y⁴");
    }
  }
  return coefficients;
}

/// B(y) as an expression.
cs::Expr bbox(const std::array<B32, 3>& c, OracleId y) {
  const cs::Expr y2 = cs::Expr(y) * y;
  return cs::Expr::constant(binius::embed<7>(c[0])) * y +
         cs::Expr::constant(binius::embed<7>(c[1])) * y2 +
         cs::Expr::constant(binius::embed<7>(c[2])) * (y2 * y2) +
         cs::Expr::constant(B128(binius::vision32_constants().forward_constant));
}

std::uint32_t load_le32(const std::uint8_t* p) {
  std::uint32_t v;
  std::memcpy(&v, p, 4);  // little-endian host
  return v;
}

void store_element(Bytes& column, std::size_t row, std::uint32_t v) {
  std::memcpy(column.data() + 4 * row, &v, 4);
}

/// Rows: one per permutation, at least 4 (padding permutations of the zero state).
unsigned table_vars(std::size_t count) {
  return std::max(2u, detail::log2_ceil(count));
}

/// Runs one permutation from `state`, writing every committed value of row `row` (when `columns`
/// is not null); `state` becomes the output.
void permute_recording(VisionState& state, std::vector<Bytes>* columns, std::size_t row) {
  const auto& constants = binius::vision32_constants();
  const auto record = [&](std::size_t column, std::uint32_t v) {
    if (columns != nullptr) store_element((*columns)[column], row, v);
  };
  for (std::size_t i = 0; i < kVisionStateSize; ++i) {
    record(i, state[i]);
    state[i] ^= constants.round_keys[0][i];
  }
  for (std::size_t layer = 0; layer < kLayers; ++layer) {
    const std::size_t base = kVisionStateSize * (1 + 2 * layer);
    for (std::size_t i = 0; i < kVisionStateSize; ++i) {
      const auto x = state[i];
      record(base + i, binius::b32_inverse_tables(x));
      state[i] =
          layer % 2 == 0 ? binius::vision32_sbox_inverse(x) : binius::vision32_sbox_forward(x);
      record(base + kVisionStateSize + i, state[i]);
    }
    binius::vision32_mds(state);
    for (std::size_t i = 0; i < kVisionStateSize; ++i)
      state[i] ^= constants.round_keys[layer + 1][i];
  }
}

class Vision32Circuit final : public Circuit {
 public:
  std::string_view name() const noexcept override { return "vision32"; }
  std::size_t input_bytes() const noexcept override { return 4 * kVisionStateSize; }
  std::size_t output_bytes() const noexcept override { return 4 * kVisionStateSize; }
  std::size_t max_count() const noexcept override { return std::size_t{1} << 16; }

  cs::ConstraintSystem build_system(std::size_t count) const override {
    cs::ConstraintSystem s("vision32");
    const unsigned n = table_vars(count);
    const std::size_t t = s.add_table("vision32", n);
    const auto& constants = binius::vision32_constants();
    const auto coefficients = bbox_coefficients();
    std::array<OracleId, kVisionStateSize> previous;  // the last committed state
    std::array<OracleId, kVisionStateSize> x;         // the next layer's input
    for (std::size_t i = 0; i < kVisionStateSize; ++i) {
      previous[i] = s.committed(t, "in[" + std::to_string(i) + "]", cs::ColumnField::b32);
      x[i] = s.linear_combination(t, B128(constants.round_keys[0][i]), {{previous[i], B128::one()}},
                                  "x0[" + std::to_string(i) + "]");
    }
    for (std::size_t layer = 0; layer < kLayers; ++layer) {
      const std::string tag = "layer " + std::to_string(layer) + " ";
      std::array<OracleId, kVisionStateSize> inv, out;
      for (std::size_t i = 0; i < kVisionStateSize; ++i) {
        inv[i] = s.committed(t, tag + "inv[" + std::to_string(i) + "]", cs::ColumnField::b32);
      }
      for (std::size_t i = 0; i < kVisionStateSize; ++i) {
        out[i] = s.committed(t, tag + "out[" + std::to_string(i) + "]", cs::ColumnField::b32);
      }
      for (std::size_t i = 0; i < kVisionStateSize; ++i) {
        const std::string e = "[" + std::to_string(i) + "]";
        const cs::Expr not_one = cs::Expr(x[i]) * inv[i] + cs::Expr::constant(B128::one());
        s.constrain(t, tag + "(x inv + 1) x" + e, not_one * x[i]);
        s.constrain(t, tag + "(x inv + 1) inv" + e, not_one * inv[i]);
        if (layer % 2 == 0) {
          s.constrain(t, tag + "B(out) = inv" + e, bbox(coefficients, out[i]) + inv[i]);
        } else {
          s.constrain(t, tag + "B(inv) = out" + e, bbox(coefficients, inv[i]) + out[i]);
        }
      }
      x = mds_plus_key(s, t, out, constants.round_keys[layer + 1], "x" + std::to_string(layer + 1));
    }
    const std::vector<unsigned> all = detail::all_vars(n);
    for (std::size_t i = 0; i < kVisionStateSize; ++i) {
      const std::string e = "[" + std::to_string(i) + "]";
      const OracleId pub = s.public_column(t, "output" + e, cs::ColumnField::b32, all);
      s.constrain(t, "output" + e, cs::Expr(pub) + x[i]);
    }
    return s;
  }

  Trace trace(ByteSpan inputs) const override {
    const std::size_t count = inputs.size() / input_bytes();
    const std::size_t rows = std::size_t{1} << table_vars(count);
    Trace out;
    out.witness.columns.assign(kCommittedColumns, Bytes(4 * rows, 0));
    out.outputs.assign(output_bytes() * count, 0);
    // Grain 1: an item is a whole permutation.
    parallel_for(rows, 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t k = begin; k < end; ++k) {
        VisionState state{};
        if (k < count) state = load_state(inputs.data() + input_bytes() * k);
        permute_recording(state, &out.witness.columns, k);
        if (k < count) std::memcpy(out.outputs.data() + output_bytes() * k, state.data(), 96);
      }
    });
    return out;
  }

  std::size_t input_columns() const noexcept override { return kVisionStateSize; }

  std::vector<Bytes> input_publics(std::size_t count, ByteSpan inputs) const override {
    const std::size_t rows = std::size_t{1} << table_vars(count);
    std::vector<Bytes> columns(kVisionStateSize, Bytes(4 * rows, 0));  // padding: the zero state
    for (std::size_t k = 0; k < count; ++k) {
      const VisionState state = load_state(inputs.data() + input_bytes() * k);
      for (std::size_t i = 0; i < kVisionStateSize; ++i) store_element(columns[i], k, state[i]);
    }
    return columns;
  }

  cs::PublicValues output_publics(std::size_t count, ByteSpan outputs) const override {
    const std::size_t rows = std::size_t{1} << table_vars(count);
    VisionState padding{};  // the padding rows permute the zero state
    permute_recording(padding, nullptr, 0);
    cs::PublicValues pub;
    pub.columns.assign(kVisionStateSize, Bytes(4 * rows, 0));
    for (std::size_t k = 0; k < rows; ++k) {
      const VisionState state =
          k < count ? load_state(outputs.data() + output_bytes() * k) : padding;
      for (std::size_t i = 0; i < kVisionStateSize; ++i) store_element(pub.columns[i], k, state[i]);
    }
    return pub;
  }

 private:
  static VisionState load_state(const std::uint8_t* p) {
    VisionState state;
    for (std::size_t i = 0; i < kVisionStateSize; ++i) state[i] = load_le32(p + 4 * i);
    return state;
  }

  /// x_i = Σ_j MDS[i][j]·out_j + key_i.
  static std::array<OracleId, kVisionStateSize> mds_plus_key(
      cs::ConstraintSystem& s, std::size_t t, const std::array<OracleId, kVisionStateSize>& out,
      const VisionState& key, const std::string& name) {
    const auto& mds = binius::vision32_constants().mds;
    std::array<OracleId, kVisionStateSize> x;
    for (std::size_t i = 0; i < kVisionStateSize; ++i) {
      std::vector<std::pair<OracleId, B128>> terms;
      for (std::size_t j = 0; j < kVisionStateSize; ++j) {
        if (mds[i][j] != 0) terms.emplace_back(out[j], B128(mds[i][j]));
      }
      x[i] = s.linear_combination(t, B128(key[i]), std::move(terms),
                                  name + "[" + std::to_string(i) + "]");
    }
    return x;
  }
};

}  // namespace

namespace detail {

const Circuit& vision32_circuit() {
  static const Vision32Circuit circuit;
  return circuit;
}

}  // namespace detail
}  // namespace merkleforge::circuits
