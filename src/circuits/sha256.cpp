// SHA-256 compression (FIPS 180-4 §6.2.2), one compression per 32 bit-rows (binius.md §4.5):
// variables 0–4 are the bit in a word (LSB first), 5 and up the compression; every 32-bit word
// of the computation is a B1 column, so row 32k + i holds bit i of every word of compression k.
//
// Committed per compression: the input state H0..H7 and block W0..W15; the carries of every
// u32 addition (cout = majority(x, y, cin), degree 2, with cin = cout shifted up one row within
// the word), whose sum x + y + cin is then a virtual XOR; the words that are shifted later or read
// by other rounds — each schedule word W_t and each round's new a and e — committed once, equal
// to their sums (linear); Ch and Maj of each round (degree 2: ch = g + e·(f + g),
// maj = a·(b + c) + b·c). Σ0, Σ1, σ0 and σ1 are virtual: XORs of rotations (cyclic shifts within
// the word) and, for σ, one logical shift. Rounds keep only the new a and e: b, c, d are the a of
// the three rounds before, f, g, h the e (the first rounds read H). A schedule word takes 3
// additions, a round 7 (h + Σ1, + Ch, + K_t, + W_t = T1; Σ0 + Maj = T2; a = T1 + T2;
// e = d + T1), the feed-forward 8, whose sums equal the public output:
// 24 + 48·(3 + 1) + 64·(7 + 2 + 2) + 8 = 928 columns (within 2^10, the commitment's padding).
//
// Both the system and the trace run one description of the computation (`compression` over an
// Ops type), so the witness's column order is the system's by construction.
#include "merkleforge/hash/sha256.hpp"

#include <array>
#include <bit>
#include <cstring>

#include "circuits_internal.hpp"
#include "merkleforge/parallel/parallel.hpp"

namespace merkleforge::circuits {
namespace {

constexpr unsigned kWordBits = 5;  // 32 rows per word
constexpr std::size_t kCommittedColumns = 24 + 48 * (3 + 1) + 64 * (7 + 2 + 2) + 8;

/// Rotations (and, when `shift_last`, a logical shift by the last amount) whose XOR is one of
/// FIPS 180-4's Σ / σ functions (§4.1.2).
struct Sigma {
  unsigned r1, r2, r3;
  bool shift_last;
};
constexpr Sigma kBigSigma0{2, 13, 22, false}, kBigSigma1{6, 11, 25, false};
constexpr Sigma kSmallSigma0{7, 18, 3, true}, kSmallSigma1{17, 19, 10, true};

/// The compression without the feed-forward; returns the final a..h. `Ops` supplies the words:
/// add (committed carries, a virtual sum), commit (a committed copy), ch / maj (committed), sigma
/// (virtual), constant and scope (names what follows: "W16", "round 5").
template <class Ops>
std::array<typename Ops::Word, 8> compression(Ops& ops, const std::array<typename Ops::Word, 8>& h,
                                              const std::array<typename Ops::Word, 16>& block) {
  using Word = typename Ops::Word;
  std::array<Word, 64> w;
  std::copy(block.begin(), block.end(), w.begin());
  for (unsigned t = 16; t < 64; ++t) {
    ops.scope("W", t);
    // One ops call per statement: C++ leaves the order of a call's arguments open, and the
    // order of the calls is the order of the system's columns, so nesting would make the
    // statement depend on the compiler.
    const Word sigma1 = ops.sigma(w[t - 2], kSmallSigma1);
    const Word s1 = ops.add(sigma1, w[t - 7]);
    const Word sigma0 = ops.sigma(w[t - 15], kSmallSigma0);
    const Word s0 = ops.add(s1, sigma0);
    w[t] = ops.commit(ops.add(s0, w[t - 16]));
  }
  // a[t + 4] is round t's new a (a[3], a[2], a[1], a[0] = H0..H3), e likewise (H4..H7).
  std::array<Word, 68> a, e;
  for (unsigned i = 0; i < 4; ++i) {
    a[3 - i] = h[i];
    e[3 - i] = h[4 + i];
  }
  for (unsigned t = 0; t < 64; ++t) {
    ops.scope("round ", t);
    const Word &A = a[t + 3], &B = a[t + 2], &C = a[t + 1], &D = a[t];
    const Word &E = e[t + 3], &F = e[t + 2], &G = e[t + 1], &H = e[t];
    // T1 = h + Σ1(e) + Ch(e, f, g) + K_t + W_t and T2 = Σ0(a) + Maj(a, b, c), in that order.
    const Word big_sigma1 = ops.sigma(E, kBigSigma1);
    const Word h_sigma = ops.add(H, big_sigma1);
    const Word choice = ops.ch(E, F, G);
    const Word with_ch = ops.add(h_sigma, choice);
    const Word k = ops.constant(Sha256::round_constants()[t]);
    const Word with_k = ops.add(with_ch, k);
    const Word t1 = ops.add(with_k, w[t]);
    const Word big_sigma0 = ops.sigma(A, kBigSigma0);
    const Word majority = ops.maj(A, B, C);
    const Word t2 = ops.add(big_sigma0, majority);
    const Word new_a = ops.add(t1, t2);
    a[t + 4] = ops.commit(new_a);
    const Word new_e = ops.add(D, t1);
    e[t + 4] = ops.commit(new_e);
  }
  return {a[67], a[66], a[65], a[64], e[67], e[66], e[65], e[64]};
}

/// Builds the constraint system.
class SystemOps {
 public:
  using Word = OracleId;

