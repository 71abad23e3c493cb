// Subfield × extension products: B128 values (canonical tower) times B32, B8 or B1 scalars.
//
// In the canonical layout a B128 is a vector over any subfield Tj whose coordinates are its
// consecutive 2^j-bit words (tower.hpp), and the product with a Tj scalar scales each coordinate:
// B128×B32 is 4 B32 products, B128×B8 is 16 B8 products and B128×B1 is a select — against the
// ~27 B8 products of one B128×B128 Karatsuba level. Binius arranges its protocol to make these
// the common case (B32 NTT twiddles, B8 domains, B1 columns).
//
// Strategies: B8 products through a 64 KiB product table (one table row per scalar); B32
// products through B16 log/exp tables (Karatsuba over B16). Both tables are computed once from
// the reference tower.
#pragma once

#include <cstdint>
#include <span>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

// Errors (all): wrong_size unless every span describes the same number of elements (for B1,
// `bits` holds one bit per element, LSB first, in (n + 7) / 8 bytes). `out` may alias `a`.

/// out[i] = a[i]·s[i] with s[i] in B32.
Status mul_b128_by_b32(std::span<const uint128> a, std::span<const std::uint32_t> s,
                       std::span<uint128> out);
/// out[i] = a[i]·s[i] with s[i] in B8.
Status mul_b128_by_b8(std::span<const uint128> a, std::span<const std::uint8_t> s,
                      std::span<uint128> out);
/// out[i] = a[i]·bit i of `bits` (B1 column, LSB first).
Status mul_b128_by_b1(std::span<const uint128> a, std::span<const std::uint8_t> bits,
                      std::span<uint128> out);

/// One B32 product through the B16 log/exp tables (the kernel of mul_b128_by_b32).
std::uint32_t b32_mul_tables(std::uint32_t a, std::uint32_t b) noexcept;
/// One B8 product through the 64 KiB table (the kernel of mul_b128_by_b8).
std::uint8_t b8_mul_table(std::uint8_t a, std::uint8_t b) noexcept;

}  // namespace merkleforge::binius
