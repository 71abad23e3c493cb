// AVX-512 IFMA kernels of the batch operations (batch_kernels.hpp). Eight field elements side by
// side: one vector per 52-bit limb (radix 2^52, five limbs hold 260 bits), multiplied with
// VPMADD52LUQ / VPMADD52HUQ, which add the low / high 52 bits of a 52×52-bit product to a 64-bit
// lane, so a limb absorbs thousands of partial products before its carry must move on.
//
// Montgomery products here divide by 2^260, not by the 2^256 of the scalar kernels. Two
// consequences, both free:
//   - batch_mul reads its right operand shifted left by four bits (16·b < 2^260 still fits), so
//     a·(16·b)·2^-260 = a·b·2^-256 is exactly the scalar kernels' product;
//   - the point sums read the table's coordinates (Montgomery form, x·2^256) times 16 in the same
//     way, so a product with one of them is the product with the true coordinate, and the
//     accumulator needs no conversion: a projective point is the same point under any common
//     scale of its coordinates, and every product of the addition scales all four alike. The
//     lanes' sums are fully reduced points whose coordinates the scalar code reads as they are.
//
// GCC 12 flags its own AVX-512 intrinsic wrappers (their _mm512_undefined_epi32() pass-through
// operand) as uninitialized once inlined (GCC bug 105593): silenced before the header is read.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "batch_kernels.hpp"
#include "raw_access.hpp"

