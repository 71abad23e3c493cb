// Keys as nibble paths: expanding a key to one nibble per byte (as the tries store paths), and
// comparing such a path with part of a key a key byte at a time instead of a nibble at a time.
#pragma once

#include <cstddef>
#include <cstdint>

#include "merkleforge/core/bytes.hpp"

namespace merkleforge::mpt::detail {

/// Sets `nibbles` to the nibbles of `key`, one per byte, high nibble first.
inline void expand_key(ByteSpan key, Bytes& nibbles) {
  nibbles.resize(key.size() * 2);
  std::uint8_t* out = nibbles.data();
  for (const std::uint8_t byte : key) {
    *out++ = static_cast<std::uint8_t>(byte >> 4);
    *out++ = static_cast<std::uint8_t>(byte & 0x0f);
  }
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
  for (; i + 1 < size; i += 2, ++byte) {
    if ((path[i] << 4 | path[i + 1]) != *byte) return false;
  }
  return i == size || path[i] == (*byte >> 4);
}

}  // namespace merkleforge::mpt::detail
