// Keys as nibble paths: expanding a key to one nibble per byte (as the tries store paths), and
// comparing such a path with part of a key a key byte at a time instead of a nibble at a time.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::mpt::detail {

/// Writes nibbles [from, to) of `key` at `out`, one per byte, high nibble first; returns the
/// position after them. Precondition: from <= to <= 2 * key.size().
inline std::uint8_t* write_key_nibbles(ByteSpan key, std::size_t from, std::size_t to,
                                       std::uint8_t* out) noexcept {
  std::size_t n = from;
  if (n % 2 == 1 && n < to) *out++ = static_cast<std::uint8_t>(key[n++ / 2] & 0x0f);
  // Whole bytes: a loop the compiler vectorises (a nibble at a time it does not).
  const std::uint8_t* byte = key.data() + n / 2;
  const std::size_t bytes = (to - n) / 2;
  for (std::size_t i = 0; i < bytes; ++i) {
    const std::uint8_t both = byte[i];
    out[2 * i] = static_cast<std::uint8_t>(both >> 4);
    out[2 * i + 1] = static_cast<std::uint8_t>(both & 0x0f);
  }
  out += 2 * bytes;
  if ((to - n) % 2 == 1) *out++ = static_cast<std::uint8_t>(byte[bytes] >> 4);
  return out;
}

/// Sets `nibbles` to the nibbles of `key`, one per byte, high nibble first.
inline void expand_key(ByteSpan key, Bytes& nibbles) {
  nibbles.resize(key.size() * 2);
  write_key_nibbles(key, 0, nibbles.size(), nibbles.data());
}

/// Leading nibbles `a` and `b` have in common, comparing from byte `from` on (the caller knows
/// the bytes before it are equal): 2 * min(sizes) when one is a prefix of the other.
inline std::size_t common_nibbles(ByteSpan a, ByteSpan b, std::size_t from = 0) noexcept {
  const std::size_t shorter = std::min(a.size(), b.size());
  const auto at = std::mismatch(a.begin() + static_cast<std::ptrdiff_t>(from),
                                a.begin() + static_cast<std::ptrdiff_t>(shorter),
                                b.begin() + static_cast<std::ptrdiff_t>(from))
                      .first;
  const auto byte = static_cast<std::size_t>(at - a.begin());
  if (byte == shorter) return 2 * shorter;
  return 2 * byte + ((a[byte] ^ b[byte]) < 16 ? 1 : 0);
}

/// The 4 bytes at `bytes` as 8 nibbles, one per byte in memory order (high nibble first), as a
/// little-endian 64-bit word: each byte spread to its own 16-bit lane, then split in two.
inline std::uint64_t spread_nibbles_le(const std::uint8_t* bytes) noexcept {
  std::uint32_t four;
  std::memcpy(&four, bytes, 4);
  std::uint64_t x = four;
  x = (x | x << 16) & 0x0000ffff0000ffffu;
  x = (x | x << 8) & 0x00ff00ff00ff00ffu;
  return (x >> 4 & 0x000f000f000f000fu) | (x & 0x000f000f000f000fu) << 8;
}

/// True if the `size` nibbles at `path` equal the nibbles of `key` from nibble `pos` on.
/// Precondition: pos + size <= 2 * key.size().
inline bool path_matches_key(const std::uint8_t* path, std::size_t size, ByteSpan key,
                             std::size_t pos) noexcept {
  std::size_t i = 0;
  if (pos % 2 == 1 && size > 0) {
    if (path[0] != (key[pos / 2] & 0x0f)) return false;
    i = 1;
  }
  const std::uint8_t* byte = key.data() + (pos + i) / 2;
  // A leaf's path is most of a 64-nibble key: 8 nibbles per comparison, not 2 (get at 10K
  // entries spent about half its instructions in the 2-nibble loop).
  if constexpr (std::endian::native == std::endian::little) {
    for (; i + 8 <= size; i += 8, byte += 4) {
      std::uint64_t nibbles;
      std::memcpy(&nibbles, path + i, 8);
      if (nibbles != spread_nibbles_le(byte)) return false;
    }
  }
  for (; i + 1 < size; i += 2, ++byte) {
    if ((path[i] << 4 | path[i + 1]) != *byte) return false;
  }
  return i == size || path[i] == (*byte >> 4);
}

}  // namespace merkleforge::mpt::detail