  SystemOps(cs::ConstraintSystem& s, std::size_t table, unsigned n) : s_(s), t_(table), n_(n) {}

  void scope(const char* what, unsigned t) {
    label_ = what + std::to_string(t);
    counter_ = 0;
  }
  Word input(const std::string& name) { return s_.committed(t_, name, cs::ColumnField::b1); }

  /// x + y as the virtual x + y + cin (bits: XOR); the carries are committed.
  Word add(Word x, Word y) {
    const std::string name = label_ + " sum" + std::to_string(counter_++);
    const OracleId cin = carries(x, y, name);
    return s_.sum(t_, {x, y, cin}, name);
  }
  /// A committed copy of a virtual word (a word that is shifted later, or read by many rounds).
  Word commit(Word x) {
    const std::string name = label_ + " word" + std::to_string(counter_++);
    const OracleId out = s_.committed(t_, name, cs::ColumnField::b1);
    s_.constrain(t_, name + " = its sum", cs::Expr(out) + x);
    return out;
  }
  /// x + y equal to the public word out[i]; only the carries are committed.
  void output_add(Word x, Word y, unsigned i) {
    const std::vector<unsigned> all = detail::all_vars(n_);
    const std::string name = "out[" + std::to_string(i) + "]";
    const OracleId z = s_.public_column(t_, name, cs::ColumnField::b1, all);
    const OracleId cin = carries(x, y, name);
    s_.constrain(t_, name + " = x + y + cin", cs::Expr(x) + y + cin + z);
  }
  Word ch(Word e, Word f, Word g) {
    const Word out = s_.committed(t_, label_ + " ch", cs::ColumnField::b1);
    s_.constrain(t_, label_ + " ch = g + e(f + g)",
                 cs::Expr(g) + cs::Expr(e) * (cs::Expr(f) + g) + out);
    return out;
  }
  Word maj(Word a, Word b, Word c) {
    const Word out = s_.committed(t_, label_ + " maj", cs::ColumnField::b1);
    s_.constrain(t_, label_ + " maj = a(b + c) + bc",
                 cs::Expr(a) * (cs::Expr(b) + c) + cs::Expr(b) * c + out);
    return out;
  }
  Word sigma(Word x, Sigma f) {
    const std::string name = label_ + " sigma" + std::to_string(counter_++);
    const auto rotation = [&](unsigned r, cs::ShiftKind kind) {
      return s_.shifted(
          x, kWordBits, r, kind,
          name + (kind == cs::ShiftKind::cyclic ? " rotr" : " shr") + std::to_string(r));
    };
    return s_.sum(
        t_,
        {rotation(f.r1, cs::ShiftKind::cyclic), rotation(f.r2, cs::ShiftKind::cyclic),
         rotation(f.r3, f.shift_last ? cs::ShiftKind::logical_right : cs::ShiftKind::cyclic)},
        name);
  }
  Word constant(std::uint32_t k) {
    Bytes bits(4);
    std::memcpy(bits.data(), &k, 4);  // little-endian host: bit i of k at row i
    return s_.fixed(t_, label_ + " K", cs::ColumnField::b1, {0, 1, 2, 3, 4}, std::move(bits));
  }

