// Length-framed fields into a SHA-256 stream, for statement digests (the proof system's engines
// hash everything their verifiers are given this way): u64 little-endian, bytes and strings as
// their u64 length then the bytes, so the stream decodes uniquely into its fields.
#pragma once

#include <cstdint>
#include <string_view>

#include "merkleforge/hash/sha256.hpp"

namespace merkleforge::framed {

inline void put_u64(Sha256& h, std::uint64_t v) {
  std::uint8_t b[8];
  for (int i = 0; i < 8; ++i) b[i] = static_cast<std::uint8_t>(v >> (8 * i));
  h.update(ByteSpan(b, 8));
}

inline void put_bytes(Sha256& h, ByteSpan bytes) {
  put_u64(h, bytes.size());
  h.update(bytes);
}

inline void put_string(Sha256& h, std::string_view s) {
  put_bytes(h, ByteSpan(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()));
}

}  // namespace merkleforge::framed
