// The Fiat–Shamir transcript of the proof system (module transcript: below the protocols (zk) and
// the polynomial commitment (pcs), which both run over it; above the field layer and the hash). A
// prover writes two byte tapes; the verifier reads them back in the same order and derives the same
// challenges:
//   * the transcript tape: prover messages that are absorbed into the hash state (commitments,
//     round polynomials, claimed evaluations, tensor elements);
//   * the advice tape: data that is not absorbed (Merkle openings, cached layers): allowed only
//     for values bound by a root already absorbed, which the verifier checks against it.
//
// Hash: SHA-256 (hash/sha256.hpp). Every host of the project runs it through SHA-NI, the Merkle
// commitments of the PCS use it too (one hash for the whole proof), and Binius64 made the same
// choice (v0 used Grøstl-256). Any 32-byte collision-resistant hash keeps the proof size.
//
// Construction (fixed; tests re-derive challenges from it with SHA-256 alone). The state is a
// SHA-256 stream h and, after a squeeze, a 32-byte chaining value s with a counter n.
//   start:    h = SHA-256 over  "MerkleForge zk transcript v1" ‖ frame(0x00, protocol) ‖
//             frame(0x01, statement digest). The statement digest (circuit, sizes, parameters,
//             public inputs: the caller's job) is therefore absorbed before anything else.
//   frame(tag, data) = tag ‖ u64le(|data|) ‖ data: every absorbed item is length-framed, so the
//             absorbed stream decodes uniquely into its items.
//   phase(label):        absorb frame(0x02, label)   (domain separation between protocol phases)
//   message(bytes):      absorb frame(0x03, bytes)   and append bytes to the transcript tape
//   public(bytes):       absorb frame(0x04, bytes)   (values both sides know; not on a tape)
//   squeeze: if anything was absorbed since the last squeeze, s = h.finalize(), n = 0 (the
//            first squeeze thus hashes the whole history). Output block = SHA-256(0x05 ‖ s ‖
//            u64le(n)), n += 1. Before the next absorb: h = SHA-256 stream started with
//            0x06 ‖ s ‖ u64le(n), so later challenges depend on every earlier one.
//   proof of work (grinding, k bits, 1 <= k <= kMaxWorkBits): seed = the next squeezed block; the
//            nonce is the least n = 0, 1, 2, ... such that SHA-256(0x07 ‖ u8(k) ‖ seed ‖ u64le(n))
//            read big-endian starts with k zero bits; it is absorbed as frame(0x08, u64le(n)) and
//            written to the transcript tape, so the challenge it protects (squeezed next) depends
//            on it. k is hashed in, so a nonce found for one difficulty says nothing about
//            another. k = 0 is no proof of work: nothing is squeezed, absorbed or written.
//   B128 challenge: bytes 0..15 of one block, little-endian (bit i = bit i of the canonical tower
//            element): full B128, never a subfield. Index below 2^bits (bits <= 64): bytes 0..7 of
//            one block, little-endian, masked to `bits` bits.
// Field elements on the tapes are 16 bytes little-endian canonical tower values; digests 32 bytes.
//
// Binding before challenges: a challenge drawn before the prover's data is bound lets an adaptive
// prover choose that data after seeing it (e.g. a table that sums to zero against the zerocheck's
// eq weights). So the transcript refuses every challenge until a commitment has been absorbed —
// write_commitment / read_commitment for a root the prover sends, absorb_commitment for one the
// verifier already holds — and every protocol checks this first and returns invalid_argument.
// A commitment counts only when it binds the data the protocol's claims are later checked against
// (the caller's responsibility: the PCS opens exactly those polynomials). Query indices must be
// sampled only after the last commitment of the proof is absorbed; the PCS is responsible for
// that order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/bytes.hpp"
#include "merkleforge/core/result.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::transcript {

using binius::B128;

/// Bytes of one B128 element on a tape.
inline constexpr std::size_t kB128Bytes = 16;
/// Bytes of one digest on a tape.
inline constexpr std::size_t kDigestBytes = 32;

