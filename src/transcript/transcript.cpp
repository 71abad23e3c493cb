// The Fiat–Shamir transcript: construction in transcript/transcript.hpp.
#include "merkleforge/transcript/transcript.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace merkleforge::transcript {
namespace {

constexpr std::string_view kTranscriptTag = "MerkleForge zk transcript v1";

enum Tag : std::uint8_t {
  kProtocolTag = 0x00,
  kStatementTag = 0x01,
  kPhaseTag = 0x02,
  kMessageTag = 0x03,
  kPublicTag = 0x04,
  kSqueezeTag = 0x05,
  kReseedTag = 0x06,
  kWorkTag = 0x07,
  kNonceTag = 0x08,
};

void store_u64(std::uint64_t value, std::uint8_t* out) noexcept {
  for (int i = 0; i < 8; ++i) out[i] = static_cast<std::uint8_t>(value >> (8 * i));
}

std::uint64_t load_u64(const std::uint8_t* in) noexcept {
  std::uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value |= std::uint64_t{in[i]} << (8 * i);
  return value;
}

ByteSpan b128_bytes(std::span<const B128> values) noexcept {
  return {reinterpret_cast<const std::uint8_t*>(values.data()), values.size_bytes()};
}

Error past_end(const char* tape, std::size_t wanted, std::size_t left) {
  return make_error(Errc::malformed_input, std::string("transcript: reading ") +
                                               std::to_string(wanted) + " bytes past the end of " +
                                               tape + " tape (" + std::to_string(left) + " left)");
}

std::uint64_t index_from_block(const Digest32& block, unsigned bits) {
  if (bits > 64) throw std::invalid_argument("transcript: index of more than 64 bits");
  const std::uint64_t value = load_u64(block.data());
  return bits == 64 ? value : value & ((std::uint64_t{1} << bits) - 1);
}

/// The seed of a proof of work: the next squeezed block (after checking the difficulty).
Digest32 work_seed(FiatShamirSponge& sponge, unsigned bits) {
  if (bits > kMaxWorkBits) {
    throw std::invalid_argument("transcript: proof of work above " + std::to_string(kMaxWorkBits) +
                                " bits");
  }
  return sponge.squeeze();
}

}  // namespace

bool work_accepted(const Digest32& seed, unsigned bits, std::uint64_t nonce) {
  std::uint8_t input[1 + 1 + 32 + kNonceBytes];
  input[0] = kWorkTag;
  input[1] = static_cast<std::uint8_t>(bits);
  std::copy(seed.begin(), seed.end(), input + 2);
  store_u64(nonce, input + 34);
  const Digest32 hash = Sha256::digest(input);
  std::uint64_t leading = 0;  // the first 8 bytes big-endian: bits <= 32 lie inside them
  for (int i = 0; i < 8; ++i) leading = (leading << 8) | hash[i];
  return bits == 0 || (leading >> (64 - bits)) == 0;
}

static_assert(std::endian::native == std::endian::little,
              "tapes hold the in-memory bytes of B128 values (little-endian hosts)");

void store_b128(B128 value, std::uint8_t* out) noexcept {
  store_u64(static_cast<std::uint64_t>(value.value()), out);
  store_u64(static_cast<std::uint64_t>(value.value() >> 64), out + 8);
}

B128 load_b128(const std::uint8_t* in) noexcept {
  return B128(binius::make_uint128(load_u64(in + 8), load_u64(in)));
}

FiatShamirSponge::FiatShamirSponge(std::string_view protocol, const Digest32& statement) {
  stream_.update(as_bytes(kTranscriptTag));
  absorb(kProtocolTag, as_bytes(protocol));
  absorb(kStatementTag, statement);
}