namespace merkleforge::verkle::detail {

namespace {

constexpr unsigned kLanes = 8;
constexpr std::uint64_t kMask52 = (std::uint64_t{1} << 52) - 1;
using Radix52 = std::array<std::uint64_t, 5>;

/// value·2^shift in radix 2^52 (shift ≤ 4 and value < 2^256, so five limbs hold it).
constexpr Radix52 to_radix52(const Limbs& w, unsigned shift = 0) {
  return {(w[0] << shift) & kMask52, ((w[0] >> (52 - shift)) | (w[1] << (12 + shift))) & kMask52,
          ((w[1] >> (40 - shift)) | (w[2] << (24 + shift))) & kMask52,
          ((w[2] >> (28 - shift)) | (w[3] << (36 + shift))) & kMask52, w[3] >> (16 - shift)};
}

constexpr Limbs twice(const Limbs& m) {
  Limbs out{};
  add_limbs(out, m, m);
  return out;
}

/// The constants of one modulus M (M < 2^255, as both fields are).
template <Limbs M>
struct Modulus52 {
  static constexpr Radix52 kValue = to_radix52(M);
  static constexpr Radix52 kTwice = to_radix52(twice(M));
  static constexpr std::uint64_t kInv = Montgomery<M>::kInv & kMask52;  // -M^-1 mod 2^52
};

/// Eight values, limb i of lane j in limb[i] lane j. "Normalised": limbs 0..3 below 2^52 (limb 4
/// holds the rest; every value here is below 2^260).
struct Vec {
  __m512i limb[5];
};

Vec broadcast(const Radix52& value) {
  Vec v;
  for (int i = 0; i < 5; ++i) v.limb[i] = _mm512_set1_epi64(static_cast<long long>(value[i]));
  return v;
}

/// Moves each limb's bits above 52 into the next limb (limbs may be negative when `arithmetic`).
template <bool arithmetic>
Vec carry(Vec v) {
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(kMask52));
  for (int i = 0; i < 4; ++i) {
    const __m512i high =
        arithmetic ? _mm512_srai_epi64(v.limb[i], 52) : _mm512_srli_epi64(v.limb[i], 52);
    v.limb[i + 1] = _mm512_add_epi64(v.limb[i + 1], high);
    v.limb[i] = _mm512_and_si512(v.limb[i], mask);
  }
  return v;
}

/// a + b, normalised.
Vec add(const Vec& a, const Vec& b) {
  Vec sum;
  for (int i = 0; i < 5; ++i) sum.limb[i] = _mm512_add_epi64(a.limb[i], b.limb[i]);
  return carry<false>(sum);
}

/// a + offset - b, normalised; offset is a multiple of the modulus at least b, so the value stays
/// non-negative and congruent to a - b.
Vec sub(const Vec& a, const Vec& b, const Vec& offset) {
  Vec diff;
  for (int i = 0; i < 5; ++i) {
    diff.limb[i] = _mm512_sub_epi64(_mm512_add_epi64(a.limb[i], offset.limb[i]), b.limb[i]);
  }
  return carry<true>(diff);
}

/// value mod M for a normalised value below 2M.
template <Limbs M>
Vec reduce_once(const Vec& value) {
  const Vec m = broadcast(Modulus52<M>::kValue);
  const Vec zero = {};
  const Vec diff = sub(value, m, zero);  // negative exactly when value < M
  const __mmask8 below = _mm512_movepi64_mask(diff.limb[4]);
  Vec out;
  for (int i = 0; i < 5; ++i)
    out.limb[i] = _mm512_mask_blend_epi64(below, diff.limb[i], value.limb[i]);
  return out;
}

/// a·b·2^-260 mod M, fully reduced. Preconditions: a and b normalised with a·b < M·2^260, so the
/// Montgomery sum stays below 2M: the product of the operands' bounds in units of M must stay
/// below 2^260 / M (35 for Fp, 141 for Fr).
template <Limbs M>
Vec mont_mul(const Vec& a, const Vec& b) {
  const Vec m = broadcast(Modulus52<M>::kValue);
  const __m512i inv = _mm512_set1_epi64(static_cast<long long>(Modulus52<M>::kInv));
  const __m512i zero = _mm512_setzero_si512();
  __m512i t[6] = {zero, zero, zero, zero, zero, zero};
  for (int i = 0; i < 5; ++i) {
    // t += a·b_i, then t += q·M with q chosen so the low limb becomes a multiple of 2^52; its
    // carry moves on and the sum shifts down one limb (one division by 2^52).
    const __m512i b_i = b.limb[i];
    for (int j = 0; j < 5; ++j) t[j] = _mm512_madd52lo_epu64(t[j], a.limb[j], b_i);
    for (int j = 0; j < 5; ++j) t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], a.limb[j], b_i);
    const __m512i q = _mm512_madd52lo_epu64(zero, t[0], inv);
    for (int j = 0; j < 5; ++j) t[j] = _mm512_madd52lo_epu64(t[j], q, m.limb[j]);
    for (int j = 0; j < 5; ++j) t[j + 1] = _mm512_madd52hi_epu64(t[j + 1], q, m.limb[j]);
    t[1] = _mm512_add_epi64(t[1], _mm512_srli_epi64(t[0], 52));
    for (int j = 0; j < 5; ++j) t[j] = t[j + 1];
    t[5] = zero;
  }
  Vec sum;
  for (int j = 0; j < 5; ++j) sum.limb[j] = t[j];
  return reduce_once<M>(carry<false>(sum));
}

/// Lane order of the transposition below: lane L holds row kRowOfLane[L] (its own inverse).
constexpr std::array<unsigned, kLanes> kRowOfLane = {0, 1, 4, 5, 2, 3, 6, 7};

/// Eight 256-bit values as four vectors of 64-bit limbs: word[i] lane L is limb i of lane L's
/// value.
struct Words {
  __m512i word[4];
};

/// The values at `rows` as Words, lane L holding rows[kRowOfLane[L]].
Words transpose_in(const std::array<const void*, kLanes>& rows) {
  const auto pair = [&](unsigned low, unsigned high) {
    const __m256i lo = _mm256_loadu_si256(static_cast<const __m256i*>(rows[low]));
    const __m256i hi = _mm256_loadu_si256(static_cast<const __m256i*>(rows[high]));
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
  };
  const __m512i z0 = pair(0, 4), z1 = pair(1, 5), z2 = pair(2, 6), z3 = pair(3, 7);
  const __m512i a0 = _mm512_unpacklo_epi64(z0, z1), a1 = _mm512_unpackhi_epi64(z0, z1);
  const __m512i a2 = _mm512_unpacklo_epi64(z2, z3), a3 = _mm512_unpackhi_epi64(z2, z3);
  return {{_mm512_shuffle_i64x2(a0, a2, 0x88), _mm512_shuffle_i64x2(a1, a3, 0x88),
           _mm512_shuffle_i64x2(a0, a2, 0xdd), _mm512_shuffle_i64x2(a1, a3, 0xdd)}};
}

