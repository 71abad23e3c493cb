#include "merkleforge/verkle/ipa.hpp"

#include <algorithm>

#include "merkleforge/verkle/crs.hpp"
#include "merkleforge/verkle/msm.hpp"
#include "merkleforge/verkle/pedersen.hpp"

namespace merkleforge::verkle {
namespace {

constexpr std::size_t kPointSize = 32;

/// The statement's part of the transcript, shared by prover and verifier; returns w.
Fr absorb_statement(Transcript& transcript, const Element& commitment, const Fr& point,
                    const Fr& value) {
  transcript.domain_separator("ipa");
  transcript.append_point("C", commitment);
  transcript.append_scalar("input point", point);
  transcript.append_scalar("output point", value);
  return transcript.challenge_scalar("w");
}

/// The prover folds the basis G_L + x⁻¹·G_R each round. Instead of folding points it keeps, for
/// every CRS point, the product of the x⁻¹ that multiply it so far: after round k the current basis
/// point j (of n = 256 >> k) is Σ weight_i · CRS[i] over the i with i mod n = j. A round's cross
/// term <a_R, G_L> is then one fixed-base commitment to 256 scalars (half of them zero), which is
/// far cheaper than 255 variable-base multiplications.
class FoldedBasis {
 public:
  FoldedBasis() { weights_.fill(Fr::one()); }

  /// Σ_j half[j] · G_j over the basis points of one half ({0..n/2} when upper is false, {n/2..n}
  /// when true) of the current basis of size n; half has n/2 entries.
  Element commit_half(std::span<const Fr> half, std::size_t n, bool upper) const {
    Polynomial scalars;
    const std::size_t offset = upper ? n / 2 : 0;
    for (std::size_t i = 0; i < kDomainSize; ++i) {
      const std::size_t j = i % n;
      const bool in_half = j >= offset && j < offset + n / 2;
      scalars[i] = in_half ? half[j - offset] * weights_[i] : Fr::zero();
    }
    return commit(scalars);
  }

  /// G ← G_L + x⁻¹·G_R for the current size n.
  void fold(std::size_t n, const Fr& challenge_inverse) {
    for (std::size_t i = 0; i < kDomainSize; ++i) {
      if (i % n >= n / 2) weights_[i] *= challenge_inverse;
    }
  }

