// Internal: moving bytes in and out of Keccak lanes (little-endian, whatever the host order).
#pragma once

#include <cstddef>
#include <cstdint>

namespace merkleforge::detail::keccak {

/// Little-endian 64-bit load (compilers turn the loop into one load on little-endian hosts).
inline std::uint64_t load_le64(const std::uint8_t* bytes) noexcept {
  std::uint64_t word = 0;
  for (int k = 0; k < 8; ++k) word |= std::uint64_t{bytes[k]} << (8 * k);
  return word;
}

inline void store_le64(std::uint8_t* bytes, std::uint64_t word) noexcept {
  for (int k = 0; k < 8; ++k) bytes[k] = static_cast<std::uint8_t>(word >> (8 * k));
}

/// XORs `size` bytes into the state, starting `offset` bytes into it (offset + size <= 200).
inline void xor_bytes(std::uint64_t* state, std::size_t offset, const std::uint8_t* bytes,
                      std::size_t size) noexcept {
  std::size_t k = 0;
  for (; k < size && (offset + k) % 8 != 0; ++k) {
    state[(offset + k) / 8] ^= std::uint64_t{bytes[k]} << (8 * ((offset + k) % 8));
  }
  for (; k + 8 <= size; k += 8) state[(offset + k) / 8] ^= load_le64(bytes + k);
  for (; k < size; ++k)
    state[(offset + k) / 8] ^= std::uint64_t{bytes[k]} << (8 * ((offset + k) % 8));
}

}  // namespace merkleforge::detail::keccak