void FiatShamirSponge::absorb(std::uint8_t tag, ByteSpan data) {
  if (!absorbing_) {
    std::uint8_t reseed[1 + 32 + 8];
    reseed[0] = kReseedTag;
    std::copy(chain_.begin(), chain_.end(), reseed + 1);
    store_u64(squeezed_, reseed + 33);
    stream_ = Sha256();
    stream_.update(reseed);
    absorbing_ = true;
  }
  std::uint8_t header[1 + 8];
  header[0] = tag;
  store_u64(data.size(), header + 1);
  stream_.update(header);
  stream_.update(data);
}

Digest32 FiatShamirSponge::squeeze() {
  if (!committed_) {
    throw std::logic_error(
        "zk transcript: a challenge was requested before any commitment was absorbed");
  }
  if (absorbing_) {
    chain_ = stream_.finalize();
    squeezed_ = 0;
    absorbing_ = false;
  }
  std::uint8_t input[1 + 32 + 8];
  input[0] = kSqueezeTag;
  std::copy(chain_.begin(), chain_.end(), input + 1);
  store_u64(squeezed_, input + 33);
  ++squeezed_;
  return Sha256::digest(input);
}

ProverTranscript::ProverTranscript(std::string_view protocol, const Digest32& statement)
    : sponge_(protocol, statement) {}

void ProverTranscript::begin_phase(std::string_view label) {
  sponge_.absorb(kPhaseTag, as_bytes(label));
}

void ProverTranscript::write_bytes(ByteSpan bytes) {
  sponge_.absorb(kMessageTag, bytes);
  tapes_.transcript.insert(tapes_.transcript.end(), bytes.begin(), bytes.end());
}

void ProverTranscript::write_b128(B128 value) {
  write_b128s({&value, 1});
}

void ProverTranscript::write_b128s(std::span<const B128> values) {
  write_bytes(b128_bytes(values));
}

void ProverTranscript::write_digest(const Digest32& digest) {
  write_bytes(digest);
}

void ProverTranscript::write_commitment(const Digest32& root) {
  write_digest(root);
  sponge_.mark_commitment();
}

void ProverTranscript::absorb_commitment(const Digest32& root) {
  absorb_public(root);
  sponge_.mark_commitment();
}

void ProverTranscript::absorb_public(ByteSpan bytes) {
  sponge_.absorb(kPublicTag, bytes);
}

void ProverTranscript::advise_bytes(ByteSpan bytes) {
  tapes_.advice.insert(tapes_.advice.end(), bytes.begin(), bytes.end());
}

void ProverTranscript::advise_b128s(std::span<const B128> values) {
  advise_bytes(b128_bytes(values));
}

void ProverTranscript::advise_digest(const Digest32& digest) {
  advise_bytes(digest);
}

B128 ProverTranscript::sample_b128() {
  return load_b128(sponge_.squeeze().data());
}

std::uint64_t ProverTranscript::sample_index(unsigned bits) {
  return index_from_block(sponge_.squeeze(), bits);
}

std::uint64_t ProverTranscript::grind(unsigned bits) {
  if (bits == 0) return 0;
  const Digest32 seed = work_seed(sponge_, bits);
  std::uint64_t nonce = 0;
  while (!work_accepted(seed, bits, nonce)) ++nonce;
  std::uint8_t bytes[kNonceBytes];
  store_u64(nonce, bytes);
  sponge_.absorb(kNonceTag, bytes);
  tapes_.transcript.insert(tapes_.transcript.end(), bytes, bytes + kNonceBytes);
  return nonce;
}

ProofTapes ProverTranscript::finish() && {
  return std::move(tapes_);
}

VerifierTranscript::VerifierTranscript(std::string_view protocol, const Digest32& statement,
                                       ByteSpan transcript, ByteSpan advice)
    : sponge_(protocol, statement), transcript_(transcript), advice_(advice) {}

void VerifierTranscript::begin_phase(std::string_view label) {
  sponge_.absorb(kPhaseTag, as_bytes(label));
}