/// Four 64-bit limb vectors as radix-2^52 limbs, times 2^shift (shift ≤ 4, values < 2^256).
template <unsigned shift>
Vec radix52_from_words(const Words& words) {
  const __m512i* w = words.word;
  const __m512i mask = _mm512_set1_epi64(static_cast<long long>(kMask52));
  const auto join = [&](const __m512i& low, unsigned low_shift, const __m512i& high,
                        unsigned high_shift) {
    return _mm512_and_si512(
        _mm512_or_si512(_mm512_srli_epi64(low, low_shift), _mm512_slli_epi64(high, high_shift)),
        mask);
  };
  Vec v;
  v.limb[0] = _mm512_and_si512(_mm512_slli_epi64(w[0], shift), mask);
  v.limb[1] = join(w[0], 52 - shift, w[1], 12 + shift);
  v.limb[2] = join(w[1], 40 - shift, w[2], 24 + shift);
  v.limb[3] = join(w[2], 28 - shift, w[3], 36 + shift);
  v.limb[4] = _mm512_srli_epi64(w[3], 16 - shift);
  return v;
}

/// The 64-bit limbs of eight normalised values below 2^256: out[L] is lane L.
std::array<Limbs, kLanes> words_from_radix52(const Vec& v) {
  const __m512i w[4] = {
      _mm512_or_si512(v.limb[0], _mm512_slli_epi64(v.limb[1], 52)),
      _mm512_or_si512(_mm512_srli_epi64(v.limb[1], 12), _mm512_slli_epi64(v.limb[2], 40)),
      _mm512_or_si512(_mm512_srli_epi64(v.limb[2], 24), _mm512_slli_epi64(v.limb[3], 28)),
      _mm512_or_si512(_mm512_srli_epi64(v.limb[3], 36), _mm512_slli_epi64(v.limb[4], 16))};
  std::uint64_t lanes[4][kLanes];
  for (int i = 0; i < 4; ++i) _mm512_storeu_si512(lanes[i], w[i]);
  std::array<Limbs, kLanes> out;
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    for (int i = 0; i < 4; ++i) out[lane][i] = lanes[i][lane];
  }
  return out;
}

// ---- Field products ---------------------------------------------------------------------------

template <class Field>
void mul_batch(Field* out, const Field* a, const Field* b, std::size_t n) {
  constexpr Limbs M = Field::kModulus;
  const Field zero = Field::zero();
  for (std::size_t base = 0; base < n; base += kLanes) {
    std::array<const void*, kLanes> rows_a, rows_b;
    for (unsigned row = 0; row < kLanes; ++row) {
      const std::size_t i = base + kRowOfLane[row];  // so that lane L holds element base + L
      rows_a[row] = i < n ? &RawAccess::montgomery(a[i]) : &RawAccess::montgomery(zero);
      rows_b[row] = i < n ? &RawAccess::montgomery(b[i]) : &RawAccess::montgomery(zero);
    }
    // a·(16·b)·2^-260 = a·b·2^-256: the scalar kernels' Montgomery product.
    const Vec product = mont_mul<M>(radix52_from_words<0>(transpose_in(rows_a)),
                                    radix52_from_words<4>(transpose_in(rows_b)));
    const std::array<Limbs, kLanes> limbs = words_from_radix52(product);
    for (unsigned lane = 0; lane < kLanes && base + lane < n; ++lane) {
      out[base + lane] = RawAccess::from_montgomery<Field>(limbs[lane]);
    }
  }
}

// ---- Point sums -------------------------------------------------------------------------------

constexpr Limbs kP = Fp::kModulus;

/// Eight points in extended coordinates, one per lane, coordinates fully reduced.
struct Points {
  Vec x, y, t, z;
};

