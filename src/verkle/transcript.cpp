#include "merkleforge/verkle/transcript.hpp"

#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::verkle {

Transcript::Transcript(std::string_view label) {
  domain_separator(label);
}

void Transcript::append_message(std::string_view label, ByteSpan message) {
  domain_separator(label);
  state_.insert(state_.end(), message.begin(), message.end());
}

void Transcript::append_scalar(std::string_view label, const Fr& scalar) {
  append_message(label, scalar.to_bytes_le());
}

void Transcript::append_point(std::string_view label, const Element& point) {
  append_message(label, point.to_bytes());
}

void Transcript::append_point_bytes(std::string_view label,
                                    const std::array<std::uint8_t, 32>& encoding) {
  append_message(label, encoding);
}

void Transcript::domain_separator(std::string_view label) {
  const ByteSpan bytes = as_bytes(label);
  state_.insert(state_.end(), bytes.begin(), bytes.end());
}

Fr Transcript::challenge_scalar(std::string_view label) {
  domain_separator(label);
  const Digest32 digest = Sha256::digest(state_);
  const Fr challenge = Fr::from_bytes_le_reduced(digest);
  state_.clear();
  append_scalar(label, challenge);
  return challenge;
}

}  // namespace merkleforge::verkle
