// Portable Grøstl-256 permutations: the reference every other kernel is tested against.
//
// One round maps every output column to XOR_k T_k[row k of input column j + σ(k)], where T_k
// combines SubBytes with row k's share of MixBytes: T_k[x] holds, in byte i, the MixBytes
// coefficient of input row k in output row i times S(x). T_k is T_0 rotated by k bytes (the matrix
// is circulant). The tables are computed at compile time from the field and the S-box definition
// (no transcribed table to mistype).
#include <array>
#include <bit>
#include <cstdint>

#include "groestl256_kernel.hpp"
#include "keccak_bytes.hpp"

namespace merkleforge::detail::groestl {
namespace {

// The Rijndael field GF(2)[x]/(x^8 + x^4 + x^3 + x + 1).
constexpr std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
  std::uint8_t product = 0;
  for (int bit = 0; bit < 8; ++bit) {
    if ((b >> bit) & 1u) product ^= a;
    a = static_cast<std::uint8_t>((a << 1) ^ ((a & 0x80u) ? 0x1bu : 0u));
  }
  return product;
}

// x^254 = x^-1 (and 0 for 0).
constexpr std::uint8_t gf_inverse(std::uint8_t x) {
  std::uint8_t result = 1;
  std::uint8_t power = x;
  for (unsigned exponent = 254; exponent != 0; exponent >>= 1) {
    if (exponent & 1u) result = gf_mul(result, power);
    power = gf_mul(power, power);
  }
  return result;
}

// The AES S-box: inversion, then the affine map b ^ rotl(b,1..4) ^ 0x63 (FIPS 197 §5.1.1).
constexpr std::uint8_t sbox(std::uint8_t x) {
  const std::uint8_t b = gf_inverse(x);
  return static_cast<std::uint8_t>(b ^ std::rotl(b, 1) ^ std::rotl(b, 2) ^ std::rotl(b, 3) ^
                                   std::rotl(b, 4) ^ 0x63u);
}

// First row of MixBytes' circulant matrix: output row i = sum_k kMix[(k - i) mod 8] · row k.
constexpr std::array<std::uint8_t, 8> kMix = {2, 2, 3, 4, 5, 3, 5, 7};

using Table = std::array<std::array<std::uint64_t, 256>, kColumns>;

constexpr Table make_tables() {
  Table tables{};
  for (unsigned x = 0; x < 256; ++x) {
    const std::uint8_t s = sbox(static_cast<std::uint8_t>(x));
    std::uint64_t row0 = 0;  // T_0: input row 0 feeds output row i with kMix[-i mod 8]
    for (unsigned i = 0; i < 8; ++i) {
      row0 |= std::uint64_t{gf_mul(kMix[(8 - i) % 8], s)} << (8 * i);
    }
    for (unsigned k = 0; k < kColumns; ++k) tables[k][x] = std::rotl(row0, static_cast<int>(8 * k));
  }
  return tables;
}

constexpr Table kTables = make_tables();

// Row k of output column j comes from input column j + shift[k] (ShiftBytes, left rotation).
constexpr std::array<unsigned, 8> kShiftP = {0, 1, 2, 3, 4, 5, 6, 7};
constexpr std::array<unsigned, 8> kShiftQ = {1, 3, 5, 7, 0, 2, 4, 6};

inline unsigned byte_of(std::uint64_t word, unsigned row) noexcept {
  return static_cast<unsigned>(word >> (8 * row)) & 0xffu;
}

// SubBytes, ShiftBytes and MixBytes of one round, from `in` to `out`. Unrolled, so that every
// column index and byte position is a constant.
template <const std::array<unsigned, 8>& Shift>
inline void sub_shift_mix(const std::uint64_t* in, std::uint64_t* out) noexcept {
#pragma GCC unroll 8
  for (unsigned j = 0; j < kColumns; ++j) {
    std::uint64_t column = 0;
#pragma GCC unroll 8
    for (unsigned k = 0; k < 8; ++k) column ^= kTables[k][byte_of(in[(j + Shift[k]) % 8], k)];
    out[j] = column;
  }
}

}  // namespace

void p_portable(std::uint64_t* state) noexcept {
  std::uint64_t scratch[kColumns];
  for (unsigned r = 0; r < kRounds; ++r) {
    // AddRoundConstant: row 0 of column j gets (j << 4) ^ r.
    for (unsigned j = 0; j < kColumns; ++j) state[j] ^= std::uint64_t{(j << 4) ^ r};
    sub_shift_mix<kShiftP>(state, scratch);
    for (unsigned j = 0; j < kColumns; ++j) state[j] = scratch[j];
  }
}

void q_portable(std::uint64_t* state) noexcept {
  std::uint64_t scratch[kColumns];
  for (unsigned r = 0; r < kRounds; ++r) {
    // AddRoundConstant: every byte complemented, row 7 of column j also gets (j << 4) ^ r.
    for (unsigned j = 0; j < kColumns; ++j) {
      state[j] ^= ~std::uint64_t{0} ^ (std::uint64_t{(j << 4) ^ r} << 56);
    }
    sub_shift_mix<kShiftQ>(state, scratch);
    for (unsigned j = 0; j < kColumns; ++j) state[j] = scratch[j];
  }
}

void compress_portable(std::uint64_t* chaining, const std::uint8_t* blocks,
                       std::size_t count) noexcept {
  for (std::size_t b = 0; b < count; ++b) {
    std::uint64_t mixed[kColumns];    // h ⊕ m, into P
    std::uint64_t message[kColumns];  // m, into Q
    for (unsigned j = 0; j < kColumns; ++j) {
      message[j] = keccak::load_le64(blocks + 64 * b + 8 * j);
      mixed[j] = chaining[j] ^ message[j];
    }
    p_portable(mixed);
    q_portable(message);
    for (unsigned j = 0; j < kColumns; ++j) chaining[j] ^= mixed[j] ^ message[j];
  }
}

}  // namespace merkleforge::detail::groestl