/// Bytes of a proof-of-work nonce on the transcript tape.
inline constexpr std::size_t kNonceBytes = 8;
/// Largest proof-of-work difficulty: 2^32 hashes on average is minutes, far above any profile.
inline constexpr unsigned kMaxWorkBits = 32;

/// Whether `nonce` is a proof of work of `bits` bits for `seed` (the construction above).
bool work_accepted(const Digest32& seed, unsigned bits, std::uint64_t nonce);

/// The two tapes of a proof.
struct ProofTapes {
  Bytes transcript;  ///< absorbed prover messages
  Bytes advice;      ///< non-absorbed data bound by absorbed roots
};

/// The hash state shared by both sides (the construction above). Internal to the transcripts;
/// public only so that both of them (and tests) use one definition.
class FiatShamirSponge {
 public:
  /// Starts the transcript of `protocol` (a fixed name such as "merkleforge/pcs/fri-binius/v1")
  /// for the statement with digest `statement`.
  FiatShamirSponge(std::string_view protocol, const Digest32& statement);

  /// Absorbs frame(tag, data).
  void absorb(std::uint8_t tag, ByteSpan data);
  /// Records that a commitment to the prover's data has been absorbed.
  void mark_commitment() noexcept { committed_ = true; }
  bool commitment_absorbed() const noexcept { return committed_; }
  /// The next 32-byte output block. Throws std::logic_error before any commitment is absorbed
  /// (a caller's bug: the protocols check commitment_absorbed() and return an error first).
  Digest32 squeeze();

 private:
  Sha256 stream_;
  Digest32 chain_{};
  std::uint64_t squeezed_ = 0;
  bool absorbing_ = true;   // something was absorbed since the last squeeze
  bool committed_ = false;  // a commitment has been absorbed: challenges may be drawn
};

/// The prover side: writes both tapes and samples challenges.
class ProverTranscript {
 public:
  ProverTranscript(std::string_view protocol, const Digest32& statement);

  /// Domain-separates the following messages and challenges (e.g. "pcs/commit", "pcs/fold").
  void begin_phase(std::string_view label);

  /// Absorbs `bytes` and appends them to the transcript tape.
  void write_bytes(ByteSpan bytes);
  /// Absorbs a B128 element (16 bytes little-endian) and appends it to the transcript tape.
  void write_b128(B128 value);
  /// As write_b128 for each element, in order (one frame for the whole span).
  void write_b128s(std::span<const B128> values);
  /// Absorbs a digest (e.g. a Merkle root) and appends it to the transcript tape.
  void write_digest(const Digest32& digest);
  /// As write_digest, for the commitment to the data the following protocols are about: from
  /// here on challenges may be drawn.
  void write_commitment(const Digest32& root);
  /// Absorbs a commitment the verifier holds independently (not written to any tape); from here
  /// on challenges may be drawn.
  void absorb_commitment(const Digest32& root);
  bool commitment_absorbed() const noexcept { return sponge_.commitment_absorbed(); }

  /// Bytes on the transcript tape so far (the proof's share of the phases written until now).
  std::size_t transcript_bytes() const noexcept { return tapes_.transcript.size(); }

  /// Absorbs a value the verifier knows independently (not written to any tape).
  void absorb_public(ByteSpan bytes);

  /// Appends to the advice tape without absorbing (only data bound by an absorbed root).
  void advise_bytes(ByteSpan bytes);
  void advise_b128s(std::span<const B128> values);
  void advise_digest(const Digest32& digest);

  /// A challenge uniform in B128 (canonical tower value). Precondition: a commitment was absorbed
  /// (throws std::logic_error otherwise: a caller's bug).
  B128 sample_b128();
  /// A challenge index uniform below 2^bits. Preconditions: bits <= 64 (throws
  /// std::invalid_argument otherwise) and a commitment was absorbed (as sample_b128).
  std::uint64_t sample_index(unsigned bits);