 private:
  /// The committed carries out of x + y, constrained to the majority of x, y and the carries in;
  /// returns the carries in (cout shifted up one row within the word).
  OracleId carries(Word x, Word y, const std::string& name) {
    const OracleId cout = s_.committed(t_, name + " cout", cs::ColumnField::b1);
    const OracleId cin = s_.shifted(cout, kWordBits, 1, cs::ShiftKind::logical_left, name + " cin");
    s_.constrain(t_, name + " cout = majority(x, y, cin)",
                 (cs::Expr(x) + cin) * (cs::Expr(y) + cin) + cin + cout);
    return cin;
  }

  cs::ConstraintSystem& s_;
  std::size_t t_;
  unsigned n_;
  std::string label_;
  unsigned counter_ = 0;
};

/// Computes one compression's words, writing every committed one to its column (or nowhere, for
/// the padding's output).
class TraceOps {
 public:
  using Word = std::uint32_t;

  TraceOps(std::vector<Bytes>* columns, std::size_t instance) : columns_(columns), k_(instance) {}

  static void scope(const char*, unsigned) {}
  Word input(Word v) { return record(v); }
  Word add(Word x, Word y) {
    record(carries(x, y, x + y));
    return x + y;
  }
  Word commit(Word x) { return record(x); }
  Word output_add(Word x, Word y) {
    record(carries(x, y, x + y));
    return x + y;
  }
  Word ch(Word e, Word f, Word g) { return record((e & f) ^ (~e & g)); }
  Word maj(Word a, Word b, Word c) { return record((a & b) ^ (a & c) ^ (b & c)); }
  static Word sigma(Word x, Sigma f) {
    return std::rotr(x, static_cast<int>(f.r1)) ^ std::rotr(x, static_cast<int>(f.r2)) ^
           (f.shift_last ? x >> f.r3 : std::rotr(x, static_cast<int>(f.r3)));
  }
  static Word constant(Word k) { return k; }
  std::size_t recorded() const noexcept { return next_; }

 private:
  /// Carry out of each bit of x + y = z: the majority of x_i, y_i and the carry in, x ^ y ^ z.
  static Word carries(Word x, Word y, Word z) {
    const Word cin = x ^ y ^ z;
    return (x & y) | (x & cin) | (y & cin);
  }
  Word record(Word v) {
    if (columns_ != nullptr) store_word((*columns_)[next_], k_, v);
    ++next_;
    return v;
  }
  static void store_word(Bytes& column, std::size_t k, Word v) {
    std::memcpy(column.data() + 4 * k, &v, 4);  // little-endian host: bit i at row 32k + i
  }

  std::vector<Bytes>* columns_;
  std::size_t k_;
  std::size_t next_ = 0;
};

std::uint32_t load_be32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} << 24 | std::uint32_t{p[1]} << 16 | std::uint32_t{p[2]} << 8 | p[3];
}

void store_be32(std::uint8_t* p, std::uint32_t v) {
  for (int b = 0; b < 4; ++b) p[b] = static_cast<std::uint8_t>(v >> (24 - 8 * b));
}

/// One instance: chaining state and block from `input` (96 bytes, or all zero when null), words
/// recorded through `ops`; returns the new chaining state.
std::array<std::uint32_t, 8> trace_instance(TraceOps& ops, const std::uint8_t* input) {
  std::array<std::uint32_t, 8> h;
  std::array<std::uint32_t, 16> block;
  for (unsigned i = 0; i < 8; ++i) h[i] = ops.input(input ? load_be32(input + 4 * i) : 0);
  for (unsigned i = 0; i < 16; ++i) block[i] = ops.input(input ? load_be32(input + 32 + 4 * i) : 0);
  const auto last = compression(ops, h, block);
  std::array<std::uint32_t, 8> out;
  for (unsigned i = 0; i < 8; ++i) out[i] = ops.output_add(h[i], last[i]);
  return out;
}