 private:
  Polynomial weights_;
};

/// s_i = Π_k x_k⁻¹ over the rounds k whose bit (7 − k) of i is set: the coefficients of the fully
/// folded basis point over the CRS.
Polynomial folding_coefficients(const std::array<Fr, IpaProof::kRounds>& challenge_inverses) {
  Polynomial s;
  s.fill(Fr::one());
  for (std::size_t k = 0; k < IpaProof::kRounds; ++k) {
    const std::size_t bit = kDomainSize >> (k + 1);
    for (std::size_t i = 0; i < kDomainSize; ++i) {
      if ((i & bit) != 0) s[i] *= challenge_inverses[k];
    }
  }
  return s;
}

}  // namespace

std::array<std::uint8_t, IpaProof::kEncodedSize> IpaProof::to_bytes() const {
  std::array<std::uint8_t, kEncodedSize> out{};
  auto cursor = out.begin();
  for (const auto* points : {&left, &right}) {
    for (const Element& point : *points) cursor = std::ranges::copy(point.to_bytes(), cursor).out;
  }
  std::ranges::copy(final_scalar.to_bytes_le(), cursor);
  return out;
}

Result<IpaProof> IpaProof::from_bytes(ByteSpan bytes) {
  if (bytes.size() != kEncodedSize) {
    return make_error(Errc::wrong_size,
                      "IPA proof must be 544 bytes, got " + std::to_string(bytes.size()));
  }
  IpaProof proof;
  std::size_t offset = 0;
  for (auto* points : {&proof.left, &proof.right}) {
    for (Element& point : *points) {
      auto decoded = Element::from_bytes(bytes.subspan(offset, kPointSize));
      if (!decoded) {
        return make_error(
            Errc::malformed_input,
            "IPA proof point at byte " + std::to_string(offset) + ": " + decoded.error().message);
      }
      point = *decoded;
      offset += kPointSize;
    }
  }
  auto scalar = Fr::from_bytes_le(bytes.subspan(offset));
  if (!scalar) {
    return make_error(Errc::malformed_input, "IPA proof scalar: " + scalar.error().message);
  }
  proof.final_scalar = *scalar;
  return proof;
}

IpaProof ipa_prove(Transcript& transcript, const Element& commitment,
                   std::span<const Fr, kDomainSize> polynomial, const Fr& point) {
  const LagrangeDomain& domain = LagrangeDomain::instance();
  Polynomial a;
  std::ranges::copy(polynomial, a.begin());
  Polynomial b = domain.barycentric_coefficients(point);
  const Fr w = absorb_statement(transcript, commitment, point, inner_product(a, b));

  IpaProof proof;
  FoldedBasis basis;
  for (std::size_t round = 0, n = kDomainSize; round < IpaProof::kRounds; ++round, n /= 2) {
    const std::size_t half = n / 2;
    const std::span<Fr> a_lo(a.data(), half), a_hi(a.data() + half, half);
    const std::span<Fr> b_lo(b.data(), half), b_hi(b.data() + half, half);
    const Fr z_left = inner_product(a_hi, b_lo);
    const Fr z_right = inner_product(a_lo, b_hi);
    proof.left[round] = basis.commit_half(a_hi, n, false) + crs_q() * (z_left * w);
    proof.right[round] = basis.commit_half(a_lo, n, true) + crs_q() * (z_right * w);

    transcript.append_point("L", proof.left[round]);
    transcript.append_point("R", proof.right[round]);
    const Fr x = transcript.challenge_scalar("x");
    const Fr x_inverse = x.inverse();
    for (std::size_t j = 0; j < half; ++j) {
      a_lo[j] += x * a_hi[j];
      b_lo[j] += x_inverse * b_hi[j];
    }
    basis.fold(n, x_inverse);
  }
  proof.final_scalar = a[0];
  return proof;
}

Status ipa_verify(Transcript& transcript, const Element& commitment, const Fr& point,
                  const Fr& value, const IpaProof& proof) {
  const Polynomial b = LagrangeDomain::instance().barycentric_coefficients(point);
  const Fr w = absorb_statement(transcript, commitment, point, value);

  std::array<Fr, IpaProof::kRounds> challenges, challenge_inverses;
  for (std::size_t k = 0; k < IpaProof::kRounds; ++k) {
    transcript.append_point("L", proof.left[k]);
    transcript.append_point("R", proof.right[k]);
    challenges[k] = transcript.challenge_scalar("x");
  }
  challenge_inverses = challenges;
  Fr::batch_inverse(challenge_inverses);

  // Accept iff a·G_0 + (a·b_0)·q == C + y·q + Σ_k (x_k·L_k + x_k⁻¹·R_k), where G_0 = Σ s_i·CRS[i]
  // and b_0 = <b, s> are the fully folded basis point and vector. The left side is one fixed-base
  // commitment; the right side, moved over with the q terms, one small multi-scalar multiplication.
  Polynomial s = folding_coefficients(challenge_inverses);
  const Fr& a = proof.final_scalar;
  const Fr b_folded = inner_product(b, s);
  for (Fr& coefficient : s) coefficient *= a;
  const Element left_side = commit(s);

  std::vector<Element> bases;
  std::vector<Fr> scalars;
  bases.reserve(2 * IpaProof::kRounds + 2);
  scalars.reserve(2 * IpaProof::kRounds + 2);
  bases.push_back(commitment);
  scalars.push_back(Fr::one());
  for (std::size_t k = 0; k < IpaProof::kRounds; ++k) {
    bases.push_back(proof.left[k]);
    scalars.push_back(challenges[k]);
    bases.push_back(proof.right[k]);
    scalars.push_back(challenge_inverses[k]);
  }
  bases.push_back(crs_q());
  scalars.push_back((value - a * b_folded) * w);
  if (!(left_side == msm(bases, scalars))) {
    return make_error(Errc::corrupt_data, "IPA proof does not verify");
  }
  return Ok{};
}

}  // namespace merkleforge::verkle
