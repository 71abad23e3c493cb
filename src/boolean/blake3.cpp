// BLAKE3's compression function (BLAKE3 paper §2.2) written with the public builder
// (boolean/builder.hpp). In: the chaining value (8 words), the block (16 words), the counter
// (64 bits), the block length and the flags (32 bits each), every word little-endian: 112 bytes.
// Out: the first 8 words of the compression output, the next chaining value (32 bytes) — the
// 32-byte digest itself for the root block. And BLAKE3 of a 64-byte message (the EIP-7864 text's
// tree nodes): that one compression with everything but the block fixed.
#include <array>

#include "merkleforge/boolean/builder.hpp"

namespace merkleforge::boolean {
namespace {

/// The paper's IV (SHA-256's initial hash value) and message permutation (its Table 2's
/// successor of one round's schedule).
constexpr std::array<std::uint32_t, 4> kIvLow = {0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A};
constexpr std::array<std::uint32_t, 4> kIvHigh = {0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19};
constexpr std::array<unsigned, 16> kPermutation = {2, 6,  3,  10, 7, 0,  4,  13,
                                                   1, 11, 12, 5,  9, 14, 15, 8};

class Compression {
 public:
  explicit Compression(CircuitBuilder& b) : b_(b) {}

  /// The quarter-round G on state words a, b, c, d with message words x, y.
  void g(std::array<Wire, 16>& v, unsigned a, unsigned b, unsigned c, unsigned d, Wire x, Wire y) {
    v[a] = b_.add(b_.add(v[a], v[b]), x);
    v[d] = b_.rotr(b_.bit_xor(v[d], v[a]), 16);
    v[c] = b_.add(v[c], v[d]);
    v[b] = b_.rotr(b_.bit_xor(v[b], v[c]), 12);
    v[a] = b_.add(b_.add(v[a], v[b]), y);
    v[d] = b_.rotr(b_.bit_xor(v[d], v[a]), 8);
    v[c] = b_.add(v[c], v[d]);
    v[b] = b_.rotr(b_.bit_xor(v[b], v[c]), 7);
  }

  void round(std::array<Wire, 16>& v, const std::array<Wire, 16>& m) {
    g(v, 0, 4, 8, 12, m[0], m[1]);
    g(v, 1, 5, 9, 13, m[2], m[3]);
    g(v, 2, 6, 10, 14, m[4], m[5]);
    g(v, 3, 7, 11, 15, m[6], m[7]);
    g(v, 0, 5, 10, 15, m[8], m[9]);
    g(v, 1, 6, 11, 12, m[10], m[11]);
    g(v, 2, 7, 8, 13, m[12], m[13]);
    g(v, 3, 4, 9, 14, m[14], m[15]);
  }

 private:
  CircuitBuilder& b_;
};

/// The seven rounds on state v (its words 8 … 11 set here to the IV) and block m; outputs the
/// first 8 words of the result.
BuiltCircuit compress(CircuitBuilder& b, std::array<Wire, 16> v, std::array<Wire, 16> m) {
  for (unsigned i = 0; i < 4; ++i) v[8 + i] = b.constant(kIvLow[i], 32);
  Compression compression(b);
  for (unsigned r = 0; r < 7; ++r) {
    if (r > 0) {
      std::array<Wire, 16> permuted = m;
      for (unsigned i = 0; i < 16; ++i) permuted[i] = m[kPermutation[i]];
      m = permuted;
    }
    compression.round(v, m);
  }
  for (unsigned i = 0; i < 8; ++i) b.output(b.bit_xor(v[i], v[i + 8]));
  return *std::move(b).build();  // a fixed circuit: its construction has no misuse to report
}

BuiltCircuit make_blake3() {
  CircuitBuilder b("blake3");
  std::array<Wire, 16> v, m;
  for (unsigned i = 0; i < 8; ++i) v[i] = b.input(32);
  for (Wire& word : m) word = b.input(32);
  v[12] = b.input(32);  // counter, low word
  v[13] = b.input(32);  // counter, high word
  v[14] = b.input(32);  // block length
  v[15] = b.input(32);  // flags
  return compress(b, v, m);
}

/// BLAKE3 of a 64-byte message: one block, chunk 0, the hash mode's key (the IV), flags
/// CHUNK_START | CHUNK_END | ROOT (paper §2.1, Table 3).
BuiltCircuit make_blake3_pair() {
  constexpr std::uint32_t kFlags = 1 | 2 | 8;
  CircuitBuilder b("blake3-pair");
  std::array<Wire, 16> v, m;
  for (Wire& word : m) word = b.input(32);
  for (unsigned i = 0; i < 8; ++i) v[i] = b.constant(i < 4 ? kIvLow[i] : kIvHigh[i - 4], 32);
  v[12] = b.constant(0, 32);
  v[13] = b.constant(0, 32);
  v[14] = b.constant(64, 32);
  v[15] = b.constant(kFlags, 32);
  return compress(b, v, m);
}

}  // namespace

const Circuit& blake3_circuit() {
  static const BuiltCircuit circuit = make_blake3();
  return circuit;
}

const Circuit& blake3_pair_circuit() {
  static const BuiltCircuit circuit = make_blake3_pair();
  return circuit;
}

}  // namespace merkleforge::boolean
