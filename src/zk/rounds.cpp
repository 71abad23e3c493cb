#include "rounds.hpp"

#include <array>

#include "merkleforge/binius/packed.hpp"

namespace merkleforge::zk::detail {
namespace {

template <class Transcript>
void absorb_u64_into(Transcript& transcript, std::uint64_t value) {
  std::array<std::uint8_t, 8> bytes;
  for (std::size_t i = 0; i < 8; ++i) bytes[i] = static_cast<std::uint8_t>(value >> (8 * i));
  transcript.absorb_public(bytes);
}

template <class Transcript>
void absorb_b128_into(Transcript& transcript, uint128 value) {
  std::array<std::uint8_t, kB128Bytes> bytes;
  store_b128(value, bytes.data());
  transcript.absorb_public(bytes);
}

}  // namespace

uint128 mul(uint128 a, uint128 b) noexcept {
  uint128 out;
  (void)binius::packed_mul_b128(std::span(&a, 1), std::span(&b, 1), std::span(&out, 1));
  return out;
}

uint128 inverse(uint128 a) noexcept {
  return binius::tower_inverse(7, a);
}

uint128 evaluate_polynomial(std::span<const uint128> coeffs, uint128 x) noexcept {
  uint128 acc = 0;
  for (std::size_t k = coeffs.size(); k-- > 0;) acc = mul(acc, x) ^ coeffs[k];
  return acc;
}

uint128 eq_eval(std::span<const uint128> a, std::span<const uint128> b) noexcept {
  uint128 product = 1;
  for (std::size_t j = 0; j < a.size(); ++j) product = mul(product, 1 ^ a[j] ^ b[j]);
  return product;
}

uint128 send_round(ProverTranscript& transcript, std::span<const uint128> coeffs) {
  transcript.write_b128s(coeffs.first(coeffs.size() - 1));
  return transcript.sample_b128();
}

Result<RoundResult> receive_round(VerifierTranscript& transcript, unsigned degree, uint128 claim) {
  std::vector<uint128> coeffs(degree + 1);
  if (Status s = transcript.read_b128s(std::span(coeffs).first(degree)); !s) return s.error();
  uint128 top = claim;
  for (unsigned k = 1; k < degree; ++k) top ^= coeffs[k];
  coeffs[degree] = top;
  const uint128 challenge = transcript.sample_b128();
  return RoundResult{challenge, evaluate_polynomial(coeffs, challenge)};
}

void absorb_u64(ProverTranscript& transcript, std::uint64_t value) {
  absorb_u64_into(transcript, value);
}
void absorb_u64(VerifierTranscript& transcript, std::uint64_t value) {
  absorb_u64_into(transcript, value);
}
void absorb_b128(ProverTranscript& transcript, uint128 value) {
  absorb_b128_into(transcript, value);
}
void absorb_b128(VerifierTranscript& transcript, uint128 value) {
  absorb_b128_into(transcript, value);
}

}  // namespace merkleforge::zk::detail
