// Inner-product argument (IPA) over the 256-point Lagrange domain, byte-compatible with go-ipa
// (`ipa/prover.go`, `ipa/verifier.go`) and rust-verkle's ipa-multipoint.
//
// Statement: C = Σ a_i · CRS[i] commits to the polynomial a (evaluation form, lagrange.hpp) and
// a(z) = y. With b = barycentric_coefficients(z) this is y = <a, b>. The proof halves the vectors
// 8 times (256 → 1); round k sends L_k = <a_R, G_L> + <a_R, b_L>·q and R_k = <a_L, G_R> + <a_L,
// b_R>·q, where q = w·Q and w, x_k are transcript challenges; the last value of a closes the
// argument.
//
// Transcript (after the caller's own appends): domain_separator("ipa"), C "C", z "input point",
// y "output point", challenge "w", then per round L "L", R "R", challenge "x".
//
// Encoding (544 bytes): L_0..L_7 ‖ R_0..R_7 (32-byte compressed points) ‖ a (32 bytes,
// little-endian).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"
#include "merkleforge/verkle/lagrange.hpp"
#include "merkleforge/verkle/transcript.hpp"

namespace merkleforge::verkle {

struct IpaProof {
  static constexpr std::size_t kRounds = 8;  // log2(kDomainSize)
  static constexpr std::size_t kEncodedSize = 2 * kRounds * 32 + 32;

  std::array<Element, kRounds> left;
  std::array<Element, kRounds> right;
  Fr final_scalar;

  /// go-ipa's serialisation: the L and R points (to_bytes each), then the final scalar, 32 bytes
  /// little-endian.
  std::array<std::uint8_t, kEncodedSize> to_bytes() const;
  /// Errors: wrong_size unless exactly 544 bytes; malformed_input when a point does not decode
  /// (non-canonical, off the curve, outside the subgroup) or the scalar is not canonical.
  static Result<IpaProof> from_bytes(ByteSpan bytes);
};

/// Proves that `commitment` (which must be Σ polynomial_i · CRS[i]) opens to polynomial(point) at
/// `point` (any Fr; inside or outside the domain). The value itself is absorbed into the
/// transcript; lagrange.hpp's evaluate() gives it to callers that need it.
IpaProof ipa_prove(Transcript& transcript, const Element& commitment,
                   std::span<const Fr, kDomainSize> polynomial, const Fr& point);

/// Checks that `proof` shows the polynomial committed in `commitment` takes `value` at `point`.
/// The transcript must be in the state the prover's was in. Errors: corrupt_data when the proof
/// does not verify.
Status ipa_verify(Transcript& transcript, const Element& commitment, const Fr& point,
                  const Fr& value, const IpaProof& proof);

}  // namespace merkleforge::verkle
