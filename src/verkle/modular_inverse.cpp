// Bernstein–Yang inversion with batches of 62 divsteps, variable time (the approach of
// libsecp256k1's modinv64_var, written for the two Verkle moduli).
//
// The state is f, g (starting at modulus and value) and d, e (starting at 0 and 1) with the
// invariants d·value ≡ f and e·value ≡ g (mod modulus). Each batch runs 62 divsteps on the low
// bits of f and g only, which yields a 2x2 matrix T with entries below 2^62 in magnitude; then
// [f, g] = T·[f, g] / 2^62 exactly and [d, e] = T·[d, e] / 2^62 mod modulus. When g reaches zero,
// f = ±1 and the inverse is ±d.
#include "modular_inverse.hpp"

#include <bit>
#include <cstdint>

namespace merkleforge::verkle::detail {

namespace {

__extension__ typedef __int128 i128;

constexpr std::uint64_t kMask62 = (std::uint64_t{1} << 62) - 1;
constexpr int kLimbs = 5;  // 5·62 = 310 bits: room for the signed intermediate values

/// A signed integer as 62-bit limbs, least significant first; the top limb carries the sign.
struct Signed62 {
  std::int64_t limb[kLimbs];
};

/// The transition matrix of one batch: [f', g']·2^62 = [[u, v], [q, r]]·[f, g].
struct Transition {
  std::int64_t u, v, q, r;
};

Signed62 to_signed62(const Limbs& x) {
  return {{static_cast<std::int64_t>(x[0] & kMask62),
           static_cast<std::int64_t>(((x[0] >> 62) | (x[1] << 2)) & kMask62),
           static_cast<std::int64_t>(((x[1] >> 60) | (x[2] << 4)) & kMask62),
           static_cast<std::int64_t>(((x[2] >> 58) | (x[3] << 6)) & kMask62),
           static_cast<std::int64_t>(x[3] >> 56)}};
}

/// Precondition: 0 <= x < 2^256 with every limb but the top one in [0, 2^62).
Limbs to_limbs(const Signed62& x) {
  const auto l = [&](int i) { return static_cast<std::uint64_t>(x.limb[i]); };
  return {l(0) | (l(1) << 62), (l(1) >> 2) | (l(2) << 60), (l(2) >> 4) | (l(3) << 58),
          (l(3) >> 6) | (l(4) << 56)};
}

/// Runs 62 divsteps on the low 64 bits of f (odd) and g, updating eta (= -delta of the paper),
/// and returns their matrix. Several steps are done at once: runs of zero bits of g are shifted
/// out together, and g is made divisible by up to 2^6 (or 2^4) with one multiple of f.
Transition divsteps_62(std::int64_t& eta, std::uint64_t f, std::uint64_t g) {
  std::uint64_t u = 1, v = 0, q = 0, r = 1;  // wrap-around arithmetic; final values fit int64
  int remaining = 62;
  for (;;) {
    // The sentinel bit at `remaining` caps the shift at the steps left.
    const int zeros = std::countr_zero(g | (~std::uint64_t{0} << remaining));
    g >>= zeros, u <<= zeros, v <<= zeros;
    eta -= zeros;
    remaining -= zeros;
    if (remaining == 0) break;
    // g is odd here. When eta < 0 the roles of f and g swap (with g negated).
    std::uint64_t w;
    if (eta < 0) {
      eta = -eta;
      const std::uint64_t old_f = f, old_u = u, old_v = v;
      f = g, u = q, v = r;
      g = 0 - old_f, q = 0 - old_u, r = 0 - old_v;
      const int limit =
          static_cast<int>(eta) + 1 > remaining ? remaining : static_cast<int>(eta) + 1;
      const std::uint64_t mask = (~std::uint64_t{0} >> (64 - limit)) & 63;
      w = (f * g * (f * f - 2)) & mask;  // -g/f mod 2^6: f·(f² - 2) ≡ -1/f mod 2^6
    } else {
      const int limit =
          static_cast<int>(eta) + 1 > remaining ? remaining : static_cast<int>(eta) + 1;
      const std::uint64_t mask = (~std::uint64_t{0} >> (64 - limit)) & 15;
      const std::uint64_t f_inverse = f + (((f + 1) & 4) << 1);  // 1/f mod 2^4
      w = (0 - f_inverse * g) & mask;
    }
    g += f * w, q += u * w, r += v * w;
  }
  return {static_cast<std::int64_t>(u), static_cast<std::int64_t>(v), static_cast<std::int64_t>(q),
          static_cast<std::int64_t>(r)};
}

/// [f, g] = T·[f, g] / 2^62 (exact: the low 62 bits of both products are zero).
void update_fg(Signed62& f, Signed62& g, const Transition& t) {
  i128 cf = i128{t.u} * f.limb[0] + i128{t.v} * g.limb[0];
  i128 cg = i128{t.q} * f.limb[0] + i128{t.r} * g.limb[0];
  cf >>= 62, cg >>= 62;
  for (int i = 1; i < kLimbs; ++i) {
    cf += i128{t.u} * f.limb[i] + i128{t.v} * g.limb[i];
    cg += i128{t.q} * f.limb[i] + i128{t.r} * g.limb[i];
    f.limb[i - 1] = static_cast<std::int64_t>(static_cast<std::uint64_t>(cf) & kMask62);
    g.limb[i - 1] = static_cast<std::int64_t>(static_cast<std::uint64_t>(cg) & kMask62);
    cf >>= 62, cg >>= 62;
  }
  f.limb[kLimbs - 1] = static_cast<std::int64_t>(cf);
  g.limb[kLimbs - 1] = static_cast<std::int64_t>(cg);
}

/// [d, e] = T·[d, e] / 2^62 mod the modulus, keeping both in (-2·modulus, modulus): multiples of
/// the modulus are added so that the low 62 bits vanish, plus T's column when d or e is negative.
void update_de(Signed62& d, Signed62& e, const Transition& t, const Signed62& modulus,
               std::uint64_t modulus_inverse_62) {
  const std::int64_t d_sign = d.limb[kLimbs - 1] >> 63, e_sign = e.limb[kLimbs - 1] >> 63;
  std::int64_t md = (t.u & d_sign) + (t.v & e_sign);
  std::int64_t me = (t.q & d_sign) + (t.r & e_sign);
  i128 cd = i128{t.u} * d.limb[0] + i128{t.v} * e.limb[0];
  i128 ce = i128{t.q} * d.limb[0] + i128{t.r} * e.limb[0];
  md -= static_cast<std::int64_t>(
      (modulus_inverse_62 * static_cast<std::uint64_t>(cd) + static_cast<std::uint64_t>(md)) &
      kMask62);
  me -= static_cast<std::int64_t>(
      (modulus_inverse_62 * static_cast<std::uint64_t>(ce) + static_cast<std::uint64_t>(me)) &
      kMask62);
  cd += i128{modulus.limb[0]} * md;
  ce += i128{modulus.limb[0]} * me;
  cd >>= 62, ce >>= 62;
  for (int i = 1; i < kLimbs; ++i) {
    cd += i128{t.u} * d.limb[i] + i128{t.v} * e.limb[i] + i128{modulus.limb[i]} * md;
    ce += i128{t.q} * d.limb[i] + i128{t.r} * e.limb[i] + i128{modulus.limb[i]} * me;
    d.limb[i - 1] = static_cast<std::int64_t>(static_cast<std::uint64_t>(cd) & kMask62);
    e.limb[i - 1] = static_cast<std::int64_t>(static_cast<std::uint64_t>(ce) & kMask62);
    cd >>= 62, ce >>= 62;
  }
  d.limb[kLimbs - 1] = static_cast<std::int64_t>(cd);
  e.limb[kLimbs - 1] = static_cast<std::int64_t>(ce);
}

bool is_zero(const Signed62& x) {
  std::int64_t any = 0;
  for (const std::int64_t limb : x.limb) any |= limb;
  return any == 0;
}

/// x + sign·addend limb-wise followed by carry normalisation into [0, 2^62) limbs (the top limb
/// keeps the sign).
Signed62 add_scaled(const Signed62& x, const Signed62& addend, std::int64_t sign) {
  Signed62 out{};
  std::int64_t carry = 0;
  for (int i = 0; i < kLimbs; ++i) {
    const std::int64_t sum = x.limb[i] + sign * addend.limb[i] + carry;
    if (i + 1 < kLimbs) {
      out.limb[i] = static_cast<std::int64_t>(static_cast<std::uint64_t>(sum) & kMask62);
      carry = sum >> 62;
    } else {
      out.limb[i] = sum;
    }
  }
  return out;
}

/// sign·d reduced into [0, modulus), for d in (-2·modulus, modulus) and sign = ±1.
Signed62 normalise(const Signed62& d, std::int64_t sign, const Signed62& modulus) {
  Signed62 x = add_scaled(Signed62{}, d, sign);  // now in (-modulus, 2·modulus)
  const auto negative = [](const Signed62& y) { return y.limb[kLimbs - 1] < 0; };
  while (negative(x)) x = add_scaled(x, modulus, 1);
  for (;;) {
    const Signed62 reduced = add_scaled(x, modulus, -1);
    if (negative(reduced)) return x;
    x = reduced;
  }
}

/// modulus^-1 mod 2^62 by Newton iteration (each step doubles the correct low bits).
std::uint64_t inverse_mod_2_62(std::uint64_t modulus_low) {
  std::uint64_t x = 1;
  for (int i = 0; i < 6; ++i) x *= 2 - modulus_low * x;
  return x & kMask62;
}

}  // namespace

Limbs inverse_mod(const Limbs& value, const Limbs& modulus) {
  const Signed62 m = to_signed62(modulus);
  const std::uint64_t modulus_inverse_62 = inverse_mod_2_62(modulus[0]);
  Signed62 f = m, g = to_signed62(value), d{}, e{{1, 0, 0, 0, 0}};
  std::int64_t eta = -1;
  do {
    const Transition t = divsteps_62(eta, static_cast<std::uint64_t>(f.limb[0]),
                                     static_cast<std::uint64_t>(g.limb[0]));
    update_de(d, e, t, m, modulus_inverse_62);
    update_fg(f, g, t);
  } while (!is_zero(g));
  // f = ±1 now; its sign is that of its top limb (the low limbs of -1 are all ones).
  return to_limbs(normalise(d, f.limb[kLimbs - 1] < 0 ? -1 : 1, m));
}

}  // namespace merkleforge::verkle::detail
