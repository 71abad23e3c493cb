// Byte and digest vocabulary shared by every MerkleForge module.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace merkleforge {

/// A read-only view of bytes; every API that consumes data takes one.
using ByteSpan = std::span<const std::uint8_t>;
/// An owned, growable byte string.
using Bytes = std::vector<std::uint8_t>;
/// A 32-byte digest (the output of every hash in the hash layer).
using Digest32 = std::array<std::uint8_t, 32>;

/// Views the characters of a string as bytes (no copy).
inline ByteSpan as_bytes(std::string_view text) noexcept {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

}  // namespace merkleforge
