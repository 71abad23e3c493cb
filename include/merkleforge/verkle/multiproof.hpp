// Multiproofs ("PCS multiproofs using random evaluation", D. Feist): one proof that many committed
// polynomials take given values at given domain points, byte-compatible with go-ipa
// (`multiproof.go`) and rust-verkle's ipa-multipoint.
//
// For queries (C_i, f_i, z_i, y_i = f_i(z_i)) and transcript challenges r and t:
//   g(X) = Σ_i r^i · (f_i(X) − y_i) / (X − z_i)     committed as D (a polynomial only if every
//                                                    opening is correct)
//   h(X) = Σ_i r^i · f_i(X) / (t − z_i)             committed as E = Σ_i r^i / (t − z_i) · C_i
// and an IPA shows (h − g)(t) = Σ_i r^i · y_i / (t − z_i) for the commitment E − D.
//
// Transcript (after the caller's own appends; the Verkle trie starts with Transcript("vt")):
// domain_separator("multiproof"), per query C_i "C", z_i "z", y_i "y" in query order, challenge
// "r", D "D", challenge "t", E "E", then the IPA's (ipa.hpp).
//
// Encoding (576 bytes): D (32-byte compressed point) ‖ the IPA proof (544 bytes).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

#include "merkleforge/core/result.hpp"
#include "merkleforge/verkle/ipa.hpp"

namespace merkleforge::verkle {

/// An opening the prover knows everything about: the polynomial behind `commitment` (which must be
/// commit(polynomial)) and the domain point to open at; the value is polynomial[point].
struct ProverQuery {
  Element commitment;
  std::span<const Fr, kDomainSize> polynomial;
  std::uint8_t point;
};

/// An opening as the verifier sees it: the claim commitment(point) = value.
struct VerifierQuery {
  Element commitment;
  std::uint8_t point;
  Fr value;
};

struct MultiProof {
  static constexpr std::size_t kEncodedSize = 32 + IpaProof::kEncodedSize;

  Element d;
  IpaProof ipa;

  /// go-ipa's serialisation: D (to_bytes), then the IPA proof.
  std::array<std::uint8_t, kEncodedSize> to_bytes() const;
  /// Errors: wrong_size unless exactly 576 bytes; malformed_input as IpaProof::from_bytes, also
  /// for D.
  static Result<MultiProof> from_bytes(ByteSpan bytes);
};

/// Proves all `queries` at once. Errors: invalid_argument for an empty query list.
Result<MultiProof> multiproof_prove(Transcript& transcript, std::span<const ProverQuery> queries);

/// Checks `proof` against the claims in `queries`; the transcript must be in the state the
/// prover's was in. Errors: invalid_argument for an empty query list; corrupt_data when the proof
/// does not verify.
Status multiproof_verify(Transcript& transcript, std::span<const VerifierQuery> queries,
                         const MultiProof& proof);

}  // namespace merkleforge::verkle
