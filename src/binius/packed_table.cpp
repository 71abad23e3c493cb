// The portable packed strategy: one element at a time through product tables computed once from
// the reference tower. B8: a 64 KiB table of all products. B32: Karatsuba over B16, whose products
// go through log/exp tables.
#include <array>
#include <vector>

#include "merkleforge/binius/packed.hpp"
#include "packed_kernel.hpp"

namespace merkleforge::binius {
namespace {

using B8Table = std::array<std::array<std::uint8_t, 256>, 256>;

const B8Table& b8_products() {
  static const B8Table table = [] {
    B8Table t{};
    for (unsigned a = 0; a < 256; ++a) {
      for (unsigned b = 0; b < 256; ++b) t[a][b] = static_cast<std::uint8_t>(tower_mul(3, a, b));
    }
    return t;
  }();
  return table;
}

/// B16 discrete logarithms to the published generator 0xE2DE (full order, tested in tower_test);
/// exp is doubled so log a + log b needs no reduction.
struct B16LogTables {
  std::vector<std::uint16_t> log = std::vector<std::uint16_t>(65536);
  std::vector<std::uint16_t> exp = std::vector<std::uint16_t>(2 * 65535);
  std::uint32_t log_alpha = 0;  // log of X3 = 0x100, the alpha of the B32 recurrence
};

const B16LogTables& b16_logs() {
  static const B16LogTables tables = [] {
    B16LogTables t;
    uint128 power = 1;
    for (std::uint32_t e = 0; e < 65535; ++e) {
      t.exp[e] = t.exp[e + 65535] = static_cast<std::uint16_t>(power);
      t.log[static_cast<std::size_t>(power)] = static_cast<std::uint16_t>(e);
      power = tower_mul(4, power, 0xE2DE);
    }
    t.log_alpha = t.log[0x100];
    return t;
  }();
  return tables;
}

std::uint16_t b16_mul(const B16LogTables& t, std::uint16_t a, std::uint16_t b) noexcept {
  if (a == 0 || b == 0) return 0;
  return t.exp[std::uint32_t{t.log[a]} + t.log[b]];
}

std::uint16_t b16_mul_alpha(const B16LogTables& t, std::uint16_t a) noexcept {
  return a == 0 ? std::uint16_t{0} : t.exp[std::uint32_t{t.log[a]} + t.log_alpha];
}

std::uint32_t b32_mul_with(const B16LogTables& t, std::uint32_t a, std::uint32_t b) noexcept {
  const auto a0 = static_cast<std::uint16_t>(a), a1 = static_cast<std::uint16_t>(a >> 16);
  const auto b0 = static_cast<std::uint16_t>(b), b1 = static_cast<std::uint16_t>(b >> 16);
  const std::uint16_t z0 = b16_mul(t, a0, b0), z2 = b16_mul(t, a1, b1);
  const auto z1 = static_cast<std::uint16_t>(b16_mul(t, a0 ^ a1, b0 ^ b1) ^ z0 ^ z2);
  const auto high = static_cast<std::uint16_t>(z1 ^ b16_mul_alpha(t, z2));
  return (std::uint32_t{high} << 16) | static_cast<std::uint16_t>(z0 ^ z2);
}

// (a0 + a1·X)⁻¹ for X² = α·X + 1: the conjugate (a0 + α·a1) + a1·X over the norm
// a0² + α·a0·a1 + a1², which lies in B16.
std::uint32_t b32_inverse_with(const B16LogTables& t, std::uint32_t a) noexcept {
  if (a == 0) return 0;
  const auto a0 = static_cast<std::uint16_t>(a), a1 = static_cast<std::uint16_t>(a >> 16);
  const auto norm = static_cast<std::uint16_t>(
      b16_mul(t, a0, a0) ^ b16_mul_alpha(t, b16_mul(t, a0, a1)) ^ b16_mul(t, a1, a1));
  const std::uint16_t norm_inverse = t.exp[65535 - std::uint32_t{t.log[norm]}];
  const auto low = b16_mul(t, static_cast<std::uint16_t>(a0 ^ b16_mul_alpha(t, a1)), norm_inverse);
  const auto high = b16_mul(t, a1, norm_inverse);
  return (std::uint32_t{high} << 16) | low;
}

}  // namespace

std::uint32_t b32_inverse_tables(std::uint32_t a) noexcept {
  return b32_inverse_with(b16_logs(), a);
}

std::uint32_t b32_mul_tables(std::uint32_t a, std::uint32_t b) noexcept {
  return b32_mul_with(b16_logs(), a, b);
}

std::uint8_t b8_mul_table(std::uint8_t a, std::uint8_t b) noexcept {
  return b8_products()[a][b];
}

namespace detail {
namespace {

void mul_b8(const std::uint8_t* a, const std::uint8_t* b, std::uint8_t* out, std::size_t n) {
  const B8Table& table = b8_products();
  for (std::size_t i = 0; i < n; ++i) out[i] = table[a[i]][b[i]];
}

void mul_b32(const std::uint32_t* a, const std::uint32_t* b, std::uint32_t* out, std::size_t n) {
  const B16LogTables& tables = b16_logs();
  for (std::size_t i = 0; i < n; ++i) out[i] = b32_mul_with(tables, a[i], b[i]);
}

}  // namespace

const PackedKernel kPackedTable = {.mul_b8 = &mul_b8, .mul_b32 = &mul_b32};

}  // namespace detail
}  // namespace merkleforge::binius
