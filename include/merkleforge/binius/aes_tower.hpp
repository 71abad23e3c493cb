// The AES tower and its isomorphism with the canonical tower (tower.hpp).
//
// AES8 is the Rijndael field GF(2)[x]/(x^8 + x^4 + x^3 + x + 1) (bit i = coefficient of x^i).
// AES16 = AES8[X]/(X^2 + 0xD3·X + 1), and AES32 ... AES128 follow the canonical recurrence with
// alpha = X(k-2) at its natural bit position (0x0100 in AES32, ...); the bit layout is the
// canonical one (low half = coefficient of 1).
//
// The isomorphism is byte-wise: the same GF(2)-linear map of GF(2^8) (Binius' published basis
// images, canonical bit i -> 01 BC B0 EC D3 8D 2E 58) is applied to every byte. It is what lets
// GFNI hardware (gf2p8mulb in AES8, gf2p8affineqb for the map) multiply canonical tower elements;
// this machine has no GFNI, so here it serves as a second, independent multiplication route
// (tests, and the B8 "via AES" strategy).
#pragma once

#include <cstdint>

#include "merkleforge/binius/tower.hpp"

namespace merkleforge::binius {

/// Canonical T3 byte -> AES8 byte (field isomorphism).
std::uint8_t canonical_to_aes(std::uint8_t x) noexcept;
/// AES8 byte -> canonical T3 byte.
std::uint8_t aes_to_canonical(std::uint8_t x) noexcept;

/// The byte-wise maps on a whole uint128 (any tower level: bytes are independent).
uint128 canonical_to_aes_bytes(uint128 x) noexcept;
uint128 aes_to_canonical_bytes(uint128 x) noexcept;

/// Product in the Rijndael field (shift-and-add modulo 0x11B).
std::uint8_t rijndael_mul(std::uint8_t a, std::uint8_t b) noexcept;

/// a·b in AES_(2^level) for 3 <= level <= 7 (Karatsuba down to AES8).
uint128 aes_tower_mul(unsigned level, uint128 a, uint128 b) noexcept;

/// Canonical T3 product computed through the isomorphism: map, Rijndael product, map back.
std::uint8_t b8_mul_via_aes(std::uint8_t a, std::uint8_t b) noexcept;

}  // namespace merkleforge::binius
