// The univariate skip of the Boolean engine's zerocheck (docs/boolean-engine.md, "The zerocheck"):
// what its prover and verifier compute alike. The 6 lowest row variables (the bit within a
// 64-bit word) become one univariate variable over D = {0, …, 63} ⊂ AES8, the Rijndael field,
// embedded in B128 by the published byte isomorphism of binius/aes_tower.hpp (φ(v) is the
// canonical byte aes_to_canonical(v)): D is the F2-span of 1, x, …, x^5, so it is a subspace and
// b ↦ d(b) = b indexes it by the bit's position. The first round's quotient Q is sent as its
// values at the 63 points E_i = 64 + i, outside D and inside AES8, where the prover's work is
// byte arithmetic.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "merkleforge/binius/tower.hpp"

namespace merkleforge::boolean::detail {

using binius::B128;

inline constexpr unsigned kSkipVars = 6;                      ///< bits of a word
inline constexpr unsigned kDomainSize = 1u << kSkipVars;      ///< |D|
inline constexpr unsigned kQuotientPoints = kDomainSize - 1;  ///< deg Q <= 62
/// The lowest word variables whose eq coordinates are pinned to AES8 constants.
inline constexpr unsigned kPinnedVars = 3;

/// Pinned coordinates as AES8 values. Σ_j eq(c, j)·F(j) = 0 forces F = 0 for F2-valued F exactly
/// when the 2^kPinnedVars weights eq(c, j) are F2-independent (the docs' lemma).
using PinnedConstants = std::array<std::uint8_t, kPinnedVars>;
/// Ours: (x, x^2, x^4), the first triple in lexicographic order whose weights have rank 8.
inline constexpr PinnedConstants kPinned = {0x02, 0x04, 0x10};

/// φ(v): the AES8 value v as a B128 element.
B128 embed_aes(std::uint8_t v) noexcept;
/// AES8 arithmetic (Rijndael field): product and inverse (inverse(0) = 0).
std::uint8_t aes_mul(std::uint8_t a, std::uint8_t b) noexcept;
std::uint8_t aes_inverse(std::uint8_t a) noexcept;

/// E_i = 64 + i (AES8), i < kQuotientPoints.
constexpr std::uint8_t quotient_point(unsigned i) noexcept {
  return static_cast<std::uint8_t>(kDomainSize + i);
}
/// Z_D(v) = Π_(d ∈ D) (v + d) in AES8.
std::uint8_t vanishing_aes(std::uint8_t v) noexcept;
/// L_b(e) in AES8 for every b < 64, e ∉ D: D's Lagrange basis, Π_(d ≠ b) (e + d) / (b + d).
std::array<std::uint8_t, kDomainSize> lagrange_aes(std::uint8_t e) noexcept;
/// eq(c, j) in AES8 for j < 2^kPinnedVars (bit i of j: coordinate i).
std::array<std::uint8_t, 1u << kPinnedVars> pinned_weights(const PinnedConstants& c) noexcept;

/// Z_D(y) and L_b(y), b < 64, for any y ∈ B128 (y ∈ D included).
B128 vanishing(B128 y) noexcept;
std::vector<B128> lagrange(B128 y);
/// Q(y) from Q's values at E_0 … E_62. Precondition: values.size() == kQuotientPoints.
B128 quotient_at(std::span<const B128> values, B128 y);

/// The eq point of the word variables: the pinned constants, then `random`.
std::vector<B128> word_point(const PinnedConstants& pinned, std::span<const B128> random);

}  // namespace merkleforge::boolean::detail
