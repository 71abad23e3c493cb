// Fiat–Shamir transcript of the Verkle proofs (go-ipa `common/transcript.go`, byte-compatible).
//
// The state is a byte string that starts as the protocol label. Every append adds `label ‖
// message`; a challenge adds its label, hashes the whole state with SHA-256, reduces the digest
// (read little-endian) modulo r, then restarts the state from nothing and appends the challenge
// itself under the same label, so later challenges depend on all earlier ones.
//
// Encodings: scalars are 32 bytes little-endian (canonical Fr), points the 32-byte compressed
// Banderwagon encoding. Labels are raw bytes without length prefixes, exactly as the references do.
#pragma once

#include <span>
#include <string_view>

#include "merkleforge/core/bytes.hpp"
#include "merkleforge/verkle/banderwagon.hpp"
#include "merkleforge/verkle/field.hpp"

namespace merkleforge::verkle {

class Transcript {
 public:
  /// A transcript for the protocol `label` (the Verkle trie uses "vt").
  explicit Transcript(std::string_view label);

  /// Appends `label ‖ message`.
  void append_message(std::string_view label, ByteSpan message);
  /// Appends `label ‖ scalar.to_bytes_le()`.
  void append_scalar(std::string_view label, const Fr& scalar);
  /// Appends `label ‖ point.to_bytes()`.
  void append_point(std::string_view label, const Element& point);
  /// Appends `label ‖ encoding` for an already compressed point (callers that serialise many
  /// points at once with one inversion pass the bytes here).
  void append_point_bytes(std::string_view label, const std::array<std::uint8_t, 32>& encoding);
  /// Appends `label` alone; separates protocol phases.
  void domain_separator(std::string_view label);

  /// The challenge for everything absorbed so far; the transcript then continues from it.
  Fr challenge_scalar(std::string_view label);

 private:
  Bytes state_;
};

}  // namespace merkleforge::verkle