/// Eight table entries (x, y, d·x·y, x + y), each coordinate c as 16·c·2^256 (so that
/// mont_mul by it multiplies by c), negated where `negate` has the lane's bit.
struct Entries {
  Vec x, y, d_xy, x_plus_y;
};

/// 16·v for a normalised v.
Vec times_sixteen(Vec v) {
  for (int i = 0; i < 5; ++i) v.limb[i] = _mm512_slli_epi64(v.limb[i], 4);
  return carry<false>(v);
}

Entries load_entries(const std::array<const AffinePoint*, kLanes>& by_lane, __mmask8 negate) {
  std::array<const void*, kLanes> rows;
  const auto coordinate = [&](std::size_t offset) {
    for (unsigned row = 0; row < kLanes; ++row) {
      rows[row] = reinterpret_cast<const char*>(by_lane[kRowOfLane[row]]) + offset;
    }
    return radix52_from_words<0>(transpose_in(rows));
  };
  Vec x = coordinate(offsetof(AffinePoint, x)), y = coordinate(offsetof(AffinePoint, y)),
      d_xy = coordinate(offsetof(AffinePoint, d_xy));
  // -v = M - v (M itself for v = 0, which the products accept).
  const Vec m = broadcast(Modulus52<kP>::kValue);
  const Vec zero = {};
  const Vec minus_x = sub(m, x, zero), minus_d_xy = sub(m, d_xy, zero);
  for (int i = 0; i < 5; ++i) {
    x.limb[i] = _mm512_mask_blend_epi64(negate, x.limb[i], minus_x.limb[i]);
    d_xy.limb[i] = _mm512_mask_blend_epi64(negate, d_xy.limb[i], minus_d_xy.limb[i]);
  }
  // Every coordinate is at most p here; x + y is reduced first so that 16·(x + y) < 16p.
  return {times_sixteen(x), times_sixteen(y), times_sixteen(d_xy),
          times_sixteen(reduce_once<kP>(add(x, y)))};
}

/// The common end of both additions, from A = X1·X2, B = Y1·Y2, C = d·T1·T2, D = Z1·Z2 and
/// S = (X1 + Y1)·(X2 + Y2), all below p: E = S - A - B, F = D - C, G = D + C, H = B + 5A, and the
/// sum (E·F : G·H : E·H : F·G). The bounds (in units of p) keep the products' operands within
/// mont_mul's precondition.
Points finish_addition(const Vec& a, const Vec& b, const Vec& c, const Vec& d, const Vec& s) {
  const Vec m = broadcast(Modulus52<kP>::kValue);
  const Vec m2 = broadcast(Modulus52<kP>::kTwice);
  const Vec zero = {};
  const Vec e = sub(sub(s, a, m2), b, zero);  // < 3p
  const Vec f = sub(d, c, m);                 // < 2p
  const Vec g = add(d, c);                    // < 2p
  Vec five_a;
  for (int i = 0; i < 5; ++i)
    five_a.limb[i] = _mm512_add_epi64(_mm512_slli_epi64(a.limb[i], 2), a.limb[i]);
  const Vec h = add(b, carry<false>(five_a));  // < 6p
  return {mont_mul<kP>(e, f), mont_mul<kP>(g, h), mont_mul<kP>(e, h), mont_mul<kP>(f, g)};
}

/// p + q for a = -5 (the mixed addition of banderwagon.cpp: Z2 = 1, so D = Z1). The accumulator's
/// coordinates are below p and the entries' below 16p.
Points add_entries(const Points& p, const Entries& q) {
  return finish_addition(mont_mul<kP>(p.x, q.x), mont_mul<kP>(p.y, q.y), mont_mul<kP>(p.t, q.d_xy),
                         p.z, mont_mul<kP>(reduce_once<kP>(add(p.x, p.y)), q.x_plus_y));
}