class Sha256Circuit final : public Circuit {
 public:
  std::string_view name() const noexcept override { return "sha256"; }
  std::size_t input_bytes() const noexcept override { return 96; }
  std::size_t output_bytes() const noexcept override { return 32; }
  std::size_t max_count() const noexcept override { return std::size_t{1} << 16; }

  cs::ConstraintSystem build_system(std::size_t count) const override {
    cs::ConstraintSystem s("sha256");
    const unsigned n = kWordBits + detail::log2_ceil(count);
    const std::size_t t = s.add_table("sha256", n);
    SystemOps ops(s, t, n);
    std::array<OracleId, 8> h;
    std::array<OracleId, 16> block;
    for (unsigned i = 0; i < 8; ++i) h[i] = ops.input("H[" + std::to_string(i) + "]");
    for (unsigned i = 0; i < 16; ++i) block[i] = ops.input("W[" + std::to_string(i) + "]");
    const auto last = compression(ops, h, block);
    for (unsigned i = 0; i < 8; ++i) ops.output_add(h[i], last[i], i);
    return s;
  }

  Trace trace(ByteSpan inputs) const override {
    const std::size_t count = inputs.size() / 96;
    const std::size_t slots = std::size_t{1} << detail::log2_ceil(count);
    Trace out;
    out.witness.columns.assign(kCommittedColumns, Bytes(4 * slots, 0));
    out.outputs.assign(32 * count, 0);
    // Grain 1: an item is a whole compression (64 rounds).
    parallel_for(slots, 1, [&](std::size_t begin, std::size_t end) {
      for (std::size_t k = begin; k < end; ++k) {
        TraceOps ops(&out.witness.columns, k);
        const auto h = trace_instance(ops, k < count ? inputs.data() + 96 * k : nullptr);
        if (k < count) {
          for (unsigned i = 0; i < 8; ++i) store_be32(&out.outputs[32 * k + 4 * i], h[i]);
        }
      }
    });
    return out;
  }

  std::size_t input_columns() const noexcept override { return 24; }

  std::vector<Bytes> input_publics(std::size_t count, ByteSpan inputs) const override {
    // H[0..7] then W[0..15]: word i of an instance at bytes 4i of its 96 (padding: zero).
    const std::size_t slots = std::size_t{1} << detail::log2_ceil(count);
    std::vector<Bytes> columns(24, Bytes(4 * slots, 0));
    for (std::size_t k = 0; k < count; ++k) {
      for (unsigned i = 0; i < 24; ++i) {
        const std::uint32_t v = load_be32(&inputs[96 * k + 4 * i]);
        std::memcpy(columns[i].data() + 4 * k, &v, 4);
      }
    }
    return columns;
  }

  cs::PublicValues output_publics(std::size_t count, ByteSpan outputs) const override {
    const std::size_t slots = std::size_t{1} << detail::log2_ceil(count);
    // Padding instances compress the zero state and block: their outputs are that value.
    TraceOps plain(nullptr, 0);
    const auto padding = trace_instance(plain, nullptr);
    cs::PublicValues pub;
    pub.columns.assign(8, Bytes(4 * slots, 0));
    for (std::size_t k = 0; k < slots; ++k) {
      for (unsigned i = 0; i < 8; ++i) {
        const std::uint32_t v = k < count ? load_be32(&outputs[32 * k + 4 * i]) : padding[i];
        std::memcpy(pub.columns[i].data() + 4 * k, &v, 4);
      }
    }
    return pub;
  }
};

}  // namespace

namespace detail {

const Circuit& sha256_circuit() {
  static const Sha256Circuit circuit;
  return circuit;
}

}  // namespace detail
}  // namespace merkleforge::circuits
