// A small constraint system with every role of column (committed B1, B8, B32, B128; fixed;
// public; shifted; linear combination), both kinds of constraint and two tables, with a
// satisfying witness. Header-only and verifier-side (cs and binius only): the cs fuzz targets
// prove it, and the wasm32 verifier of tests/wasm rebuilds the same statement from the same seed.
#pragma once

#include <cstdint>
#include <cstring>
#include <random>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/cs/proof.hpp"

namespace merkleforge::cs::test {

struct SmallSystem {
  ConstraintSystem system;
  Witness witness;
  PublicValues publics;
};

/// Table "bits" (2^6 rows): committed a, b, c (B1), p = a + b public, c = a·b + a shifted on even
/// rows (fixed selector); table "words" (2^3 rows): x (B8), y = x² (B32 lifted), w = 3x + y (B128
/// linear combination committed as w). `seed` draws a, b, x and c's free odd rows.
inline SmallSystem small_system(std::uint64_t seed = 5) {
  ConstraintSystem s("fuzz/small");
  const std::size_t bits = s.add_table("bits", 6), words = s.add_table("words", 3);
  const OracleId a = s.committed(bits, "a", ColumnField::b1);
  const OracleId b = s.committed(bits, "b", ColumnField::b1);
  const OracleId c = s.committed(bits, "c", ColumnField::b1);
  const OracleId a_up = s.shifted(a, 6, 1, ShiftKind::cyclic, "a shifted");
  const OracleId p = s.public_column(bits, "p", ColumnField::b1, {0, 1, 2, 3, 4, 5});
  const OracleId even = s.fixed(bits, "even rows", ColumnField::b1, {0}, Bytes{0x01});
  s.constrain(bits, "p = a + b", Expr(a) + b + p);
  s.constrain(bits, "c on even rows", Expr(even) * (Expr(a) * b + a_up + c));
  const OracleId x = s.committed(words, "x", ColumnField::b8);
  const OracleId y = s.committed(words, "y", ColumnField::b32);
  const OracleId w = s.committed(words, "w", ColumnField::b128);
  const OracleId combination =
      s.linear_combination(words, B128::zero(), {{x, B128(3)}, {y, B128::one()}}, "3x + y");
  s.constrain(words, "y = x²", Expr(x) * x + y);
  s.constrain(words, "w = 3x + y", Expr(w) + combination);

  std::mt19937_64 rng(seed);
  Bytes va(8), vb(8), vc(8, 0), vp(8, 0);
  for (auto& v : va) v = static_cast<std::uint8_t>(rng());
  for (auto& v : vb) v = static_cast<std::uint8_t>(rng());
  const auto bit = [](const Bytes& v, std::size_t i) { return (v[i / 8] >> (i % 8)) & 1; };
  for (std::size_t i = 0; i < 64; ++i) {
    const int up = bit(va, (i & ~std::size_t{63}) + ((i + 1) & 63));
    const int cv = i % 2 == 0 ? (bit(va, i) & bit(vb, i)) ^ up : static_cast<int>(rng() & 1);
    vc[i / 8] = static_cast<std::uint8_t>(vc[i / 8] | (cv << (i % 8)));
    vp[i / 8] = static_cast<std::uint8_t>(vp[i / 8] | ((bit(va, i) ^ bit(vb, i)) << (i % 8)));
  }
  Bytes vx(8), vy(32), vw(128);
  for (std::size_t r = 0; r < 8; ++r) {
    vx[r] = static_cast<std::uint8_t>(rng());
    const auto square = static_cast<std::uint32_t>(binius::tower_square(3, vx[r]));
    std::memcpy(&vy[4 * r], &square, 4);
    const binius::uint128 value = binius::tower_mul(7, 3, vx[r]) ^ square;
    std::memcpy(&vw[16 * r], &value, 16);
  }
  return {std::move(s), {{va, vb, vc, vx, vy, vw}}, {{vp}}};
}

}  // namespace merkleforge::cs::test