/// p + q for two accumulators (the full addition of banderwagon.cpp; d is read as 16·d·2^256 like
/// a table coordinate, so the product by it is the product by d).
Points add_points(const Points& p, const Points& q) {
  static const Radix52 kCurveD = to_radix52(RawAccess::montgomery(Element::curve_d()), 4);
  return finish_addition(
      mont_mul<kP>(p.x, q.x), mont_mul<kP>(p.y, q.y),
      mont_mul<kP>(mont_mul<kP>(p.t, q.t), broadcast(kCurveD)), mont_mul<kP>(p.z, q.z),
      mont_mul<kP>(reduce_once<kP>(add(p.x, p.y)), reduce_once<kP>(add(q.x, q.y))));
}

/// The points with their lanes permuted by `index` (lane L takes lane index[L]).
Points permute_lanes(const Points& p, const __m512i& index) {
  Points out;
  for (int i = 0; i < 5; ++i) {
    out.x.limb[i] = _mm512_permutexvar_epi64(index, p.x.limb[i]);
    out.y.limb[i] = _mm512_permutexvar_epi64(index, p.y.limb[i]);
    out.t.limb[i] = _mm512_permutexvar_epi64(index, p.t.limb[i]);
    out.z.limb[i] = _mm512_permutexvar_epi64(index, p.z.limb[i]);
  }
  return out;
}

/// The sum of the eight lanes, in every lane: three full additions of the lanes against a
/// permutation of themselves (halves, quarters, pairs), each a few products deep, where seven
/// scalar additions one after another would wait on each other.
Points fold_lanes(Points p) {
  p = add_points(p, permute_lanes(p, _mm512_set_epi64(3, 2, 1, 0, 7, 6, 5, 4)));
  p = add_points(p, permute_lanes(p, _mm512_set_epi64(5, 4, 7, 6, 1, 0, 3, 2)));
  return add_points(p, permute_lanes(p, _mm512_set_epi64(6, 7, 4, 5, 2, 3, 0, 1)));
}

/// The points of the lanes whose bit `lanes` has, written to out[lane] (coordinates read as
/// Montgomery forms: the common scale is the same point).
void store_lanes(const Points& p, __mmask8 lanes, std::array<Element, kLanes>& out) {
  const auto x = words_from_radix52(p.x), y = words_from_radix52(p.y), t = words_from_radix52(p.t),
             z = words_from_radix52(p.z);
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    if (((lanes >> lane) & 1) == 0) continue;
    out[lane] = RawAccess::element(
        RawAccess::from_montgomery<Fp>(x[lane]), RawAccess::from_montgomery<Fp>(y[lane]),
        RawAccess::from_montgomery<Fp>(t[lane]), RawAccess::from_montgomery<Fp>(z[lane]));
  }
}

/// The identity as a table entry (x = 0, y = 1): idle lanes add it.
const AffinePoint& identity_entry() {
  static const AffinePoint entry = {Fp::zero(), Fp::one(), Fp::zero()};
  return entry;
}

/// Requests the two cache lines of a table entry.
void prefetch(const AffinePoint* entry) {
  __builtin_prefetch(entry);
  __builtin_prefetch(reinterpret_cast<const char*>(entry) + sizeof(AffinePoint) - 1);
}

Points identity_points() {
  const Vec zero = {};
  Vec one = zero;
  one.limb[0] = _mm512_set1_epi64(1);
  return {zero, one, zero, one};  // (0 : 1 : 0 : 1) at any scale
}

/// Where one lane is in its group of terms.
struct Lane {
  std::size_t next = 0, end = 0, group = 0;
  bool active = false;
};

/// Hands out the groups to lanes in order; empty groups are answered at once.
class GroupQueue {
 public:
  GroupQueue(std::span<const std::uint32_t> ends, std::span<Element> sums)
      : ends_(ends), sums_(sums) {}

  /// Gives `lane` the next non-empty group, or marks it inactive when none is left.
  void assign(Lane& lane) {
    while (next_ < ends_.size()) {
      const std::size_t group = next_++;
      const std::size_t begin = group == 0 ? 0 : ends_[group - 1];
      if (begin == ends_[group]) {
        sums_[group] = Element::identity();
        continue;
      }
      lane = {begin, ends_[group], group, true};
      return;
    }
    lane.active = false;
  }

