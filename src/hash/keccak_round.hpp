// Keccak-f[1600] written once over an abstract 64-bit lane type, so the portable permutation, the
// BMI2 one and the 4-/8-message SIMD ones are the same code compiled for different lane types.
//
// Everything here has internal linkage (unnamed namespace) on purpose: this header is included by
// files compiled with different ISA flags, and an inline function with external linkage emitted
// by an AVX file could be the one the linker keeps for the portable file too.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace merkleforge::detail::keccak {
namespace {

inline constexpr std::array<std::uint64_t, 24> kRoundConstants = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
    0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
    0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008};

// Lane i = x + 5y. rho rotation of each lane, and the lane pi moves it to: (x, y) -> (y, 2x + 3y).
inline constexpr std::array<int, 25> kRho = {0,  1,  62, 28, 27, 36, 44, 6,  55, 20, 3,  10, 43,
                                             25, 39, 41, 45, 15, 21, 8,  18, 2,  61, 56, 14};
constexpr std::size_t pi_destination(std::size_t i) {
  return i / 5 + 5 * ((2 * (i % 5) + 3 * (i / 5)) % 5);
}

/// One Keccak-f[1600] round on 25 lanes. `Ops` supplies, for its lane type V:
///   V xor2(V a, V b), V xor3(V a, V b, V c), V chi(V a, V b, V c) = a ^ (~b & c),
///   template <int N> V rotl(V a), V xor_constant(V a, std::uint64_t c).
/// The loops run over index_sequences so every rotation count is a constant expression.
template <class Ops, class V>
inline void keccak_round(V* a, std::uint64_t round_constant) noexcept {
  V c[5];
  [&]<std::size_t... X>(std::index_sequence<X...>) {
    ((c[X] = Ops::xor3(Ops::xor3(a[X], a[X + 5], a[X + 10]), a[X + 15], a[X + 20])), ...);
  }
  (std::make_index_sequence<5>{});

  V d[5];
  [&]<std::size_t... X>(std::index_sequence<X...>) {
    ((d[X] = Ops::xor2(c[(X + 4) % 5], Ops::template rotl<1>(c[(X + 1) % 5]))), ...);
  }
  (std::make_index_sequence<5>{});

  // theta, rho and pi in one pass: b[pi(i)] = rotl(a[i] ^ d[x], rho[i]).
  V b[25];
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((b[pi_destination(I)] = Ops::template rotl<kRho[I]>(Ops::xor2(a[I], d[I % 5]))), ...);
  }
  (std::make_index_sequence<25>{});

  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((a[I] = Ops::chi(b[I], b[I - I % 5 + (I + 1) % 5], b[I - I % 5 + (I + 2) % 5])), ...);
  }
  (std::make_index_sequence<25>{});

  a[0] = Ops::xor_constant(a[0], round_constant);
}

/// The full 24-round permutation on lanes held in `a` (in memory or registers, the compiler
/// decides).
template <class Ops, class V>
inline void keccak_f1600(V* a) noexcept {
  for (std::uint64_t rc : kRoundConstants) keccak_round<Ops>(a, rc);
}

/// Lane operations on plain 64-bit integers (the compiler picks andn/rorx when BMI is enabled).
struct ScalarOps {
  static std::uint64_t xor2(std::uint64_t a, std::uint64_t b) noexcept { return a ^ b; }
  static std::uint64_t xor3(std::uint64_t a, std::uint64_t b, std::uint64_t c) noexcept {
    return a ^ b ^ c;
  }
  static std::uint64_t chi(std::uint64_t a, std::uint64_t b, std::uint64_t c) noexcept {
    return a ^ (~b & c);
  }
  template <int N>
  static std::uint64_t rotl(std::uint64_t a) noexcept {
    if constexpr (N == 0) {
      return a;
    } else {
      return (a << N) | (a >> (64 - N));
    }
  }
  static std::uint64_t xor_constant(std::uint64_t a, std::uint64_t c) noexcept { return a ^ c; }
};

/// One state with scalar lanes; the local copy lets the compiler keep lanes in registers.
inline void permute_scalar(std::uint64_t* state) noexcept {
  std::uint64_t lanes[25];
  for (std::size_t i = 0; i < 25; ++i) lanes[i] = state[i];
  keccak_f1600<ScalarOps>(lanes);
  for (std::size_t i = 0; i < 25; ++i) state[i] = lanes[i];
}

}  // namespace
}  // namespace merkleforge::detail::keccak