Result<ByteSpan> VerifierTranscript::take(std::size_t count) {
  if (count > transcript_remaining()) {
    return past_end("the transcript", count, transcript_remaining());
  }
  const ByteSpan bytes = transcript_.subspan(read_, count);
  read_ += count;
  return bytes;
}

Result<ByteSpan> VerifierTranscript::read_bytes(std::size_t count) {
  auto bytes = take(count);
  if (bytes) sponge_.absorb(kMessageTag, *bytes);
  return bytes;
}

Result<B128> VerifierTranscript::read_b128() {
  B128 value;
  if (Status read = read_b128s({&value, 1}); !read) return read.error();
  return value;
}

Status VerifierTranscript::read_b128s(std::span<B128> out) {
  if (out.size() > transcript_remaining() / kB128Bytes) {
    return past_end("the transcript", out.size_bytes(), transcript_remaining());
  }
  auto bytes = read_bytes(out.size_bytes());
  if (!bytes) return bytes.error();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = load_b128(bytes->data() + i * kB128Bytes);
  return Ok{};
}

Result<Digest32> VerifierTranscript::read_digest() {
  auto bytes = read_bytes(kDigestBytes);
  if (!bytes) return bytes.error();
  Digest32 digest;
  std::copy(bytes->begin(), bytes->end(), digest.begin());
  return digest;
}

Result<Digest32> VerifierTranscript::read_commitment() {
  auto root = read_digest();
  if (root) sponge_.mark_commitment();
  return root;
}

void VerifierTranscript::absorb_commitment(const Digest32& root) {
  absorb_public(root);
  sponge_.mark_commitment();
}

void VerifierTranscript::absorb_public(ByteSpan bytes) {
  sponge_.absorb(kPublicTag, bytes);
}

Result<ByteSpan> VerifierTranscript::read_advice_bytes(std::size_t count) {
  // Reached by a truncated PCS proof: its multiproofs' length depends on the query positions.
  if (count > advice_remaining()) return past_end("the advice", count, advice_remaining());
  const ByteSpan bytes = advice_.subspan(advice_read_, count);
  advice_read_ += count;
  return bytes;
}

Status VerifierTranscript::read_advice_b128s(std::span<B128> out) {
  if (out.size() > advice_remaining() / kB128Bytes) {
    return past_end("the advice", out.size_bytes(), advice_remaining());
  }
  auto bytes = read_advice_bytes(out.size_bytes());
  if (!bytes) return bytes.error();
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = load_b128(bytes->data() + i * kB128Bytes);
  return Ok{};
}

Result<Digest32> VerifierTranscript::read_advice_digest() {
  auto bytes = read_advice_bytes(kDigestBytes);
  if (!bytes) return bytes.error();
  Digest32 digest;
  std::copy(bytes->begin(), bytes->end(), digest.begin());
  return digest;
}

B128 VerifierTranscript::sample_b128() {
  return load_b128(sponge_.squeeze().data());
}

std::uint64_t VerifierTranscript::sample_index(unsigned bits) {
  return index_from_block(sponge_.squeeze(), bits);
}

Status VerifierTranscript::check_work(unsigned bits) {
  if (bits == 0) return Ok{};
  const Digest32 seed = work_seed(sponge_, bits);
  auto nonce = take(kNonceBytes);
  if (!nonce) return nonce.error();
  if (!work_accepted(seed, bits, load_u64(nonce->data()))) {
    return make_error(Errc::corrupt_data, "transcript: the nonce is not a proof of work of " +
                                              std::to_string(bits) + " bits");
  }
  sponge_.absorb(kNonceTag, *nonce);
  return Ok{};
}

Status VerifierTranscript::finish() const {
  if (transcript_remaining() != 0 || advice_remaining() != 0) {
    return make_error(Errc::malformed_input,
                      "transcript: " + std::to_string(transcript_remaining()) +
                          " transcript bytes and " + std::to_string(advice_remaining()) +
                          " advice bytes left unread");
  }
  return Ok{};
}

}  // namespace merkleforge::transcript
