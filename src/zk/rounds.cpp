#include "rounds.hpp"

#include <array>

namespace merkleforge::zk::detail {
namespace {

template <class Transcript>
void absorb_u64_into(Transcript& transcript, std::uint64_t value) {
  std::array<std::uint8_t, 8> bytes;
  for (std::size_t i = 0; i < 8; ++i) bytes[i] = static_cast<std::uint8_t>(value >> (8 * i));
  transcript.absorb_public(bytes);
}

template <class Transcript>
void absorb_b128_into(Transcript& transcript, B128 value) {
  std::array<std::uint8_t, kB128Bytes> bytes;
  store_b128(value, bytes.data());
  transcript.absorb_public(bytes);
}

}  // namespace

B128 evaluate_polynomial(std::span<const B128> coeffs, B128 x) noexcept {
  B128 acc;
  for (std::size_t k = coeffs.size(); k-- > 0;) acc = acc * x + coeffs[k];
  return acc;
}

B128 eq_eval(std::span<const B128> a, std::span<const B128> b) noexcept {
  B128 product = B128::one();
  for (std::size_t j = 0; j < a.size(); ++j) product *= B128::one() + a[j] + b[j];
  return product;
}

B128 send_round(ProverTranscript& transcript, std::span<const B128> coeffs) {
  transcript.write_b128s(coeffs.first(coeffs.size() - 1));
  return transcript.sample_b128();
}

Result<RoundResult> receive_round(VerifierTranscript& transcript, unsigned degree, B128 claim) {
  std::vector<B128> coeffs(degree + 1);
  if (Status s = transcript.read_b128s(std::span(coeffs).first(degree)); !s) return s.error();
  B128 top = claim;
  for (unsigned k = 1; k < degree; ++k) top += coeffs[k];
  coeffs[degree] = top;
  const B128 challenge = transcript.sample_b128();
  return RoundResult{challenge, evaluate_polynomial(coeffs, challenge)};
}

void absorb_u64(ProverTranscript& transcript, std::uint64_t value) {
  absorb_u64_into(transcript, value);
}
void absorb_u64(VerifierTranscript& transcript, std::uint64_t value) {
  absorb_u64_into(transcript, value);
}
void absorb_b128(ProverTranscript& transcript, B128 value) {
  absorb_b128_into(transcript, value);
}
void absorb_b128(VerifierTranscript& transcript, B128 value) {
  absorb_b128_into(transcript, value);
}

}  // namespace merkleforge::zk::detail