  /// Proof of work of `bits` bits before the next challenge: searches the least nonce (2^bits
  /// hashes on average, deterministic), absorbs it and writes it to the transcript tape; returns
  /// it. Does nothing for bits = 0. Preconditions: bits <= kMaxWorkBits (throws
  /// std::invalid_argument otherwise) and a commitment was absorbed (as sample_b128).
  std::uint64_t grind(unsigned bits);

  /// Bytes written so far to each tape.
  std::size_t transcript_size() const noexcept { return tapes_.transcript.size(); }
  std::size_t advice_size() const noexcept { return tapes_.advice.size(); }

  /// The finished tapes; the transcript is spent afterwards.
  ProofTapes finish() &&;

 private:
  FiatShamirSponge sponge_;
  ProofTapes tapes_;
};

/// The verifier side: reads both tapes strictly and derives the same challenges. Reading past the
/// end of a tape is an error (malformed_input), and so is leaving bytes unread at finish().
/// The tapes are viewed, not copied: they must outlive the transcript.
class VerifierTranscript {
 public:
  VerifierTranscript(std::string_view protocol, const Digest32& statement, ByteSpan transcript,
                     ByteSpan advice);

  void begin_phase(std::string_view label);

  /// Reads `count` bytes of the transcript tape and absorbs them. Errors: malformed_input past the
  /// end.
  Result<ByteSpan> read_bytes(std::size_t count);
  /// Reads and absorbs one B128 element. Errors: malformed_input past the end.
  Result<B128> read_b128();
  /// Reads and absorbs `out.size()` B128 elements (one frame, as write_b128s). Errors:
  /// malformed_input past the end (nothing is absorbed then).
  Status read_b128s(std::span<B128> out);
  /// Reads and absorbs a digest. Errors: malformed_input past the end.
  Result<Digest32> read_digest();
  /// As read_digest, for the prover's commitment (ProverTranscript::write_commitment).
  Result<Digest32> read_commitment();
  /// As ProverTranscript::absorb_commitment.
  void absorb_commitment(const Digest32& root);
  bool commitment_absorbed() const noexcept { return sponge_.commitment_absorbed(); }

  void absorb_public(ByteSpan bytes);

  /// Reads from the advice tape (not absorbed). Errors: malformed_input past the end.
  Result<ByteSpan> read_advice_bytes(std::size_t count);
  Status read_advice_b128s(std::span<B128> out);
  Result<Digest32> read_advice_digest();

  /// As ProverTranscript::sample_b128.
  B128 sample_b128();
  /// As ProverTranscript::sample_index.
  std::uint64_t sample_index(unsigned bits);

  /// Reads the nonce of ProverTranscript::grind(bits) and checks it before anything is derived
  /// from it; then absorbs it. Does nothing for bits = 0. Errors: malformed_input past the end,
  /// corrupt_data for a nonce that is not a proof of work of `bits` bits. Preconditions as grind.
  Status check_work(unsigned bits);

  /// Bytes not yet read from each tape.
  std::size_t transcript_remaining() const noexcept { return transcript_.size() - read_; }
  std::size_t advice_remaining() const noexcept { return advice_.size() - advice_read_; }

  /// Ok when both tapes were read completely. Errors: malformed_input naming the unread bytes.
  Status finish() const;

 private:
  /// The next `count` bytes of the transcript tape, not yet absorbed. Errors: malformed_input
  /// past the end.
  Result<ByteSpan> take(std::size_t count);

  FiatShamirSponge sponge_;
  ByteSpan transcript_;
  ByteSpan advice_;
  std::size_t read_ = 0;
  std::size_t advice_read_ = 0;
};

/// The 16 little-endian bytes of a B128 element on a tape, and back.
void store_b128(B128 value, std::uint8_t* out) noexcept;
B128 load_b128(const std::uint8_t* in) noexcept;

}  // namespace merkleforge::transcript
