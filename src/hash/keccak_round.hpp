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

constexpr std::array<std::size_t, 25> kPiSource = [] {
  std::array<std::size_t, 25> source{};
  for (std::size_t i = 0; i < 25; ++i) source[pi_destination(i)] = i;
  return source;
}();

/// Row Y (lanes 5Y .. 5Y + 4) of a round's output `e` from its input `a` and theta's `d`: the
/// five lanes pi moves into the row, each with theta and rho applied, then chi and, for row 0,
/// iota. `c` accumulates the rows' column parities, theta's input for the next round.
template <class Ops, class V, std::size_t Y>
[[gnu::always_inline]] inline void keccak_row(const V* a, const V* d, V* e, V* c,
                                              std::uint64_t round_constant) noexcept {
  V b[5];
  [&]<std::size_t... X>(std::index_sequence<X...>) {
    ((b[X] = Ops::template rotl<kRho[kPiSource[X + 5 * Y]]>(
          Ops::xor2(a[kPiSource[X + 5 * Y]], d[kPiSource[X + 5 * Y] % 5]))),
     ...);
  }
  (std::make_index_sequence<5>{});
  [&]<std::size_t... X>(std::index_sequence<X...>) {
    ((e[X + 5 * Y] = Ops::chi(b[X], b[(X + 1) % 5], b[(X + 2) % 5])), ...);
  }
  (std::make_index_sequence<5>{});
  if constexpr (Y == 0) {
    e[0] = Ops::xor_constant(e[0], round_constant);
    for (std::size_t x = 0; x < 5; ++x) c[x] = e[x];
  } else {
    for (std::size_t x = 0; x < 5; ++x) c[x] = Ops::xor2(c[x], e[x + 5 * Y]);
  }
}

/// One Keccak-f[1600] round from `a` into `e` (distinct arrays of 25 lanes), given a's column
/// parities in `c`, which it replaces by e's. Row by row, so that only one row's five lanes,
/// theta's five words and the parities are live at once: computing the whole of theta, then rho-pi,
/// then chi holds ~50 lanes and spills to the stack; and the parities are gathered as rows are
/// written instead of re-reading all 25 lanes. `Ops` supplies, for its lane type V:
///   V xor2(V a, V b), V xor3(V a, V b, V c), V chi(V a, V b, V c) = a ^ (~b & c),
///   template <int N> V rotl(V a), V xor_constant(V a, std::uint64_t c).
/// (Measured on the AMD EPYC host, one message of 1 MiB with the scalar lanes: 0.80-0.83x
/// OpenSSL's SHA3-256 in the three-pass form, 1.07-1.09x in this one; same-run ratios.)
template <class Ops, class V>
[[gnu::always_inline]] inline void keccak_round(const V* a, V* e, V* c,
                                                std::uint64_t round_constant) noexcept {
  V d[5];
  [&]<std::size_t... X>(std::index_sequence<X...>) {
    ((d[X] = Ops::xor2(c[(X + 4) % 5], Ops::template rotl<1>(c[(X + 1) % 5]))), ...);
  }
  (std::make_index_sequence<5>{});
  keccak_row<Ops, V, 0>(a, d, e, c, round_constant);
  keccak_row<Ops, V, 1>(a, d, e, c, round_constant);
  keccak_row<Ops, V, 2>(a, d, e, c, round_constant);
  keccak_row<Ops, V, 3>(a, d, e, c, round_constant);
  keccak_row<Ops, V, 4>(a, d, e, c, round_constant);
}

/// The full 24-round permutation of the lanes at `a`, in place: rounds alternate between `a` and
/// a local copy (24 is even, so the last one writes `a`).
template <class Ops, class V>
inline void keccak_f1600(V* a) noexcept {
  V e[25];
  V c[5];
  for (std::size_t x = 0; x < 5; ++x)
    c[x] = Ops::xor3(Ops::xor3(a[x], a[x + 5], a[x + 10]), a[x + 15], a[x + 20]);
  for (std::size_t r = 0; r < kRoundConstants.size(); r += 2) {
    keccak_round<Ops>(a, e, c, kRoundConstants[r]);
    keccak_round<Ops>(e, a, c, kRoundConstants[r + 1]);
  }
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

/// One state with scalar lanes, permuted where it lies (a local copy measured slower: the rounds
/// keep only a row in registers anyway).
inline void permute_scalar(std::uint64_t* state) noexcept {
  keccak_f1600<ScalarOps>(state);
}

}  // namespace
}  // namespace merkleforge::detail::keccak
