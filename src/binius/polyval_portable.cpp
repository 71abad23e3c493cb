// POLYVAL kernel without carry-less multiply instructions: the reference for the others.
#include "merkleforge/binius/polyval.hpp"
#include "polyval_loops.hpp"

namespace merkleforge::binius {
namespace {

/// 64 x 64 -> 128-bit carry-less product on 64-bit words (wasm32 has no 128-bit shift), four bits
/// of b at a time from a table of a's products with every nibble: 16 steps instead of 64. The
/// lookups depend on b; nothing secret goes through the proof system's arithmetic (its proofs
/// are not zero-knowledge), and there are no branches on data.
uint128 clmul64(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t table_low[16], table_high[16];  // a ⊗ n for every nibble n (at most 67 bits)
  table_low[0] = table_high[0] = 0;
  table_low[1] = a, table_high[1] = 0;
  for (unsigned n = 2; n < 16; n += 2) {
    table_low[n] = table_low[n / 2] << 1;
    table_high[n] = (table_high[n / 2] << 1) | (table_low[n / 2] >> 63);
    table_low[n + 1] = table_low[n] ^ a;
    table_high[n + 1] = table_high[n];
  }
  std::uint64_t low = 0, high = 0;
  for (int shift = 60; shift >= 0; shift -= 4) {
    high = (high << 4) | (low >> 60);
    low <<= 4;
    const auto nibble = static_cast<unsigned>((b >> shift) & 15);
    low ^= table_low[nibble];
    high ^= table_high[nibble];
  }
  return make_uint128(high, low);
}

std::uint64_t low64(uint128 x) noexcept {
  return static_cast<std::uint64_t>(x);
}
std::uint64_t high64(uint128 x) noexcept {
  return static_cast<std::uint64_t>(x >> 64);
}

}  // namespace

namespace detail {

// The 256-bit product T = t3:t2:t1:t0 is divided by x^128 modulo p in two 64-bit steps: adding
// t0·p clears t0 (p ≡ 1 mod x^64), and t0·p = t0 + t0·x^128 + clmul(t0, C)·x^64.
uint128 polyval_dot_portable(uint128 a, uint128 b) noexcept {
  const uint128 lo = clmul64(low64(a), low64(b));
  const uint128 hi = clmul64(high64(a), high64(b));
  const uint128 mid = clmul64(low64(a), high64(b)) ^ clmul64(high64(a), low64(b));
  std::uint64_t t0 = low64(lo), t1 = high64(lo) ^ low64(mid);
  std::uint64_t t2 = low64(hi) ^ high64(mid), t3 = high64(hi);
  const uint128 fold0 = clmul64(t0, kPolyvalReductionConstant);
  t1 ^= low64(fold0);
  t2 ^= high64(fold0) ^ t0;
  const uint128 fold1 = clmul64(t1, kPolyvalReductionConstant);
  t2 ^= low64(fold1);
  t3 ^= high64(fold1) ^ t1;
  return make_uint128(t3, t2);
}

namespace {

struct PortableOps {
  using Vec = uint128;
  static constexpr std::size_t kLanes = 1;
  static Vec load(const B128P* p) { return p->bits(); }
  static void store(B128P* p, Vec v) { *p = B128P::from_bits(v); }
  static Vec broadcast(B128P x) { return x.bits(); }
  static Vec dot(Vec a, Vec b) { return polyval_dot_portable(a, b); }
  static Vec add(Vec a, Vec b) { return a ^ b; }
};

}  // namespace

const PolyvalKernel kPolyvalPortable = PolyvalLoops<PortableOps>::kernel();

}  // namespace detail
}  // namespace merkleforge::binius