 private:
  std::span<const std::uint32_t> ends_;
  std::span<Element> sums_;
  std::size_t next_ = 0;
};

/// Writes the sums of the lanes in `done` to their groups' places.
void emit(const Points& acc, __mmask8 done, const std::array<Lane, kLanes>& lanes,
          std::span<Element> sums) {
  std::array<Element, kLanes> points;
  store_lanes(acc, done, points);
  for (unsigned lane = 0; lane < kLanes; ++lane) {
    if ((done >> lane) & 1) sums[lanes[lane].group] = points[lane];
  }
}

void blend(Vec& target, __mmask8 lanes, const Vec& source) {
  for (int i = 0; i < 5; ++i) {
    target.limb[i] = _mm512_mask_blend_epi64(lanes, target.limb[i], source.limb[i]);
  }
}

}  // namespace

Element sum_ifma(std::span<const SignedPoint> terms) {
  // Term i goes to lane i % 8; the entries two steps ahead are requested while a step computes.
  constexpr std::size_t kAhead = 2 * kLanes;
  for (std::size_t i = 0; i < std::min(kAhead, terms.size()); ++i) prefetch(terms[i].point);
  Points acc = identity_points();
  for (std::size_t base = 0; base < terms.size(); base += kLanes) {
    std::array<const AffinePoint*, kLanes> entries;
    __mmask8 negate = 0;
    for (unsigned lane = 0; lane < kLanes; ++lane) {
      const std::size_t i = base + lane;
      entries[lane] = i < terms.size() ? terms[i].point : &identity_entry();
      if (i < terms.size() && terms[i].negate) negate |= static_cast<__mmask8>(1u << lane);
      if (i + kAhead < terms.size()) prefetch(terms[i + kAhead].point);
    }
    acc = add_entries(acc, load_entries(entries, negate));
  }
  std::array<Element, kLanes> total;
  store_lanes(fold_lanes(acc), 1, total);  // every lane holds the sum: read lane 0
  return total[0];
}

void sum_groups_ifma(std::span<const SignedPoint> terms, std::span<const std::uint32_t> ends,
                     std::span<Element> sums) {
  const Points identity = identity_points();
  GroupQueue queue(ends, sums);
  std::array<Lane, kLanes> lanes;
  for (Lane& lane : lanes) queue.assign(lane);
  Points acc = identity;
  for (;;) {
    std::array<const AffinePoint*, kLanes> entries;
    __mmask8 negate = 0, active = 0, done = 0;
    for (unsigned i = 0; i < kLanes; ++i) {
      Lane& lane = lanes[i];
      if (!lane.active) {
        entries[i] = &identity_entry();
        continue;
      }
      const SignedPoint& term = terms[lane.next++];
      entries[i] = term.point;
      active |= static_cast<__mmask8>(1u << i);
      if (term.negate) negate |= static_cast<__mmask8>(1u << i);
      if (lane.next == lane.end) done |= static_cast<__mmask8>(1u << i);
      // The lane's next entry, loaded while this step computes (a step is hundreds of cycles).
      if (lane.next < lane.end) prefetch(terms[lane.next].point);
    }
    if (active == 0) return;
    acc = add_entries(acc, load_entries(entries, negate));
    if (done == 0) continue;
    emit(acc, done, lanes, sums);
    blend(acc.x, done, identity.x);
    blend(acc.y, done, identity.y);
    blend(acc.t, done, identity.t);
    blend(acc.z, done, identity.z);
    for (unsigned i = 0; i < kLanes; ++i) {
      if ((done >> i) & 1) queue.assign(lanes[i]);
    }
  }
}

void mul_fp_ifma(Fp* out, const Fp* a, const Fp* b, std::size_t n) {
  mul_batch(out, a, b, n);
}

void mul_fr_ifma(Fr* out, const Fr* a, const Fr* b, std::size_t n) {
  mul_batch(out, a, b, n);
}

}  // namespace merkleforge::verkle::detail
