#include "merkleforge/binius/aes_tower.hpp"

#include <array>

namespace merkleforge::binius {
namespace {

// Published basis images (Binius aes_field.rs): canonical bit i -> AES8, and back.
constexpr std::array<std::uint8_t, 8> kCanonicalToAes = {0x01, 0xBC, 0xB0, 0xEC,
                                                         0xD3, 0x8D, 0x2E, 0x58};
constexpr std::array<std::uint8_t, 8> kAesToCanonical = {0x01, 0x3C, 0x8C, 0x8A,
                                                         0x59, 0x7A, 0x53, 0x27};
/// AES16's alpha: the image of canonical X2 = 0x10.
constexpr std::uint8_t kAes8Alpha = 0xD3;

constexpr std::uint8_t apply_basis(const std::array<std::uint8_t, 8>& images, std::uint8_t x) {
  std::uint8_t result = 0;
  for (unsigned bit = 0; bit < 8; ++bit) {
    if ((x >> bit) & 1) result ^= images[bit];
  }
  return result;
}

constexpr std::array<std::uint8_t, 256> table_of(const std::array<std::uint8_t, 8>& images) {
  std::array<std::uint8_t, 256> table{};
  for (unsigned x = 0; x < 256; ++x) table[x] = apply_basis(images, static_cast<std::uint8_t>(x));
  return table;
}

constexpr auto kToAesTable = table_of(kCanonicalToAes);
constexpr auto kToCanonicalTable = table_of(kAesToCanonical);

uint128 map_bytes(const std::array<std::uint8_t, 256>& table, uint128 x) noexcept {
  uint128 result = 0;
  for (unsigned byte = 0; byte < 16; ++byte) {
    result |= static_cast<uint128>(table[static_cast<std::uint8_t>(x >> (8 * byte))]) << (8 * byte);
  }
  return result;
}

constexpr uint128 low_bits(unsigned bits) noexcept {
  return bits >= 128 ? ~uint128{0} : (uint128{1} << bits) - 1;
}

/// a·alpha_(level) where alpha is the generator used to build the next level.
uint128 aes_mul_alpha(unsigned level, uint128 a) noexcept {
  if (level == 3) return rijndael_mul(static_cast<std::uint8_t>(a), kAes8Alpha);
  const unsigned half = 1u << (level - 1);
  const uint128 a0 = a & low_bits(half), a1 = a >> half;
  return a1 | ((a0 ^ aes_mul_alpha(level - 1, a1)) << half);
}

}  // namespace

std::uint8_t canonical_to_aes(std::uint8_t x) noexcept {
  return kToAesTable[x];
}
std::uint8_t aes_to_canonical(std::uint8_t x) noexcept {
  return kToCanonicalTable[x];
}
uint128 canonical_to_aes_bytes(uint128 x) noexcept {
  return map_bytes(kToAesTable, x);
}
uint128 aes_to_canonical_bytes(uint128 x) noexcept {
  return map_bytes(kToCanonicalTable, x);
}

std::uint8_t rijndael_mul(std::uint8_t a, std::uint8_t b) noexcept {
  unsigned product = 0, shifted = a;
  for (unsigned bit = 0; bit < 8; ++bit) {
    if ((b >> bit) & 1) product ^= shifted;
    shifted <<= 1;
    if (shifted & 0x100) shifted ^= 0x11B;
  }
  return static_cast<std::uint8_t>(product);
}

uint128 aes_tower_mul(unsigned level, uint128 a, uint128 b) noexcept {
  if (level <= 3) return rijndael_mul(static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b));
  const unsigned half = 1u << (level - 1);
  const uint128 a0 = a & low_bits(half), a1 = a >> half;
  const uint128 b0 = b & low_bits(half), b1 = b >> half;
  const uint128 z0 = aes_tower_mul(level - 1, a0, b0);
  const uint128 z2 = aes_tower_mul(level - 1, a1, b1);
  const uint128 z1 = aes_tower_mul(level - 1, a0 ^ a1, b0 ^ b1) ^ z0 ^ z2;
  return (z0 ^ z2) | ((z1 ^ aes_mul_alpha(level - 1, z2)) << half);
}

std::uint8_t b8_mul_via_aes(std::uint8_t a, std::uint8_t b) noexcept {
  return aes_to_canonical(rijndael_mul(canonical_to_aes(a), canonical_to_aes(b)));
}

}  // namespace merkleforge::binius
