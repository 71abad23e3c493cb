// SHA-256 written with the public builder (boolean/builder.hpp): the compression function (the
// same statement as the hand-written sha256 circuit, sha256.cpp, which it is measured against) and
// the two Merkle node hashes of 64-byte messages that wirings join (boolean/wiring.hpp).
#include <array>
#include <vector>

#include "merkleforge/boolean/builder.hpp"
#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::boolean {
namespace {

/// A 32-bit word's operations on one builder: what FIPS 180-4 §4.1.2 writes with ROTR and SHR.
class Sha256Ops {
 public:
  explicit Sha256Ops(CircuitBuilder& b) : b_(b) {}

  Wire xor3(Wire x, Wire y, Wire z) { return b_.bit_xor(b_.bit_xor(x, y), z); }
  Wire big_sigma0(Wire x) { return xor3(b_.rotr(x, 2), b_.rotr(x, 13), b_.rotr(x, 22)); }
  Wire big_sigma1(Wire x) { return xor3(b_.rotr(x, 6), b_.rotr(x, 11), b_.rotr(x, 25)); }
  Wire small_sigma0(Wire x) { return xor3(b_.rotr(x, 7), b_.rotr(x, 18), b_.shr(x, 3)); }
  Wire small_sigma1(Wire x) { return xor3(b_.rotr(x, 17), b_.rotr(x, 19), b_.shr(x, 10)); }
  /// Ch(e, f, g) = g ⊕ e·(f ⊕ g): one AND per bit.
  Wire ch(Wire e, Wire f, Wire g) { return b_.bit_xor(g, b_.bit_and(e, b_.bit_xor(f, g))); }
  /// Maj(a, b, c) = b ⊕ (a ⊕ b)·(b ⊕ c): one AND per bit.
  Wire maj(Wire a, Wire b, Wire c) {
    return b_.bit_xor(b, b_.bit_and(b_.bit_xor(a, b), b_.bit_xor(b, c)));
  }

 private:
  CircuitBuilder& b_;
};

using Words8 = std::array<Wire, 8>;

/// The message schedule W_0 … W_63 of a block of 16 words (FIPS 180-4 §6.2.2 step 1).
std::vector<Wire> schedule(CircuitBuilder& b, std::vector<Wire> w) {
  Sha256Ops op(b);
  for (unsigned t = 16; t < 64; ++t) {
    const Wire s1 = b.add(op.small_sigma1(w[t - 2]), w[t - 7]);
    const Wire s2 = b.add(s1, op.small_sigma0(w[t - 15]));
    w.push_back(b.add(s2, w[t - 16]));
  }
  return w;
}

/// The schedule of a block the circuit knows in advance, as constants: a padding block costs no
/// committed bits.
std::vector<Wire> constant_schedule(CircuitBuilder& b, const std::array<std::uint32_t, 16>& block) {
  const auto rotr = [](std::uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); };
  std::vector<std::uint32_t> w(block.begin(), block.end());
  for (unsigned t = 16; t < 64; ++t) {
    const std::uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    const std::uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w.push_back(s1 + w[t - 7] + s0 + w[t - 16]);
  }
  std::vector<Wire> wires;
  for (const std::uint32_t word : w) wires.push_back(b.constant(word, 32));
  return wires;
}

/// The compression of chaining value h under the schedule w, the feed-forward included
/// (FIPS 180-4 §6.2.2 steps 2–4).
Words8 compress(CircuitBuilder& b, const Words8& h, const std::vector<Wire>& w) {
  Sha256Ops op(b);
  Words8 s = h;  // a … h
  for (unsigned t = 0; t < 64; ++t) {
    const auto [a, bb, c, d, e, f, g, hh] = s;
    const Wire u1 = b.add(hh, op.big_sigma1(e));
    const Wire u2 = b.add(u1, op.ch(e, f, g));
    const Wire u3 = b.add(u2, b.constant(Sha256::round_constants()[t], 32));
    const Wire t1 = b.add(u3, w[t]);
    const Wire t2 = b.add(op.big_sigma0(a), op.maj(a, bb, c));
    s = {b.add(t1, t2), a, bb, c, b.add(d, t1), e, f, g};
  }
  for (unsigned i = 0; i < 8; ++i) s[i] = b.add(h[i], s[i]);
  return s;
}

/// SHA-256's initial hash value (FIPS 180-4 §5.3.3) as constants.
Words8 initial_state(CircuitBuilder& b) {
  static constexpr std::array<std::uint32_t, 8> kIv = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                                       0xa54ff53a, 0x510e527f, 0x9b05688c,
                                                       0x1f83d9ab, 0x5be0cd19};
  Words8 h;
  for (unsigned i = 0; i < 8; ++i) h[i] = b.constant(kIv[i], 32);
  return h;
}

/// 16 big-endian input words: 64 input bytes.
std::vector<Wire> input_words(CircuitBuilder& b) {
  std::vector<Wire> w;
  for (unsigned t = 0; t < 16; ++t) w.push_back(b.input(32, ByteOrder::big));
  return w;
}

BuiltCircuit finish(CircuitBuilder& b, const Words8& digest) {
  for (const Wire& word : digest) b.output(word, ByteOrder::big);
  return *std::move(b).build();  // a fixed circuit: its construction has no misuse to report
}

BuiltCircuit make_sha256() {
  CircuitBuilder b("sha256-builder");
  Words8 h;
  for (Wire& word : h) word = b.input(32, ByteOrder::big);
  return finish(b, compress(b, h, schedule(b, input_words(b))));
}

/// SHA-256 of the 64-byte input: its block, then the padding block of a 512-bit message.
BuiltCircuit make_sha256_pair() {
  CircuitBuilder b("sha256-pair");
  const Words8 middle = compress(b, initial_state(b), schedule(b, input_words(b)));
  std::array<std::uint32_t, 16> padding{0x80000000};
  padding[15] = 512;
  return finish(b, compress(b, middle, constant_schedule(b, padding)));
}

/// SHA-256(0x01 ‖ input) of the 64-byte input (RFC 6962's interior node): the message moves one
/// byte down its words, and its last byte opens the second block (padding of a 520-bit message).
BuiltCircuit make_rfc6962_node() {
  CircuitBuilder b("rfc6962-node");
  const std::vector<Wire> in = input_words(b);
  const auto shifted = [&](Wire high_byte, Wire word) {
    return b.concat(b.slice(word, 8, 24), high_byte);
  };
  std::vector<Wire> first;
  first.push_back(shifted(b.constant(0x01, 8), in[0]));
  for (unsigned t = 1; t < 16; ++t) first.push_back(shifted(b.slice(in[t - 1], 0, 8), in[t]));
  const Words8 middle = compress(b, initial_state(b), schedule(b, first));
  std::vector<Wire> second;
  second.push_back(b.concat(b.constant(0x800000, 24), b.slice(in[15], 0, 8)));
  for (unsigned t = 1; t < 15; ++t) second.push_back(b.constant(0, 32));
  second.push_back(b.constant(520, 32));
  return finish(b, compress(b, middle, schedule(b, second)));
}

}  // namespace

const Circuit& sha256_builder_circuit() {
  static const BuiltCircuit circuit = make_sha256();
  return circuit;
}

const Circuit& sha256_pair_circuit() {
  static const BuiltCircuit circuit = make_sha256_pair();
  return circuit;
}

const Circuit& rfc6962_node_circuit() {
  static const BuiltCircuit circuit = make_rfc6962_node();
  return circuit;
}

}  // namespace merkleforge::boolean
