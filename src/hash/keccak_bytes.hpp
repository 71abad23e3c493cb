// Internal: moving bytes in and out of Keccak lanes (little-endian, whatever the host order).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace merkleforge::detail::keccak {

/// Little-endian 64-bit load: one load on little-endian hosts. (A shift-and-or loop over the
/// bytes is not always merged into one load by g++ 12: inside the batch driver's transposition
/// it stayed 8 byte loads, 7 shifts and 7 ors per word, a third of a 4-lane absorb's time.)
inline std::uint64_t load_le64(const std::uint8_t* bytes) noexcept {
  std::uint64_t word;
  std::memcpy(&word, bytes, 8);
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  return word;
}

inline void store_le64(std::uint8_t* bytes, std::uint64_t word) noexcept {
  if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  std::memcpy(bytes, &word, 8);
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
