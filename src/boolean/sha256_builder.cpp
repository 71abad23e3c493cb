// SHA-256's compression function written with the public builder (boolean/builder.hpp): the same
// statement as the hand-written sha256 circuit (sha256.cpp), which it is measured against.
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

BuiltCircuit make_sha256() {
  CircuitBuilder b("sha256-builder");
  Sha256Ops op(b);
  std::array<Wire, 8> h;
  for (Wire& word : h) word = b.input(32, ByteOrder::big);
  std::vector<Wire> w;
  for (unsigned t = 0; t < 16; ++t) w.push_back(b.input(32, ByteOrder::big));
  for (unsigned t = 16; t < 64; ++t) {
    const Wire s1 = b.add(op.small_sigma1(w[t - 2]), w[t - 7]);
    const Wire s2 = b.add(s1, op.small_sigma0(w[t - 15]));
    w.push_back(b.add(s2, w[t - 16]));
  }
  std::array<Wire, 8> s = h;  // a … h
  for (unsigned t = 0; t < 64; ++t) {
    const auto [a, bb, c, d, e, f, g, hh] = s;
    const Wire u1 = b.add(hh, op.big_sigma1(e));
    const Wire u2 = b.add(u1, op.ch(e, f, g));
    const Wire u3 = b.add(u2, b.constant(Sha256::round_constants()[t], 32));
    const Wire t1 = b.add(u3, w[t]);
    const Wire t2 = b.add(op.big_sigma0(a), op.maj(a, bb, c));
    s = {b.add(t1, t2), a, bb, c, b.add(d, t1), e, f, g};
  }
  for (unsigned i = 0; i < 8; ++i) b.output(b.add(h[i], s[i]), ByteOrder::big);
  return *std::move(b).build();  // a fixed circuit: its construction has no misuse to report
}

}  // namespace

const Circuit& sha256_builder_circuit() {
  static const BuiltCircuit circuit = make_sha256();
  return circuit;
}

}  // namespace merkleforge::boolean
