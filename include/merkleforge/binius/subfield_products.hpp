// Subfield × extension products: B128 values (canonical tower) times B32, B8 or B1 scalars.
//
// In the canonical layout a B128 is a vector over any subfield Tj whose coordinates are its
// consecutive 2^j-bit words (tower.hpp), and the product with a Tj scalar scales each coordinate:
// B128×B32 is 4 B32 products, B128×B8 is 16 B8 products and B128×B1 is a select — against the
// ~27 B8 products of one B128×B128 Karatsuba level. Binius arranges its protocol to make these
// the common case (B32 NTT twiddles, B8 domains, B1 columns).
//
// The span products run as packed B8 / B32 products (packed.hpp, its active strategy) against
// each scalar repeated over the coordinates.
#pragma once

#include <cstdint>
#include <span>

#include "merkleforge/binius/tower.hpp"
#include "merkleforge/core/result.hpp"

namespace merkleforge::binius {

// Errors (all): wrong_size unless every span describes the same number of elements (for B1,
// `bits` holds one bit per element, LSB first, in (n + 7) / 8 bytes). `out` may alias `a`.

/// out[i] = a[i]·s[i] with s[i] in B32.
Status mul_b128_by_b32(std::span<const B128> a, std::span<const std::uint32_t> s,
                       std::span<B128> out);
/// out[i] = a[i]·s[i] with s[i] in B8.
Status mul_b128_by_b8(std::span<const B128> a, std::span<const std::uint8_t> s,
                      std::span<B128> out);
/// out[i] = a[i]·bit i of `bits` (B1 column, LSB first).
Status mul_b128_by_b1(std::span<const B128> a, std::span<const std::uint8_t> bits,
                      std::span<B128> out);

}  // namespace merkleforge::binius
